"""SNO 10.3 Armor (and the movement side of 10.1, 5.1.8, 5.3.3-5.3.4): what the start of the
OMP fixes for the phasing player's armor, flipping to the weaker side to move farther, and the
refit in the Recovery Phase.

- SNO 5.3.4: an armor-type unit (3.4.3) that cannot trace a fuel line (``supply.fuel_line``)
  at the beginning of its OMP is short of fuel for the whole OMP (``state["fuel_short"]``;
  ``movement_rules.omp_allowance`` reduces its allowance to 4 Axis, 3 Soviet).
- SNO 5.3.3: the Guderian units within two hexes of another at the start of the OMP (the
  OMP's record, ``"guderian"``; ``movement_rules.leader_bonus``).
- SNO 5.1.8, 10.1.4, 10.3.3a: a juggernaut on its stronger side, or a refitted armor unit,
  may move with the larger movement factor of :func:`movement_rules.higher_factor`; a move
  that needs it flips the unit (:func:`flip_for_move`): the juggernaut to its weaker side,
  the armor unit to its unrefitted side on completion of the move.
- SNO 10.3.5: an unrefitted armor unit that is in supply at the start of its own player-turn
  (:func:`begin_player_turn`, before its RRP), not in enemy ZOC at the start of its OMP (nor,
  as it does not move, during it), does not move in it, and is undispersed and unfortified
  (10.3.6, 10.7.6) in the Recovery Phase is flipped back to its refitted side there
  (:func:`refit`). The units eligible are kept in ``state["refit"]``: listed at the start of
  the player-turn, struck off at the start of the OMP if in enemy ZOC, and when they move.

State keys owned here::

    fuel_short  [uid] armor-type units short of fuel this OMP (5.3.4); empty outside it
    refit       [uid] unrefitted armor units that may refit in this player-turn's Recovery
                Phase (10.3.5), made at the start of the player-turn
"""

from __future__ import annotations

from .movement_rules import higher_factor
from .rules import Rules, State, hex_of, other, set_unit, side_units
from .supply import fuel_line, in_supply
from .zoc import zoc


def is_armor(R: Rules, uid: str) -> bool:
    """SNO 3.4.3: armor, armored infantry and armored cavalry - the units 10.3 and 5.3.4
    speak of (each prints a refitted and an unrefitted side)."""
    return R.unit(uid).is_armor_type


def is_refitted(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.3.1: an armor unit with its refitted side up. SNO 10.3.2: a unit comes into
    play refitted - at a scenario's start save where 12.7 says otherwise
    (deployment.flipped_at_start), as a replacement always (11.4, replacements.py) - and its
    refitted factor is its replacement cost (counters.replacement_cost)."""
    # SNO 10.3.1: the front face is the refitted side ("flipped": the unrefitted one)
    # SNO 10.3.2: nothing is flipped until play flips it (the record says "flipped")
    return is_armor(R, uid) and not state["units"][uid].get("flipped")


# ------------------------------------------------------------------ the start of the turn
# SNO 10.3.5
def begin_player_turn(R: Rules, state: State, side: str) -> None:
    """SNO 10.3.5: 'in supply at the start of its own player-turn' - the unrefitted armor
    units of ``side`` on the map in supply as its player-turn begins, before its RRP (the
    sequence calls this as a played player-turn begins, and so does a position that starts
    in that player-turn's RRP or OMP: sequence.begin). :func:`begin_omp` and :func:`moved`
    strike off those that are then in enemy ZOC or move."""
    state["refit"] = [
        u
        for u in side_units(R, state, side)
        if is_armor(R, u) and state["units"][u].get("flipped") and in_supply(R, state, u)
    ]


# ------------------------------------------------------------------ the start of the OMP
def begin_omp(R: Rules, state: State, side: str) -> None:
    """What the start of ``side``'s OMP fixes for its armor: fuel (5.3.4) and which units may
    still refit in the Recovery Phase (10.3.5: those in supply at the start of the player-turn,
    :func:`begin_player_turn`, not in enemy ZOC now). The Guderian units are the OMP
    record's."""
    armor = [u for u in side_units(R, state, side) if is_armor(R, u)]
    line = fuel_line(R, state, side) if armor else frozenset()
    # SNO 5.3.4: 'cannot trace a fuel line at the beginning of its OMP'
    state["fuel_short"] = [u for u in armor if hex_of(state, u) not in line]
    enemy_zoc = zoc(R, state, other(side))
    state["refit"] = [  # SNO 10.3.5: and not in enemy ZOC during its OMP
        u
        for u in armor
        if u in (state.get("refit") or ())
        and state["units"][u].get("flipped")
        and hex_of(state, u) not in enemy_zoc
    ]


def end_omp(state: State) -> None:
    """SNO 5.3.4: the fuel shortage lasts 'for that entire OMP' and no longer."""
    state["fuel_short"] = []


# ------------------------------------------------------------------ flipping to move
def flip_for_move(R: Rules, state: State, uid: str) -> None:
    """SNO 5.1.8: the unit used the larger movement factor of its weaker side - a juggernaut
    flips to its weaker side (10.1.4), a refitted armor unit to its unrefitted side on
    completion of the move (10.3.3a)."""
    if higher_factor(R, state, uid) is not None:
        set_unit(state, uid, flipped=True)


def moved(state: State, uid: str) -> None:
    """SNO 10.3.5: a unit that moves in its OMP does not refit in that player-turn."""
    if uid in (state.get("refit") or ()):
        state["refit"] = [u for u in state["refit"] if u != uid]


# ------------------------------------------------------------------ the Recovery Phase
def refit(R: Rules, state: State, side: str) -> None:
    """SNO 10.3.5: flip back to the refitted side, at no cost in replacements, every armor
    unit eligible since the start of the OMP (:func:`begin_omp`, not moved since) that is
    undispersed and not fortified now (10.3.6, 10.7.6: never refitting while fortified).
    Called by the sequence before the dispersed markers come off."""
    for u in state.get("refit") or ():
        if R.unit(u).side != side or hex_of(state, u) is None:
            continue
        d = state["units"][u]
        if d.get("dispersed"):  # SNO 10.3.5 'must be undispersed'
            continue
        if d.get("fortified"):  # SNO 10.3.6, # SNO 10.7.6: 'may not refit while fortified'
            continue
        set_unit(state, u, flipped=False)
    state["refit"] = []
