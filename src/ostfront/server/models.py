"""The shapes of the API's JSON: what each request carries and what each ``/api`` route
answers with, so a client author can rely on them (they are listed at ``/docs``).

The routes build plain dicts; FastAPI checks each answer against its model and sends it
with the fields the route set (``response_model_exclude_unset``: a default is what a client
may assume when a field is absent, never written in). Where a part is a game's own (a hex's
extras, a decision in progress, the points a side holds, a supply line), the model names
the fields the protocol promises and lets a game add more (:class:`Open`): no game is named
here. The game page's view of a position is in :mod:`.view_models`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .. import games
from . import seats

#: A value a game chooses the type of: a turn is a number in one game, a month in another.
Scalar = int | float | str | bool | None


class Closed(BaseModel):
    """A shape the server defines: nothing beyond its fields."""

    model_config = ConfigDict(extra="forbid")


class Open(BaseModel):
    """A shape a game fills in: the protocol's fields, and whatever else the game adds."""

    model_config = ConfigDict(extra="allow")


# ------------------------------------------------------------------ requests
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
    rated: bool = Field(
        default=False,
        description="counts for Elo ratings (invite seats, both sides human, signed in)",
    )
    public: bool = Field(default=False, description="listed in /api/games for anyone to watch")
    clock: str = Field(
        default="none", max_length=16, description="a time control (GET /api/time-controls)"
    )


class ActionIn(BaseModel):
    action: str = Field(min_length=1, max_length=200)
    seq: int


class PlayersIn(BaseModel):
    players: dict[str, str]


# ------------------------------------------------------------------ reference
class ScenarioInfo(Closed):
    id: str
    title: str
    summary: str = ""
    rule: str | None = None


class OptionInfo(Closed):
    id: str
    rule: str | None = None
    summary: str
    default: Scalar = False
    choices: list[Scalar] = []
    scenarios: list[str] = Field(default=[], description="the scenarios it belongs to (all: [])")
    choices_by_scenario: dict[str, list[Scalar]] = Field(
        default={}, description="a scenario's own choices, where fewer than `choices`"
    )
    group: str = Field(
        default="", description="options of one group are chosen at most one at a time"
    )
    fixed_by: dict[str, Scalar] = Field(
        default={}, description="switches that, while on, leave this option the one value"
    )
    fixed_rule: str | None = Field(default=None, description="the rule that fixes it so")


class PositionInfo(Open):
    """A starting position a game ships (``Game.shipped_positions``)."""

    id: str
    title: str
    summary: str = ""
    turn: Scalar = None
    options: list[str] | None = Field(
        default=None, description="the options a game from it may have (None: every option)"
    )


class GameInfo(Closed):
    name: str
    title: str
    sides: list[str]
    playable: bool
    playable_note: str = ""
    rulebook: str = ""
    scenarios: list[ScenarioInfo]
    options: list[OptionInfo]
    positions: list[PositionInfo]
    levels: list[str] = Field(description="the computer levels that know this game")


class Meta(Closed):
    version: str
    games: list[GameInfo]
    levels: list[str] = Field(description="every computer level, weakest first")


class Board(Closed):
    game: str
    size: float = Field(description="hex size (centre to corner) the board is drawn at")
    svg: str
    centres: dict[str, list[float]] = Field(description="hex id -> [x, y] of its centre")
    sectors: dict[str, str] = Field(
        default_factory=dict, description="hex id -> the front sector it lies in (Game.sectors)"
    )


class RuleNote(Closed):
    """One numbered rule for players: a short summary in Ostfront's own words (None while it
    is still to be written), the tables it uses, where it applies, its developers' row."""

    rule: str
    number: str
    title: str
    summary: str | None
    tables: list[str]
    where: str
    developers: str = Field(description="its row on the developers' rules page")


class RuleNotes(Closed):
    game: str
    title: str
    rules: list[RuleNote]


