"""The random player: uniform over the legal actions, from its own seeded generator.

It never undoes (an undo loop would be legal but pointless), unless undo is all there is.

**Patience.** Some decisions are built up step by step and may be taken back: an attack
declaration in Defiant Russia adds and removes units and hexes, changes Air Points, may be
cancelled (DR 7.1, 7.1B). A uniform walk over such steps can wander for a very long time
before it finds the one combination the rules allow - a lone unit that must attack five
adjacent hexes may roll only once all five are in one battle (7.0B, 7.1B), and a walk that
drops a hex as often as it adds one takes tens of thousands of steps to get there. So after
:data:`PATIENCE` such steps in a row (actions whose role is in :data:`BUILDING`: picking a
unit, declaring or adding to an attack, stepping back) the player stops taking steps back
(role ``back``: undo, cancel, deselect, leave out, drop from a plan, changing Air Points)
while any other choice is left; the declaration then only grows, and ends in a roll. Until
then every legal action is as likely as any other, so the fuzzer still tries cancelling and
dropping. A decision of any other kind (role ``choose``) taken on the way neither counts nor
restores patience: an SNO attack plan (7.1.11-7.1.12) is built of attacks, each declared,
and marks on units to disband instead, and a walk that forgot its patience at every mark
wandered for tens of thousands of steps before its plan kept every obligation. A move, a
roll or the end of a step restores it.

Patience lapses, too: every :data:`LAPSE`-th stretch of :data:`PATIENCE` building steps in a
row (steps 400-439, 800-839, ...) the player may step back again. A walk that only grows can
be trapped: in an SNO plan whose attack on a hex left one of its units out (7.1.10), the only
steps that are not back are attacks that can never be declared (below 1:6, 7.4.7) - dropping
the faulty attack is the way out, and it is a step back (1943 seed 161 walked for 200,000
steps without it). It reads only the roles the games give their actions.

>>> from ostfront.core.rng import new_rng
>>> p = RandomPlayer(new_rng(3))
"""

from __future__ import annotations

from ..core.protocol import Action, Game, State
from ..core.rng import RngState, choice_index

#: the roles (:data:`~ostfront.core.protocol.ROLES`) of the steps of a decision built up
BUILDING = frozenset({"select", "attack", "back"})
#: building steps in a row after which the player stops stepping back
PATIENCE = 40
#: every LAPSE-th stretch of PATIENCE building steps, patience lapses (steps back allowed)
LAPSE = 10


class RandomPlayer:
    name = "random"

    def __init__(self, rng: RngState) -> None:
        self.rng = rng
        self.building = 0  # building steps chosen in a row

    def choose(self, game: Game, state: State) -> Action:
        return self.choose_from(game.legal_actions(state))

    def out_of_patience(self) -> bool:
        """No step back while anything else is legal: from PATIENCE
        building steps in a row on, except in every LAPSE-th stretch of PATIENCE steps."""
        return self.building >= PATIENCE and (self.building // PATIENCE) % LAPSE != 0

    def choose_from(self, legal: list[Action]) -> Action:
        """One of these actions, uniformly (undo only if nothing else is legal; no step back
        once out of patience, if anything else is legal)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        pool = [a for a in legal if a.verb != "undo"] or legal
        if self.out_of_patience():
            pool = [a for a in pool if a.role != "back"] or pool
        chosen = pool[choice_index(self.rng, len(pool))]
        if chosen.role in BUILDING:
            self.building += 1
        elif chosen.role != "choose":  # a move, roll or end leaves the decision
            self.building = 0
        return chosen
