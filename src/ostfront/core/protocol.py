"""The one door: how the UI, the AI, the server and the tests play a game.

A game is ``setup(scenario, options, seed)`` plus a list of actions. The state is plain data
(dicts, lists, strings, numbers) that survives a JSON round trip exactly and carries its own
random generator. Every decision — the phasing player's and the non-phasing player's alike — is
an :class:`Action` offered by :meth:`Game.legal_actions` and carried out by :meth:`Game.apply`.

A game module subclasses :class:`Game` and fills in the hooks marked *game hook*; the base class
supplies the door itself: legality checks, copying (the input state is never touched), undo,
the action log and views.

The state keys owned by this module (a game may read them, never write them directly) are
declared in :mod:`ostfront.core.state` (:class:`CoreState`): how the game began, the
generator, the step count, what undo needs, the action log and an inline custom map.
"""

from __future__ import annotations

import json
import marshal
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar, cast

from .drawing import Shape
from .errors import IllegalAction, OstfrontError, UnknownGame
from .mapmodel import GameMap, map_from_dict, map_notes
from .rng import Distribution, fresh_seed, new_rng, roll_dice
from .state import CoreState, LogEntry, SequencedState

State = CoreState
#: A state of any game: its own layout, extending :class:`CoreState`.
S = TypeVar("S", bound=CoreState)
Side = str
Arg = str | int

#: Keys whose lists are append-only: copied shallowly, their items are never mutated.
_SHARED_KEYS = ("log", "undo")

#: Values a state may hold that cannot be changed in place: a copy shares them.
_ATOMS = frozenset({str, int, float, bool, type(None)})

#: Verbs and string arguments already found to be simple words (Action's checks)
_GOOD_VERBS: set[str] = set()
_GOOD_WORDS: set[str] = set()
_GOOD_WORDS_MAX = 50_000


#: What an action does, for every reader outside its game (the browser, the players):
#: ``select`` picks a unit or stack to act with next; ``move`` moves units (by land, rail,
#: sea or air, placing at set-up, retreating, advancing); ``attack`` declares an attack or
#: adds to one; ``back`` takes a step back (undo, cancel, deselect, leave out, drop from a
#: plan); ``end`` ends a phase or a step; ``roll`` rolls dice; ``choose`` is any other
#: decision.
ROLES = ("select", "move", "attack", "back", "end", "roll", "choose")
_ROLE_SET = frozenset(ROLES)

#: How the browser may light the hex an action names (:attr:`Action.highlight`).
HIGHLIGHTS = ("move", "rail", "sea", "drop", "place", "attack", "retreat", "other")


class NotPlayable(OstfrontError):
    """The game's rules engine does not exist yet (its data and map may)."""


