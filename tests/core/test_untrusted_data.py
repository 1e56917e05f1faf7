"""Issue 31, items 3 and 6: a position or a record names no file to read, and holds no
number nor nesting too big to handle; each is refused with an error naming what is wrong."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from ostfront.core import record as rec
from ostfront.core.datafile import plain_problem
from ostfront.core.errors import DataError, RecordError
from ostfront.core.position import load_position, position_from_dict
from toygame import GAME

HUGE = "9" * 5000  # beyond Python's 4,300 digits: int() itself refuses it
DEEP = 100_000


@pytest.mark.parametrize("name", ["/etc/passwd", "/dev/zero", "tiny.toml", "../x.json"])
def test_position_data_names_no_map_file(name: str) -> None:
    # item 3: data from a record or an import carries its map inline; a name is not read
    with pytest.raises(DataError, match="map: give the map inline"):
        position_from_dict({"game": "toy", "map": name}, "header.position")


@pytest.mark.parametrize(
    "name", ["/etc/passwd", "/dev/zero", "../tiny.toml", "sub/tiny.toml", "tiny.txt", ".hidden"]
)
def test_a_position_file_reads_only_a_map_beside_it(tmp_path: Path, name: str) -> None:
    p = tmp_path / "pos.toml"
    p.write_text(f'game = "toy"\nmap = "{name}"\n')
    with pytest.raises(DataError, match=r"is not the name of a \.toml or \.json file beside"):
        load_position(p)


def test_a_map_beside_the_position_that_is_no_file_is_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)  # a read would block for ever (under the engine lock, in the server)
    (tmp_path / "big.json").write_bytes(b" " * (5_000_001))
    for name, words in (("pipe.toml", "is not a map file"), ("big.json", "is not a map file")):
        p = tmp_path / "pos.toml"
        p.write_text(f'game = "toy"\nmap = "{name}"\n')
        found: list[BaseException] = []

        def load(path: Path = p, found: list[BaseException] = found) -> None:
            try:
                load_position(path)
            except DataError as exc:
                found.append(exc)

        t = threading.Thread(target=load, daemon=True)
        t.start()
        t.join(10)
        assert not t.is_alive(), f"reading {name} blocked"
        assert found and words in str(found[0])


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_huge_number_in_a_position_file_is_one_clear_error(tmp_path: Path, suffix: str) -> None:
    p = tmp_path / f"pos{suffix}"
    p.write_text(
        f'game = "toy"\nturn = {HUGE}\n'
        if suffix == ".toml"
        else f'{{"game": "toy", "turn": {HUGE}}}'
    )
    with pytest.raises(DataError, match="not valid"):
        load_position(p)


def test_deep_nesting_in_a_position_file_is_one_clear_error(tmp_path: Path) -> None:
    p = tmp_path / "pos.json"
    p.write_text('{"game": "toy", "extra": {"x": ' + "[" * DEEP + "]" * DEEP + "}}")
    with pytest.raises(DataError, match="nested too deeply"):
        load_position(p)
    p.write_text('{"game": "toy", "extra": {"x": ' + "[" * 40 + "]" * 40 + "}}")
    with pytest.raises(DataError, match="nested more than 32 deep"):
        load_position(p)


def test_a_large_number_in_position_data_is_refused() -> None:
    with pytest.raises(DataError, match=r"extra\.x: a number larger than 2\^64"):
        position_from_dict({"game": "toy", "extra": {"x": 10**4000}})


def _record_file(tmp_path: Path) -> Path:
    state = GAME.setup(seed=3)
    record = rec.new_record(GAME, state)
    rec.append(record, GAME, state, GAME.legal_actions(state)[0])
    p = tmp_path / "game.json"
    rec.save(record, p)
    return p


def test_a_huge_number_in_a_record_is_one_clear_error(tmp_path: Path) -> None:
    p = _record_file(tmp_path)
    text = p.read_text()
    p.write_text(text.replace('"seed": 3', f'"seed": {HUGE}', 1))
    with pytest.raises(RecordError, match="not valid JSON"):
        rec.load(p)
    with pytest.raises(RecordError, match="not valid JSON"):
        rec.open_record(p, lambda name: GAME)
    p.write_text(text.replace('"seed": 3', f'"seed": {"9" * 4000}', 1))
    with pytest.raises(RecordError, match=r"header\.seed: a number larger than 2\^64"):
        rec.load(p)
    with pytest.raises(RecordError, match=r"header\.seed: a number larger than 2\^64"):
        rec.open_record(p, lambda name: GAME)


def test_deep_nesting_in_a_record_is_one_clear_error(tmp_path: Path) -> None:
    p = _record_file(tmp_path)
    data = json.loads(p.read_text())
    p.write_text(json.dumps(data)[:-1] + ', "x": ' + "[" * DEEP + "]" * DEEP + "}")
    with pytest.raises(RecordError, match="nested too deeply"):
        rec.load(p)
    with pytest.raises(RecordError, match="nested too deeply"):
        rec.open_record(p, lambda name: GAME)
    deep: list[object] = [1]
    for _ in range(40):
        deep = [deep]
    data["header"]["options"] = {"x": deep}
    p.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="nested more than 32 deep"):
        rec.load(p)


def test_plain_problem_names_where() -> None:
    assert (
        plain_problem({"a": [1, {"b": 2**65}]}) == "a[2].b: a number larger than 2^64 (of 66 bits)"
    )
    assert plain_problem({"a": [True, -(2**64), "x" * 10_000]}) is None
