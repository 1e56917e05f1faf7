"""What the computer players know of Sturm Nach Osten, reached through
:meth:`~ostfront.games.sno.game.SturmNachOsten.evaluator`: the static evaluation and the
views the scores read (:mod:`.evaluation`) and the decisions scored (:mod:`.moves`, whose
``SturmNachOstenEvaluator`` is the game's :class:`~ostfront.core.protocol.Evaluator`).
The players themselves, which know no game, are in :mod:`ostfront.ai`."""
