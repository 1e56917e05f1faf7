"""Game records: replay, per-step hashes, divergence reports, malformed files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ostfront.core import record as rec
from ostfront.core.errors import RecordError
from toygame import GAME

MOVES = ["select r1", "move 0303", "select r2", "stay", "end", "end", "select b1", "move 0503"]


def make(seed: int = 9) -> tuple[rec.Record, dict]:
    state = GAME.setup("basic", seed=seed)
    record = rec.new_record(GAME, state)
    for m in MOVES:
        state = rec.append(record, GAME, state, m)
    return record, state


def test_replay_gives_the_same_state_bit_for_bit() -> None:
    record, state = make()
    report = rec.replay(GAME, record)
    assert report.ok and report.steps == len(MOVES)
    assert json.dumps(report.final, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert report.hashes == [s["hash"] for s in record.steps]


def test_header_says_how_the_game_began() -> None:
    record, _ = make(seed=77)
    h = record.header
    assert h["game"] == "toy" and h["seed"] == 77 and h["scenario"] == "basic"
    assert h["options"] == {"long": False} and h["ostfront_version"]
    assert h["initial_hash"] == rec.state_hash(GAME.setup("basic", seed=77))


def test_hash_ignores_undo_and_log_but_not_position() -> None:
    s = GAME.setup(seed=1)
    t = dict(s, log=[{"x": 1}], undo=[{"y": 2}])
    assert rec.state_hash(s) == rec.state_hash(t)
    assert rec.state_hash(s) != rec.state_hash(GAME.apply(s, "select r1"))


def test_tampered_hash_is_reported_at_its_step() -> None:
    record, _ = make()
    record.steps[3]["hash"] = "0" * 16
    report = rec.replay(GAME, record)
    assert not report.ok and report.divergence is not None
    assert report.divergence.step == 4 and report.divergence.action == "stay"
    assert "step 4 ('stay')" in report.divergence.describe()
    assert rec.replay(GAME, record, verify=False).ok


def test_illegal_step_is_reported() -> None:
    record, _ = make()
    record.steps[2]["action"] = "select b2"
    report = rec.replay(GAME, record)
    assert not report.ok and report.divergence.step == 3
    assert "illegal" in report.divergence.reason


def test_changed_seed_diverges_at_setup() -> None:
    record, _ = make()
    record.header["seed"] = 10
    report = rec.replay(GAME, record)
    assert not report.ok and report.divergence.step == 0


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    record, _ = make()
    p = tmp_path / "game.json"
    rec.save(record, p)
    loaded = rec.load(p)
    assert loaded.header == record.header and loaded.steps == record.steps
    assert [f.name for f in tmp_path.iterdir()] == ["game.json"]  # no temp files left


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "chess-pgn"}', "format is 'chess-pgn'"),
        ('{"format": "ostfront-record", "format_version": 99}', "version 99 is not supported"),
        (
            '{"format": "ostfront-record", "format_version": 1, "steps": []}',
            "header: Field required",
        ),
        (
            '{"format": "ostfront-record", "format_version": 1, "header": {"game": "toy", '
            '"ostfront_version": "0", "scenario": "basic", "options": {}, "seed": "abc"}, '
            '"steps": []}',
            "header.seed",
        ),
        (
            '{"format": "ostfront-record", "format_version": 1, "header": {"game": "toy", '
            '"ostfront_version": "0", "scenario": "basic", "options": {}, "seed": 1}, '
            '"steps": [{"action": ""}]}',
            "steps.1.action",
        ),
    ],
)
def test_malformed_records_give_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(content)
    with pytest.raises(RecordError) as info:
        rec.load(p)
    assert message in str(info.value) and str(p) in str(info.value)


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such record file"):
        rec.load(tmp_path / "nope.json")
    p = tmp_path / "bin.json"
    p.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="not a text file"):
        rec.load(p)
