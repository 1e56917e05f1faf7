"""The web app: FastAPI routes over the session manager, the static client, a WebSocket
that tells each open game page when its game moved.

Pages (static files from ``ostfront/web``)::

    /                     home: games in progress and finished, import a record
    /new                  new game: game, scenario, options, weather, seed, who plays
    /game/<id>            the game page (map, side panel, log, replay)
    /rules/<game>         the rules index the prompts link to (#r-7.1 anchors)

API (JSON; errors are ``{"error": "..."}`` with a 4xx status)::

    GET    /api/meta                    games, scenarios, options, AI levels
    GET    /api/board/<game>            the board SVG and each hex's centre
    GET    /api/hex/<game>/<hex>        one hex described (terrain, hexsides, place)
    GET    /api/chart/<game>            the game's charts (terrain effects, combat) as tables
    GET    /api/games                   every stored game
    POST   /api/games                   start a game
    GET    /api/games/<id>              the position, prompt, legal actions, counters, log
    DELETE /api/games/<id>              forget a game
    PUT    /api/games/<id>/players      change who plays each side (the sides you hold)
    POST   /api/games/<id>/claim        seats for a game stored before seats (local only)
    POST   /api/games/<id>/actions      {"action": text, "seq": n} -> the new position
    GET    /api/games/<id>/odds         ?action=roll: the exact outcome distribution
    GET    /api/games/<id>/overlay/<k>  supply | zoc | control (?side=, ?step=)
    GET    /api/games/<id>/timeline     where each turn and phase begins, for replay
    GET    /api/games/<id>/at/<step>    the position after that many steps (replay)
    GET    /api/games/<id>/record       the game record file (export)
    POST   /api/import                  a record file (or {"record", "players"}) -> a game
    WS     /ws/games/<id>               {"seq", "thinking", "active"} whenever the game moves

Who may do what is in docs/security.md: every request passes :class:`~.guard.Guard` (host,
origin, content type, size, security headers); acting, changing players, deleting and the
live socket need a seat token (:mod:`.seats`); watching a game needs only its id.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from .. import __version__, games
from ..ai.players import levels, levels_for
from ..core.errors import IllegalAction, OstfrontError, RecordError, UnknownGame
from ..core.hexgrid import HexIdError
from ..core.protocol import NotPlayable, State
from . import describe, rulespage, seats
from .guard import Guard, is_loopback
from .seats import Forbidden
from .sessions import (
    BadRequest,
    Manager,
    NotFound,
    NotYourTurn,
    Session,
    Stale,
    loop_notifier,
)
from .store import DatabaseError, Store

WEB = Path(__file__).resolve().parent.parent / "web"

#: What a game id looks like (anything else is refused before it reaches a page or query).
GAME_ID = re.compile(r"[0-9a-f]{6,32}")


class NewGame(BaseModel):
    game: str = Field(default_factory=lambda: games.names()[0])
    scenario: str | None = None
    position: str | None = Field(
        default=None, max_length=64, description="a position the game ships, not a scenario"
    )
    options: dict[str, Any] = Field(default_factory=dict)
    weather: str | None = Field(default=None, description="historical | random")
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    players: dict[str, str] = Field(default_factory=dict)
    seats: str = Field(default=seats.HOTSEAT, description="hotseat | invite")


class ActionIn(BaseModel):
    action: str = Field(min_length=1, max_length=200)
    seq: int


class PlayersIn(BaseModel):
    players: dict[str, str]


def seat_token(request: Request) -> str | None:
    return request.headers.get(seats.HEADER)


def seat_links(gid: str, tokens: dict[str, str]) -> dict[str, str]:
    """Each side's invite link (the token rides in the fragment, never sent to a server)."""
    return {side: f"/game/{gid}#seat={t}" for side, t in tokens.items()}


def seat_answer(session: Session, tokens: dict[str, str]) -> dict[str, Any]:
    links = seat_links(session.id, tokens)
    mine = next(iter(links.values()))
    return {"id": session.id, "url": mine, "seats": tokens, "links": links}


