"""The reference routes: what the server offers (games, scenarios, options, computer
levels) and each game's board, charts and hexes. Nothing here reads a game in play."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from .. import __version__, games
from ..ai.players import levels, levels_for
from ..core.protocol import Game
from . import describe, rulespage
from .models import Board, Chart, HexInfo, Meta, RuleNotes

router = APIRouter(prefix="/api")


@router.get("/meta", response_model=Meta, response_model_exclude_unset=True)
def meta() -> dict[str, Any]:
    return {
        "version": __version__,
        "games": [described(games.get(n)) for n in games.names()],
        "levels": levels(),
    }


def described(game: Game) -> dict[str, Any]:
    """A game's scenarios, options and positions, and the computer levels that know it."""
    return {**game.describe(), "levels": levels_for(game)}


@router.get("/board/{game}", response_model=Board, response_model_exclude_unset=True)
def board(game: str) -> dict[str, Any]:
    return describe.board_payload(games.get(game).name)


@router.get("/chart/{game}", response_model=Chart, response_model_exclude_unset=True)
def chart(game: str) -> dict[str, Any]:
    g = games.get(game)
    return {"game": g.name, "title": g.title, "tables": g.chart()}


@router.get("/rules/{game}", response_model=RuleNotes, response_model_exclude_unset=True)
def rule_notes(game: str) -> dict[str, Any]:
    """Each numbered rule of the game for players (the rules page's content)."""
    g = games.get(game)
    return {"game": g.name, "title": g.title, "rules": rulespage.rule_notes(g)}


@router.get("/hex/{game}/{hex_id}", response_model=HexInfo, response_model_exclude_unset=True)
def hex_info(game: str, hex_id: str) -> dict[str, Any]:
    g = games.get(game)
    out: dict[str, Any] = g.board().describe_hex(hex_id)
    out.update(g.hex_extras(hex_id))
    return out
