"""games.settle (core.heap.freeze): the components loaded and frozen; play goes on the same."""

from __future__ import annotations

import gc

from ostfront.core.protocol import canonical_json
from ostfront.games import get, settle


def test_settle_freezes_the_loaded_components_and_changes_no_game() -> None:
    game = get("dr")
    before = game.setup("1941", {}, 5)
    acts = [a.text for a in game.legal_actions(before)]
    try:
        frozen = settle(["dr", "sno"])  # sno has no rules engine yet: skipped, no error
        assert frozen > 1000 and gc.get_freeze_count() > 1000
        after = game.setup("1941", {}, 5)
        assert [a.text for a in game.legal_actions(after)] == acts
        assert canonical_json(after) == canonical_json(before)
    finally:
        gc.unfreeze()
    assert gc.get_freeze_count() == 0
