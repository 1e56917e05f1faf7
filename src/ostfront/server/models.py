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


class PositionInfo(Open):
    """A starting position a game ships (``Game.shipped_positions``)."""

    id: str
    title: str
    summary: str = ""
    turn: Scalar = None


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
