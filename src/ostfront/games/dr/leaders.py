"""DR 11.6 Leaders (and 12.7 Timoshenko): their combat bonuses, the death roll when units
stacked with them are eliminated, and where a surviving leader goes.

Leaders are found by their printed names (Guderian, Mannerheim, Stalin, Zhukov, Timoshenko).
(# DR 11.0: the special unit types; the others live in navy, airborne, air and militia.)
A leader's bonus counts when at least one ground unit of his hex takes part in the battle.

Readings (recorded in docs/rules/defiant-russia.md):

* Guderian's bonus dice hit like the German Armor he accompanies (so on 5-6 under Panzer
  Shock, 7.5) when his attacking hex includes German Armor.
* Zhukov's "+1 to all Soviet units in two hexes adjacent to Zhukov" (11.6.4E): the first two
  hexes adjacent to him from which Soviet units attack in a combat phase are his two hexes;
  each adds one to an attack made from it (his own hex adds two).
* Stalin, Zhukov and Timoshenko never combine (11.6.4H, 12.7F): a side's battle gets the
  largest of their bonuses.
* The death roll (11.6C-D) is one die per leader per battle, made once that side's losses
  are settled: killed on 1-2 if no ground unit of his side is left with him, else on 1.
* A surviving leader is moved (11.6.1F, 11.6.2E, 11.6.3E, 11.6.4G, 12.7E) right after his
  roll; ties of distance are the owner's choice (an action in combat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.memo import known
from ...core.paths import connected
from ...core.protocol import roll
from .air import phase_book
from .rules import BOXES, Rules, State, ground_units_at, hex_of, set_unit, units_at

STALIN_CITIES = ("Stalingrad", "Leningrad", "Gorki")  # DR 11.6.3E
SOVIET_MARSHALS = ("Stalin", "Zhukov", "Timoshenko")  # DR 11.6.4H, 12.7F


@dataclass(frozen=True)
class Bonus:
    """Extra dice a leader gives one side of a battle."""

    dice: int
    leader: str
    rule: str
    armor: bool = False  # Guderian's dice hit as German Armor (see the module notes)
    zhukov_hexes: tuple[str, ...] = ()  # the hexes this bonus used as Zhukov's two hexes


def name_of(R: Rules, uid: str) -> str:
    return R.unit(uid).name


def leaders_at(R: Rules, state: State, h: str, side: str | None = None) -> list[str]:
    return [
        u
        for u in units_at(state, h)
        if R.unit(u).is_leader and (side is None or R.unit(u).side == side)
    ]


def leader_on_map(R: Rules, state: State, name: str) -> str | None:
    """The leader named ``name`` on the map (not in a box), if any."""
    units = state["units"]
    for uid in _leaders_named(R, name):
        if uid in units and units[uid]["at"] not in BOXES:
            return uid
    return None


def _leaders_named(R: Rules, name: str) -> tuple[str, ...]:
    """The counter mix's leaders named ``name``, by id (worked out once a mix)."""
    found: tuple[str, ...] = known(
        R.counters,
        ("leaders named", name),
        lambda: tuple(
            sorted(u for u, c in R.counters.units.items() if c.is_leader and c.name == name)
        ),
    )
    return found


# ------------------------------------------------------------------ combat bonuses
def zhukov_used(state: State) -> list[str]:
    """Hexes already used as Zhukov's two supporting hexes in this combat phase."""
    return list(phase_book(state).get("zhukov_hexes", []))


def attack_bonus(R: Rules, state: State, attackers: list[str]) -> list[Bonus]:
    """Leader bonuses of the attacking side. # DR 11.6.1C-D # DR 11.6.3B # DR 11.6.4E # DR 12.7D"""
    ground = [u for u in attackers if R.unit(u).is_ground]
    hexes = sorted({h for u in ground if (h := hex_of(state, u)) is not None})
    out: list[Bonus] = []
    gud = leader_on_map(R, state, "Guderian")
    if gud and hex_of(state, gud) in hexes:
        gh = hex_of(state, gud)
        armor = any(
            R.unit(u).nationality == "german" and R.unit(u).type == "armor"
            for u in ground
            if hex_of(state, u) == gh
        )
        clear = state.get("weather") == "clear"
        out.append(
            Bonus(
                2 if clear else 1, "Guderian", "DR 11.6.1C" if clear else "DR 11.6.1D", armor=armor
            )
        )
    marshals: list[Bonus] = []
    stalin = leader_on_map(R, state, "Stalin")
    if stalin and hex_of(state, stalin) in hexes:
        marshals.append(_stalin_bonus(R, state, stalin))
    zhukov = leader_on_map(R, state, "Zhukov")
    if zhukov:
        zh = hex_of(state, zhukov)
        assert zh is not None
        dice = 2 if zh in hexes else 0  # DR 11.6.4E: stacked with him
        used = zhukov_used(state)
        near = [h for h in hexes if h != zh and R.map.grid.distance(h, zh) == 1]
        mine = [h for h in near if h in used]
        for h in near:  # DR 11.6.4E: two hexes adjacent to Zhukov
            if h not in mine and len(set(used) | set(mine)) < 2:
                mine.append(h)
        dice += len(mine)
        if dice:
            marshals.append(Bonus(dice, "Zhukov", "DR 11.6.4E", zhukov_hexes=tuple(mine)))
    timo = leader_on_map(R, state, "Timoshenko")
    if timo and hex_of(state, timo) in hexes:
        marshals.append(Bonus(1, "Timoshenko", "DR 12.7D"))
    if marshals:  # DR 11.6.4H, 12.7F: never combined, the best one counts
        out.append(max(marshals, key=lambda b: b.dice))
    return out


