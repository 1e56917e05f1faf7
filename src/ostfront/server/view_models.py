"""The shape of the game page's view of one position (``GET /api/games/<id>``, the answer
to an action, a replayed step): the prompt, the legal actions, the counters, the log.

Parts a game fills in (a decision in progress, the units off the map, its points pools, a
log entry's extras) are open shapes (:class:`~.models.Open`): the protocol's fields are
named, a game may add more.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from .models import ClockInfo, Closed, Odds, Open, ResultInfo, Scalar


class PromptInfo(Closed):
    side: str | None = None
    text: str
    rule: str | None = None


class PhaseInfo(Closed):
    """Turn, phase (with its title and rule), weather and each side's points."""

    turn: Scalar = None
    phase: str | None = None
    title: str = ""
    turn_title: str = Field(default="", description="the turn's part of the title")
    phase_title: str = Field(default="", description="the phase's part of the title")
    rule: str | None = None
    setup: bool = Field(default=False, description="a set-up phase (placing before play)")
    weather: Scalar = None
    weather_rule: str | None = None
    pools: dict[str, Any] = Field(default={}, description="side -> the game's points pools")
    step: int = 0


class ActionInfo(Closed):
    """One legal action: what to send back (``text``), what to show, what it names."""

    verb: str
    args: list[str | int] = Field(default=[])
    text: str
    label: str
    rule: str | None = None
    side: str | None = None
    role: str = Field(
        default="choose",
        description="select | move | attack | back | end | roll | choose",
    )
    units: list[str] = Field(default=[])
    hexes: list[str] = Field(default=[])
    group: str = Field(default="", description="the player-facing title of its group")
    highlight: str | None = Field(
        default=None, description="how the game says its hex is lit (move, rail, attack...)"
    )
    index: int
    hex: str | None = Field(default=None, description="the hex it names (to highlight)")
    unit: str | None = Field(default=None, description="the unit it names")
    kind: str | None = Field(default=None, description="how the browser lights its hex")
    path: list[str] | None = Field(default=[], description="the hexes a move passes through")
    cost: int | float | None = Field(default=None, description="its movement cost")


class CounterInfo(Closed):
    id: str
    hex: str
    side: str
    nation: str
    symbol: str
    factors: str
    label: str = ""
    reduced: bool = False
    face: str = Field(default="", description="the back face's name; '' for the front")
    markers: list[str] = Field(default=[])
    svg: str


class BoxUnit(Open):
    id: str
    name: str
    svg: str
    turn: Scalar = Field(default=None, description="when it arrives, for reinforcements")


class Box(Closed):
    """Units off the map in one box (to set up, to arrive, eliminated) of one side."""

    box: str
    title: str
    side: str | None = None
    units: list[BoxUnit]


class Decision(Open):
    """A decision in progress (an attack being declared, losses to take): the game's data."""

    kind: str | None = None
    side: str | None = None
    targets: list[str] = Field(default=[], description="the hexes it is about (lit)")
    attackers: list[str] = Field(default=[], description="the units it is about")


class LogEntry(Open):
    step: int
    side: str | None = None
    action: str
    text: str
    rule: str | None = None
    turn: Scalar = None
    phase: str | None = None
    title: str | None = None
    turn_title: str | None = None
    phase_title: str | None = None
    setup: bool | None = Field(default=None, description="taken in a set-up phase")
    role: str | None = Field(default=None, description="its action's role (as an action's)")
    units: list[str] | None = Field(default=None, description="the units its action names")
    hexes: list[str] | None = Field(
        default=None, description="the hexes its action names (a battle's roll: the battle's)"
    )
    rolls: list[Any] | None = None
    hits: dict[str, int] | None = Field(default=None, description="the hits its dice scored")


class Log(Closed):
    start: int = Field(description="the index of the first entry sent")
    total: int
    entries: list[LogEntry]


class CountersChange(Closed):
    changed: list[CounterInfo] = Field(description="counters new or changed")
    gone: list[str] = Field(description="the ids of counters no longer on the map")
    order: list[str] | None = Field(default=None, description="every id, when merging misorders")


class UnitsChange(Closed):
    changed: list[BoxUnit]
    gone: list[str]
    order: list[str] | None = None


class BoxChanged(Closed):
    """A box new (its units whole) or changed (its units whole or as changes)."""

    box: str
    title: str
    side: str | None = None
    units: list[BoxUnit] | None = None
    units_change: UnitsChange | None = None


class BoxesChange(Closed):
    changed: list[BoxChanged] = Field(description="boxes new or changed")
    gone: list[str] = Field(description="the boxes gone, as 'box/side'")
    order: list[str] | None = None


class ActionsChange(Closed):
    base: str = Field(description="the hash of the view whose actions these change")
    changed: list[ActionInfo] = Field(description="actions new or changed")
    gone: list[str] = Field(description="the texts of actions no longer legal")
    order: list[str] | None = None


class ViewDelta(Closed):
    """The counters, boxes and actions as changes from the view whose hash is ``base``
    (server/deltas.py); a list not here is in the view whole."""

    base: str
    counters: CountersChange | None = None
    boxes: BoxesChange | None = None
    actions: ActionsChange | None = None


class ThinkingProgress(Closed):
    """How far the computer has got while it plays: a progress indicator's figures."""

    steps: int = Field(description="the steps it has taken since it began")
    seconds: float = Field(description="how long it has been at it")


class GameView(Closed):
    id: str
    game: str
    game_title: str
    scenario: str | None = None
    position: str | None = Field(default=None, description="the custom position's note")
    options: dict[str, Scalar] = Field(default={})
    seed: int | str | None = Field(default=None, description="secret until the game is over")
    sides: list[str]
    players: dict[str, str]
    seats: list[str] = Field(description="the sides the caller's seat token holds")
    claimable: bool
    levels: list[str]
    seq: int = Field(description="steps taken: send it back with an action")
    step: int
    live: bool = Field(description="false for a replayed position")
    active: str | None = None
    prompt: PromptInfo
    result: ResultInfo | None = None
    info: PhaseInfo
    actions: list[ActionInfo] | None = Field(
        default=None,
        description="only for the holder of the seat to move; left out when sent as a delta",
    )
    odds: Odds | None = None
    odds_more: dict[str, Odds] = Field(default={})
    counters: list[CounterInfo] | None = Field(
        default=None, description="every counter on the map; left out when sent as a delta"
    )
    boxes: list[Box] | None = Field(
        default=None, description="the units off the map; left out when sent as a delta"
    )
    hash: str | None = Field(
        default=None, description="the live position's hash: send it back as ?have= "
    )
    delta: ViewDelta | None = None
    pending: Decision | None = None
    selected: str | None = None
    thinking: bool
    progress: ThinkingProgress | None = None
    ai_error: str | None = None
    log: Log
    clock: ClockInfo | None = Field(default=None, description="absent for a game without one")
