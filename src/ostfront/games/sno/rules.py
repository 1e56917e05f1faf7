"""The Sturm Nach Osten engine's shared vocabulary: the components, the state layout, and small
queries on a state.

Every rules module takes ``(R, state)``: ``R`` is the :class:`Rules` bundle of components (map,
counters, CRTs, the other charts), ``state`` the plain-data game state. The state holds only
what changes during play; a unit's printed values are looked up in the counters.

The state layout (everything the SNO modules read and write) is declared in :mod:`.state`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ...core import units as units_table
from ...core.mapmodel import GameMap
from ...core.memo import kept, remember, remembered
from ...core.paths import HexIndex, grid_index
from ...core.units import Components
from ...core.units import set_unit as set_unit
from .board import board
from .counters import CounterMix, Face, Unit, fortify_bonus, load_counters
from .crt import Crts, load_crt
from .state import SNOState
from .tables import Tables, load_tables

State = SNOState
SIDES = ("axis", "soviet")
BOXES = ("pool", "reserve", "dead", "lost", "east", "out")
BOX_SET = frozenset(BOXES)


def other(side: str) -> str:  # SNO 3.4.1: friendly and enemy are by side, not nationality
    return "soviet" if side == "axis" else "axis"


@dataclass(frozen=True, eq=False)
class Rules(Components[Unit]):
    """The components a game is played with (compared and hashed by identity, so the
    queries worked out once per bundle can be cached on it)."""

    map: GameMap
    counters: CounterMix
    crts: Crts
    tables: Tables


@cache
def standard_rules() -> Rules:
    """The game's own map, counters, CRTs and charts."""
    return Rules(board(), load_counters(), load_crt(), load_tables())


def rules_with_map(gmap: GameMap) -> Rules:
    """The standard components on another map (custom positions)."""
    r = standard_rules()
    return r if gmap is r.map else Rules(gmap, r.counters, r.crts, r.tables)


def hex_index(R: Rules) -> HexIndex:
    """The map's hexes numbered for the searches (core.paths.HexIndex, kept with its grid)."""
    return grid_index(R.map.grid)


# ------------------------------------------------------------------ months
MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def month_name(turn: str) -> str:
    """``"1941-10"`` -> ``"October"``."""
    return MONTHS[int(turn[5:]) - 1]


def year(turn: str) -> int:
    return int(turn[:4])


def next_month(turn: str) -> str:
    """``"1941-12"`` -> ``"1942-01"``."""
    y, m = year(turn), int(turn[5:])
    return f"{y + 1}-01" if m == 12 else f"{y}-{m + 1:02d}"


def turn_title(turn: str) -> str:
    return f"{month_name(turn)} {year(turn)}"


# ------------------------------------------------------------------ units on the map
def on_map(state: State, uid: str) -> bool:
    return state["units"][uid]["at"] not in BOX_SET


def hex_of(state: State, uid: str) -> str | None:
    at: str = state["units"][uid]["at"]
    return None if at in BOX_SET else at


def occupancy(state: State) -> dict[str, list[str]]:
    """Hex -> unit ids (sorted), for every occupied hex. Not to be changed: it is shared."""
    return units_table.occupancy(state, BOX_SET)


def units_at(state: State, hex_id: str) -> list[str]:
    """Unit ids in a hex, in a stable order."""
    return list(occupancy(state).get(hex_id, ()))


def side_units(R: Rules, state: State, side: str) -> list[str]:
    """Ids of a side's units on the map, sorted."""
    # read from where the units stand alone: kept per arrangement (a new list each call)
    return list(kept(R, state, ("side_units",), lambda: _side_units(R, state)).get(side, ()))


def _side_units(R: Rules, state: State) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for u, d in sorted(state["units"].items()):
        if d["at"] not in BOX_SET:
            out.setdefault(R.unit(u).side, []).append(u)
    return {side: tuple(uids) for side, uids in out.items()}


def side_hexes(R: Rules, state: State, side: str) -> frozenset[str]:
    """Hexes holding at least one unit of ``side`` (any unit, factories too: 9.1.2a)."""
    return kept(R, state, ("side_hexes",), lambda: _side_hexes(R, state))[side]  # type: ignore[no-any-return]


def _side_hexes(R: Rules, state: State) -> dict[str, frozenset[str]]:
    return units_table.hexes_by_side(state, BOX_SET, SIDES, lambda u: R.unit(u).side)


def combat_hexes(R: Rules, state: State, side: str) -> frozenset[str]:
    """Hexes holding at least one combat unit of ``side`` (SNO 3.4.2)."""
    return kept(R, state, ("combat_hexes",), lambda: _combat_hexes(R, state))[side]  # type: ignore[no-any-return]


