"""The web app: FastAPI routes over the session manager, the static client, a WebSocket
that tells each open game page when its game moved.

Pages (static files from ``ostfront/web``)::

    /                     home: games in progress and finished, import a record
    /new                  new game: game, scenario, options, weather, seed, who plays
    /game/<id>            the game page (map, side panel, log, replay)
    /rules/<game>         the rules index the prompts link to (#r-7.1 anchors)
    /account              sign up, sign in, sign out; My games
    /lobby                open challenges: post one, accept another's
    /players              the players by rating (/players/<name>: one player's ratings)

API (JSON; errors are ``{"error": "..."}`` with a 4xx status)::

    GET    /api/meta                    games, scenarios, options, AI levels
    GET    /api/board/<game>            the board SVG and each hex's centre
    GET    /api/hex/<game>/<hex>        one hex described (terrain, hexsides, place)
    GET    /api/chart/<game>            the game's charts (terrain effects, combat) as tables
    GET    /api/rules/<game>            each numbered rule for players: summary, tables, when
    GET    /api/games                   the games a caller may see, newest first (at most 200):
                                        its own (seat tokens named, or its account's), the
                                        public ones
    POST   /api/games                   start a game (rate-limited per client address)
    GET    /api/games/<id>              the position, prompt, legal actions, counters, log
    DELETE /api/games/<id>              forget a game (a begun invite game: every seat asks)
    POST   /api/games/<id>/seat         take the seat an invite link names (a fresh token)
    PUT    /api/games/<id>/players      change who plays each side (the sides you hold)
    POST   /api/games/<id>/claim        seats for a game stored before seats (local only)
    POST   /api/games/<id>/actions      {"action": text, "seq": n} -> the new position
    GET    /api/games/<id>/odds         ?action=roll: the exact outcome distribution
    GET    /api/games/<id>/overlay/<k>  supply | zoc | control (?side=, ?step=)
    GET    /api/games/<id>/timeline     where each turn and phase begins, for replay
    GET    /api/games/<id>/at/<step>    the position after that many steps (replay)
    GET    /api/games/<id>/record       the game record file (export; in play, players only)
    GET    /api/games/<id>/terms        rated, public, rematch, who plays by account
    POST   /api/games/<id>/rematch      a finished game's rematch, sides swapped (players)
    POST   /api/import                  a record file (or {"record", "players"}) -> a game
    GET    /api/account                 who is signed in, and their ratings
    POST   /api/account/signup          {"name", "password"} -> an account, signed in (cookie)
    POST   /api/account/signin          {"name", "password"} -> signed in (rate-limited)
    POST   /api/account/signout         forget this login
    POST   /api/account/password        {"password", "new_password"}: the others signed out
    POST   /api/account/delete          {"password"}: the account deleted (docs/security.md)
    POST   /api/account/seats           {"seats": {id: token}}: keep them with the account
    GET    /api/account/games           My games: every game the account plays
    GET    /api/players                 the players by rating (?game=)
    GET    /api/players/<name>          one player's ratings
    GET    /api/lobby                   open challenges, and your own
    POST   /api/lobby                   post a challenge (signed in)
    DELETE /api/lobby/<id>              withdraw your open challenge
    POST   /api/lobby/<id>/accept       accept another's challenge: the game starts
    WS     /ws/games/<id>               {"seq", "thinking", "progress", "active"} whenever the
                                        game moves

Online play (:mod:`.routes_online`): ``/api/time-controls``, a game's ``clock``, its
players' ``chat`` and where a seat is told of its turn (``notify``), and the socket
``/ws/games/<id>/online`` (clock changes; chat messages to the players only).

The routes live in one module a concern: :mod:`.routes_pages`, :mod:`.routes_reference`
(meta, board, hex, chart, rule notes), :mod:`.routes_games` (the games, acting, odds, overlays),
:mod:`.routes_records` (timeline, replay, export, import) and :mod:`.routes_live` (the
socket); each answer's shape is a pydantic model (:mod:`.models`, :mod:`.view_models`),
listed at ``/docs``. They reach the session manager through ``app.state`` (:mod:`.deps`).

Who may do what is in docs/security.md: every request passes :class:`~.guard.Guard` (host,
origin, content type, size, security headers); acting, changing players, deleting and the
live socket need a seat token (:mod:`.seats`) or a signed-in account that keeps the seat
(:mod:`.accounts`); watching a game needs only its id.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

from .. import __version__
from . import (
    notices,
    routes_accounts,
    routes_games,
    routes_live,
    routes_lobby,
    routes_online,
    routes_pages,
    routes_records,
    routes_reference,
)
from .act_path import ActPath
from .clocks import Now
from .errors import add_error_handlers
from .gate import MAX_IMPORTS, Gate
from .guard import Guard
from .online import TICK_SECONDS, Online
from .routes_pages import WEB
from .sessions import Manager
from .storage import open_store
from .store import default_db

#: How hard answers are compressed (gzip, for answers of 2,000 bytes or more): zlib's own
#: default. Starlette's (9) took 35-50% more CPU for 1-2% fewer bytes (issue 36: game views
#: of both games' load-test posts, benchmarks/README.md "SNO post, fourth round").
GZIP_LEVEL = 6
#: The smallest answer compressed, in bytes.
GZIP_MINIMUM = 2000


def create_app(
    db: str | Path | None = None,
    *,
    move_delay: float = 0.06,
    ai_budget: float | None = None,
    manager: Manager | None = None,
    allowed_hosts: tuple[str, ...] = (),
    exclusive: bool = False,
    max_imports: int = MAX_IMPORTS,
    smtp: tuple[str, int] | None = None,
    mail_window: float | None = None,
    mail_from: str | None = None,
    now: Now | None = None,
    tick_seconds: float = TICK_SECONDS,
    private_webhooks: bool = True,
) -> Any:
    """The web app over the database ``db``: an SQLite file or a ``postgresql://`` URL
    (default: ``$OSTFRONT_DB``, else a file in the user's data directory),
    behind the request checks of :class:`~.guard.Guard`. ``allowed_hosts``: host names
    to answer besides addresses, localhost and this machine's name; ``exclusive``: hold
    an SQLite database's lock file (one server a file; PostgreSQL takes several);
    ``max_imports``: imports replayed at once, more refused with 503 (:mod:`.gate`);
    ``smtp``: the mail server turn notices go through (none: no mail), from
    ``mail_from``, a digest every ``mail_window`` seconds; ``now``: the time
    source of the clocks (default: the system's, :func:`.clocks.time_source`);
    ``tick_seconds``: how often the clocks and the notices' outbox are checked (0: never,
    tests call :meth:`.Online.tick`); ``private_webhooks``: whether a player's webhook may
    be on this machine or the local network (``ostfront serve`` allows it only when it
    listens on loopback).
    (The FastAPI app is its ``.app``.)"""
    if manager is None:
        store = open_store(db if db is not None else default_db(), exclusive=exclusive)
        manager = Manager(store, move_delay=move_delay, ai_budget=ai_budget)
    mgr = manager
    if mgr.online is None:
        mgr.online = Online(
            mgr.store,
            now=now,
            smtp=smtp,
            tick_seconds=tick_seconds,
            mail_window=notices.MAIL_WINDOW if mail_window is None else mail_window,
            sender=mail_from or notices.SENDER,
            private_webhooks=private_webhooks,
        )
    online = mgr.online
    store = mgr.store

    def account_of(gid: str, side: str) -> str | None:  # the account keeping a seat
        kept = store.seat_accounts(gid).get(side)
        return None if kept is None else kept.id

    def settle(gid: str) -> None:  # a rated game lost on time counts like any other
        mgr.settle(gid)

    online.account_of = account_of
    online.on_flag.append(settle)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        online.start()
        yield
        online.close()
        mgr.close()

    app = FastAPI(title="Ostfront", version=__version__, lifespan=lifespan)
    app.state.manager = mgr
    app.state.imports = Gate(max_imports, "importing other records")
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    add_error_handlers(app)
    for module in (
        routes_pages,
        routes_reference,
        routes_games,
        routes_records,
        routes_live,
        routes_accounts,
        routes_lobby,
        routes_online,
    ):
        app.include_router(module.router)
    return Guard(ActPath(app, GZIP_MINIMUM, GZIP_LEVEL), allowed_hosts)
