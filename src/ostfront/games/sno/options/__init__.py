"""SNO 14.0 Strategic Options, one module per section of the rulebook:

- :mod:`.choice` - 14.11-14.14: which scenarios allow which option, one start and one playing
  option per player, the options' set-up changes at a game's start and the changed victory
  conditions;
- :mod:`.stalin_line` - 14.3: the Stalin Line hexsides and 14.32's removed units;
- :mod:`.modernization` - 14.4: the forces to the pool for the set-up (14.42), every Soviet
  unit available as a replacement (14.43);
- :mod:`.may1941` - 14.5 and 14.6: the campaign begun in May 1941;
- :mod:`.siberian` - 14.7: the Siberian Reserves and the Japanese invasion;
- :mod:`.partisans` - 14.8: the Axis contains the partisans.

Start options are chosen when the game is created (``state["options"]``); the playing options
chosen then are the ones the players permit (14.12), and each is used by its player's action
during the game (``state["strategic"]`` records what has been used).
"""