class ChartRow(Open):
    cells: list[str]
    rule: str | None = None
    reconstructed: Any = None


class ChartTable(Open):
    """One of a game's charts (``Game.chart``)."""

    id: str
    title: str
    rule: str | None = None
    columns: list[str]
    note: str | None = None
    rows: list[ChartRow]


class Chart(Closed):
    game: str
    title: str
    tables: list[ChartTable]


class Place(Open):
    name: str
    kinds: list[str] = []
    attrs: dict[str, Any] = {}


class Neighbour(Closed):
    hex: str
    direction: int
    terrain: str | None = None
    hexside: str
    features: dict[str, Any] = {}
    rail: bool = False


class HexInfo(Open):
    """One hex as the map describes it, and what the game's data adds (``Game.hex_extras``)."""

    map: str
    hex: str
    column: int
    row: int
    terrain: str | None = None
    tags: list[str] = []
    place: Place | None = None
    regions: list[str] = []
    rail: bool = False
    edges: list[str] = []
    lines: list[str] = []
    neighbours: list[Neighbour] = []


# ------------------------------------------------------------------ games
class ResultInfo(Closed):
    winner: str | None = Field(description="None for a draw")
    score: dict[str, int | float] = {}
    reason: str = ""


class Summary(Closed):
    """Where a stored game stands, for the list of games."""

    title: str | None = None
    turn: Scalar = None
    active: str | None = None
    result: ResultInfo | None = None


class GameListed(Closed):
    id: str
    game: str
    scenario: str | None = None
    options: dict[str, Scalar] = {}
    seed: int | None = Field(default=None, description="shown once the game is over")
    players: dict[str, str]
    created: float
    updated: float
    steps: int
    status: str = Field(description="playing | finished")
    summary: Summary
    claimable: bool = Field(description="stored before seats: claimable on this machine")
    game_title: str | None = Field(default=None, description="absent for an unknown game")
    mine: bool = Field(
        default=False, description="the caller plays it (a seat named, or kept with its account)"
    )


class SeatAnswer(Closed):
    """A game just made, with its seat tokens (keep them: they are the right to act)."""

    id: str
    url: str = Field(description="the game page, with the first seat's token in the fragment")
    seats: dict[str, str] = Field(description="side -> seat token")
    links: dict[str, str] = Field(description="side -> invite link")


class Imported(SeatAnswer):
    steps: int
    hashes_checked: int
    verified: bool = Field(description="every step matched its recorded hash")
    note: str


class Deleted(Closed):
    """A game deleted (its id), or (202) an invite game waiting for its other seats to agree."""

    deleted: str | None
    waiting_for: list[str] | None = Field(
        default=None, description="the sides whose seats have not yet asked to delete it"
    )


class Players(Closed):
    players: dict[str, str] = Field(description="side -> human | computer level")


class OddsValue(Closed):
    value: int | str
    p: float
    meaning: str | None = Field(
        default=None, description="what the result does and its rule (Game.outcome_meanings)"
    )


class Marginal(Closed):
    name: str
    values: list[OddsValue]
    expected: float | None = Field(description="for numbers (hits); None for named results")


class Outcome(Closed):
    outcome: list[int | str]
    p: float


class Odds(Closed):
    """The exact outcome distribution of the dice an action would roll."""

    action: str
    outcomes: list[Outcome]
    marginals: list[Marginal]
    note: str | None = Field(
        default=None, description="which way the roll resolves (Game.roll_note)"
    )


class SupplyLine(Open):
    """How a unit traces supply (``Game.overlay``'s lines)."""

    ok: bool | None = None
    path: list[str] = []
    source: str | None = None
    note: str | None = None
    text: str = ""


class Overlay(Closed):
    kind: str = Field(description="supply | zoc | control")
    side: str
    hexes: dict[str, Any] = Field(description="hex -> the side it shows")
    units: dict[str, Any] = Field(description="unit id -> in supply")
    lines: dict[str, SupplyLine] | None = Field(default=None, description="supply only")


