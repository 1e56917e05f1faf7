"""Issue 31, items 3, 6 and 7 at the command line: a position file or a record holding a
path to follow, a huge number, deep nesting or a field of the wrong type is refused with one
line and exit status 2, in both games (never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ostfront.cli.main import cli

HUGE = "9" * 5000
DEEP = 100_000
BASE = {"dr": 'game = "dr"\n', "sno": 'game = "sno"\nturn = "1941-07"\n'}


def refused(*args: str, code: int = 2) -> str:
    """The one line a refused command prints (exit status 2, no traceback); a record
    ``replay --verify`` cannot set up is reported as not replaying (exit status 1)."""
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == code, (result.exit_code, result.output)
    lines = (result.stderr if code == 2 else result.output).strip().splitlines()
    assert len(lines) == 1 and (code != 2 or lines[0].startswith("error: ")), lines
    return lines[0]


def new_from(tmp_path: Path, game: str, text: str, suffix: str = ".toml") -> str:
    pos = tmp_path / f"pos{suffix}"
    pos.write_text(text)
    return refused("new", game, "--position", str(pos), "--out", str(tmp_path / "r.json"))


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ("weather_plan = 5", "extra.weather_plan: 5 is not a table"),
        ('control = "x"', "extra.control: 'x' is not a table"),
        ("seas = 5", "extra.seas: 5 is not a table"),
        ("entered = 5", "extra.entered: 5 is not a table"),
        ("factories_lost = {a=1}", "extra.factories_lost: {'a': 1} is not a whole number"),
        ('hungary_active = "x"', "extra.hungary_active: 'x' is not true or false"),
        ("factories_lost = -3", "extra.factories_lost: -3"),
        ("factories_lost = 1000000000", "extra.factories_lost: 1000000000"),
        ("no_retreat = { axis = [1] }", "extra.no_retreat.axis[1]: 1 is not text"),
    ],
)
def test_sno_position_extra_is_typed_and_bounded(tmp_path: Path, extra: str, words: str) -> None:
    assert words in new_from(tmp_path, "sno", BASE["sno"] + "[extra]\n" + extra + "\n")


def test_sno_factories_lost_is_bounded_by_the_factories_out_of_play(tmp_path: Path) -> None:
    # the seven factories all on the map: none of them can have been lost before
    from ostfront import games

    g = games.get("sno")
    R = g.rules_for(g.setup(None, {}, 1))
    from ostfront.games.sno.factories import factory_ids

    placed = "".join(f'[[units]]\nid = "{u}"\nstatus = ["pool"]\n' for u in factory_ids(R))
    text = BASE["sno"] + "[extra]\nfactories_lost = 5\n" + placed
    assert "extra.factories_lost: 5 factories lost" in new_from(tmp_path, "sno", text)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ("control = 5", "extra.control: 5 is not a table"),
        ('fleet_air = { a = "x" }', "extra.fleet_air.a: 'x' is not a whole number"),
        ("attacked_hexes = 5", "extra.attacked_hexes: 5 is not a list"),
        ("zhukov_hexes = [1]", "extra.zhukov_hexes[1]: 1 is not text"),
        ("weakened = [[]]", "extra.weakened[1]: [] is not text"),
        ("snow_turns = 1000000000", "extra.snow_turns: 1000000000"),
    ],
)
def test_dr_position_extra_is_typed_and_bounded(tmp_path: Path, extra: str, words: str) -> None:
    assert words in new_from(tmp_path, "dr", BASE["dr"] + "[extra]\n" + extra + "\n")


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_position_file_numbers_nesting_and_paths(tmp_path: Path, game: str) -> None:
    base = BASE[game]
    assert "not valid TOML" in new_from(tmp_path, game, base + f"[extra]\nx = {HUGE}\n")
    as_json = json.dumps(
        {k: v.strip('"') for k, _, v in (ln.partition(" = ") for ln in base.split("\n") if ln)}
    )
    deep = as_json[:-1] + ', "extra": {"x": ' + "[" * DEEP + "]" * DEEP + "}}"
    assert "nested too deeply" in new_from(tmp_path, game, deep, ".json")
    big = as_json[:-1] + f', "extra": {{"x": {HUGE}}}}}'
    assert "not valid JSON" in new_from(tmp_path, game, big, ".json")
    for name in ("/etc/passwd", "/dev/zero", "../pos.toml"):
        line = new_from(tmp_path, game, base + f'map = "{name}"\n')
        assert "is not the name of a .toml or .json file beside this one" in line


def _record(tmp_path: Path, game: str) -> Path:
    out = tmp_path / f"{game}.json"
    result = CliRunner().invoke(cli, ["new", game, "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_record_numbers_nesting_and_paths(tmp_path: Path, game: str) -> None:
    p = _record(tmp_path, game)
    text = p.read_text()
    for command in (("replay", "--verify"), ("act",)):
        args = (*command, str(p), *(("pass",) if command == ("act",) else ()))
        p.write_text(text.replace('"seed": 5', f'"seed": {HUGE}', 1))
        assert "not valid JSON" in refused(*args)
        p.write_text(text.replace('"seed": 5', f'"seed": {"9" * 4000}', 1))
        assert "header.seed: a number larger than 2^64" in refused(*args)
        p.write_text(text.replace('"seed": 5', '"seed": ' + "[" * DEEP + "]" * DEEP, 1))
        assert "nested too deeply" in refused(*args)
    data = json.loads(text)
    data.pop("snapshot", None)
    data.pop("snapshot_check", None)
    data["header"]["position"] = {"game": game, "map": "/etc/passwd"}
    p.write_text(json.dumps(data))
    line = refused("replay", "--verify", str(p), code=1)
    assert "diverges at the set-up: header.position: map: give the map inline" in line
    assert "header.position: map: give the map inline" in refused("act", str(p), "pass")
