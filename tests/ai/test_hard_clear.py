"""The hard player leaves the normal player's choice only on a clear gain
(:func:`ostfront.ai.hard.clearly_better`): rollout values paired sample by sample, the mean
gain at least SWITCH_Z standard errors above zero, over two samples or more."""

from __future__ import annotations

import pytest

from ostfront.ai.hard import SWITCH_Z, clearly_better


def test_the_largest_clear_gain_wins() -> None:
    normal = [10.0, 20.0, 30.0, 40.0]
    small = [11.0, 21.0, 31.0, 41.0]  # +1 on every sample
    large = [13.0, 24.0, 32.0, 43.0]  # +2.75 on average, +1 to +4
    assert clearly_better([normal, small, large]) == 2
    assert clearly_better([normal, large, small]) == 1


@pytest.mark.parametrize(
    "other",
    [
        [10.0, 20.0, 30.0, 40.0],  # the same: no gain
        [9.0, 21.0, 29.0, 41.0],  # a gain of zero on average
        [5.0, 15.0, 25.0, 35.0],  # worse
        [60.0, -10.0, 0.0, 40.0],  # +2.5 on average, but by the luck of one sample
    ],
)
def test_no_clear_gain_keeps_the_normal_players_choice(other: list[float]) -> None:
    assert clearly_better([[10.0, 20.0, 30.0, 40.0], other]) == 0


def test_the_gain_is_paired_only_where_both_were_played() -> None:
    """A sample the budget cut off (None) is left out of the pair; one pair left is no
    evidence, two consistent ones are."""
    assert clearly_better([[1.0, 2.0, 3.0], [5.0, None, None]]) == 0
    assert clearly_better([[1.0, 2.0, None], [5.0, 6.0, None]]) == 1
    assert clearly_better([[1.0, None, 3.0], [5.0, 9.0, 7.0]]) == 1


def test_the_threshold_is_one_standard_error() -> None:
    """Mean gain 2 each time: over gains 1 and 3 its standard error is 1 (clear), over 0
    and 4 it is 2 (just clear), over -1 and 5 it is 3 (not clear)."""
    assert SWITCH_Z == 1.0
    assert clearly_better([[0.0, 0.0], [1.0, 3.0]]) == 1
    assert clearly_better([[0.0, 0.0], [0.0, 4.0]]) == 1
    assert clearly_better([[0.0, 0.0], [-1.0, 5.0]]) == 0