class CardLine(Closed):
    label: str
    value: str
    rule: str | None = None


class CardStatus(Closed):
    name: str
    code: str
    note: str = ""
    rule: str | None = None


class CardRule(Closed):
    text: str
    rule: str | None = None


class UnitCard(Closed):
    """What the unit card shows of one unit (``Game.unit_card``)."""

    id: str
    title: str
    side: str
    lines: list[CardLine]
    status: list[CardStatus] = []
    rules: list[CardRule] = []


class Mark(Closed):
    step: int
    turn: Scalar = None
    title: str | None = None


class Timeline(Closed):
    seq: int
    marks: list[Mark] = Field(description="the step at which each turn and phase begins")


class RecordStep(Open):
    action: str
    hash: str | None = None


class RecordFile(Open):
    """A game record file (:mod:`ostfront.core.record`); in play, its seed is sealed."""

    format: str
    format_version: int
    header: dict[str, Any]
    steps: list[RecordStep]


# ------------------------------------------------------------------ accounts
class Credentials(BaseModel):
    name: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class RatingInfo(Closed):
    rating: float = Field(description="Elo, from 1500")
    played: int
    won: int
    lost: int
    drawn: int


class AccountInfo(Closed):
    """Who the request is signed in as (``signed_in`` false: no one)."""

    signed_in: bool
    name: str | None = None
    ratings: dict[str, RatingInfo] = Field(
        default={}, description='game name (or "*": all games) -> rating'
    )


class SignedOut(Closed):
    signed_in: bool = False


class PasswordChange(BaseModel):
    """A new password, given with the current one."""

    password: str = Field(max_length=1024, description="the current password")
    new_password: str = Field(max_length=1024)


class PasswordChanged(Closed):
    changed: bool = True
    signed_out: int = Field(description="the account's other logins, now signed out")


class PasswordIn(BaseModel):
    """The account's password, to confirm something only its owner may do."""

    password: str = Field(max_length=1024)


class AccountDeleted(Closed):
    deleted: bool = True
    signed_in: bool = False
    resigned: list[str] = Field(description="the games in play resigned (an opponent won)")
    released: list[str] = Field(
        description="the games in play whose seats were released (no opponent to win)"
    )


class SeatsIn(BaseModel):
    """Seat tokens this browser holds (game id -> token), to keep with the account."""

    seats: dict[str, str] = Field(max_length=500)


class Linked(Closed):
    linked: dict[str, list[str]] = Field(description="game id -> the sides now kept with you")


class MyGame(Closed):
    """A game the signed-in account plays."""

    id: str
    game: str
    game_title: str | None = None
    scenario: str | None = None
    status: str = Field(description="playing | finished")
    sides: list[str] = Field(description="the sides you play")
    players: dict[str, str] = Field(description="side -> human | computer level")
    accounts: dict[str, str] = Field(description="side -> the account that plays it")
    active: str | None = Field(default=None, description="the side to move")
    your_turn: bool
    title: str | None = Field(default=None, description="where the game stands")
    turn: Scalar = None
    result: ResultInfo | None = None
    rated: bool = False
    rating_change: dict[str, dict[str, float]] | None = Field(
        default=None, description="side -> before, after, score (a rated game, once over)"
    )
    not_counted: str | None = Field(
        default=None, description="why a finished rated game changed no rating"
    )
    rematch: str | None = Field(default=None, description="the rematch's game id")
    rematch_of: str | None = None
    updated: float
    steps: int
    time_left: dict[str, float] | None = Field(
        default=None, description="side -> seconds left on its clock (a game with clocks)"
    )


class PlayerRow(Closed):
    name: str
    rating: float | None = Field(default=None, description="none before a rated game")
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0


