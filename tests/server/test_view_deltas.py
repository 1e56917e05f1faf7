"""Views sent as changes (issue 36, item 3): after the first whole view, a post or fetch that
names the views the client holds (``have``) gets the counters, boxes and actions that
changed; merged, they are exactly the whole view, and a move's answer is small.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import new_game, seat

import ostfront
from ostfront.server.deltas import INNER, KEYED, action_key, box_key, diff, merged
from ostfront.server.payloads import game_view
from ostfront.server.sessions import Manager
from ostfront.server.store import Store

#: What a typical move post may answer, raw (issue 36: at most 10 KB).
MOVE_POST_BYTES = 10_000


class Page:
    """What the game page keeps: the view shown and the actions of the last few views."""

    def __init__(self, client: TestClient, gid: str) -> None:
        self.client, self.gid = client, gid
        self.kept: dict[str, list[dict[str, Any]]] = {}
        self.view = self.take(self.get(whole=True))

    def have(self) -> str:
        older = [h for h in reversed(self.kept) if h != self.view["hash"]][:3]
        return ",".join([self.view["hash"], *older])

    def get(self, whole: bool = False, token_side: str | None = None) -> dict[str, Any]:
        query = "" if whole else f"?have={self.have()}"
        r = self.client.get(f"/api/games/{self.gid}{query}", headers=seat(self.gid, token_side))
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def post(self, text: str) -> tuple[dict[str, Any], int]:
        v = self.view
        r = self.client.post(
            f"/api/games/{self.gid}/actions?have={self.have()}",
            json={"action": text, "seq": v["seq"]},
            headers=seat(self.gid, v["active"]),
        )
        assert r.status_code == 200, r.text
        return r.json(), len(r.content)

    def take(self, v: dict[str, Any]) -> dict[str, Any]:
        """The whole view from ``v`` (merged as connection.js does), now shown."""
        d = v.pop("delta", None)
        if d is not None:
            assert d["base"] == self.view["hash"]
            for name, key in KEYED.items():
                if name in d:
                    v[name] = merged(self.view[name], d[name], key, INNER.get(name))
            if "actions" in d:
                v["actions"] = merged(self.kept[d["actions"]["base"]], d["actions"], action_key)
        self.view = v
        self.kept[v["hash"]] = v["actions"]
        return v


def _pick(actions: list[dict[str, Any]]) -> str:
    """A move if one is offered, else a unit to move (DR), else anything but undo."""
    moves = [a for a in actions if a.get("kind") == "move"]
    units = [a for a in actions if a["text"].startswith("select ")]
    return str((moves or units or [a for a in actions if a["verb"] != "undo"])[0]["text"])


def test_changes_merged_are_the_whole_view_and_a_move_is_small(client: TestClient) -> None:
    gid = new_game(client)
    page = Page(client, gid)
    assert "delta" not in page.view and "counters" in page.view
    move_sizes = []
    for _ in range(24):
        text = _pick(page.view["actions"])
        answer, size = page.post(text)
        assert "delta" in answer and "counters" not in answer
        mine = page.take(answer)
        whole = page.get(whole=True)
        for name in ("counters", "boxes", "actions"):
            assert mine[name] == whole[name], (text, name)
        assert mine["hash"] == whole["hash"] and mine["seq"] == whole["seq"]
        if text.startswith("to "):
            move_sizes.append(size)
    assert len(move_sizes) >= 5
    assert max(move_sizes) <= MOVE_POST_BYTES, move_sizes


def test_a_view_the_server_does_not_hold_is_sent_whole(client: TestClient) -> None:
    gid = new_game(client)
    r = client.get(f"/api/games/{gid}?have=0123456789abcdef", headers=seat(gid))
    v = r.json()
    assert "delta" not in v and "counters" in v and "boxes" in v and v["actions"]


def test_the_same_position_with_other_players_lists_its_actions_anew(tmp_path: Path) -> None:
    """The actions kept for a position are the seat's at the time: once the computer plays
    the side to move, the same position lists none, and the delta says so."""
    manager = Manager(Store(tmp_path / "g.sqlite"), move_delay=0)
    session, tokens = manager.create("dr", None, {}, 11, {})
    mine = set(tokens)
    first = game_view(manager, session, session.state, mine=mine)
    assert first["actions"]
    session.players = dict.fromkeys(session.players, "random")  # no runner started here
    again = game_view(manager, session, session.state, mine=mine, have=first["hash"])
    assert again["hash"] == first["hash"] and "actions" not in again
    change = again["delta"]["actions"]
    assert merged(first["actions"], change, action_key) == []
    manager.close()


def test_a_watcher_is_never_sent_a_seats_actions(client: TestClient) -> None:
    gid = new_game(client)
    page = Page(client, gid)
    answer, _ = page.post(_pick(page.view["actions"]))
    page.take(answer)
    r = client.get(f"/api/games/{gid}?have={page.have()}")  # no seat token
    v = r.json()
    assert v.get("actions", []) == [] and "actions" not in v.get("delta", {})
    assert v["delta"]["counters"] == {"changed": [], "gone": []}


def test_diff_and_merge_agree_on_order_additions_and_removals() -> None:
    def c(i: str, hex_: str) -> dict[str, Any]:
        return {"id": i, "hex": hex_}

    old = [c("a", "1"), c("b", "1"), c("c", "2"), c("d", "3")]
    for new in (
        [c("a", "1"), c("c", "2"), c("d", "4"), c("e", "5")],  # moved, gone, new
        [c("d", "3"), c("a", "1"), c("b", "1"), c("c", "2")],  # reordered
        [c("e", "1"), c("a", "1")],
        [],
    ):
        change = diff(old, new, KEYED["counters"])
        assert change is not None
        assert merged(old, change, KEYED["counters"]) == new
        assert len(json.dumps(change)) < len(json.dumps(new)) + 80
    assert diff([c("a", "1"), c("a", "2")], [], KEYED["counters"]) is None  # keys repeat
    boxes = [{"box": "setup", "side": "axis", "units": [c("a", ""), c("b", ""), c("c", "")]}]
    fewer = [{"box": "setup", "side": "axis", "units": [c("a", ""), c("c", "")]}]
    change = diff(boxes, fewer, box_key, INNER["boxes"])
    assert change == {
        "changed": [
            {"box": "setup", "side": "axis", "units_change": {"changed": [], "gone": ["b"]}}
        ],
        "gone": [],
    }
    assert merged(boxes, change, box_key, INNER["boxes"]) == fewer
    acts = [{"text": t, "index": i} for i, t in enumerate("xyz")]
    later = [{"text": t, "index": i} for i, t in enumerate("yz")]
    change = diff(acts, later, action_key)
    assert change == {"changed": [], "gone": ["x"]}  # a place is not a change
    assert merged(acts, change, action_key) == later


def test_the_page_merges_as_the_server_does(tmp_path: Path) -> None:
    """web/game/deltas.js, run by node, merges each change to the list the server made."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the page's merge is checked in the browser tests")
    cases = []
    old = [{"id": f"u{i}", "hex": str(i % 3)} for i in range(6)]
    for new in (
        [{"id": "u5", "hex": "9"}, *old[:3], {"id": "n1", "hex": "1"}],
        old[::-1],
        [],
        [*old, {"id": "n2", "hex": "0"}],
    ):
        cases.append({"old": old, "change": diff(old, new, KEYED["counters"]), "new": new})
    acts = [{"text": t, "index": i} for i, t in enumerate("abcd")]
    later = [{"text": t, "index": i} for i, t in enumerate("bdce")]
    cases.append({"old": acts, "change": diff(acts, later, action_key), "new": later, "a": 1})
    boxes = [
        {"box": "setup", "side": None, "units": old},
        {"box": "dead", "side": "axis", "units": []},
    ]
    moved = [
        {"box": "dead", "side": "axis", "units": old[:1]},
        {"box": "setup", "side": None, "units": old[1:]},
        {"box": "new", "side": "axis", "units": old[2:3]},
    ]
    change = diff(boxes, moved, box_key, INNER["boxes"])
    assert change is not None and "units_change" in change["changed"][0]
    cases.append({"old": boxes, "change": change, "new": moved, "b": 1})
    script = tmp_path / "check.mjs"
    module = Path(ostfront.__file__).parent / "web" / "game" / "deltas.js"
    script.write_text(
        f"import {{ merged }} from {json.dumps(module.as_uri())};\n"
        f"const cases = {json.dumps(cases)};\n"
        "const box = b => `${b.box}/${b.side || ''}`;\n"
        "console.log(JSON.stringify(cases.map(c => c.b"
        " ? merged(c.old, c.change, box, ['units', u => u.id])"
        " : merged(c.old, c.change, c.a ? (x => x.text) : (x => x.id)))));\n"
    )
    out = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [c["new"] for c in cases]


def test_after_an_undo_the_log_is_cut_back_not_sent_again(client: TestClient) -> None:
    gid = new_game(client)
    page = Page(client, gid)
    for _ in range(7):  # the set-up, Organization, then a corps selected and moved
        answer, _ = page.post(_pick(page.view["actions"]))
        page.take(answer)
    log = client.get(f"/api/games/{gid}").json()["log"]["entries"]
    for _ in range(2):
        r = client.post(
            f"/api/games/{gid}/actions?log_from={len(log)}&log_step={log[-1]['step']}",
            json={"action": "undo", "seq": page.view["seq"]},
            headers=seat(gid, page.view["active"]),
        )
        got = r.json()["log"]
        assert got["start"] == got["total"] == len(log) - 1 and got["entries"] == []
        log = log[: got["start"]] + got["entries"]
        page.view["seq"] += 1
    assert log == client.get(f"/api/games/{gid}").json()["log"]["entries"]
