"""The boxes a view shows (``describe.boxes``) are made once for each list a game's
``off_map`` answers with (Defiant Russia keeps its lists: issue 36), and anew for another."""

from __future__ import annotations

from typing import Any

from ostfront.games import get
from ostfront.server import describe


def test_the_same_list_the_same_boxes() -> None:
    game = get("dr")
    state = game.setup(None, [], 3)
    first = describe.boxes(game, state)
    assert describe.boxes(game, state) is first  # DR answered with its kept list

    class Fresh:  # a game that makes its list anew each time
        def off_map(self, state: Any) -> list[dict[str, Any]]:
            return [{**b, "units": list(b["units"])} for b in game.off_map(state)]

    again = describe.boxes(Fresh(), state)  # type: ignore[arg-type]
    assert again == first and again is not first
    assert describe.boxes(Fresh(), state) is not again  # type: ignore[arg-type]
    sno = get("sno")
    position = sno.setup(None, [], 1)
    assert describe.boxes(sno, position) == describe._boxes(sno.off_map(position))