# ------------------------------------------------------------------ actions
@dataclass(frozen=True, init=False)
class Action:
    """One decision: a verb and its arguments.

    Equality and the text form use only ``verb`` and ``args``; ``label`` (for people),
    ``rule`` (the rule it rests on) and ``side`` (who decides) are descriptive, and so are
    the fields the game sets for readers outside it, who never read labels or verbs:
    ``role`` (one of :data:`ROLES`), ``units`` (the unit ids it concerns), ``hexes`` (the
    hexes it names, its target first: destination, defender, placement), ``path`` (a move's
    hexes, start to end), ``cost`` (a move's movement points), ``group`` (the title of the
    group of actions it is listed in) and ``highlight`` (how the browser lights its hex,
    one of :data:`HIGHLIGHTS`; None when its hex is not where one clicks to choose it).

    >>> a = Action("move", ("u12", "0325"), label="Move 4th Army to 0325", rule="SNO 5.1")
    >>> a.text
    'move u12 0325'
    >>> Action.parse("move u12 0325") == a
    True
    """

    verb: str
    args: tuple[Arg, ...] = ()
    label: str = field(default="", compare=False)
    rule: str | None = field(default=None, compare=False)
    side: Side | None = field(default=None, compare=False)
    #: What the engine worked out while offering the action and needs again to carry it out
    #: (a move's path, say). Only the game reads it, and only on an action it offered
    #: itself: :meth:`Game.apply` always carries out the legal action matching the text.
    payload: Any = field(default=None, compare=False, repr=False)
    role: str = field(default="choose", compare=False)
    units: tuple[str, ...] = field(default=(), compare=False)
    hexes: tuple[str, ...] = field(default=(), compare=False)
    path: tuple[str, ...] = field(default=(), compare=False, repr=False)
    cost: float | None = field(default=None, compare=False)
    group: str = field(default="", compare=False)
    highlight: str | None = field(default=None, compare=False)
    #: Stable text form: the verb and arguments separated by single spaces.
    text: str = field(init=False, compare=False, repr=False)

    def __init__(
        self,
        verb: str,
        args: tuple[Arg, ...] = (),
        label: str = "",
        rule: str | None = None,
        side: Side | None = None,
        payload: Any = None,
        *,
        role: str = "choose",
        units: tuple[str, ...] = (),
        hexes: tuple[str, ...] = (),
        path: tuple[str, ...] = (),
        cost: float | None = None,
        group: str = "",
        highlight: str | None = None,
    ) -> None:
        # written out (not the dataclass's own): games build tens of thousands a game, with
        # the same few thousand words, so a word once found good is not looked at again
        if verb not in _GOOD_VERBS:
            if not verb or not verb.replace("_", "").replace("-", "").isalnum():
                raise ValueError(f"action verb {verb!r} must be a simple word")
            if len(_GOOD_VERBS) < _GOOD_WORDS_MAX:
                _GOOD_VERBS.add(verb)
        _check_args(args)
        text = (verb + " " + " ".join(map(str, args))) if args else verb
        if role not in _ROLE_SET:
            raise ValueError(f"action role {role!r} is not one of {', '.join(ROLES)}")
        self.__dict__.update(  # the class is frozen: its fields are set past __setattr__
            verb=verb,
            args=args,
            label=label,
            rule=rule,
            side=side,
            payload=payload,
            role=role,
            units=units,
            hexes=hexes,
            path=path,
            cost=cost,
            group=group,
            highlight=highlight,
            text=text,
        )

    def __str__(self) -> str:
        return self.text

    def variant(
        self,
        args: tuple[Arg, ...],
        label: str,
        *,
        hexes: tuple[str, ...] = (),
        path: tuple[str, ...] = (),
        cost: float | None = None,
    ) -> Action:
        """An action like this one (the same verb, rule, side, payload, role, units, group
        and highlight) with these arguments, label, hexes, path and cost: what a game
        offers once for each hex a unit may move to, made faster than anew.

        >>> base = Action("to", (), rule="SNO 5.1", side="axis", role="move")
        >>> a = base.variant(("0325",), "To 0325", hexes=("0325",), cost=2)
        >>> a == Action("to", ("0325",)), a.text, a.rule, a.role, a.cost
        (True, 'to 0325', 'SNO 5.1', 'move', 2)
        """
        verb = self.verb
        if len(args) == 1 and args[0] in _GOOD_WORDS:  # a word found good before (a hex)
            text = verb + " " + args[0]
        else:
            _check_args(args)
            text = (verb + " " + " ".join(map(str, args))) if args else verb
        fields = self.__dict__.copy()
        fields["args"], fields["label"], fields["hexes"] = args, label, hexes
        fields["path"], fields["cost"], fields["text"] = path, cost, text
        made = object.__new__(Action)
        object.__setattr__(made, "__dict__", fields)  # the class is frozen
        return made

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse a text form; arguments come back as strings (matching is by text)."""
        words = text.split()
        if not words:
            raise IllegalAction("an empty action")
        return cls(words[0], tuple(words[1:]))

    def to_json(self) -> dict[str, Any]:
        return {
            "verb": self.verb,
            "args": list(self.args),
            "text": self.text,
            "label": self.label or self.text,
            "rule": self.rule,
            "side": self.side,
            "role": self.role,
            "units": list(self.units),
            "hexes": list(self.hexes),
            "path": list(self.path),
            "cost": self.cost,
            "group": self.group,
            "highlight": self.highlight,
        }


def _check_args(args: tuple[Arg, ...]) -> None:
    """Action arguments are simple words or integers (a word once found good is not looked
    at again)."""
    for a in args:
        if isinstance(a, str):
            if a not in _GOOD_WORDS:
                if a.split() != [a]:  # empty, or with white space
                    raise ValueError(f"action argument {a!r} must be a non-empty word")
                if len(_GOOD_WORDS) < _GOOD_WORDS_MAX:  # bounded: words may come from users
                    _GOOD_WORDS.add(a)
        elif isinstance(a, bool) or not isinstance(a, int):
            raise ValueError(f"action argument {a!r} must be a string or an integer")


@dataclass(frozen=True)
class Option:
    """An optional rule or a setting chosen at setup."""

    id: str
    rule: str | None
    summary: str
    default: Any = False
    choices: tuple[Any, ...] = (False, True)
    #: The scenarios it belongs to (empty: every scenario).
    scenarios: tuple[str, ...] = ()
    #: A scenario's own choices where they are fewer than ``choices`` (a last turn that must
    #: come after the scenario's start): ``(scenario, choices)`` pairs, each including the
    #: default. Interfaces offer these, and setup refuses any other value.
    choices_by_scenario: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    #: Options sharing a group (its text says which rule) are chosen at most one at a time:
    #: interfaces offer them as alternatives, and the game's setup refuses two.
    group: str = ""
    #: Options that, while switched on, leave this one a single value (a last turn that
    #: another option's rule sets): ``(option id, value)`` pairs. Interfaces offer only that
    #: value then; setup takes it, and refuses any other asked for.
    fixed_by: tuple[tuple[str, Any], ...] = ()
    #: The rule that fixes it so (else the fixing option's own rule is named).
    fixed_rule: str | None = None

    def applies_to(self, scenario: str | None) -> bool:
        return not self.scenarios or scenario is None or scenario in self.scenarios

    def choices_for(self, scenario: str | None, on: Iterable[str] = ()) -> tuple[Any, ...]:
        """The values it may take in ``scenario`` (None: in any), with the switches ``on``."""
        fixed = self.fixed_value(on)
        if fixed is not None:
            return (fixed[1],)
        if scenario is None:
            return self.choices
        return dict(self.choices_by_scenario).get(scenario, self.choices)

    def fixed_value(self, on: Iterable[str]) -> tuple[str, Any] | None:
        """The first ``(option id, value)`` of :attr:`fixed_by` whose option is ``on``."""
        switched = set(on)
        return next(((k, v) for k, v in self.fixed_by if k in switched), None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "rule": self.rule,
            "summary": self.summary,
            "default": self.default,
            "choices": list(self.choices),
            "scenarios": list(self.scenarios),
        }
        if self.choices_by_scenario:
            out["choices_by_scenario"] = {s: list(c) for s, c in self.choices_by_scenario}
        if self.group:
            out["group"] = self.group
        if self.fixed_by:
            out["fixed_by"] = dict(self.fixed_by)
            out["fixed_rule"] = self.fixed_rule
        return out


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    summary: str = ""
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "summary": self.summary, "rule": self.rule}


@dataclass(frozen=True)
class Prompt:
    """What the deciding side is asked to do now, with the rule that governs it."""

    side: Side | None
    text: str
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "text": self.text, "rule": self.rule}


@dataclass(frozen=True)
class Result:
    """The end of a game: the winner (None for a draw), points per side and why."""

    winner: Side | None
    score: Mapping[Side, int | float] = field(default_factory=dict)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "score": dict(self.score), "reason": self.reason}


@dataclass(frozen=True)
class CounterView:
    """A counter as drawn: enough for the SVG renderer, nothing rule-specific. What it looks
    like is the game's to say (:mod:`ostfront.core.drawing`): its ``colour`` from the game's
    palette ("" for the renderer's neutral grey) and, for a symbol the renderer does not
    draw, its ``shapes``."""

    id: str
    hex: str
    side: Side
    nation: str
    symbol: str  # NATO symbol key: infantry, armor, mech, cavalry, mountain, ...
    factors: str  # e.g. "4-6"
    label: str = ""  # unit designation, e.g. "XXIV"
    reduced: bool = False
    markers: tuple[str, ...] = ()
    #: The back face is up, and what that face is called ("weaker side", "unrefitted"):
    #: "" for the front. Drawn like a reduced counter, named in its title.
    face: str = ""
    colour: str = ""  # the counter's fill, e.g. "#c0392b"
    shapes: tuple[Shape, ...] = ()  # the game's own drawing of its symbol, if any
    #: The designation as short as the printed counter shows it ("XXIV Pz" for "XXIV
    #: Panzer Corps"), each game by its own naming; "" for the label as it is.
    short: str = ""
    #: Each marker as short as a marker counter prints it ("Fort" for "fortified"), in the
    #: order of ``markers``; empty: the markers as they are.
    marker_codes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The counter as plain data, without how it is drawn (colour, shapes)."""
        out = {k: v for k, v in self.__dict__.items() if k not in ("colour", "shapes")}
        return out | {"markers": list(self.markers), "marker_codes": list(self.marker_codes)}


# ------------------------------------------------------------------ dice
def roll(state: State, count: int = 1, why: str = "", sides: int = 6) -> list[int]:
    """Roll ``count`` dice from the state's generator; the roll joins the log entry of the
    action being applied (``{"why": ..., "dice": [...]}``)."""
    dice = roll_dice(state["rng"], count, sides)
    state.setdefault("_rolls", []).append({"why": why, "dice": dice})
    return dice


def roll_result(state: State, result: str) -> None:
    """Name what the last roll of the action being applied came to (a results table's
    entry: "DR", "EX"), shown with its dice in the log (``{"why", "dice", "result"}``)."""
    rolls = state.get("_rolls")
    if rolls:
        rolls[-1]["result"] = result


# ------------------------------------------------------------------ copying
def copy_state(state: S, shallow: Iterable[str] = (), shared: Iterable[str] = ()) -> S:
    """A copy of a state that shares only the append-only lists' items.

    The rest is copied through :mod:`marshal`, which copies plain data (dicts, lists,
    strings, numbers, booleans, None) exactly and fast; anything else falls back to a
    recursive copy. A game that knows the shape of its large tables copies them faster:
    ``shallow`` names keys holding a dict (or a list) whose values (items) are shared with
    the copy - plain values, or records the game replaces whole and never changes in
    place; ``shared``,
    keys whose value the copy shares as it is, because the game replaces it whole rather
    than change it.

    >>> s = {"units": {"u1": {"at": "0101"}}, "control": {"0101": "axis"}, "log": []}
    >>> c = copy_state(s, shallow=["control"], shared=["units"])
    >>> c == s, c["control"] is s["control"], c["units"] is s["units"]
    (True, False, True)
    """
    shallow, shared = tuple(shallow), tuple(shared)
    if not shallow and not shared:
        return cast(S, unpack_state(pack_state(state), state))
    # one pass in the state's order: a top-level string, number, boolean or None cannot be
    # changed in place, so the copy shares it as it is; the containers not named go through
    # marshal together, their places kept meanwhile
    out: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    for k, v in _plain(state).items():
        kind = type(v)
        if kind in _ATOMS or k in shared:
            out[k] = v
        elif k in shallow or k == "rng":  # the generator is flat: {"s": ..., "n": ...}
            out[k] = v.copy() if kind is dict or kind is list else _copy_plain(v)
        elif k in _SHARED_KEYS:
            out[k] = list(v) if kind is list else _copy_plain(v)
        else:
            out[k] = rest[k] = v
    if rest:
        try:
            out.update(marshal.loads(marshal.dumps(rest)))
        except ValueError:  # not plain data
            out.update({k: _copy_plain(v) for k, v in rest.items()})
    return cast(S, out)  # the same keys as the state copied, in its order


def _plain(state: CoreState) -> dict[str, Any]:
    """A state as the plain dict it is, for copying by any key."""
    return cast(dict[str, Any], state)


def pack_state(state: State) -> str | State:
    """The state without its append-only lists, packed into one string (marshal's bytes
    read as Latin-1, which any JSON writer keeps). A state holding something marshal
    cannot pack is copied instead (and returned as a dict)."""
    rest = {k: (None if k in _SHARED_KEYS else v) for k, v in state.items()}
    try:
        return marshal.dumps(rest).decode("latin-1")
    except ValueError:
        return cast(State, {k: _copy_plain(v) for k, v in rest.items()})


def unpack_state(packed: str | State, shared_from: State) -> State:
    """A fresh state from :func:`pack_state`'s result, with the append-only lists
    (log, undo) copied shallowly from ``shared_from``."""
    out: dict[str, Any]
    if isinstance(packed, str):
        out = marshal.loads(packed.encode("latin-1"))
    else:
        out = {k: _copy_plain(v) for k, v in packed.items()}
    _share_lists(out, _plain(shared_from))
    return cast(State, out)  # the keys of the state packed


def _share_lists(out: dict[str, Any], shared_from: dict[str, Any]) -> None:
    """Give ``out`` its own copies of the append-only lists, sharing their items."""
    for k in _SHARED_KEYS:
        if k in shared_from:
            v = shared_from[k]
            out[k] = list(v) if isinstance(v, list) else _copy_plain(v)


def _copy_plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _copy_plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy_plain(x) for x in v]
    return v


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: the form states and records are hashed in.
    Written by one encoder made once - what ``json.dumps`` with these arguments makes anew
    for every call and writes with - so the same text."""
    return _CANONICAL.encode(data)


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ what players know
class Evaluator(Protocol):
    """What the computer players that judge positions (greedy, normal, hard) know of a game,
    given by :meth:`Game.evaluator`. ``evaluate`` scores a position for a side;
    ``quick_values`` may score some actions without playing them (a unit's move by the worth
    of its destination, say), keyed by action text, which keeps the players fast where a game
    has many small decisions; the players play out the actions it leaves unscored."""

    def evaluate(self, game: Game, state: State, side: str) -> float: ...

    def quick_values(
        self, game: Game, state: State, side: str, actions: Sequence[Action]
    ) -> dict[str, float]: ...

    def turns_on_dice(self, game: Game, state: State) -> bool:
        """Whether the decision now turns on the dice (which attack next, how to take
        losses...): the hard player searches those by rollouts."""
        ...

    def settled(self, game: Game, state: State) -> bool:
        """Whether what the dice decided is settled here, so a rollout may stop."""
        ...

    def declaring(self, game: Game, state: State) -> bool:
        """Whether the decision now is a step of one declaration being put together (an
        attack: units added and left out); the players stop stepping back after a while
        there, so the declaration ends."""
        ...


# ------------------------------------------------------------------ the game
class Game(ABC):
    """Base of every game. Subclasses set the class attributes and implement the hooks."""

    name: ClassVar[str]
    title: ClassVar[str]
    sides: ClassVar[tuple[Side, ...]]
    rulebook: ClassVar[str] = ""
    #: The tag its rules are numbered with in code and tables ("DR" for "DR 6.3.2").
    rule_prefix: ClassVar[str] = ""
    #: Its rules coverage table, a file in docs/rules ("" if it has none).
    coverage_table: ClassVar[str] = ""
    #: Its rule notes for players, a data file (see :mod:`.rule_notes`); None if it has none.
    rule_notes_file: ClassVar[Path | None] = None
    #: The keys of a decision in progress (``state["pending"]``) interfaces are shown
    #: (:meth:`decision_view`); a game adds its own small extras.
    decision_keys: ClassVar[tuple[str, ...]] = ("kind", "side", "targets", "attackers")
    #: False while the game's rules engine has not been written (setup then refuses).
    playable: ClassVar[bool] = True
    #: What a playable game cannot do yet, said wherever games are listed ("" if nothing).
    playable_note: ClassVar[str] = ""

    # -- metadata ----------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        """The scenarios this game offers (the first is the default)."""
        return []

    def options(self) -> list[Option]:
        """Optional rules and settings."""
        return []

    @abstractmethod
    def board(self) -> GameMap:
        """The game's own map."""

    def data_checks(self) -> list[tuple[str, Callable[[], list[str]]]]:
        """Named checks of the game's data files, each returning notes or raising
        :class:`~ostfront.core.errors.DataError`. Games add their counters, tables, etc."""
        return [("map", lambda: map_notes(self.board()))]

    def chart(self, state: State | None = None) -> list[dict[str, Any]]:
        """*Game hook*: the game's charts (terrain effects, combat modifiers) as tables for
        people, read from its data: each ``{"id", "title", "rule", "columns", "note",
        "rows": [{"cells", "rule", "reconstructed"}]}``. Default: none."""
        return []

    def hex_extras(self, hex_id: str) -> dict[str, Any]:
        """*Game hook*: what the game's own data says of a hex beyond the map (e.g. the
        units set up there), merged into ``ostfront hex``'s description."""
        return {}

    def sectors(self) -> dict[str, str]:
        """*Game hook*: each hex of the board -> the name of the front sector it lies in,
        for telling a turn's moves by where they were made (see :mod:`.sectors`). Default:
        none (the moves are then told together)."""
        return {}

    def map_for(self, state: State) -> GameMap:
        """The map a state is played on: its inline custom map, or the game's board."""
        custom = state.get("map")
        if custom is None:
            return self.board()
        key = canonical_json(custom)
        cache = _MAP_CACHE.setdefault(self.name, {})
        if key not in cache:
            if len(cache) > 32:
                cache.clear()
            cache[key] = map_from_dict(custom, source=f"{self.name} custom map")
        return cache[key]

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "sides": list(self.sides),
            "playable": self.playable,
            "playable_note": self.playable_note,
            "rulebook": self.rulebook,
            "scenarios": [s.to_json() for s in self.scenarios()],
            "options": [o.to_json() for o in self.options()],
            "positions": self.shipped_positions(),
        }

    # -- setup -------------------------------------------------------------
    def resolve_options(
        self, chosen: Mapping[str, Any] | Iterable[str] = (), scenario: str | None = None
    ) -> dict[str, Any]:
        """All options with defaults filled in; ``chosen`` may be ids (switched on) or a mapping.
        With a ``scenario``, only the options that belong to it."""
        everything = {o.id: o for o in self.options()}
        known = {k: o for k, o in everything.items() if o.applies_to(scenario)}
        out = {o.id: o.default for o in known.values()}
        items_seen: list[tuple[str, Any]] = list(
            chosen.items() if isinstance(chosen, Mapping) else ((c, True) for c in chosen)
        )
        for key, value in items_seen:
            if key in everything and key not in known:
                raise UnknownGame(
                    f"option {key!r} is not used in the {scenario!r} scenario (it belongs to "
                    + ", ".join(everything[key].scenarios)
                    + ")"
                )
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise UnknownGame(f"{self.name} has no option {key!r} (options: {names})")
            opt = known[key]
            allowed = opt.choices_for(scenario)
            if value not in allowed:
                where = f" in the {scenario!r} scenario" if allowed != opt.choices else ""
                raise UnknownGame(
                    f"option {key!r} cannot be {value!r}{where} (choices: "
                    + ", ".join(str(c) for c in allowed)
                    + ")"
                    + (f" ({opt.rule})" if opt.rule else "")
                )
            out[key] = value
        return self._fixed(known, out, dict(items_seen))

    def _fixed(
        self, known: Mapping[str, Option], out: dict[str, Any], asked: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Options another switched-on option fixes (:attr:`Option.fixed_by`) take that value;
        a different value asked for is refused, naming the rule of the option that fixes it."""
        on = [k for k, v in out.items() if v is True]
        for opt in known.values():
            fixed = opt.fixed_value(on)
            if fixed is None:
                continue
            by, value = fixed
            if opt.id in asked and asked[opt.id] != value:
                rule = opt.fixed_rule or known[by].rule
                raise UnknownGame(
                    f"option {opt.id!r} cannot be {asked[opt.id]!r} with option {by!r}: it is "
                    f"{value!r} then" + (f" ({rule})" if rule else "")
                )
            out[opt.id] = value
        return out

    def resolve_scenario(self, scenario: str | None) -> str:
        ids = [s.id for s in self.scenarios()]
        if scenario is None:
            if not ids:
                raise UnknownGame(f"{self.name} has no scenarios")
            return ids[0]
        if scenario not in ids:
            raise UnknownGame(
                f"{self.name} has no scenario {scenario!r} (scenarios: {', '.join(ids)})"
            )
        return scenario

    def setup(
        self,
        scenario: str | None = None,
        options: Mapping[str, Any] | Iterable[str] = (),
        seed: int | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> State:
        """A new game. ``position`` (see :mod:`ostfront.core.position`) starts from a custom
        position instead of the scenario's set-up."""
        if not self.playable:
            raise NotPlayable(
                f"{self.title}: the rules engine is not written yet, so games cannot be started"
                " (the map and data can be inspected with 'ostfront hex' and 'ostfront show')"
            )
        scen = self.resolve_scenario(scenario if position is None else position.get("scenario"))
        opts = self.resolve_options(options, scen)
        if seed is None:
            seed = fresh_seed()
        state: State = {
            "game": self.name,
            "scenario": scen,
            "options": opts,
            "seed": seed,
            "rng": new_rng(seed),
            "step": 0,
            "undo": [],
            "log": [],
            "map": None,
        }
        if position is not None:
            if position.get("map") is not None:
                state["map"] = _copy_plain(position["map"])
                self.map_for(state)  # validate now, with a clear error
            self.setup_position(state, position)
        else:
            self.setup_scenario(state)
        return state

    @abstractmethod
    def setup_scenario(self, state: State) -> None:
        """*Game hook*: fill in a fresh state for ``state["scenario"]``/``["options"]``."""

    def setup_position(self, state: State, position: Mapping[str, Any]) -> None:
        """*Game hook*: fill in a state from a custom position (see ``core.position``)."""
        raise NotPlayable(f"{self.title} cannot start from custom positions yet")

    # -- play --------------------------------------------------------------
    @abstractmethod
    def active_side(self, state: State) -> Side | None:
        """*Game hook*: the side that must decide now (None once the game is over)."""

    @abstractmethod
    def actions(self, state: State) -> list[Action]:
        """*Game hook*: the legal actions of the deciding side, without undo."""

    @abstractmethod
    def perform(self, state: State, action: Action) -> None:
        """*Game hook*: carry out a legal action on ``state`` (a private copy) in place."""

    @abstractmethod
    def prompt(self, state: State) -> Prompt:
        """*Game hook*: what the deciding side is asked to do now."""

    @abstractmethod
    def result(self, state: State) -> Result | None:
        """*Game hook*: the result once the game is over, else None."""

    def roll_distribution(self, state: State, action: Action) -> Distribution | None:
        """*Game hook*: the exact outcome distribution of the dice ``action`` would roll
        (None if it rolls none). Used by the AI and by odds previews, which interfaces show
        for the actions whose role is "roll" (the first offered is the one to throw)."""
        return None

    def counters(self, state: State) -> list[CounterView]:
        """*Game hook*: the counters on the map, for drawing."""
        return []

    def turn(self, state: State) -> Any:
        """*Game hook*: the turn now (a number, a month) for whoever counts by turns (the
        players' time budgets, a game's length, the log); None for a game without turns.
        Default: the state's ``"turn"`` (a sequenced game's, :class:`SequencedState`)."""
        return state.get("turn")

    def phase(self, state: State) -> str | None:
        """*Game hook*: the name of the phase now (one name per phase of the game's sequence
        of play). Default: the state's ``"phase"`` (a sequenced game's)."""
        phase = state.get("phase")
        return None if phase is None else str(phase)

    # -- what interfaces show (read-only; the server, the CLI and the tests ask) ------------
    def describe_phase(self, state: State) -> dict[str, Any]:
        """*Game hook*: the turn and phase for people: ``{"title", "rule"}``, the title's parts
        ``"turn_title"`` and ``"phase_title"``, ``"setup"`` (True in a set-up phase, placing
        the counters before play), where the game has weather ``"weather"`` and
        ``"weather_rule"``, and where it has points to spend ``"pools"`` (side -> pool name
        -> points). Default: the raw turn and phase, never a set-up, the state's weather."""
        turn, phase = self.turn(state), self.phase(state)
        return {
            "title": f"Turn {turn}, {phase}" if phase else "",
            "turn_title": f"Turn {turn}",
            "phase_title": phase or "",
            "rule": None,
            "setup": False,
            "weather": state.get("weather"),
        }

    def off_map(self, state: State) -> list[dict[str, Any]]:
        """*Game hook*: the units off the map (to set up, to arrive, eliminated), one entry
        a box and side: ``{"box", "title", "side", "units": [{"id", "name", "counter":
        CounterView, "turn"?}]}``, in the order to show them. Default: none."""
        return []

    def unit_card(self, state: State, unit_id: str) -> dict[str, Any] | None:
        """*Game hook*: what the browser's unit card shows of one unit, on the map or off it:
        ``{"id", "title", "side", "lines": [{"label", "value", "rule"}], "status": [{"name",
        "code", "note", "rule"}], "rules": [{"text", "rule"}]}`` (its factors, where it is,
        its markers and what each does, supply, zones of control, the rules that apply to
        it); None for no such unit. Default: what its counter shows."""
        c = next((c for c in self.counters(state) if c.id == unit_id), None)
        if c is None:
            return None
        lines = [{"label": "Factors", "value": c.factors, "rule": None}]
        if c.face or c.reduced:
            lines.append({"label": "Face", "value": c.face or "reduced", "rule": None})
        lines.append({"label": "Where", "value": f"hex {c.hex}", "rule": None})
        status = [{"name": m, "code": m, "note": "", "rule": None} for m in c.markers]
        title = " ".join(b for b in (c.nation.capitalize(), c.label) if b)
        return {"id": c.id, "title": title, "side": c.side, "lines": lines, "status": status,
                "rules": []}  # fmt: skip

    def selected_unit(self, state: State) -> str | None:
        """*Game hook*: the unit picked to move (its moves are the actions now offered)."""
        return None

    def overlays(self) -> tuple[str, ...]:
        """*Game hook*: the map overlays :meth:`overlay` answers (of "supply", "zoc",
        "control")."""
        return ()

    def overlay(self, state: State, kind: str, side: Side) -> dict[str, Any]:
        """*Game hook*: one overlay for ``side`` (whose supply; for "zoc" the side whose
        ZOC is drawn): ``{"hexes": {hex: side}, "units": {uid: in supply}, "lines": {uid:
        {"ok", "path", "rail", "source", "note", "text"}}}`` (lines optional). Default:
        nothing."""
        return {"hexes": {}, "units": {}}

    def outcome_names(self, state: State, action: Action, width: int) -> list[str]:
        """*Game hook*: what each part of :meth:`roll_distribution`'s outcomes counts."""
        return [f"Outcome {i + 1}" for i in range(width)]

    def outcome_meanings(self, state: State, action: Action) -> dict[str, str]:
        """*Game hook*: what each named outcome of :meth:`roll_distribution` does, with its
        rule, keyed by the outcome's text (a combat result code, say); people read it beside
        the odds. Default: none."""
        return {}

    def roll_note(self, state: State, action: Action) -> str | None:
        """*Game hook*: a line beside a roll's odds, saying which way it resolves the battle
        where there are several (what it means, and which the rules prefer). Default: None."""
        return None

    def roll_hits(self, entry: Mapping[str, Any]) -> dict[str, int] | None:
        """*Game hook*: the hits a logged action's dice scored, by the side they hit
        (``{"defender": n, "attacker": m}``); None when its dice are not a battle's hits (a
        roll on a results table). Default: None."""
        return None

    def decision_view(self, state: State) -> dict[str, Any] | None:
        """*Game hook*: the decision in progress (an attack being declared, losses to take),
        as plain data: ``{"kind", "side", "targets": [hexes], "attackers": [unit ids]}`` and
        any of the game's own small extras; ``kind`` "attack" is an attack being declared
        (interfaces light its targets and attackers and tell it from a battle's aftermath).
        Default: the :attr:`decision_keys` of the decision a sequenced game keeps in
        ``state["pending"]``; None when there is none."""
        pending = state.get("pending")
        if not isinstance(pending, dict):
            return None
        return {k: pending[k] for k in self.decision_keys if k in pending}

    def evaluator(self, teamwork: bool = False) -> Evaluator | None:
        """*Game hook*: a fresh :class:`Evaluator` of this game for a computer player that
        judges positions (``teamwork``: the normal player's coordination terms). Default:
        None, and only the random player plays the game."""
        return None

    def shipped_positions(self) -> list[dict[str, Any]]:
        """*Game hook*: starting positions shipped with the game, offered beside its
        scenarios: ``{"id", "title", "summary", "turn"}``, and ``"options"``, the ids of the
        options a game from it may have, where not every option (interfaces offer those).
        Default: none."""
        return []

    def shipped_position(self, position_id: str) -> dict[str, Any]:
        """*Game hook*: one of :meth:`shipped_positions`, as ``setup``'s ``position``."""
        raise UnknownGame(f"{self.name} ships no position {position_id!r}")

    def public_state(self, state: State, side: Side | None) -> dict[str, Any]:
        """*Game hook*: what ``side`` may see of the state (default: all but the generator)."""
        return {k: v for k, v in state.items() if k not in ("rng", "undo", "seed")}

    def copy_state(self, state: State) -> State:
        """*Game hook*: the private copy of ``state`` that ``perform`` changes (default:
        :func:`copy_state`; a game may name its flat tables for a faster copy)."""
        return copy_state(state)

    def roll(self, state: State, count: int = 1, why: str = "", sides: int = 6) -> list[int]:
        """Roll dice from the state's generator (see :func:`roll`)."""
        return roll(state, count, why, sides)

    # -- the door (not overridden by games) --------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        """Every action the deciding side may take now, undo included when possible.

        The list is remembered for the last state asked about, so that ``apply`` on that same
        state object (the AI asks, then applies) need not work it out again. States are values:
        once ``setup`` or ``apply`` has returned one, nothing changes it in place.
        """
        if self.active_side(state) is None:
            acts: list[Action] = []
        else:
            acts = self.actions(state)
            if state.get("undo"):
                last = state["log"][-1]["text"] if state.get("log") else "the last step"
                acts = [
                    *acts,
                    Action(
                        "undo",
                        (),
                        label=f"Undo: {last}",
                        side=self.active_side(state),
                        role="back",
                        group="Undo",
                    ),
                ]
        self.__dict__["_legal_memo"] = (state, state.get("step"), tuple(acts))
        return list(acts)

    def find_action(self, state: State, action: Action | str) -> Action:
        """The legal action matching ``action`` (by text), or :class:`IllegalAction`."""
        text = action.text if isinstance(action, Action) else " ".join(str(action).split())
        memo = self.__dict__.get("_legal_memo")
        legal: list[Action]
        if memo is not None and memo[0] is state and memo[1] == state.get("step"):
            legal = list(memo[2])
        else:
            legal = self.legal_actions(state)
        for a in legal:
            if a.text == text:
                return a
        side = self.active_side(state)
        if side is None:
            raise IllegalAction(f"'{text}': the game is over")
        verbs = sorted({a.verb for a in legal})
        raise IllegalAction(
            f"'{text}' is not a legal action for {side} now "
            f"({self.prompt(state).text}; legal verbs: {', '.join(verbs) or 'none'})"
        )

    def apply(self, state: State, action: Action | str) -> State:
        """The state after ``action``. The input state is never modified; an action that is
        not legal raises :class:`IllegalAction`."""
        # the legal list stays remembered for ``state`` (a value: nothing changes it), so a
        # player applying each of its legal actions in turn to see where it leads works the
        # list out once, not once an action (a 2X on Rostov: 4,733 loss sets, docs/ai.md
        # round 19)
        act = self.find_action(state, action)
        side = self.active_side(state)
        if act.verb == "undo":
            return self._undo(state)
        new = self.copy_state(state)
        draws_before = new["rng"]["n"]
        self.perform(new, act)
        new["step"] = state["step"] + 1
        entry: LogEntry = {
            "step": new["step"],
            "side": side,
            "action": act.text,
            "text": act.label or act.text,
        }
        rolls = new.pop("_rolls", None)
        if rolls:
            entry["rolls"] = rolls
        new["log"].append(entry)
        if new["rng"]["n"] != draws_before or self.active_side(new) != side:
            new["undo"] = []  # SNO/DR: no undo past a die roll or a hand-over
        else:  # the first step that may be undone packs the state it starts from
            new["undo"] = [*(state["undo"] or [pack_state(state)]), act.text]
        return new

    def _undo(self, state: State) -> State:
        """The state before the last step: the undo stack's starting state with the steps
        since, but the last, played again. They rolled no dice and kept the same side
        deciding, so they come out the same."""
        start, *since = state["undo"]
        restored = unpack_state(start, cast(State, {"log": [], "undo": []}))  # lists only
        for text in since[:-1]:
            restored = self.apply(restored, text)
        return self._undone(state, restored)

    def undo_from(self, state: State, before: State) -> State:
        """What ``undo`` leads to from ``state``, given ``before``: the state its last step
        was taken in, kept by the caller (who spares the replay of the undo chain; the
        server keeps the states of the chain). ``before`` is not changed. The caller
        checks that ``before`` is that state: :meth:`undo_depth` of it one less."""
        self.find_action(state, "undo")  # IllegalAction when there is nothing to undo
        self.__dict__.pop("_legal_memo", None)
        return self._undone(state, self.copy_state(before))

    @staticmethod
    def undo_depth(state: State) -> int:
        """How many steps of ``state`` undo may take back, one at a time."""
        return max(0, len(state.get("undo") or ()) - 1)

    @staticmethod
    def _undone(state: State, restored: State) -> State:
        """``restored`` (the state before the last step, a copy of its own) made the state
        after undoing that step: one step later in the record, its log entry taken back."""
        start, *since = state["undo"]
        # each step wrote one log entry: the undone one is taken back
        restored["log"] = state["log"][:-1]
        restored["undo"] = [start, *since[:-1]] if len(since) > 1 else []
        restored["step"] = state["step"] + 1  # undo is itself a step of the record
        return restored

    def view(self, state: State, side: Side | None) -> dict[str, Any]:
        """What ``side`` sees (None: a spectator): the public state, prompt and, for the
        deciding side, its legal actions."""
        active = self.active_side(state)
        res = self.result(state)
        return {
            "game": self.name,
            "side": side,
            "active": active,
            "prompt": self.prompt(state).to_json(),
            "actions": [a.to_json() for a in self.legal_actions(state)]
            if side is not None and side == active
            else [],
            "result": None if res is None else res.to_json(),
            "state": self.public_state(state, side),
        }


class SequencedGame(Game):
    """A game whose rules engine is a sequence-of-play module (:meth:`engine`) answering
    ``active_side(state)``, ``actions(R, state)``, ``perform(R, state, action)`` and
    ``prompt(R, state)``, ``R`` being the components :meth:`rules_for` gives; the game is over
    once the engine writes ``state["winner"] = {"winner", "score", "reason"}``. Both built-in
    games are such games."""

    @abstractmethod
    def engine(self) -> Any:
        """The sequence-of-play module (imported on first use: the registry lists games
        without loading their rules)."""

    @abstractmethod
    def rules_for(self, state: State) -> Any:
        """The components ``state`` is played with (its map, counters, charts)."""

    def active_side(self, state: State) -> Side | None:
        side: Side | None = self.engine().active_side(state)
        return side

    def actions(self, state: State) -> list[Action]:
        acts: list[Action] = self.engine().actions(self.rules_for(state), state)
        return acts

    def perform(self, state: State, action: Action) -> None:
        self.engine().perform(self.rules_for(state), state, action)

    def prompt(self, state: State) -> Prompt:
        found: Prompt = self.engine().prompt(self.rules_for(state), state)
        return found

    def result(self, state: State) -> Result | None:
        w = cast(SequencedState, state).get("winner")  # a sequenced game's state
        if w is None:
            return None
        return Result(w["winner"], w.get("score", {}), w["reason"])


_MAP_CACHE: dict[str, dict[str, GameMap]] = {}