class PlayerPage(Closed):
    name: str
    created: float
    ratings: dict[str, RatingInfo] = Field(description='game name (or "*": all games) -> rating')


class Terms(Closed):
    """What a game was started as, and who plays it by account."""

    rated: bool
    public: bool
    rematch_of: str | None = None
    rematch: str | None = None
    accounts: dict[str, str] = Field(description="side -> the account that plays it")
    rating_change: dict[str, dict[str, float]] | None = None
    not_counted: str | None = Field(
        default=None, description="why a finished rated game changed no rating"
    )
    finished: bool = False
    yours: list[str] = Field(default=[], description="the sides the caller holds")


class RematchAnswer(Closed):
    """The rematch (sides swapped): its id, and fresh seat tokens for the sides your seat
    token held (none when you play by account)."""

    id: str
    url: str
    seats: dict[str, str] = {}


# ------------------------------------------------------------------ the lobby
class ChallengeIn(BaseModel):
    game: str = Field(max_length=32)
    scenario: str | None = Field(default=None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    side: str = Field(default="random", max_length=32, description="yours, or random")
    clock: str | None = Field(
        default=None, max_length=16, pattern=r"^[a-z]+$", description="a time control (none: null)"
    )
    rated: bool = False
    public: bool = Field(default=True, description="the game listed for anyone to watch")


class ChallengeInfo(Closed):
    id: str
    by: str = Field(description="the account that made it")
    game: str
    game_title: str | None = None
    scenario: str | None = None
    options: dict[str, Scalar] = {}
    side: str = Field(description="the side its author plays, or random")
    clock: str | None = Field(default=None, description="the time control (none: null)")
    rated: bool
    public: bool
    created: float
    game_id: str | None = Field(default=None, description="once accepted: the game")
    accepted_by: str | None = None


class Lobby(Closed):
    open: list[ChallengeInfo] = Field(description="open challenges, newest first")
    mine: list[ChallengeInfo] = Field(description="your own challenges, open or accepted")


class Accepted(Closed):
    id: str = Field(description="the game's id")
    url: str


# ------------------------------------------------------------------ clocks, chat, notices
class TimeControl(Closed):
    """A time control a game may be made with (seconds)."""

    id: str
    title: str
    initial: float
    increment: float = Field(description="added each time the side hands the decision over")
    cap: float = Field(description="the most a side may hold")


class ClockInfo(Closed):
    """A game's clocks as the server sees them at ``now``."""

    control: str
    title: str
    left: dict[str, float] = Field(description="side -> seconds left")
    running: str | None = Field(description="the side whose clock runs (none: paused)")
    flagged: str | None = Field(description="the side that lost on time")
    now: float = Field(description="the server's time (seconds since the epoch)")


class ChatIn(BaseModel):
    text: str = Field(min_length=1, max_length=2000)


class ChatMessage(Closed):
    n: int = Field(description="1-based, in the order the server took them")
    side: str = Field(description="the side(s) of the seat that wrote it")
    text: str = Field(description="plain text: a client shows it as text, never as markup")
    at: float


class ChatLog(Closed):
    messages: list[ChatMessage]


class NotifyIn(BaseModel):
    webhook: str | None = Field(
        default=None, max_length=500, description='an http(s) URL; "" clears it; absent: kept'
    )
    email: str | None = Field(
        default=None, max_length=254, description='an address; "" clears it; absent: kept'
    )
    on: bool | None = Field(
        default=None, description="false: told nowhere for now (the settings kept); absent: kept"
    )


class NotifySettings(Closed):
    webhook: str | None = None
    email: str | None = None
    has_secret: bool = Field(description="whether the webhook has a signing secret")
    mail: bool = Field(description="whether this server sends mail (an SMTP server given)")
    on: bool = Field(default=True, description="whether notices are sent (false: paused)")
    secret: str | None = Field(
        default=None,
        description="the webhook's signing secret: answered once, when the URL is set",
    )
