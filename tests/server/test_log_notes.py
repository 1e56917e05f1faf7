"""The notes the log is sent with (server/describe.py ``step_meta``): beside each entry the
phase it was taken in (its title and the title's turn and phase parts), whether that was a
set-up phase, and what its action is - its role, units and hexes - so the browser's log and
battle summary read fields, never the log's text. A battle's roll names the hexes fought
over in both games (DR 7.1.1: the attacked hexes; SNO 7.2.1: the defenders' hexes). Notes
stored before a key was added are worked out again when the game is loaded."""

from __future__ import annotations

import contextlib
import random
import threading
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import TO_AXIS_COMBAT, act, keep, new_game, view

from ostfront import games
from ostfront.core.record import append, new_record
from ostfront.server.describe import LOG_NOTES
from ostfront.server.replay import load_session, replay_whole
from ostfront.server.storage import open_store

#: DR, seed 11: the first attack offered in the Axis Combat Phase of Turn 1 is on this hex.
DR_TARGET = "1408"


def _entry(v: dict[str, Any], action: str) -> dict[str, Any]:
    return next(e for e in reversed(v["log"]["entries"]) if e["action"] == action)


def test_a_dr_battle_roll_is_noted_with_its_role_and_hexes(client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, *TO_AXIS_COMBAT, f"attack {DR_TARGET}", "roll")
    roll = _entry(v, "roll")
    assert {k: roll[k] for k in ("role", "hexes", "units", "setup", "rule")} == {
        "role": "roll",
        "hexes": [DR_TARGET],
        "units": [],
        "setup": False,
        "rule": "DR 7.1.1",
    }
    titles = (roll["title"], roll["turn_title"], roll["phase_title"])
    assert titles == ("Turn 1, Axis Combat Phase", "Turn 1", "Axis Combat Phase")
    declared = _entry(v, f"attack {DR_TARGET}")
    assert (declared["role"], declared["hexes"]) == ("attack", [DR_TARGET])
    # the set-up steps are noted as set-up; the phases of play are not
    setups = [e["setup"] for e in v["log"]["entries"]]
    assert setups[:4] == [True, True, True, True] and not any(setups[4:])
    assert v["info"]["setup"] is False
    # the weather and the points pools come through the game's describe_phase (DR 8.0, 11.7)
    assert v["info"]["weather"] and set(v["info"]["pools"]) == {"axis", "soviet"}
    assert set(v["info"]["pools"]["axis"]) == {"air", "replacements", "rail"}
    assert all(set(LOG_NOTES) <= set(e) for e in v["log"]["entries"])


def _sno_to_a_roll() -> tuple[dict[str, Any], list[str]]:
    """SNO from the Kiev position (seed 3), random play (seed 27) up to the first roll."""
    game = games.get("sno")
    state = game.setup(None, {}, 3, position=game.shipped_position("kiev-1941-08"))
    record = new_record(game, state, position=game.shipped_position("kiev-1941-08"))
    pick = random.Random(27)
    while not any(a.role == "roll" for a in game.legal_actions(state)):
        acts = [a for a in game.legal_actions(state) if a.verb != "undo"]
        state = append(record, game, state, pick.choice(acts))
    return record.to_json(), [a.text for a in game.legal_actions(state) if a.role == "roll"]


def test_an_sno_battle_roll_names_the_defenders_hexes(client: TestClient) -> None:
    record, rolls = _sno_to_a_roll()
    assert rolls[0] == "roll 1"
    r = client.post("/api/import", json=record)
    assert r.status_code == 201, r.text
    gid = keep(r.json())
    offered = next(a for a in view(client, gid)["actions"] if a["text"] == "roll 1")
    assert offered["hexes"] == ["2317", "2418"]  # the 18th and 9th Armies' hexes
    v = act(client, gid, "roll 1")
    roll = _entry(v, "roll 1")
    assert {k: roll[k] for k in ("role", "hexes", "units", "setup", "rule")} == {
        "role": "roll",
        "hexes": ["2317", "2418"],
        "units": [],
        "setup": False,
        "rule": "SNO 7.2.1",
    }
    assert roll["phase_title"] == "Axis Combat Phase" and roll["title"].startswith(
        roll["turn_title"] + ", "
    )
    assert roll["rolls"] and roll["hits"] is None  # a roll on the CRT, not for hits


def test_notes_stored_without_the_role_are_worked_out_again(any_db: str) -> None:
    """A game stored before the notes carried the action's role (and hexes, units, set-up):
    loaded from a snapshot past those steps, its notes are worked out again and stored."""
    game = games.get("dr")
    state = game.setup(None, {}, 11)
    record = new_record(game, state)
    for text in (*TO_AXIS_COMBAT, f"attack {DR_TARGET}", "roll"):
        state = append(record, game, state, text)
    replayed = replay_whole(game, record, contextlib.nullcontext())
    old = [{k: m[k] for k in ("side", "rule", "turn", "phase", "title")} for m in replayed.meta]
    store = open_store(any_db)
    n = len(record.steps)
    gid = store.create(
        "dr",
        record.header,
        {"axis": "human", "soviet": "human"},
        steps=record.steps,
        meta=old,
        snapshots={n: replayed.state},
    )
    assert store.snapshot(gid, n) is not None
    assert "role" not in store.steps_with_meta(gid)[-1]["meta"]
    session = load_session(store, gid, threading.Lock())
    assert session.meta == replayed.meta
    assert (session.meta[-1]["role"], session.meta[-1]["hexes"]) == ("roll", [DR_TARGET])
    stored = store.steps_with_meta(gid)[-1]["meta"]
    assert (stored["role"], stored["hexes"]) == ("roll", [DR_TARGET])
    store.close()
