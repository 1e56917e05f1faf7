"""The pages: static HTML from ``ostfront/web`` (home, new game, the game page) and the
rules index each game's prompts link to. None is in the API's schema."""

from __future__ import annotations

import html
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from .. import games
from . import rulespage
from .deps import GAME_ID, ManagerDep

#: The static client's files.
WEB = Path(__file__).resolve().parent.parent / "web"

router = APIRouter(include_in_schema=False)


def page(name: str) -> FileResponse:
    return FileResponse(WEB / name, media_type="text/html")


@router.get("/")
def home() -> FileResponse:
    return page("index.html")


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")


@router.get("/new")
def new_page() -> FileResponse:
    return page("new.html")


@router.get("/account")
def account_page() -> FileResponse:
    return page("account.html")


@router.get("/lobby")
def lobby_page() -> FileResponse:
    return page("lobby.html")


@router.get("/players")
def players_page() -> FileResponse:
    return page("players.html")


@router.get("/players/{name}")
def player_page(name: str) -> FileResponse:
    return page("players.html")


@router.get("/game/{gid}")
def game_page(gid: str, manager: ManagerDep) -> Response:
    if not GAME_ID.fullmatch(gid) or manager.store.get(gid) is None:
        shown = html.escape(gid[:40] + ("…" if len(gid) > 40 else ""), quote=True)
        return HTMLResponse(
            f"<!doctype html><title>No such game</title><p>No game “{shown}”. "
            "<a href='/'>Back to the games</a></p>",
            status_code=404,
        )
    return page("game.html")


@router.get("/rules/{game}")
def rules(game: str) -> HTMLResponse:
    """The players' rules page: each rule in short (a rule link's target)."""
    return HTMLResponse(rulespage.render(games.get(game)))


@router.get("/rules/{game}/dev")
def rules_dev(game: str) -> HTMLResponse:
    """The developers' page: the rules coverage table, with the rulebook where it is here."""
    return HTMLResponse(rulespage.render_dev(games.get(game)))
