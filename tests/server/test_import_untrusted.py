"""Issue 31, items 3, 6 and 7 at the web door: an imported record names no file for the
server to read, holds no number nor nesting too big to handle, and its position's fields
are typed and bounded as a position file's are: each is refused with a 422 naming what is
wrong, in both games (never a 500, never a read)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ostfront.core import record as rec
from ostfront.games import get

HUGE = "9" * 5000
DEEP = 100_000
TURN = {"dr": 3, "sno": "1941-07"}


def record(game: str, **position: Any) -> dict[str, Any]:
    g = get(game)
    data = rec.new_record(g, g.setup(None, {}, 5)).to_json()
    data["header"]["initial_hash"] = None
    if position:
        data["header"]["position"] = {"game": game, "turn": TURN[game], **position}
    return data


def refused(client: TestClient, body: bytes | dict[str, Any]) -> str:
    before = len(client.get("/api/games").json())
    if isinstance(body, dict):
        r = client.post("/api/import", json=body)
    else:
        r = client.post("/api/import", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422, (r.status_code, r.text[:300])
    assert len(client.get("/api/games").json()) == before
    error: str = r.json()["error"]
    return error


@pytest.mark.parametrize("game", ["dr", "sno"])
@pytest.mark.parametrize("name", ["/etc/passwd", "/dev/zero", "/nonexistent.toml", "x.json"])
def test_an_imported_position_names_no_file(client: TestClient, game: str, name: str) -> None:
    error = refused(client, record(game, map=name))
    assert "header.position" in error and "map: give the map inline" in error
    assert "passwd" not in error.replace(name, "") and "No such file" not in error


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_an_imported_position_naming_a_pipe_answers_at_once(
    client: TestClient, tmp_path: Path, game: str
) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)  # reading it would block under the engine lock, freezing every game
    start = time.monotonic()
    assert "map: give the map inline" in refused(client, record(game, map=str(fifo)))
    assert time.monotonic() - start < 10


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_huge_numbers_and_deep_nesting_are_422(client: TestClient, game: str) -> None:
    text = json.dumps(record(game))
    big = text.replace('"seed": 5', f'"seed": {HUGE}', 1).encode()
    assert "not JSON a game record can hold" in refused(client, big)
    wrapped = json.dumps({"record": record(game), "seats": "hotseat"}).replace(
        '"seed": 5', f'"seed": {HUGE}', 1
    )
    assert "not JSON a game record can hold" in refused(client, wrapped.encode())
    deep = text[:-1] + ', "x": ' + "[" * DEEP + "]" * DEEP + "}"
    assert "nest" in refused(client, deep.encode())
    error = refused(client, record(game, extra={"x": int("9" * 4000)}))
    assert "a number larger than 2^64" in error


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"weather_plan": 5}, "extra.weather_plan: 5 is not a table"),
        ({"control": "x"}, "extra.control: 'x' is not a table"),
        ({"seas": 5}, "extra.seas: 5 is not a table"),
        ({"entered": 5}, "extra.entered: 5 is not a table"),
        ({"factories_lost": {"a": 1}}, "extra.factories_lost: {'a': 1} is not a whole number"),
        ({"hungary_active": "x"}, "extra.hungary_active: 'x' is not true or false"),
        ({"factories_lost": -3}, "extra.factories_lost: -3"),
        ({"factories_lost": 10**9}, "extra.factories_lost: 1000000000"),
    ],
)
def test_sno_position_extra_is_checked_as_at_the_command_line(
    client: TestClient, extra: dict[str, Any], words: str
) -> None:
    assert words in refused(client, record("sno", extra=extra))


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"control": 5}, "extra.control: 5 is not a table"),
        ({"fleet_air": {"a": "x"}}, "extra.fleet_air.a: 'x' is not a whole number"),
        ({"zhukov_hexes": [1]}, "extra.zhukov_hexes[1]: 1 is not text"),
        ({"turkey_invaded": 1}, "extra.turkey_invaded: 1 is not true or false"),
    ],
)
def test_dr_position_extra_is_checked_as_at_the_command_line(
    client: TestClient, extra: dict[str, Any], words: str
) -> None:
    assert words in refused(client, record("dr", extra=extra))
