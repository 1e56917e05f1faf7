"""Random legal play of whole Defiant Russia games: no crash, no dead end, no broken
invariant (invariants.py) after any action, and the record replays to the same state.

The large run (1,000 games a scenario) is ``ostfront simulate dr``; this is its fixed-seed
sample, kept small for the test suite's time budget.
"""

from __future__ import annotations

import pytest

from ostfront.ai.random_player import RandomPlayer
from ostfront.ai.simulate import play_one
from ostfront.core.protocol import canonical_json
from ostfront.core.rng import new_rng
from ostfront.games import get


@pytest.mark.parametrize("seed", [7])
def test_random_campaign_plays_to_the_end(seed: int) -> None:
    report = play_one(get("dr"), seed, "1941", {}, check=True)
    assert report.problem is None, report.problem
    assert report.winner in ("axis", "soviet")  # DR 13.0G: a draw is not possible
    assert report.turns == 7


def test_random_game_with_every_option(seed: int = 11) -> None:
    options = {o.id: True for o in get("dr").options() if o.applies_to("1941")}
    report = play_one(get("dr"), seed, "1941", options, check=True)
    assert report.problem is None, report.problem
    assert report.winner in ("axis", "soviet")


EVERY_OPTION = tuple(o.id for o in get("dr").options() if o.applies_to("1941"))


@pytest.mark.parametrize(
    ("scenario", "options", "seed"),
    [("1941", (), 3), ("1941", EVERY_OPTION, 21), ("defiant-poland", ("slovakia",), 4)],
)
def test_apply_never_changes_the_state_it_is_given(
    scenario: str, options: tuple[str, ...], seed: int
) -> None:
    """States are values: a copy shares the units table of the state it came from (a rule
    replaces it, ``rules.set_unit``, and never changes it or a unit's record in place).
    Checked after every action of whole random games (every state at every 25th step)."""
    game = get("dr")
    state = game.setup(scenario, list(options), seed)
    player = RandomPlayer(new_rng(seed))
    steps = 0
    while game.active_side(state) is not None:
        before = looked_at(state, whole=steps % 25 == 0)
        after = game.apply(state, player.choose_from(game.legal_actions(state)))
        assert looked_at(state, whole=steps % 25 == 0) == before, steps
        state, steps = after, steps + 1
    assert steps > 100


def looked_at(state: dict, whole: bool) -> str:
    shown = state if whole else {"units": state["units"], "control": state["control"]}
    return canonical_json({k: v for k, v in shown.items() if k != "log"})


def test_no_rule_writes_a_unit_record_in_place() -> None:
    """The source - rules, server and tests - holds no in-place write of a unit's ``at``,
    ``reduced`` or ``oos`` but ``rules.set_unit`` (a battle's stack record,
    ``st["reduced"]``, is not a unit's): a test that wrote into a shared units table would
    change other states than the one it builds."""
    import re
    from pathlib import Path

    import ostfront

    write = re.compile(r'\["(at|reduced|oos)"\]\s*=(?!=)')
    roots = [Path(ostfront.__file__).parent, Path(__file__).parents[2]]
    found = [
        f"{path}:{n}: {line.strip()}"
        for root in roots
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if write.search(line) and 'st["reduced"]' not in line
    ]
    assert found == []
