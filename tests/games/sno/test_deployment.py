"""SNO 12.0 the scenarios' start (12.A with Appendix II, 12.4-12.13, 13.0, 15.7) and the
set-up steps (12.12): games/sno/deployment.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from ostfront.core.protocol import Action, NotPlayable
from ostfront.games.sno.game import GAME
from ostfront.games.sno.rules import combat_factor, face, standard_rules

R = standard_rules()


@pytest.fixture
def campaign() -> Any:
    """A function starting the June 1941 campaign (options as keyword arguments)."""

    def start(seed: int = 1, **options: Any) -> dict[str, Any]:
        return GAME.setup("1941", options, seed)

    return start


def act(state: dict[str, Any], text: str) -> dict[str, Any]:
    return GAME.apply(state, Action.parse(text))


def texts(state: dict[str, Any]) -> list[str]:
    return [a.text for a in GAME.legal_actions(state) if a.verb != "undo"]


def at(state: dict[str, Any], uid: str) -> str:
    return str(state["units"][uid]["at"])


# ------------------------------------------------------------------ the start
def test_12_A_appendix_ii_soviet_set_up(campaign: Any) -> None:
    s = campaign()
    assert at(s, "sov-5-army") == "1321" and at(s, "sov-27-army") == "0515"
    assert at(s, "sov-ki") == "1520"  # App. II: Kiev Armored Unit
    factories = {
        "sov-dnepropetrovsk-factory": "2414", "sov-gorki-factory": "1501",
        "sov-kharkov-factory": "2211", "sov-moscow-factory": "1306",
        "sov-stalino-factory": "2611", "sov-leningrad-factory": "0308",
        "sov-tula-factory": "1607",
    }  # fmt: skip
    garrisons = {
        "sov-grozny-gar": "3907", "sov-kiev-gar": "1816", "sov-leningrad-gar": "0308",
        "sov-moscow-gar": "1306", "sov-rostov-gar": "2911", "sov-sevastopol-gar": "3018",
        "sov-stalingrad-gar": "2804",
    }  # fmt: skip
    for uid, hex_id in {**factories, **garrisons}.items():
        assert at(s, uid) == hex_id, uid
    assert at(s, "sov-zhukov") == "1306"  # SNO 12.4, App. II
    assert at(s, "ger-berlin-gar") == "0327"  # SNO 12.4
    on_map = [u for u, d in s["units"].items() if d["at"] not in ("pool", "reserve", "out")]
    # 12.A(2): the 31 Axis and 20 Soviet underlined units; 7 factories, 8 garrisons, Zhukov
    assert len(on_map) == 31 + 20 + 7 + 8 + 1


def test_12_A_the_rest_wait_in_their_boxes(campaign: Any) -> None:
    s = campaign()
    assert at(s, "sov-1-shock") == "reserve"  # SNO 11.15: a reinforcement of January 1942
    assert at(s, "ita-8-army") == "reserve" and at(s, "pol-1-army") == "reserve"
    assert at(s, "sov-28-army") == "pool"  # SNO 11.7: a replacement from July 1941
    assert at(s, "sov-western-front") == "pool"  # SNO 10.1.7: may be formed
    assert at(s, "ger-8-army") == "pool"


def test_12_6_12_7_12_9_faces_at_the_start(campaign: Any) -> None:
    s = campaign()
    # SNO 12.6: juggernauts weaker side up: the German 4th Army 6-4, not 9-2
    assert s["units"]["ger-4-army"].get("flipped") is True
    assert str(face(R, s, "ger-4-army")) == "6-4"
    # SNO 12.7: the Axis moves first - its armor refitted (41st Panzer Corps 5-6); the
    # Soviets set up first - theirs unrefitted (Kiev Armored Unit 3-4, not 6-4)
    assert not s["units"]["ger-41-pz"].get("flipped")
    assert combat_factor(R, s, "ger-41-pz") == 5
    assert s["units"]["sov-ki"].get("flipped") is True
    assert combat_factor(R, s, "sov-ki") == 3
    assert s["units"]["sov-ms"].get("flipped") is True
    # SNO 12.9: no factory entrained; SNO 10.6.1: Zhukov on his D side
    assert not any(
        s["units"][u].get("flipped") for u in s["units"] if R.unit(u).type in ("factory", "zhukov")
    )
    # pool armor enters refitted (11.4): only the set-up flips
    assert not s["units"]["sov-od"].get("flipped")


def test_12_6_the_first_players_juggernauts_revert_at_his_first_omp(campaign: Any) -> None:
    s = act(act(act(campaign(), "end"), "end"), "end")  # both set-ups, the Axis RRP
    assert s["phase"] == "axis_omp"
    assert not s["units"]["ger-4-army"].get("flipped")  # in supply: 9-2 (10.1.5)
    assert str(face(R, s, "ger-11-army")) == "9-2"


def test_12_13_no_replacements_then_12_A_6_a_the_first_month(campaign: Any) -> None:
    s = campaign()
    assert s["rf"] == {"axis": 0, "soviet": 0}  # SNO 12.13
    s = act(act(s, "end"), "end")  # both set-ups as they stand
    assert (s["turn"], s["phase"], s["weather"]) == ("1941-06", "axis_rrp", "good")
    assert s["rf"]["axis"] == 1  # SNO 12.A(6)a: the Axis receives 1 in June 1941


def test_3_2_2_control_and_3_3_seas_at_the_start(campaign: Any) -> None:
    s = campaign()
    assert s["control"]["1306"] == "soviet" and s["control"]["0308"] == "soviet"
    assert s["control"]["0327"] == "axis" and s["control"]["0922"] == "axis"
    assert s["seas"] == {
        "Baltic Sea": "axis",
        "Black Sea": "soviet",
        "Sea of Azov": "soviet",
        "Caspian Sea": "soviet",
    }
    assert s["hungary_active"] is False


def test_13_0_and_15_7_options(campaign: Any) -> None:
    s = campaign()
    assert s["leningrad_rule"] is False and s["last_turn"] == "1945-05"  # SNO 12.2
    s = campaign(leningrad=True, end="1941-12")
    assert s["leningrad_rule"] is True  # SNO 13.0, read by siege.py
    assert s["last_turn"] == "1941-12"  # SNO 15.7


def test_strategic_options_and_other_scenarios_are_refused(campaign: Any) -> None:
    with pytest.raises(NotPlayable, match=re.escape("at most one start option")):
        GAME.setup("1941", {"modernization": True, "stalin-line": True}, 1)


# ------------------------------------------------------------------ the set-up steps
def test_12_12_the_soviets_set_up_first_then_the_axis(campaign: Any) -> None:
    s = campaign()
    assert (s["phase"], GAME.active_side(s)) == ("soviet_setup", "soviet")
    # SNO 12.A(3): every Soviet unit as listed; 12.A(6)b: none fortified - orders and end only
    assert texts(s) == ["order all", "end"]
    s = act(s, "end")
    assert (s["phase"], GAME.active_side(s)) == ("axis_setup", "axis")
    assert "end" in texts(s) and not any(t.startswith("order") for t in texts(s))


def test_12_10_soviet_no_retreat_orders_for_the_first_player_turn(campaign: Any) -> None:
    s = act(campaign(), "order all")
    assert texts(s) == ["order none", "end"]
    s = act(act(s, "end"), "end")
    assert s["no_retreat"]["soviet"] is True  # in force in the Axis player-turn of June 1941
    s = act(act(act(campaign(), "order all"), "order none"), "end")
    assert act(s, "end")["no_retreat"]["soviet"] is False


def test_12_8_fortified_at_the_start(campaign: Any) -> None:
    s = act(campaign(), "end")
    offered = texts(s)
    assert "fortify ger-5-corps" in offered and "fortify ger-41-pz" in offered
    assert "fortify ger-berlin-gar" not in offered  # SNO 10.7.2
    s = act(s, "fortify ger-41-pz")
    assert s["units"]["ger-41-pz"]["fortified"] is True
    assert "defortify ger-41-pz" in texts(s)
    assert act(s, "defortify ger-41-pz")["units"]["ger-41-pz"]["fortified"] is False


def pick(state: dict[str, Any], uid: str) -> list[str]:
    """The hexes offered for ``uid`` (``place HEX``)."""
    after = act(state, f"pick {uid}")
    return [t.split()[1] for t in texts(after) if t.startswith("place ")]


def test_12_A_3_each_nationality_in_its_country(campaign: Any) -> None:
    s = act(campaign(), "end")
    hungary, romania, germany = (R.map.regions[n].hexes for n in ("Hungary", "Romania", "Germany"))
    hun = pick(s, "hun-2-army")
    assert hun and set(hun) <= hungary and "1623" not in hun
    assert len(hun) == len(hungary) - 1  # every other Hungarian hex: none holds a Romanian
    rom = pick(s, "rom-3-army")
    assert rom and set(rom) <= romania
    armor = pick(s, "ger-41-pz")
    assert set(armor) <= germany and "0418" not in armor  # not Memel; never Romania
    assert "pick ger-berlin-gar" not in texts(s)  # SNO 12.4: on Berlin
    assert "pick sov-5-army" not in texts(act(campaign(), "order all"))


def test_12_A_3_three_german_stacking_points_in_romania(campaign: Any) -> None:
    s = act(campaign(), "end")
    romania = R.map.regions["Romania"].hexes
    # the 11th Army's three points are there already: no other German may join them
    assert not set(pick(s, "ger-5-corps")) & romania
    assert set(pick(s, "ger-11-army")) & romania  # it may move within Romania
    s = act(act(s, "pick ger-11-army"), "place 0125")  # to Germany
    assert at(s, "ger-11-army") == "0125"
    assert "2021" in pick(s, "ger-5-corps") and "2021" in pick(s, "ger-49-mtn")
    assert not set(pick(s, "ger-41-pz")) & romania  # armor: never (12.A(3))
    s = act(act(s, "pick ger-2-army"), "place 2021")
    assert "2022" not in pick(s, "ger-5-corps")  # 3 + 1 points: too many


def test_4_2_stacking_at_the_set_up(campaign: Any) -> None:
    s = act(campaign(), "end")
    # Tilsit 0519: the 18th Army (3) and two panzer corps (1 + 1, pure armor 2)
    assert "0519" not in pick(s, "ger-9-army")  # 3 + 5 > 6
    assert "0519" not in pick(s, "ger-1-pzarmy")  # pure armor 2 + 2 > 2
    assert "0519" in pick(s, "ger-5-corps")  # 6 points
    s = act(s, "pick ger-5-corps")
    assert "back" in texts(s)
    s = act(s, "back")
    assert at(s, "ger-5-corps") == "0719" and s["pending"] is None
