"""A whole Defiant Russia game played through 'ostfront actions' and 'ostfront act' alone
(issue 4: the CLI is enough to play a game from set-up to the December victory count)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ostfront.cli.main import cli
from ostfront.core.rng import choice_index, new_rng


def test_a_full_game_through_actions_and_act(tmp_path: Path) -> None:
    runner = CliRunner()
    rec = str(tmp_path / "game.json")
    assert runner.invoke(cli, ["new", "dr", "--seed", "3", "--out", rec]).exit_code == 0
    rng = new_rng(5)
    for _ in range(20_000):
        listed = json.loads(runner.invoke(cli, ["actions", rec, "--json"]).output)
        if listed["result"] is not None:
            break
        texts = [a["text"] for a in listed["actions"] if a["verb"] != "undo"]
        assert texts, f"dead end: {listed['prompt']}"
        done = runner.invoke(cli, ["act", rec, texts[choice_index(rng, len(texts))], "--json"])
        assert done.exit_code == 0, done.output
    result = listed["result"]
    assert result is not None and result["winner"] in ("axis", "soviet")
    verified = json.loads(runner.invoke(cli, ["replay", rec, "--verify", "--json"]).output)
    assert verified["ok"] and verified["steps"] == verified["total"] > 1000
