"""A whole Defiant Russia game played through 'ostfront actions' and 'ostfront act' alone
(issue 4: the CLI is enough to play a game from set-up to the December victory count).
It runs the CLI in this process (click's runner); tests/cli/test_cli.py starts the real
command once."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from ostfront.cli.main import cli
from ostfront.core.rng import choice_index, new_rng


def test_a_full_game_through_actions_and_act(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each of the game's ~2,700 'act' calls saves the record, flushing it to the disk first
    # (a crash keeps the old file): a third or more of this test's time went on waiting for
    # the disk. What is tested is the game through the CLI, so a save here does not wait.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    runner = CliRunner()
    rec = str(tmp_path / "game.json")
    assert runner.invoke(cli, ["new", "dr", "--seed", "3", "--out", rec]).exit_code == 0
    rng = new_rng(5)
    listed = json.loads(runner.invoke(cli, ["actions", rec, "--json"]).output)
    for _ in range(20_000):
        if listed["result"] is not None:
            break
        offered = [a for a in listed["actions"] if a["verb"] != "undo"]
        assert offered, f"dead end: {listed['prompt']}"
        # A player who ends a phase one time in four when it may end (else any action):
        # the game still runs from set-up to the December count, in about half the steps
        # of a uniform pick, every step through 'act' (whose answer lists what 'actions'
        # would: checked against it every 50 steps)
        ends = [a["text"] for a in offered if a["role"] == "end"]
        texts = [a["text"] for a in offered]
        if ends and choice_index(rng, 4) == 0:
            text = ends[0]
        else:
            text = texts[choice_index(rng, len(texts))]
        done = runner.invoke(cli, ["act", rec, text, "--json"])
        assert done.exit_code == 0, done.output
        listed = json.loads(done.output)
        if listed["step"] % 50 == 0:
            again = json.loads(runner.invoke(cli, ["actions", rec, "--json"]).output)
            assert again["actions"] == listed["actions"] and again["result"] == listed["result"]
    result = listed["result"]
    assert result is not None and result["winner"] in ("axis", "soviet")
    verified = json.loads(runner.invoke(cli, ["replay", rec, "--verify", "--json"]).output)
    assert verified["ok"] and verified["steps"] == verified["total"] > 500
