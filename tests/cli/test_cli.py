"""The ``ostfront`` command: every subcommand, JSON output, and one-line errors (exit 2)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ostfront.cli.main import cli

TESTS = Path(__file__).parents[1]


def run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == code, (result.exit_code, result.output, result.stderr)
    return result.output


def run_json(*args: str, code: int = 0):
    return json.loads(run(*args, "--json", code=code))


def test_games_lists_both_games_with_scenarios_and_options() -> None:
    data = {g["name"]: g for g in run_json("games")}
    assert {"dr", "sno", "toy"} <= set(data)
    assert data["dr"]["title"] == "Defiant Russia" and data["sno"]["playable"] is True
    assert "DR 8.2" in [o["rule"] for o in data["dr"]["options"]]
    assert [s["id"] for s in data["sno"]["scenarios"]] == ["1941", "1942a", "1942b", "1943", "1944"]
    assert "Sturm Nach Osten" in run("games")


def test_games_offers_each_option_only_under_its_scenarios() -> None:
    # issue 25: "slovakia" was listed as if the 1941 game offered it, then refused there
    listing = run("games").split("sno  Sturm Nach Osten")[0]
    campaign, poland = listing.split("scenario defiant-poland")
    assert "option random-weather" in campaign and "slovakia" not in campaign
    assert "option slovakia" in poland and "random-weather" not in poland
    dr = {g["name"]: g for g in run_json("games")}["dr"]
    assert {o["id"]: o["scenarios"] for o in dr["options"]}["slovakia"] == ["defiant-poland"]
    refused = run_json("new", "dr", "--option", "slovakia", "--out", "x.json", code=2)
    assert "not used in the '1941' scenario" in refused["error"]


def test_hex_sno_0224_lists_the_strait_neighbours() -> None:
    info = run_json("hex", "sno", "0224")
    neighbours = {n["hex"] for n in info["neighbours"]}
    assert {"0125", "0225", "0325", "0324"} <= neighbours
    assert info["column"] == 2 and info["row"] == 24
    assert "0224" in run("hex", "sno", "0224")


def test_hex_dr_3111_lists_3012() -> None:
    info = run_json("hex", "dr", "3111")
    assert "3012" in {n["hex"] for n in info["neighbours"]}
    assert info["row"] == 31 and info["column"] == 11


def test_hex_errors_are_one_line_exit_2() -> None:
    result = CliRunner().invoke(cli, ["hex", "sno", "9999"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: hex 9999 is not on the sno map")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert run_json("hex", "chess", "0101", code=2)["error"].startswith("no game 'chess'")


def test_new_act_actions_show_replay(tmp_path: Path) -> None:
    rec = str(tmp_path / "g.json")
    made = run_json("new", "toy", "--seed", "42", "--out", rec)
    assert made["header"]["seed"] == 42 and made["active"] == "red"
    acts = run_json("actions", rec)
    assert acts["active"] == "red" and [a["text"] for a in acts["actions"]][:2] == [
        "select r1",
        "select r2",
    ]
    # after r1 moves the list is: #1 select r2, #2 end, #3 undo
    done = run_json("act", rec, "select r1", "move 0303", "#2")
    assert done["applied"] == ["select r1", "move 0303", "end"]
    listing = run("actions", rec)
    assert "#1" in listing
    run("act", rec, "end")
    shown = run_json("show", rec)
    assert shown["step"] == 4 and shown["view"]["active"] == "blue"
    assert {c["id"]: c["hex"] for c in shown["counters"]}["r1"] == "0303"
    verified = run_json("replay", rec, "--verify")
    assert verified == {
        "ok": True,
        "steps": 4,
        "total": 4,
        "hashes_checked": 4,
        "verified": True,
        "final_hash": shown["hash"],
        "divergence": None,
    }
    assert "verified 4 steps" in run("replay", rec, "--verify")


def test_act_is_all_or_nothing(tmp_path: Path) -> None:
    rec = str(tmp_path / "g.json")
    run("new", "toy", "--seed", "1", "--out", rec)
    before = Path(rec).read_text()
    err = run_json("act", rec, "select r1", "move 0909", code=2)["error"]
    assert err.startswith("action 2 of 2 (move 0909): 'move 0909' is not a legal action")
    assert "record unchanged" in err
    assert Path(rec).read_text() == before
    assert "there are 3 legal actions" in run_json("act", rec, "#9", code=2)["error"]


def test_new_with_options_scenario_and_errors(tmp_path: Path) -> None:
    rec = str(tmp_path / "g.json")
    made = run_json(
        "new", "toy", "--scenario", "lone", "--option", "long", "--seed", "3", "--out", rec
    )
    assert made["header"]["options"] == {"long": True} and made["header"]["scenario"] == "lone"
    assert (
        "no option 'fast'"
        in run_json("new", "toy", "--option", "fast", "--out", rec, code=2)["error"]
    )
    assert "no scenario" in run_json("new", "toy", "--scenario", "x", "--out", rec, code=2)["error"]
    later = run_json(
        "new", "sno", "--scenario", "1942b", "--option", "end=1942-12", "--out", rec, code=2
    )["error"]
    assert "(SNO 15.7)" in later  # 12.C(6)b: the 1942b scenario may not end in December 1942
    assert (
        "modernization (SNO 14.4)"
        in run_json(
            "new",
            "sno",
            "--option",
            "modernization",
            "--option",
            "stalin-line",
            "--out",
            rec,
            code=2,
        )["error"]
    )
    campaign = run_json("new", "sno", "--seed", "1", "--out", rec)  # SNO 12.A: the set-up
    assert campaign["header"]["scenario"] == "1941" and campaign["active"] == "soviet"


def test_new_from_position(tmp_path: Path) -> None:
    pos = tmp_path / "p.toml"
    pos.write_text(
        'game = "toy"\nactive = "blue"\n[[units]]\nid = "r1"\nhex = "0101"\n'
        '[[units]]\nid = "b1"\nhex = "0808"\n'
    )
    rec = str(tmp_path / "g.json")
    assert run_json("new", "toy", "--position", str(pos), "--out", rec)["active"] == "blue"
    assert run_json("replay", rec, "--verify")["ok"]
    pos.write_text('game = "dr"\n')
    assert (
        "not 'toy'" in run_json("new", "toy", "--position", str(pos), "--out", rec, code=2)["error"]
    )


def test_replay_reports_divergence_with_exit_1(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    run("new", "toy", "--seed", "5", "--out", str(rec))
    run("act", str(rec), "select r1", "move 0303", "select r2")
    data = json.loads(rec.read_text())
    data["steps"][1]["hash"] = "ffffffffffffffff"
    data.pop("snapshot")  # without the snapshot, commands replay (and verify) the record
    rec.write_text(json.dumps(data))
    out = run_json("replay", str(rec), "--verify", code=1)
    assert out["ok"] is False and out["divergence"]["step"] == 2
    assert "step 2 ('move 0303')" in out["divergence"]["message"]
    # commands that need the current state refuse a divergent record, naming the step
    assert "diverges at step 2" in run_json("actions", str(rec), code=2)["error"]


def test_malformed_record_is_a_clear_error(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    rec.write_text("{oops")
    for cmd in ("actions", "show", "replay"):
        err = run_json(cmd, str(rec), code=2)["error"]
        assert err.startswith(f"{rec}: not valid JSON")
    assert (
        "no such record file" in run_json("actions", str(tmp_path / "none.json"), code=2)["error"]
    )


def test_data_check() -> None:
    reports = {r["game"]: r for r in run_json("data", "check")}
    assert all(f["ok"] for r in reports.values() for f in r["files"])
    notes = " ".join(reports["sno"]["files"][0]["notes"])
    assert "1092 hexes" in notes and "terrain not yet reconstructed" not in notes
    assert "sno: map: ok" in run("data", "check", "sno")


def test_data_check_reports_a_broken_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from ostfront.core.errors import DataError
    from toygame import GAME

    def broken() -> list[str]:
        raise DataError("toy.toml", ["places[1: X 0909]: hex: not on the map"])

    monkeypatch.setattr(type(GAME), "data_checks", lambda self: [("map", broken)])
    out = run_json("data", "check", "toy", code=1)
    assert out[0]["files"][0] == {
        "file": "map",
        "ok": False,
        "problems": ["places[1: X 0909]: hex: not on the map"],
        "notes": [],
    }


def test_show_and_map_write_svg(tmp_path: Path) -> None:
    rec = str(tmp_path / "g.json")
    run("new", "toy", "--seed", "2", "--out", rec)
    svg = tmp_path / "g.svg"
    assert run_json("show", rec, "--svg", str(svg))["svg"] == str(svg)
    text = svg.read_text()
    assert text.startswith("<svg") or text.startswith("<?xml")
    assert 'data-counter="r1"' in text
    board = tmp_path / "dr.svg"
    run("map", "dr", "--svg", str(board))
    assert 'data-hex="0514"' in board.read_text()


def test_entry_point_runs_as_a_real_process(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        OSTFRONT_PLUGINS="toygame:GAME",
        PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    )
    rec = str(tmp_path / "g.json")

    def ostfront(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "ostfront", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert ostfront("new", "toy", "--seed", "8", "--out", rec).returncode == 0
    assert ostfront("act", rec, "select r2", "stay", "end").returncode == 0
    ok = ostfront("replay", rec, "--verify", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["steps"] == 3
    bad = ostfront("act", rec, "fly 0101")
    assert bad.returncode == 2 and bad.stderr.startswith("error: action 1 of 1 (fly 0101)")
    assert "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_rules_table() -> None:
    rows = run_json("rules", "dr")
    assert rows[0]["rule"] == "DR 1.0" and {r["status"] for r in rows} <= {
        "implemented",
        "partial",
        "not-implemented",
        "not-applicable",
        "pending",
    }
    assert any(r["rule"] == "DR 13.0" for r in rows)
    assert "no rules coverage table" in run_json("rules", "toy", code=2)["error"]


def test_simulate_random_games() -> None:
    out = run_json("simulate", "toy", "--games", "4", "--seed", "5")
    assert out["games"] == 4 and out["problems"] == []
    assert sum(row["wins"] for row in out["sides"].values()) + out["draws"] == 4
    assert all(0 <= row["ci95"][0] <= row["ci95"][1] <= 1 for row in out["sides"].values())
    assert [r["seed"] for r in out["reports"]] == [5, 6, 7, 8]
    again = run_json("simulate", "toy", "--games", "4", "--seed", "5")
    assert [r["steps"] for r in again["reports"]] == [r["steps"] for r in out["reports"]]


def test_simulate_and_compare_log_each_game_as_it_ends(tmp_path: Path) -> None:
    """``--log``: a line of JSON per game, appended as each ends (two jobs: in the order the
    games end, so a slow game holds none back); compare logs each match's games."""
    log = tmp_path / "games.jsonl"
    out = run_json(
        "simulate", "toy", "--games", "4", "--seed", "5", "--jobs", "2", "--log", str(log)
    )
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(line["seed"] for line in lines) == [5, 6, 7, 8]
    by_seed = {r["seed"]: r for r in out["reports"]}
    for line in lines:
        assert line["levels"] == {"red": "random", "blue": "random"}
        assert (line["winner"], line["score"], line["steps"]) == tuple(
            by_seed[line["seed"]][k] for k in ("winner", "score", "steps")
        )
    run_json("compare", "toy", "random", "random", "--games", "2", "--log", str(log))
    assert len(log.read_text().splitlines()) == 4 + 3 * 2  # appended: baseline, each side


