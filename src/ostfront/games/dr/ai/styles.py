"""Ways of playing a Defiant Russia player-turn other than the normal player's: the hard
player's (:mod:`ostfront.ai.hard`).

The normal player plays every player-turn alike, weighing the cities against the armies
that will hold or take them in the turns to come. In the last player-turn of a side (4.12:
the game ends with December's turn) there are no turns to come: 13.0A-B count only the
victory cities held when the game ends, Stalin and the casualty point. The hard player
plays that player-turn as ``last``, each side alike:

* the position is judged by 13.0's points alone (:func:`.evaluation.final_score`): a unit
  lost costs nothing unless it turns the casualty point (13.0E) - for the Soviets, whose
  December turn is the game's last, exactly; for the Axis, with the Soviets' December turn
  still to come, a bet that measured well against the normal Soviets (docs/ai.md, round
  23): the Axis holds the casualty point by some twenty in every game traced, and a corps
  that keeps its strength by retreating (7.2.2) cannot advance into the city it attacked
  (7.3C);
* the side's moves follow an attack plan (:mod:`.plan`, as the Axis's do every turn) that
  goes only for the enemy's victory cities, at any odds worth rolling, gathering more hits
  than the defenders have steps (a defender holding on takes every hit as a step loss,
  7.2.1A);
* an attack is worth, besides its hits, the chance of clearing an enemy-held victory city
  times the city's points (``city``), and a move counts the hexes it takes on its way, an
  empty victory city with its points (``take``, 6.4C);
* an airborne unit that may drop into an empty enemy-held victory city (11.3.1B-C) is left
  out of the plan and drops there first (``drop``): a drop is the phase's first move or
  none, and it lands five times in six (11.3.1D).

The Soviets play the two player-turns before (October and November; 4.12) as the
``approach``: the normal player's, but their units march on the nearest Axis-held victory
city (``march``), as the Axis's always do (:data:`.evaluation.ADVANCE`), so that December
finds them within reach of it. The normal Soviets' reserves, with no enemy within six hexes,
have nothing to go for and stay where they stand (docs/ai.md, round 24: with the approach the
hard Soviets' margin over normal went from 0.77 to 1.19 points a game; marching in September
too, or twice as hard in October, gained nothing).

The game offers each style only in its turn (:meth:`.moves.DefiantRussiaEvaluator.styles`),
and the hard player plays it there without a search (one way offered: nothing to choose).

>>> LAST.plan.cities_only, LAST.final, LAST.take, LAST.drop
(True, True, True, True)
>>> APPROACH.march > 0, APPROACH.plan is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .evaluation import CITY_POINT
from .plan import Style as PlanStyle


@dataclass(frozen=True)
class Style:
    """How a side plays a player-turn."""

    name: str = ""
    #: the attack plan's weights; ``None``: the normal player's (the Axis plans, the Soviets
    #: do not)
    plan: PlanStyle | None = None
    #: judge the position by 13.0's points alone (:func:`.evaluation.final_score`), as if
    #: nothing the enemy does came after this player-turn
    final: bool = False
    #: an attack's worth, per victory point of an enemy-held victory city it attacks, times
    #: the chance it clears the city (every defender's step, 7.2.4)
    city: float = 0.0
    #: a move counts the hexes it takes on its way, a victory city with its points (6.4C;
    #: the normal player's moves weigh where they end, :func:`.moves.move_gain`)
    take: bool = False
    #: a move's worth per hex it brings the unit nearer the nearest enemy-held victory
    #: city (the Axis's drive, :data:`.evaluation.ADVANCE`, for either side)
    march: float = 0.0
    #: a parachute drop (11.3) counts among an airborne unit's moves, worth what the move
    #: would be times the chance the unit lands (11.3.1D)
    drop: bool = False


MARCH = 0.3  # the approach's march, a hex nearer the nearest enemy-held victory city
APPROACH_TURNS = 2  # the player-turns before the last played as the approach

NORMAL = Style()
#: a side's last player-turn (4.12, 13.0A), each side alike: a clear of a city is worth what
#: the evaluation gives the city; attacks at odds of 0.3 hits scored a hit taken are rolled
LAST = Style(
    name="last",
    plan=PlanStyle(odds=0.3, city=CITY_POINT, nearer=0.0, cities_only=True),
    final=True,
    city=CITY_POINT,
    take=True,
    drop=True,
)
#: the Soviets' player-turns before their last: their units march on the Axis-held victory
#: cities, to stand within reach of them when the last player-turn comes
APPROACH = Style(name="approach", march=MARCH)
