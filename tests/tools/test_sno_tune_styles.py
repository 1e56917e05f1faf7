"""tools/sno_tune_styles.py: the weights it reads and the paired margin docs/ai.md reports."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest


def test_weights_are_a_styles_fields_and_nothing_else(
    tool_named: Callable[[str], ModuleType],
) -> None:
    tool = tool_named("sno_tune_styles")
    assert tool.parse_weights("step=2, pincer=1,hold=16") == {
        "step": 2.0,
        "pincer": True,
        "hold": 16.0,
    }
    assert tool.parse_weights("pincer=0") == {"pincer": False}
    for bad in ("stride=2", "step", "name=x"):
        with pytest.raises(SystemExit, match="is not name=value"):
            tool.parse_weights(bad)


def test_the_margin_is_the_sides_count_seed_by_seed(
    tool_named: Callable[[str], ModuleType],
) -> None:
    """Seeds 1-3: the tuned Axis holds 1.5 more, the same, 0.5 less - a mean of +0.33 with
    an interval of 1.96 x 1.04 / sqrt(3); a seed played one way only is left out."""
    tool = tool_named("sno_tune_styles")

    def games(counts: dict[int, float]) -> dict[int, dict[str, object]]:
        return {s: {"seed": s, "score": {"axis": c, "soviet": 0}} for s, c in counts.items()}

    text = tool.margin("axis", games({1: 8, 2: 9, 3: 9.5, 4: 7}), games({1: 9.5, 2: 9, 3: 9}))
    assert text.splitlines() == [
        "axis count, 3 seeds: +0.33 +- 1.18 (95%), better 1, worse 1",
        "1:+1.5 2:+0 3:-0.5",
    ]