def test_simulate_refuses_a_level_that_does_not_know_the_game() -> None:
    """Only the random player knows the toy game: a greedy side is refused before any game is
    played (one error line, exit 2), not reported as a crash in every game."""
    result = CliRunner().invoke(cli, ["simulate", "toy", "--axis", "greedy", "--games", "3"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "error: --axis greedy: no computer player of that level knows Skirmish (protocol test "
        "game) yet (levels for it: random)\n"
    )
    out = run_json("simulate", "toy", "--soviet", "hard", code=2)
    assert out == {
        "error": "--soviet hard: no computer player of that level knows Skirmish (protocol test "
        "game) yet "
        "(levels for it: random)"
    }


def test_compare_plays_paired_games_for_each_side() -> None:
    """A level against itself: every pair is the same game, so every margin is zero; each
    side of the toy game has its pairs, and a level that does not know the game is refused."""
    out = run_json("compare", "toy", "random", "random", "--games", "3", "--seed", "5")
    assert out["seeds"] == [5, 6, 7] and set(out["sides"]) == {"red", "blue"}
    for row in out["sides"].values():
        assert (row["pairs"], row["margin"], row["ci95"], row["same"]) == (3, 0.0, 0.0, 3)
    assert [r["seed"] for r in out["reports"]["baseline"]] == [5, 6, 7]
    assert "no computer player" in run_json("compare", "toy", "greedy", "random", code=2)["error"]


def test_records_carry_a_snapshot_of_the_current_state(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    run("new", "toy", "--seed", "5", "--out", str(rec))
    run("act", str(rec), "select r1", "move 0303")
    data = json.loads(rec.read_text())
    assert data["snapshot"]["step"] == 2 and data["snapshot"]["units"]["r1"]["hex"] == "0303"
    # a snapshot that does not match the record's last hash is ignored: the record replays
    data["snapshot"]["units"]["r1"]["hex"] = "0808"
    rec.write_text(json.dumps(data))
    shown = run_json("show", str(rec))
    assert {c["id"]: c["hex"] for c in shown["counters"]}["r1"] == "0303"


def readme_command_lines() -> list[str]:
    """The command lines of the README's first command-line example, exactly as printed."""
    text = (TESTS.parent / "README.md").read_text(encoding="utf-8")
    block = text.split("## The command line", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_the_readme_command_lines_work_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 25: the README's 'act game.json "select u1" "#2"' failed on the game it had started
    import shlex

    monkeypatch.chdir(tmp_path)
    lines = readme_command_lines()
    assert any(" act game.json " in line for line in lines)
    for line in lines:
        words = shlex.split(line, comments=True)
        assert words[:3] == ["uv", "run", "ostfront"], line
        result = CliRunner().invoke(cli, words[3:], catch_exceptions=False)
        assert result.exit_code == 0, (line, result.output, result.stderr)
    shown = json.loads(CliRunner().invoke(cli, ["show", "game.json", "--json"]).output)
    assert shown["step"] == 2 and (tmp_path / "now.svg").exists()


def test_act_refuses_a_record_whose_steps_no_longer_replay(tmp_path: Path) -> None:
    # the record carries a snapshot of its last state, but it speaks only for the steps and
    # the engine it was taken with: edited steps are replayed, verified and refused
    rec = tmp_path / "g.json"
    run("new", "toy", "--seed", "5", "--out", str(rec))
    run("act", str(rec), "select r1")
    run("act", str(rec), "move 0303")
    run("act", str(rec), "select r2")
    text = rec.read_text()
    assert '"snapshot": ' in text
    moved = json.loads(text)["steps"][1]["hash"]
    rec.write_text(text.replace(moved, "ffffffffffffffff"))
    out = run_json("act", str(rec), "stay", code=2)
    assert "record diverges at step 2 ('move 0303')" in out["error"]
    assert rec.read_text() == text.replace(moved, "ffffffffffffffff")  # left as it was


def test_act_refuses_a_record_whose_action_was_edited_under_its_snapshot(tmp_path: Path) -> None:
    # a step changed under a snapshot that still matches the last hash: the snapshot no
    # longer speaks for the file's steps, so the record is replayed and refused
    rec = tmp_path / "g.json"
    run("new", "toy", "--seed", "5", "--out", str(rec))
    run("act", str(rec), "select r1", "move 0303", "select r2")
    data = json.loads(rec.read_text())
    data["steps"][1]["action"] = "move 0808"
    rec.write_text(json.dumps(data))
    err = run_json("act", str(rec), "stay", code=2)["error"]
    assert "diverges at step 2 ('move 0808')" in err
    assert json.loads(rec.read_text()) == data  # the record is left as it was


def test_replay_says_when_no_hash_was_checked(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    run("new", "toy", "--seed", "5", "--out", str(rec))
    run("act", str(rec), "select r1", "move 0303")
    assert run_json("replay", str(rec), "--verify")["hashes_checked"] == 2
    data = json.loads(rec.read_text())
    for step in data["steps"]:
        step["hash"] = None
    rec.write_text(json.dumps(data))
    assert run_json("replay", str(rec), "--verify")["hashes_checked"] == 0
    assert "2 of 2 steps carry no hash" in run("replay", str(rec), "--verify")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["new", "toy", "--out", "/nonexistent/dir/g.json"], "cannot write"),
        (["serve", "--port", "99999"], "--port must be between 1 and 65535, not 99999"),
        (["serve", "--port", "0"], "--port must be between 1 and 65535"),
    ],
)
def test_bad_paths_and_ports_are_one_line_exit_2(args: list[str], words: str) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert words in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr + result.output


def test_serve_on_a_damaged_database_is_one_line_exit_2(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    db.write_bytes(b"SQLite format 3\x00" + b"\x07" * 600)  # a truncated header
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--db", str(db)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: the game database {db} cannot be used (")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_act_shows_the_dice_and_what_they_came_to() -> None:
    from ostfront.cli.main import _dice_text

    entry = {"rolls": [{"why": "attack 1 at 2:1", "dice": [1], "result": "DX"}]}
    assert _dice_text(entry) == " (attack 1 at 2:1: 1 -> DX)"
    two = {"rolls": [{"why": "", "dice": [6, 5]}, {"why": "air", "dice": [3]}]}
    assert _dice_text(two) == " (6 5; air: 3)"
    assert _dice_text({"text": "end"}) == ""


# ------------------------------------------------------------------ forged snapshots (issue 31)
def played(tmp_path: Path, game: str, steps: int = 3) -> Path:
    """A record of ``game`` after ``steps`` calls of 'ostfront act', each the first legal
    action."""
    path = tmp_path / f"{game}.json"
    run("new", game, "--seed", "3", "--out", str(path))
    for _ in range(steps):
        run("act", str(path), run_json("actions", str(path))["actions"][0]["text"])
    return path


def forge(path: Path, *, last_step_too: bool = False) -> None:
    """Edit the snapshot's dice (its generator state) as an opponent would, keeping the file's
    layout and recomputing everything in the check a forger can: the snapshot's hash, and with
    ``last_step_too`` the last step's recorded hash, the text's hash and a seal under the
    forger's own key."""
    from ostfront.core import record as rec

    text = path.read_text()
    end, mid = text.rindex(rec._SNAPSHOT), text.rindex(rec._CHECK)
    prefix = text[:end]
    snap = json.loads(text[end + len(rec._SNAPSHOT) : mid])
    check = json.loads(text[mid + len(rec._CHECK) :].strip()[:-1])
    s = snap["rng"]["s"]
    snap["rng"]["s"] = s[:-1] + ("0" if s[-1] != "0" else "1")
    check["hash"] = rec.state_hash(snap)
    if last_step_too:
        head, last = prefix.rsplit("\n", 1)
        step = json.loads(last)
        prefix = f"{head}\n" + rec._enc_step({**step, "hash": check["hash"]})
        check["bytes"] = rec._text_hash(prefix)
        snap_text = rec._enc(snap)
        key = rec._seal_key(path.parent / "forger.key")
        assert key is not None
        fields = {k: check[k] for k in ("engine", "steps", "hash", "bytes")}
        message = (rec.canonical_json(fields) + "\n" + snap_text).encode()
        import hashlib
        import hmac

        check["seal"] = hmac.new(key, message, hashlib.sha256).hexdigest()[:32]
    path.write_text(f"{prefix}{rec._SNAPSHOT}{rec._enc(snap)}{rec._CHECK}{json.dumps(check)}}}\n")


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_act_refuses_a_forged_snapshot(tmp_path: Path, game: str) -> None:
    # issue 31.5: the snapshot's dice changed and its check's hash recomputed; act played on
    path = played(tmp_path, game)
    forge(path)
    forged = path.read_text()
    move = run_json("actions", str(path), code=2)  # refused before any action is listed
    assert "snapshot is not the state after its last step" in move["error"]
    result = CliRunner().invoke(cli, ["act", str(path), "#1"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "the file was changed" in result.stderr
    assert path.read_text() == forged  # left as it was
    assert "\n" not in run_json("act", str(path), "#1", code=2)["error"]


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_act_refuses_a_snapshot_forged_with_its_last_step(tmp_path: Path, game: str) -> None:
    # the forger also writes the forged state's hash as the last step's, and recomputes the
    # text's hash and a seal (under its own key): the record is replayed, and diverges
    path = played(tmp_path, game)
    forge(path, last_step_too=True)
    forged = path.read_text()
    err = run_json("act", str(path), "#1", code=2)["error"]
    assert "record diverges at step 3" in err and "state hash" in err
    assert path.read_text() == forged


@pytest.mark.parametrize("game", ["dr", "sno", "toy"])
def test_replay_does_not_call_a_record_with_nothing_to_check_verified(
    tmp_path: Path, game: str
) -> None:
    # issue 31.9: a record with no steps and no set-up hash was reported verified
    path = tmp_path / "g.json"
    run("new", game, "--seed", "3", "--out", str(path))
    assert run_json("replay", str(path), "--verify")["verified"] is True  # the set-up's hash
    data = json.loads(path.read_text())
    data["header"]["initial_hash"] = None
    path.write_text(json.dumps(data))
    out = run_json("replay", str(path), "--verify")
    assert out["ok"] is True and out["verified"] is False and out["hashes_checked"] == 0
    text = run("replay", str(path), "--verify")
    assert "verified" not in text.splitlines()[0] and "nothing to verify" in text
    data["header"]["initial_hash"] = "0" * 16
    path.write_text(json.dumps(data))
    assert "diverges at the set-up" in run("replay", str(path), "--verify", code=1)
