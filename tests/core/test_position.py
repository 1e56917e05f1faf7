"""Custom positions: units placed by hand, optionally on a custom map."""

from __future__ import annotations

from pathlib import Path

import pytest

from ostfront.core import record as rec
from ostfront.core.errors import DataError
from ostfront.core.position import load_position, placements, position_from_dict
from toygame import GAME

POSITION = """
game = "toy"
turn = 2
active = "blue"
note = "blue to move, red reduced"
map = "tiny.toml"

[[units]]
id = "r1"
hex = "0202"
status = ["reduced"]

[[units]]
id = "b1"
hex = "0303"
"""

TINY = """
[map]
id = "tiny"
[grid]
id_order = "colrow"
offset = "even-q"
columns = [1, 4]
rows = [1, 4]
[terrain]
default = "clear"
"""


def write(tmp_path: Path, position: str = POSITION, tiny: str = TINY) -> Path:
    (tmp_path / "tiny.toml").write_text(tiny)
    p = tmp_path / "pos.toml"
    p.write_text(position)
    return p


def test_position_with_custom_map_starts_a_game(tmp_path: Path) -> None:
    pos = load_position(write(tmp_path))
    assert pos["map"]["map"]["id"] == "tiny"  # the map file is inlined
    s = GAME.setup(seed=3, position=pos)
    assert GAME.map_for(s).id == "tiny" and len(GAME.map_for(s).grid) == 16
    assert s["turn"] == 2 and GAME.active_side(s) == "blue"
    assert s["units"]["r1"] == {"side": "red", "hex": "0202", "strength": 1}
    # the record carries the position, so it replays without the files
    record = rec.new_record(GAME, s, position=pos)
    s2 = rec.append(record, GAME, s, "select b1")
    (tmp_path / "tiny.toml").unlink()
    report = rec.replay(GAME, record)
    assert report.ok and report.final == s2


def test_unit_off_the_custom_map_is_refused(tmp_path: Path) -> None:
    pos = load_position(write(tmp_path, POSITION.replace('hex = "0303"', 'hex = "0707"')))
    with pytest.raises(Exception, match="0707 is not on the tiny map"):
        GAME.setup(seed=1, position=pos)


def test_broken_position_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"units\[2: b1\]\.hexx"):
        load_position(write(tmp_path, POSITION.replace('hex = "0303"', 'hexx = "0303"')))
    with pytest.raises(DataError, match="unit placed twice"):
        load_position(write(tmp_path, POSITION.replace('id = "b1"', 'id = "r1"')))
    with pytest.raises(DataError, match="cannot read"):
        load_position(write(tmp_path, POSITION.replace("tiny.toml", "gone.toml")))
    with pytest.raises(DataError, match="turn"):
        load_position(write(tmp_path, POSITION.replace("turn = 2", "turn = -1")))
    with pytest.raises(DataError, match=r"tiny\.toml: grid"):
        load_position(write(tmp_path, tiny=TINY.replace("[1, 4]", "[4, 1]", 1)))
    with pytest.raises(DataError, match="not valid TOML"):
        load_position(write(tmp_path, "game = "))


def test_inline_map_and_plain_dict() -> None:
    import tomllib

    pos = position_from_dict(
        {
            "game": "toy",
            "map": tomllib.loads(TINY),
            "units": [{"id": "r1", "hex": "0101"}, {"id": "b1", "hex": "0404"}],
        },
    )
    s = GAME.setup(seed=1, position=pos)
    assert GAME.map_for(s).id == "tiny" and GAME.active_side(s) == "red"


def test_placements_give_each_unit_placed_and_say_what_is_wrong_with_the_others() -> None:
    position = {
        "units": [
            {"id": "a", "hex": "0101", "status": ["reduced"]},
            {"id": "b", "status": ["dead"]},
            {"id": "zz", "hex": "0101"},
            {"id": "c"},
            {"id": "d", "hex": "9999"},
        ]
    }
    problems: list[str] = []
    found = list(
        placements(
            position, {"a", "b", "c", "d"}, ("dead", "out"), lambda h: h == "0101", "Toy", problems
        )
    )
    assert found == [
        ("units[1: a]", "a", "0101", ["reduced"]),
        ("units[2: b]", "b", "dead", ["dead"]),
    ]
    assert problems == [
        "units[3: zz]: id: no such Toy unit",
        "units[4: c]: hex: give a hex or a box (dead, out)",
        "units[5: d]: hex: 9999 is not on the map",
    ]
