"""A game view answered by the route itself (``routes_games.view_answer``, issue 36: no second
turn of the thread pool) is byte for byte what FastAPI makes of the same view returned with
``response_model=GameView, response_model_exclude_unset=True``: whole views and views as
changes, of both games, through a game's first posts. Compressed (``app.GZIP_LEVEL``), a
view reads the same as sent plain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_helpers import new_game, seat

from ostfront import games
from ostfront.core.rng import choice_index, new_rng
from ostfront.server.payloads import game_view
from ostfront.server.routes_games import view_answer
from ostfront.server.sessions import Manager
from ostfront.server.storage import open_store
from ostfront.server.view_models import GameView


def views(tmp_path: Path, game: str, position: str | None, posts: int) -> list[dict[str, Any]]:
    """The views a page gets through a game's first posts (seed 5): each whole, and each
    as changes from the view before."""
    manager = Manager(open_store(str(tmp_path / f"{game}.sqlite")), move_delay=0)
    start = None if position is None else games.get(game).shipped_position(position)
    session, tokens = manager.create(game, None, {}, 5, {}, position=start)
    token, mine = next(iter(tokens.values())), set(tokens)
    out = [game_view(manager, session, session.state, mine=mine)]
    rng = new_rng(5)
    for _ in range(posts):
        actions = [a for a in out[-1].get("actions") or [] if a["verb"] != "undo"]
        if not actions:
            break
        have = out[-1]["hash"]
        manager.act(
            session.id, actions[choice_index(rng, len(actions))]["text"], session.seq, token=token
        )
        out.append(game_view(manager, session, session.state, mine=mine, have=have))
        out.append(game_view(manager, session, session.state, mine=mine))
    manager.close()
    manager.store.close()
    return out


@pytest.mark.parametrize(("game", "position"), [("dr", None), ("sno", "kiev-1941-08")])
def test_view_answer_is_fastapis_answer(tmp_path: Path, game: str, position: str | None) -> None:
    found = views(tmp_path, game, position, 12)
    assert any("delta" in v for v in found)  # views as changes are among them
    app = FastAPI()

    @app.get("/fastapi/{n}", response_model=GameView, response_model_exclude_unset=True)
    def by_fastapi(n: int) -> dict[str, Any]:
        return found[n]

    @app.get("/route/{n}", response_model=GameView, response_model_exclude_unset=True)
    def by_route(n: int) -> Any:
        return view_answer(found[n])

    with TestClient(app) as client:
        for n in range(len(found)):
            theirs, ours = client.get(f"/fastapi/{n}"), client.get(f"/route/{n}")
            assert ours.status_code == theirs.status_code == 200
            assert ours.headers["content-type"] == theirs.headers["content-type"]
            assert ours.content == theirs.content


def test_a_view_compressed_reads_as_sent_plain(client: TestClient) -> None:
    gid = new_game(client, game="sno", position="kiev-1941-08")
    plain = client.get(f"/api/games/{gid}", headers={**seat(gid), "Accept-Encoding": "identity"})
    packed = client.get(f"/api/games/{gid}", headers={**seat(gid), "Accept-Encoding": "gzip"})
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert len(plain.content) > 2000  # large enough to be compressed
    assert packed.content == plain.content  # as the client decoded it
