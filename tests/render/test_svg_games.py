"""Both games drawn by the game-neutral renderer: each game gives its counters' colours and
its own symbols (Sturm Nach Osten's factory), and the drawings are the ones made before the
renderer stopped knowing the games."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from ostfront.core.protocol import CounterView
from ostfront.games import get
from ostfront.render.svg import render_counter, render_map

RENDER = Path(__file__).resolve().parents[2] / "src" / "ostfront" / "render"

#: sha256 of each game's board with its set-up counters and its off-map counters (seed 1),
#: recorded when the nation colours and the factory were still the renderer's (commit
#: 34b19f1): moving them into the games changed no byte. Recorded again (issue 35) when
#: counter names and marker counters grew to the factors' size and rivers became thin and
#: pale.
DRAWN = {
    "dr": "2dedbe535f46cedcfccafd9b5c38f88f37faaeb6c1d6318bcc822eaf7724eea2",
    "sno": "efa39a879039c33c8c35d493c71cdf2bcffbc0e00fd2dd08b6544e6d1cfaeb59",
}


def off_map_counters(name: str) -> list[CounterView]:
    game = get(name)
    state = game.setup(None, {}, 1)
    return [u["counter"] for box in game.off_map(state) for u in box["units"]]


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_each_game_is_drawn_as_before(name: str) -> None:
    game = get(name)
    state = game.setup(None, {}, 1)
    svg = render_map(game.board(), game.counters(state), title=game.title)
    svg += "".join(render_counter(c, 24.0) for c in off_map_counters(name))
    assert hashlib.sha256(svg.encode()).hexdigest() == DRAWN[name]


def test_a_factory_is_drawn_as_sturm_nach_osten_says() -> None:
    game = get("sno")
    factory = next(c for c in game.counters(game.setup(None, {}, 1)) if c.symbol == "factory")
    assert [s.name for s in factory.shapes] == ["factory", "chimney"]
    g = render_counter(factory, 24.0)
    assert 'class="symbol-factory"' in g and 'class="symbol-chimney"' in g
    assert "symbol-box" not in g


def test_each_game_colours_its_counters() -> None:
    for name in DRAWN:
        game = get(name)
        for c in game.counters(game.setup(None, {}, 1)):
            assert re.fullmatch(r"#[0-9a-f]{6}", c.colour), (name, c.id)


def test_the_renderer_names_no_game_nor_nation() -> None:
    words = ("german", "soviet", "finnish", "factory", '"dr"', '"sno"', "dr's", "sno's")
    for path in RENDER.glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert not [w for w in words if w in text], path.name
