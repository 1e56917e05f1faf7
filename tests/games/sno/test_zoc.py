"""SNO 3.1 Zones of Control."""

from __future__ import annotations

from ostfront.games.sno import zoc


def test_3_1_1_the_six_hexes_around_a_combat_unit(R, make_state) -> None:
    s = make_state({"sov-5-army": "1321"})
    assert zoc.zoc(R, s, "soviet") == frozenset(R.map.grid.neighbours("1321"))
    assert zoc.in_enemy_zoc(R, s, "1220", "axis")
    assert not zoc.in_enemy_zoc(R, s, "1220", "soviet")
    assert zoc.zoc_sources(R, s, "1220", "axis") == {"sov-5-army"}


def test_3_1_2_not_across_a_sea_side(R, make_state) -> None:
    """The Dniester estuary 2419/2420 is a sea side (5.5.3): no ZOC across it."""
    s = make_state({"sov-coastal-army": "2419"})
    assert "2420" not in zoc.zoc(R, s, "soviet")
    assert "2418" in zoc.zoc(R, s, "soviet")


def test_3_1_2_a_lake_side_blocks_until_it_freezes(R, make_state) -> None:
    """The lake side 0302/0303 (Lake Ladoga's shore) is on or north-east of every AWL."""
    summer = make_state({"sov-8-army": "0302"}, turn="1941-07")
    winter = make_state({"sov-8-army": "0302"}, turn="1942-01", weather="snow")
    assert "0303" not in zoc.zoc(R, summer, "soviet")
    assert "0303" in zoc.zoc(R, winter, "soviet")


def test_5_5_11_no_zoc_across_the_hungarian_border_while_hungary_is_inactive(R, make_state) -> None:
    s = make_state({"hun-2-army": "1623"})
    inside = R.map.regions["Hungary"].hexes
    across = [n for n in R.map.grid.neighbours("1623") if n not in inside]
    assert across
    assert not set(across) & zoc.zoc(R, s, "axis")
    active = make_state({"hun-2-army": "1623"}, hungary_active=True)
    assert set(across) <= zoc.zoc(R, active, "axis")


def test_3_1_3_garrisons_have_a_zoc(R, make_state) -> None:
    """Garrisons are combat units with normal ZOCs (10.5.3)."""
    s = make_state({"sov-kiev-gar": "1816"})
    assert zoc.zoc(R, s, "soviet") == frozenset(R.map.grid.neighbours("1816"))


def test_5_5_11_a_soviet_unit_in_hungary_has_activated_it(R) -> None:
    """5.5.11: only a Soviet move or retreat into Hungary (or April 1942) activates it before
    its time - and a Soviet attack into Hungary, which needs a Soviet ZOC across the border
    (7.1.7) or a Soviet unit inside: so a position with a Soviet unit in Hungary has it
    active, and the Soviet unit may attack the Hungarian army next to it."""
    import pytest

    from ostfront.core.errors import DataError
    from ostfront.core.position import position_from_dict
    from ostfront.games.sno.combat import plan
    from ostfront.games.sno.game import GAME

    units = [{"id": "sov-5-army", "hex": "1524"}, {"id": "hun-2-army", "hex": "1525"}]
    position = {"game": "sno", "turn": "1941-08", "phase": "soviet_combat", "units": units}
    s = GAME.setup(seed=1, position=position_from_dict(position))
    assert s["hungary_active"] is True
    assert plan.enemies_in_zoc(R, s, "sov-5-army") == ["hun-2-army"]
    with pytest.raises(DataError, match=r"sov-5-army in Hungary activated it \(SNO 5.5.11\)"):
        GAME.setup(
            seed=1, position=position_from_dict({**position, "extra": {"hungary_active": False}})
        )


def test_5_5_11_a_position_from_april_1942_has_hungary_active(R) -> None:
    """A position taken up in June 1942 past the Axis OMP: the Hungarian army's ZOC reaches
    across the border (the flag zoc reads is set with the position, 5.5.11)."""
    from ostfront.core.position import position_from_dict
    from ostfront.games.sno.game import GAME

    units = [{"id": "sov-5-army", "hex": "1523"}, {"id": "hun-2-army", "hex": "1524"}]
    position = {"game": "sno", "turn": "1942-06", "phase": "axis_combat", "units": units}
    s = GAME.setup(seed=1, position=position_from_dict(position))
    assert s["hungary_active"] is True
    assert zoc.zoc_sources(R, s, "1523", "soviet") == {"hun-2-army"}