# ------------------------------------------------------------------ views
def game_view(
    manager: Manager,
    session: Session,
    state: State,
    *,
    live: bool = True,
    log_from: int = 0,
    log_step: int | None = None,
    mine: set[str] | None = None,
) -> dict[str, Any]:
    """Everything the game page draws for one position (callers hold no lock). Legal
    actions are listed only to the holder of the seat to move (``mine``)."""
    held = mine or set()
    with manager.engine:
        game = session.game
        active = game.active_side(state)
        human_to_move = (
            live and active is not None and session.computer_to_move() is None and active in held
        )
        legal = game.legal_actions(state) if human_to_move else []
        actions = describe.annotate(game, state, legal)
        odds = None
        # the odds panel: a battle's roll (one naming no single unit); the other dice
        # actions (a strike on a unit) are previewed when pointed at
        rolls = [a for a in legal if a.role == "roll"]
        roll = next((a for a in rolls if not a.units), None)
        if roll is not None:
            odds = describe.odds(game, state, roll)
        more = {a.text: describe.odds(game, state, a) for a in rolls if a is not roll}
        result = game.result(state)
        view = {
            "id": session.id,
            "game": game.name,
            "game_title": game.title,
            "scenario": session.header.get("scenario"),
            "position": _position_note(session.header.get("position")),
            "options": session.header.get("options", {}),
            # the seed decides every die: secret until the game is over (docs/security.md)
            "seed": session.header.get("seed") if session.finished else "secret until the end",
            "sides": list(game.sides),
            "players": session.players,
            "seats": sorted(held),
            "claimable": session.seats is None,
            "levels": levels_for(game),
            "seq": session.seq,
            "step": state.get("step", 0),
            "live": live,
            "active": active,
            "prompt": game.prompt(state).to_json(),
            "result": None if result is None else result.to_json(),
            "info": describe.phase_info(game, state),
            "actions": actions,
            "odds": odds,
            "odds_more": {k: v for k, v in more.items() if v is not None},
            "counters": describe.counters_json(game, state),
            "boxes": describe.boxes(game, state),
            "pending": describe.pending_json(game, state),
            "selected": describe.selected_unit(game, state),
            "thinking": session.thinking and live,
            "ai_error": session.ai_error,
            "log": _log(session, state, log_from, log_step),
        }
    return view


def _position_note(position: Any) -> str | None:
    """What a game started from a custom position says of it (its note), for the title."""
    if not isinstance(position, dict):
        return None
    note = position.get("note")
    return str(note)[:200] if note else "a custom position"


def _log(session: Session, state: State, log_from: int, log_step: int | None) -> dict[str, Any]:
    log = state.get("log", [])
    start = 0
    if 0 < log_from <= len(log) and log[log_from - 1].get("step") == log_step:
        start = log_from
    entries = []
    for e in log[start:]:
        n = int(e.get("step", 0))
        meta = session.meta[n - 1] if 0 < n <= len(session.meta) else {}
        entry = {**e, **{k: meta.get(k) for k in ("rule", "turn", "phase", "title")}}
        if e.get("rolls"):
            entry["hits"] = session.game.roll_hits(e)
        entries.append(entry)
    return {"start": start, "total": len(log), "entries": entries}


def timeline(session: Session) -> list[dict[str, Any]]:
    """The step at which each (turn, phase) begins: replay's jump points."""
    marks: list[dict[str, Any]] = []
    last = None
    for i, m in enumerate(session.meta):
        key = (m.get("turn"), m.get("phase"))
        if key != last:
            marks.append({"step": i, "turn": m.get("turn"), "title": m.get("title")})
            last = key
    return marks


def export_record(manager: Manager, session: Session) -> dict[str, Any]:
    """The record file of a game; in play, its seed sealed (only this server reads it)."""
    data = session.record.to_json()
    if not session.finished:
        header = dict(data["header"])
        header["sealed_seed"] = seats.seal(int(header["seed"]), manager.key())
        header["seed"] = None
        data["header"] = header
    return data