def defense_bonus(R: Rules, state: State, hexes: list[str]) -> list[Bonus]:
    """Leader bonuses of the defending side. # DR 11.6.1D # DR 11.6.2C-D # DR 11.6.3B
    # DR 11.6.4F # DR 12.7D"""
    out: list[Bonus] = []
    marshals: list[Bonus] = []
    for h in hexes:
        if not ground_units_at(R, state, h):
            continue
        for uid in leaders_at(R, state, h):
            name = name_of(R, uid)
            if name == "Guderian":
                out.append(Bonus(1, name, "DR 11.6.1D"))
            elif name == "Mannerheim":
                snow = state.get("weather") == "snow"
                out.append(Bonus(2 if snow else 1, name, "DR 11.6.2C" if snow else "DR 11.6.2D"))
            elif name == "Stalin":
                marshals.append(_stalin_bonus(R, state, uid))
            elif name == "Zhukov":
                marshals.append(Bonus(1, name, "DR 11.6.4F"))
            elif name == "Timoshenko":
                marshals.append(Bonus(1, name, "DR 12.7D"))
    if marshals:  # DR 11.6.4H, 12.7F
        out.append(max(marshals, key=lambda b: b.dice))
    return out


def _stalin_bonus(R: Rules, state: State, stalin: str) -> Bonus:
    """DR 11.6.3B: two, or three if the units with him include an NKVD army."""
    h = hex_of(state, stalin)
    assert h is not None
    nkvd = any(R.unit(u).type == "nkvd" for u in ground_units_at(R, state, h, "soviet"))
    return Bonus(3 if nkvd else 2, "Stalin", "DR 11.6.3B")


def record_zhukov(state: State, bonuses: list[Bonus]) -> None:
    """Remember the hexes Zhukov's +1 went to in this phase (DR 11.6.4E)."""
    hexes = [h for b in bonuses for h in b.zhukov_hexes]
    if not hexes:
        return
    book = phase_book(state, write=True)
    book["zhukov_hexes"] = sorted(set(book.get("zhukov_hexes", [])) | set(hexes))


# ------------------------------------------------------------------ following units
def follow(R: Rules, state: State, src: str, dst: str, moved: list[str], retreat: bool) -> None:
    """Leaders go with the units they must accompany when those leave ``src`` (11.6.1B,
    11.6.2B, 11.6.4D, 12.7C); Stalin leaves Moscow only in a retreat (11.6.3C)."""
    if not moved:
        return
    side = R.unit(moved[0]).side
    left = [u for u in ground_units_at(R, state, src, side) if u not in moved]
    for uid in leaders_at(R, state, src, side):
        name = name_of(R, uid)
        if name == "Guderian":
            goes = any(_german_armor(R, u) for u in moved) and not any(
                _german_armor(R, u) for u in left
            )
        elif name == "Mannerheim":
            goes = any(R.unit(u).nationality == "finnish" for u in moved) and not any(
                R.unit(u).nationality == "finnish" for u in left
            )
        elif name == "Stalin":
            goes = retreat and not left
        else:
            goes = not left
        if goes:
            set_unit(state, uid, at=dst)


def _german_armor(R: Rules, uid: str) -> bool:
    return R.unit(uid).nationality == "german" and R.unit(uid).type == "armor"


