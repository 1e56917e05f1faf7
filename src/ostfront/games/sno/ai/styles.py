"""Ways of playing a Sturm Nach Osten player-turn: the movement weights the hard player
chooses among, by playing each out (:mod:`ostfront.ai.hard`).

The normal player plays its side's ``steady``, the weights of :mod:`.moves` - for the
Soviets with the counter-attack on the victory cities the Axis has taken (``retake``,
15.2) - except in a month whose weather favours the side (6.4.2: Snow, for the Soviets),
when it plays its season's (:data:`SEASON`: the winter offensive). The Axis's others lean
one way or the other on what decides its 1941 campaign: how hard it pushes on the cities it
needs (15.6) against how much it risks being cut off (9.5.1: an isolated unit outside a city
is lost). Which is best depends on the position, so none is better in general; the hard
player plays each for a game-turn on its own dice and keeps the one whose position
evaluates best; it plays its own first (:data:`HARD`: the Axis's ``storm``, attacking the
victory cities it stands beside; the Soviets' ``guard``, filling the empty victory cities a
panzer corps could reach) where no other is clearly better. The Soviets have only
``steady`` besides: two more Soviet styles (every unit into the threatened cities; out of
the Axis ZOC towards them) were measured over 30 paired games and gained nothing (docs/ai.md,
round 14), the winter offensive out of season lost 0.32 +- 0.49 of their count over 37
(round 18), and a wider or narrower threat radius lost too (round 21). In a Victory
Determination Turn each side may also play ``assault`` (:data:`AT_VDT`), where only the
cities count; while the Axis besieges a victory city, ``pincer`` (:data:`IN_SIEGE`), going
round it.

>>> [s.name for s in STYLES["axis"]]
['steady', 'drive', 'secure']
>>> style_named("axis", "drive").step > STEADY.step
True
>>> style_named("soviet", "steady").retake, STEADY.retake
(1.0, 0.0)
>>> style_named("axis", "assault").retake
4.0
>>> style_named("axis", "pincer").pincer
True
>>> style_named("axis", "storm").retake
1.0
>>> style_named("soviet", "guard").open, STEADY.open
(12, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..combat.odds import weather_shifts
from ..rules import State, other
from .contact import CONTACT, FAIR


@dataclass(frozen=True)
class Style:
    """The movement weights of :meth:`.moves.SturmNachOstenEvaluator.hex_worth`."""

    name: str = "steady"
    step: float = 1.0  # a hex nearer the objective
    city_taken: float = 25.0  # an enemy victory city entered empty (3.2.3), a count
    major_taken: float = 4.0  # an enemy major city entered empty
    hold: float = 8.0  # a Soviet unit in a victory city the Axis threatens
    in_zoc: float = 3.0  # a Soviet unit in enemy ZOC outside a city (7.1.4)
    unsupplied: float = 12.0  # ending a move where no supply line reaches (9.5)
    #: an enemy-held victory city attacked though no rule obliges it (15.2), per count of
    #: the city and chance of clearing it, as a share of what the evaluation gives a city
    retake: float = 0.0
    #: the compulsory attack a move into contact brings (:mod:`.contact`): movement worth a
    #: factor of the defence the attack is expected to lose, and the odds the units still to
    #: move must be able to make for it not to count
    contact: float = CONTACT
    fair: float = FAIR
    #: the attacks a move into contact makes better (:mod:`.contact`): movement worth a
    #: factor of the defence an attack is expected to take, counted above zero - a side on
    #: the offensive goes looking for them
    offensive: float = 0.0
    #: march round the victory cities the side besieges, to cut them off, rather than at
    #: them (:func:`.evaluation.besieged`)
    pincer: bool = False
    #: how near an enemy unit makes an empty victory city of the side the first place for a
    #: replacement (:func:`.moves.open_to_enemy`, 3.2.4), in hexes
    open: int = 2


#: The normal player's weights
STEADY = Style()

#: Each side's styles, the normal player's first
STYLES: dict[str, tuple[Style, ...]] = {
    "axis": (
        STEADY,
        # march twice as hard on the cities, and risk the supply line and poor attacks more
        Style("drive", step=2.0, city_taken=40.0, unsupplied=6.0, contact=1.5, fair=1.5),
        # keep every unit in supply first, march at half pace, attack only at good odds
        Style("secure", step=0.5, unsupplied=24.0, contact=6.0, fair=3.0),
    ),
    # the Soviets counter-attack the victory cities the Axis has taken (docs/ai.md, round 15)
    "soviet": (Style("steady", retake=1.0),),
}


#: SNO 6.4.2: in a month whose weather shifts the enemy's attacks and not the side's (Snow:
#: the Axis's), the normal player's side goes on the offensive - its units move into contact
#: where the attack they make there gains (no price on enemy ZOC as such: what the attack
#: costs or gains is priced), as the Red Army did in the winters of the war
SEASON: dict[str, Style] = {
    "soviet": Style("winter", retake=1.0, in_zoc=0.0, offensive=CONTACT),
}

#: SNO 15.1-15.2: the style a side may play a Victory Determination Turn in, besides its
#: own: every victory city the enemy occupies is attacked whatever it costs - a win ends the
#: game there, and after the game's last player-turn only the cities count (15.3, 15.7). The
#: Axis marches as in ``drive`` and gathers round the cities; the Soviets' counter-attack on
#: the cities lost (``retake``) weighs four times as much as in ``steady``.
AT_VDT: dict[str, Style] = {
    "axis": Style("assault", step=2.0, city_taken=40.0, unsupplied=6.0, contact=0.0, retake=4.0),
    "soviet": Style("assault", retake=4.0),
}


#: SNO 3.2.4, 5.1: how near an Axis unit makes an empty Soviet victory city the guard's
#: first place for a replacement - a panzer corps marches eight hexes on its refitted side
#: and the normal Axis walked into an empty Voronezh from ten (seed 16, August 1941)
GUARD_OPEN = 12

#: SNO 15.6, 7.7.3a: the hard player's own first style, where it is not the normal player's.
#: The Axis storms the Soviet-held victory cities its units stand beside, though no rule
#: obliges it (``retake``: what taking one is worth, by the chance of a result after which
#: its attackers may advance into it), so the attack plan gathers the units for odds that
#: take the city rather than share them out among the hexes around it - the normal player
#: attacks a city only where its units must (7.1.4), at 2:1 month after month
#: (docs/ai.md, round 20). The Soviets guard the empty victory cities an Axis unit is
#: within :data:`GUARD_OPEN` hexes of, a replacement in each (``open``; the normal player
#: only where the enemy stands within two): Voronezh was entered in an Axis Movement Phase
#: in nine games of forty, in none with the guard (round 21). Searched like the other
#: styles, each is the one kept without a clear gain.
HARD: dict[str, Style] = {
    "axis": Style("storm", retake=1.0),
    "soviet": Style("guard", retake=1.0, open=GUARD_OPEN),
}


#: SNO 9.4.2, 9.5.2: the style the Axis may play while it besieges a victory city
#: (:func:`.evaluation.besieged`): the units coming up go round the city to cut it off, as
#: Kiev (September 1941) was taken, rather than storm it again - the normal player's units
#: march on the nearest city and stand next to it month after month (docs/ai.md, round 19)
IN_SIEGE: dict[str, Style] = {"axis": Style("pincer", pincer=True)}


def own_style(side: str) -> Style:
    """The side's own first style, the normal player's (:data:`STYLES`; ``steady`` for a
    side with none)."""
    return STYLES[side][0] if side in STYLES else STEADY


def style_named(side: str, name: str) -> Style:
    """A side's style by name (``steady`` for a name the side does not have)."""
    for extra in (HARD.get(side), AT_VDT.get(side), SEASON.get(side), IN_SIEGE.get(side)):
        if extra is not None and extra.name == name:
            return extra
    return next((s for s in STYLES.get(side, ()) if s.name == name), STEADY)


def favoured_by_weather(state: State, side: str) -> bool:
    """Whether the month's weather shifts the enemy's attacks and not the side's (SNO 6.4.2:
    Snow, for the Soviets)."""
    return bool(weather_shifts(state, other(side))) and not weather_shifts(state, side)