# ------------------------------------------------------------------ the app
def create_app(
    db: str | Path | None = None,
    *,
    move_delay: float = 0.06,
    ai_budget: float | None = None,
    manager: Manager | None = None,
    allowed_hosts: tuple[str, ...] = (),
    exclusive: bool = False,
) -> Any:
    """The web app over the database at ``db`` (default: the user's data directory),
    behind the request checks of :class:`~.guard.Guard`. ``allowed_hosts``: host names
    to answer besides addresses, localhost and this machine's name; ``exclusive``: hold
    the database's lock file (one server a database)."""
    from .store import default_db_path

    if manager is None:
        store = Store(db if db is not None else default_db_path(), exclusive=exclusive)
        manager = Manager(store, move_delay=move_delay, ai_budget=ai_budget)
    mgr = manager

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        mgr.close()

    app = FastAPI(title="Ostfront", version=__version__, lifespan=lifespan)
    app.state.manager = mgr
    app.add_middleware(GZipMiddleware, minimum_size=2000)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- errors ----------------------------------------------------------------
    def error(status: int, message: str, **extra: Any) -> JSONResponse:
        return JSONResponse({"error": message, **extra}, status_code=status)

    @app.exception_handler(OstfrontError)
    async def ostfront_error(request: Request, exc: OstfrontError) -> JSONResponse:
        if isinstance(exc, Stale):
            return error(409, str(exc), seq=exc.seq)
        if isinstance(exc, NotYourTurn):
            return error(409, str(exc))
        if isinstance(exc, Forbidden):
            return error(403, str(exc))
        if isinstance(exc, NotFound | UnknownGame):
            return error(404, str(exc))
        if isinstance(exc, IllegalAction | RecordError):
            return error(422, str(exc))
        if isinstance(exc, DatabaseError):
            return error(503, str(exc))
        return error(400, str(exc))

    @app.exception_handler(sqlite3.Error)
    async def database_error(request: Request, exc: sqlite3.Error) -> JSONResponse:
        return error(503, f"the game database failed: {exc}")

    @app.exception_handler(HexIdError)
    async def hex_error(request: Request, exc: HexIdError) -> JSONResponse:
        return error(404, str(exc))

    # -- pages -----------------------------------------------------------------
    def page(name: str) -> FileResponse:
        return FileResponse(WEB / name, media_type="text/html")

    @app.get("/", include_in_schema=False)
    def home() -> FileResponse:
        return page("index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    @app.get("/new", include_in_schema=False)
    def new_page() -> FileResponse:
        return page("new.html")

    @app.get("/game/{gid}", include_in_schema=False)
    def game_page(gid: str) -> Response:
        if not GAME_ID.fullmatch(gid) or mgr.store.get(gid) is None:
            shown = html.escape(gid[:40] + ("…" if len(gid) > 40 else ""), quote=True)
            return HTMLResponse(
                f"<!doctype html><title>No such game</title><p>No game “{shown}”. "
                "<a href='/'>Back to the games</a></p>",
                status_code=404,
            )
        return page("game.html")

    @app.get("/rules/{game}", include_in_schema=False)
    def rules(game: str) -> HTMLResponse:
        return HTMLResponse(rulespage.render(games.get(game)))

    # -- reference ---------------------------------------------------------------
    @app.get("/api/meta")
    def meta() -> dict[str, Any]:
        return {
            "version": __version__,
            "games": [_described(games.get(n)) for n in games.names()],
            "levels": levels(),
        }

    def _described(game: Any) -> dict[str, Any]:
        """A game's scenarios, options and positions, and the computer levels that know it."""
        return {**game.describe(), "levels": levels_for(game)}

    @app.get("/api/board/{game}")
    def board(game: str) -> dict[str, Any]:
        return describe.board_payload(games.get(game).name)

    @app.get("/api/chart/{game}")
    def chart(game: str) -> dict[str, Any]:
        g = games.get(game)
        return {"game": g.name, "title": g.title, "tables": g.chart()}

    @app.get("/api/hex/{game}/{hex_id}")
    def hex_info(game: str, hex_id: str) -> dict[str, Any]:
        g = games.get(game)
        out: dict[str, Any] = g.board().describe_hex(hex_id)
        out.update(g.hex_extras(hex_id))
        return out

    # -- games ---------------------------------------------------------------------
    def session_for(gid: str) -> Session:
        if not GAME_ID.fullmatch(gid):
            raise NotFound(f"no game {gid[:40]!r}")
        return mgr.get(gid)

    @app.get("/api/games")
    def list_games() -> list[dict[str, Any]]:
        out = []
        for g in mgr.store.all():
            d = g.to_json()
            d["claimable"] = g.seats is None
            with contextlib.suppress(UnknownGame):
                d["game_title"] = games.get(g.game).title
            out.append(d)
        return out

    @app.post("/api/games", status_code=201)
    def create(body: NewGame) -> dict[str, Any]:
        try:
            return _create(body)
        except UnknownGame as exc:  # a bad scenario or option is a bad request, not a 404
            raise BadRequest(str(exc)) from None

    def _create(body: NewGame) -> dict[str, Any]:
        game = games.get(body.game)
        options = dict(body.options)
        if body.weather is not None:
            if body.weather not in ("historical", "random"):
                raise BadRequest(f"weather must be historical or random, not {body.weather!r}")
            if "random-weather" in {o.id for o in game.options()}:
                options["random-weather"] = body.weather == "random"
            elif body.weather == "random":
                raise BadRequest(f"{game.title} has no random weather option")
        if not game.playable:
            raise NotPlayable(f"{game.title}: the rules engine is not written yet")
        session, tokens = mgr.create(
            game.name,
            body.scenario,
            options,
            body.seed,
            body.players,
            body.seats,
            position=None if body.position is None else game.shipped_position(body.position),
        )
        return seat_answer(session, tokens)

    @app.get("/api/games/{gid}")
    def get_game(
        gid: str, request: Request, log_from: int = 0, log_step: int | None = None
    ) -> dict[str, Any]:
        session = session_for(gid)
        mine = session.held(seat_token(request))
        return game_view(
            mgr, session, session.state, log_from=log_from, log_step=log_step, mine=mine
        )

    @app.delete("/api/games/{gid}")
    def delete_game(gid: str, request: Request) -> dict[str, Any]:
        session_for(gid)
        mgr.delete(gid, seat_token(request))
        return {"deleted": gid}

    @app.post("/api/games/{gid}/claim")
    def claim(gid: str, request: Request) -> dict[str, Any]:
        session = session_for(gid)
        client = request.client.host if request.client else ""
        if not is_loopback(client):
            raise Forbidden("a game from before seats may only be claimed on this machine")
        return seat_answer(session, mgr.claim(gid))

    @app.put("/api/games/{gid}/players")
    def put_players(gid: str, body: PlayersIn, request: Request) -> dict[str, Any]:
        session_for(gid)
        session = mgr.set_players(gid, body.players, seat_token(request))
        return {"players": session.players}

    @app.post("/api/games/{gid}/actions")
    def act(
        gid: str,
        body: ActionIn,
        request: Request,
        log_from: int = 0,
        log_step: int | None = None,
    ) -> Any:
        session_for(gid)
        token = seat_token(request)
        session = mgr.act(gid, body.action, body.seq, token=token)
        return game_view(
            mgr,
            session,
            session.state,
            log_from=log_from,
            log_step=log_step,
            mine=session.held(token),
        )

    @app.get("/api/games/{gid}/odds")
    def odds(gid: str, action: str) -> dict[str, Any]:
        session = session_for(gid)
        with mgr.engine:
            act = session.game.find_action(session.state, action)
            out = describe.odds(session.game, session.state, act)
        if out is None:
            raise BadRequest(f"'{act.text}' rolls no dice")
        return out

    @app.get("/api/games/{gid}/overlay/{kind}")
    def overlay(gid: str, kind: str, side: str | None = None, step: int | None = None) -> Any:
        session = session_for(gid)
        state = session.state if step is None else mgr.state_at(gid, step)
        try:
            with mgr.engine:
                return describe.overlay(session.game, state, kind, side)
        except ValueError as exc:
            raise BadRequest(str(exc)) from None

    @app.get("/api/games/{gid}/timeline")
    def get_timeline(gid: str) -> dict[str, Any]:
        session = session_for(gid)
        return {"seq": session.seq, "marks": timeline(session)}

    @app.get("/api/games/{gid}/at/{step}")
    def at(gid: str, step: int) -> dict[str, Any]:
        session = session_for(gid)
        state = mgr.state_at(gid, step)
        return game_view(mgr, session, state, live=False)

    @app.get("/api/games/{gid}/record")
    def record(gid: str) -> Response:
        session = session_for(gid)
        data = export_record(mgr, session)
        name = f"ostfront-{session.game.name}-{gid}.json"
        return Response(
            json.dumps(data, indent=1, ensure_ascii=False) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.post("/api/import", status_code=201)
    async def import_record(request: Request) -> Any:
        raw = await request.body()
        try:
            data = json.loads(raw or b"null")
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            return error(422, f"the imported file is not JSON: {exc}")
        except RecursionError:
            return error(422, "the imported file nests too deeply to be a game record")
        players: dict[str, Any] = {}
        mode = seats.HOTSEAT
        if isinstance(data, dict) and "record" in data and "format" not in data:
            players = data.get("players") or {}
            if not isinstance(players, dict):
                return error(422, "players must be an object: side -> human | level")
            mode = data.get("seats") or seats.HOTSEAT
            if not isinstance(mode, str):
                return error(422, "seats must be hotseat or invite")
            data = data["record"]
        session, tokens, checked = await run_in_threadpool(mgr.import_record, data, players, mode)
        unchecked = session.seq - checked
        note = (
            f"{checked} of {session.seq} steps matched their recorded hashes"
            if not unchecked
            else f"{unchecked} of {session.seq} steps carried no hash: they were checked "
            "for legality only"
        )
        return {
            **seat_answer(session, tokens),
            "steps": session.seq,
            "hashes_checked": checked,
            "verified": unchecked == 0,
            "note": note,
        }

    # -- live updates ----------------------------------------------------------------
    @app.websocket("/ws/games/{gid}")
    async def live(websocket: WebSocket, gid: str) -> None:
        offered = [p for p in websocket.scope.get("subprotocols", []) if p]
        prefix = seats.PROTOCOL_PREFIX
        token = next((p[len(prefix) :] for p in offered if p.startswith(prefix)), None)
        try:
            session = await run_in_threadpool(session_for, gid)
        except OstfrontError as exc:
            await websocket.accept(subprotocol="ostfront" if "ostfront" in offered else None)
            await websocket.send_json({"error": str(exc)})
            await websocket.close(code=4404)
            return
        mine = session.held(token)
        if token is not None and not mine:
            await websocket.close(code=4403, reason="not a seat of this game")
            return
        await websocket.accept(subprotocol="ostfront" if "ostfront" in offered else None)
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        callback = loop_notifier(asyncio.get_running_loop(), queue)
        mgr.subscribe(gid, callback)
        try:
            await websocket.send_json(
                {
                    "seq": session.seq,
                    "thinking": session.thinking,
                    "active": None,
                    "ai_error": session.ai_error,
                    "seats": sorted(mine),
                }
            )
            reader = asyncio.create_task(websocket.receive_text())
            while True:
                getter = asyncio.create_task(queue.get())
                done, _ = await asyncio.wait({reader, getter}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getter.cancel()
                    reader.result()  # raises WebSocketDisconnect when the page closes
                    reader = asyncio.create_task(websocket.receive_text())
                    continue
                msg = getter.result()
                while not queue.empty():  # only the latest news matters
                    msg = queue.get_nowait()
                await websocket.send_json(msg)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the page went away
        finally:
            mgr.unsubscribe(gid, callback)

    return Guard(app, allowed_hosts)