# ------------------------------------------------------------------ death rolls
def settle(R: Rules, state: State, *, auto: bool = False) -> list[dict[str, Any]]:
    """Roll for every leader queued by an elimination (11.6C-D) and move the survivors who
    lost their units (11.6E). Returns the moves that are the owner's choice (several hexes
    at the same distance): ``{"leader", "side", "choices"}``; with ``auto`` the first hex is
    taken instead."""
    checks = state.pop("leader_checks", None) or []
    order: list[str] = []
    for c in checks:
        for uid in c["leaders"]:
            if uid not in order:
                order.append(uid)
    choices: list[dict[str, Any]] = []
    for uid in order:
        h = hex_of(state, uid)
        if h is None:
            continue
        side = R.unit(uid).side
        name = name_of(R, uid)
        alone = not ground_units_at(R, state, h, side)
        die = roll(state, 1, f"{name}: death roll (DR 11.6{'D' if alone else 'C'})")[0]
        if die <= (2 if alone else 1):  # DR 11.6C: on a 1; DR 11.6D: on 1-2
            kill(R, state, uid)
            continue
        options = relocation(R, state, uid)
        if options is None or hex_of(state, uid) is None:  # stays, or killed (11.6.3E)
            continue
        if not options:
            retire(R, state, uid)
        elif len(options) == 1 or auto:
            place(R, state, uid, options[0])
        else:
            choices.append({"leader": uid, "side": side, "choices": options})
    return choices


def kill(R: Rules, state: State, uid: str) -> None:
    """A killed leader is gone for good; Stalin's death is recorded (13.0D). # DR 11.6C"""
    set_unit(state, uid, at="lost")
    if name_of(R, uid) == "Stalin":
        state["stalin"] = "dead"  # DR 13.0D


def retire(R: Rules, state: State, uid: str) -> None:
    """Guderian retires, Mannerheim goes into exile: removed, not eliminated. # DR 11.6.1F
    # DR 11.6.2E"""
    set_unit(state, uid, at="removed")


def place(R: Rules, state: State, uid: str, h: str) -> None:
    set_unit(state, uid, at=h)


def relocation(R: Rules, state: State, uid: str) -> list[str] | None:
    """Where a surviving leader must go: None if he stays, [] if he leaves play, else the
    hexes to choose from (all at the least distance). May roll Stalin's second die."""
    h = hex_of(state, uid)
    assert h is not None
    unit = R.unit(uid)
    name = unit.name
    here = ground_units_at(R, state, h, unit.side)
    if name == "Guderian":  # DR 11.6.1F
        if any(_german_armor(R, u) for u in here):
            return None
        return _nearest(R, state, h, lambda u: _german_armor(R, u))
    if name == "Mannerheim":  # DR 11.6.2E
        if any(R.unit(u).nationality == "finnish" for u in here):
            return None
        return _nearest(R, state, h, lambda u: R.unit(u).nationality == "finnish")
    if here:
        return None
    if name == "Stalin":
        return _stalin_refuge(R, state, uid)
    other = "Timoshenko" if name == "Zhukov" else "Zhukov"
    rival = leader_on_map(R, state, other)
    rival_hex = hex_of(state, rival) if rival else None
    # DR 11.6.4G, 12.7E (and 12.7F: never in the same hex as the other marshal)
    return _nearest(
        R, state, h, lambda u: R.unit(u).side == "soviet" and hex_of(state, u) != rival_hex
    )


def _nearest(R: Rules, state: State, h: str, want: Any) -> list[str]:
    hexes = sorted(
        {
            hx
            for u, d in state["units"].items()
            if d["at"] not in BOXES and R.unit(u).is_ground and want(u) and (hx := d["at"]) != h
        }
    )
    if not hexes:
        return []
    best = min(R.map.grid.distance(h, x) for x in hexes)
    return [x for x in hexes if R.map.grid.distance(h, x) == best]


def _stalin_refuge(R: Rules, state: State, uid: str) -> list[str]:
    """DR 11.6.3E: Stalingrad, Leningrad or Gorki if a rail line runs there from Moscow;
    otherwise a second die kills him on 1-3 (1-2 in Snow) or he reaches one of them.
    Reading: the rail line may not pass a hex holding an Axis ground unit."""
    axis_held = {
        d["at"]
        for u, d in state["units"].items()
        if d["at"] not in BOXES and R.unit(u).side == "axis" and R.unit(u).is_ground
    }
    cities = sorted(R.map.place_named(n).hex for n in STALIN_CITIES)
    moscow = R.map.place_named("Moscow").hex
    net = connected(
        [moscow],
        R.map.rail_neighbours,  # along the rail lines
        lambda a, b: b not in axis_held,
    )
    open_cities = [c for c in cities if c not in axis_held]
    reached = [c for c in open_cities if c in net] if moscow not in axis_held else []
    if reached:
        return reached
    die = roll(state, 1, "Stalin cut off from the rail net (DR 11.6.3E)")[0]
    if die <= (2 if state.get("weather") == "snow" else 3):
        kill(R, state, uid)
        return []
    return open_cities or [hex_of(state, uid) or moscow]
