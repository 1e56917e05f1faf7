"""What the computer players know of Defiant Russia, reached through
:meth:`~ostfront.games.dr.game.DefiantRussia.evaluator`: the static evaluation and the
worth of a hex (:mod:`.evaluation`), the decisions scored (:mod:`.moves`, whose
``DefiantRussiaEvaluator`` is the game's :class:`~ostfront.core.protocol.Evaluator`), the
attack values (:mod:`.attacks`) and the normal Axis player's attack plan (:mod:`.plan`).
The players themselves, which know no game, are in :mod:`ostfront.ai`."""
