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


# ------------------------------------------------------------------ going on with a game
def started(tmp_path: Path, moves: list[str] = MOVES[:4]) -> Path:
    """A record file as 'ostfront new' then 'ostfront act' leave it, one step a call."""
    state = GAME.setup("basic", seed=9)
    record = rec.new_record(GAME, state)
    record.keep_snapshot(GAME, state)
    p = tmp_path / "game.json"
    rec.save(record, p)
    for m in moves:
        opened = rec.open_record(p, lambda name: GAME)
        opened.apply(m)
        opened.save()
    return p


def no_replay(*args: object, **kwargs: object) -> None:
    raise AssertionError("the record was replayed")


def test_steps_are_appended_as_a_whole_save_would_write_them(tmp_path: Path) -> None:
    p = started(tmp_path)
    text = p.read_text()
    record, _ = make()
    assert rec.load(p).steps == record.steps[:4]
    assert rec.dumps(rec.load(p)) == text  # appending wrote what a full save writes
    assert text.count('\n{"action": ') == 4  # one step a line
    opened = rec.open_record(p, lambda name: GAME)
    assert opened.count == 4 and opened.state["step"] == 4
    assert rec.state_hash(opened.state) == record.steps[3]["hash"]


def test_a_checked_snapshot_is_used_without_replaying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = started(tmp_path)
    monkeypatch.setattr(rec, "replay", no_replay)
    opened = rec.open_record(p, lambda name: GAME)
    opened.apply(MOVES[4])
    opened.save()
    assert rec.load(p).actions == MOVES[:5]


def test_a_sealed_snapshot_is_trusted_without_hashing_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The seal binds the snapshot's text to its check (hash included) under this machine's
    # key: opening it neither replays nor hashes the state again (the dearest part of a
    # 'ostfront act' on a long game), and the state is the one the steps lead to.
    p = started(tmp_path)
    record, _ = make()
    monkeypatch.setattr(rec, "replay", no_replay)
    monkeypatch.setattr(rec, "state_hash", no_replay)
    opened = rec.open_record(p, lambda name: GAME)
    monkeypatch.undo()
    assert opened.hash == record.steps[3]["hash"] == rec.state_hash(opened.state)


@pytest.mark.parametrize(
    "change",
    [
        "a step's hash",  # edited steps: the snapshot no longer speaks for them
        "the engine",  # a changed rule or data file: the steps must replay again
        "the snapshot",  # a snapshot that is not the last step's state
        "the layout",  # a file rewritten by another tool (or an older Ostfront)
    ],
)
def test_the_record_is_replayed_and_verified_when_the_check_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    p = started(tmp_path)
    text = p.read_text()
    data = json.loads(text)
    if change == "a step's hash":
        p.write_text(text.replace(data["steps"][1]["hash"], "f" * 16))
    elif change == "the engine":
        monkeypatch.setattr(rec, "engine_fingerprint", lambda game: "0" * 16)
    elif change == "the snapshot":
        data["snapshot"]["units"]["r1"]["hex"] = "0808"  # the check itself left as it was
        head = text[: text.rindex('\n],\n"snapshot": ')]
        snap, check = json.dumps(data["snapshot"]), json.dumps(data["snapshot_check"])
        p.write_text(f'{head}\n],\n"snapshot": {snap},\n"snapshot_check": {check}}}\n')
    else:
        p.write_text(json.dumps(data, indent=2))
    replayed: list[int] = []
    real = rec.replay

    def spy(*args: object, **kwargs: object) -> rec.ReplayReport:
        replayed.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rec, "replay", spy)
    if change == "a step's hash":
        with pytest.raises(RecordError, match=r"record diverges at step 2 \('move 0303'\)"):
            rec.open_record(p, lambda name: GAME)
    else:
        opened = rec.open_record(p, lambda name: GAME)
        assert opened.state["step"] == 4 and opened.state["units"]["r1"]["hex"] == "0303"
        # replayed once: the file now carries a snapshot checked for this engine
        assert rec.load(p).actions == MOVES[:4]
        assert rec.open_record(p, lambda name: GAME).state == opened.state
    assert replayed == [1]


def test_records_written_before_the_check_still_load_and_go_on(tmp_path: Path) -> None:
    # the layout of earlier versions: indented JSON, a snapshot with the whole log, no check
    record, state = make()
    old = {**record.to_json(), "snapshot": {k: v for k, v in state.items() if k != "undo"}}
    p = tmp_path / "old.json"
    p.write_text(json.dumps(old, indent=1, ensure_ascii=False) + "\n")
    assert rec.load(p).steps == record.steps and rec.replay(GAME, rec.load(p)).ok
    opened = rec.open_record(p, lambda name: GAME)
    assert opened.state["step"] == len(MOVES)
    opened.apply("end")
    opened.save()
    again = rec.load(p)
    assert again.actions == [*MOVES, "end"] and again.snapshot_check is not None
    assert len(again.snapshot["log"]) <= rec.LOG_TAIL


def test_a_record_sealed_elsewhere_is_replayed_once_then_goes_on_from_its_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # play by mail: the opponent's machine sealed the snapshot with its own key
    monkeypatch.setenv("OSTFRONT_RECORD_KEY", str(tmp_path / "opponent.key"))
    p = started(tmp_path)
    monkeypatch.setenv("OSTFRONT_RECORD_KEY", str(tmp_path / "mine.key"))
    replayed: list[int] = []
    real = rec.replay

    def spy(*args: object, **kwargs: object) -> rec.ReplayReport:
        replayed.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rec, "replay", spy)
    opened = rec.open_record(p, lambda name: GAME)
    assert opened.state["step"] == 4 and replayed == [1]
    opened.apply(MOVES[4])
    opened.save()
    monkeypatch.setattr(rec, "replay", no_replay)  # sealed here now
    assert rec.open_record(p, lambda name: GAME).state["step"] == 5


def test_without_a_key_every_record_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "dir").mkdir()
    monkeypatch.setenv("OSTFRONT_RECORD_KEY", str(tmp_path / "dir"))  # cannot be a key file
    p = started(tmp_path)
    assert '"seal"' not in p.read_text()
    assert rec.open_record(p, lambda name: GAME).state["step"] == 4


def test_a_snapshot_whose_check_holds_but_is_not_the_last_steps_state_is_refused(
    tmp_path: Path,
) -> None:
    p = started(tmp_path)
    text = p.read_text()
    end, mid = text.rindex(rec._SNAPSHOT), text.rindex(rec._CHECK)
    snap = json.loads(text[end + len(rec._SNAPSHOT) : mid])
    check = json.loads(text[mid + len(rec._CHECK) :].strip()[:-1])
    snap["units"]["r1"]["hex"] = "0808"
    check["hash"] = rec.state_hash(snap)
    p.write_text(f"{text[:end]}{rec._SNAPSHOT}{rec._enc(snap)}{rec._CHECK}{json.dumps(check)}}}\n")
    with pytest.raises(RecordError, match="snapshot is not the state after its last step"):
        rec.open_record(p, lambda name: GAME)