def _combat_hexes(R: Rules, state: State) -> dict[str, frozenset[str]]:
    def counts(u: str) -> str | None:
        unit = R.unit(u)
        return unit.side if unit.is_combat else None

    return units_table.hexes_by_side(state, BOX_SET, SIDES, counts)


def units_of_side_at(R: Rules, state: State, hex_id: str, side: str) -> list[str]:
    return [u for u in units_at(state, hex_id) if R.unit(u).side == side]


def enemy_at(R: Rules, state: State, hex_id: str, side: str) -> bool:
    """True if a unit of the other side stands in the hex (5.1.2: never entered)."""
    return hex_id in side_hexes(R, state, other(side))


def counter_ids(R: Rules, key: str, test: Callable[[Unit], bool]) -> tuple[str, ...]:
    """The ids of the counters passing ``test``, sorted: worked out once for the counter mix
    (``key`` names the test)."""
    return units_table.counter_ids(R.counters, key, test)


# ------------------------------------------------------------------ printed values
def face(R: Rules, state: State, uid: str) -> Face | None:
    """The printed side face up: the back when the unit's record says ``"flipped"`` (a
    juggernaut's weaker side, an armor unit's unrefitted side, 10.1.1, 10.3; a factory's
    entrained side, 10.4.8; Zhukov's AD side, 10.6.7), else the front. A fortified side is
    never "flipped": fortification is its own flag (10.7.1)."""
    unit = R.unit(uid)
    if state["units"][uid].get("flipped") and unit.back is not None:
        return unit.back
    return unit.front


def combat_factor(R: Rules, state: State, uid: str, defending: bool = True) -> int:
    """The printed combat factor of the face in use (SNO 10.1.1, 10.3: the weaker or
    unrefitted side when flipped), with fortification's bonus when the unit is fortified and
    defending (SNO 10.7.5: the fortified side's factor where the counter prints one, else the
    marker's bonus - armor and juggernauts, 10.7.1; a fortified unit never attacks, 10.7.4)."""
    unit = R.unit(uid)
    shown = face(R, state, uid)
    if shown is None:
        return 0
    if defending and state["units"][uid].get("fortified"):  # SNO 10.7.5
        if unit.back_is == "fortified":
            return unit.back.cf if unit.back else shown.cf
        return shown.cf + fortify_bonus(unit)
    return shown.cf


def movement_factor(R: Rules, uid: str, state: State | None = None) -> int:
    """The printed movement factor of the face in use (0 for units that print none:
    garrisons, 5.1.9). Without a state: the front's."""
    shown = face(R, state, uid) if state is not None else R.unit(uid).front
    return shown.mf or 0 if shown else 0


def is_fortified(state: State, uid: str) -> bool:
    return bool(state["units"][uid].get("fortified"))


def is_dispersed(state: State, uid: str) -> bool:
    return bool(state["units"][uid].get("dispersed"))


def hex_title(R: Rules, hex_id: str) -> str:
    """A hex as labels give it: "Kiev (1816)" where the map names a place, else "1715"."""
    return R.map.hex_title(hex_id)


def unit_title(R: Rules, uid: str) -> str:
    """A unit as labels give it, with its nationality: "German 4th Corps"."""
    return R.unit(uid).title


def phasing_side(state: State) -> str:  # SNO 3.4.5
    return "axis" if state["phase"].startswith("axis") else "soviet"


#: The phases of one player-turn (SNO 1.0 B), in order; sequence.py's table says what
#: happens in each.
KINDS = ("rrp", "omp", "form", "recovery", "combat", "disband", "orders")
#: Every phase in the order they come: the set-up, the player moving second first (SNO
#: 12.12), then a month - its weather, the Axis player-turn, the Soviet one (SNO 1.0).
PHASES = (
    "soviet_setup",
    "axis_setup",
    "weather",
    *(f"{side}_{kind}" for side in ("axis", "soviet") for kind in KINDS),
)


def phase_side(phase: str) -> str | None:
    """The phasing side of a phase (None for the weather step)."""
    side, _, _ = phase.partition("_")
    return side if side in ("axis", "soviet") else None


def phase_kind(phase: str) -> str:
    """setup, weather, or one of KINDS."""
    side = phase_side(phase)
    return phase[len(side) + 1 :] if side else phase


__all__ = [
    "BOXES",
    "SIDES",
    "Rules",
    "State",
    "combat_factor",
    "counter_ids",
    "hex_of",
    "kept",
    "occupancy",
    "on_map",
    "other",
    "remember",
    "remembered",
    "set_unit",
    "side_units",
    "standard_rules",
    "units_at",
]
