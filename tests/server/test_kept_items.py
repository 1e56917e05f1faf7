"""The view items a game keeps between posts (the position's actions, its counters) hold
tuples where the answer has lists, so the garbage collector leaves them alone; they are sent
exactly as before: ``Action.to_json``'s fields as JSON arrays."""

from __future__ import annotations

import gc
import json

from pydantic import TypeAdapter
from web_helpers import TO_AXIS_COMBAT

from ostfront import games
from ostfront.server import describe
from ostfront.server.view_models import ActionInfo, CounterInfo


def test_annotated_actions_are_sent_as_action_to_json_says() -> None:
    game = games.get("dr")
    state = game.setup(None, {}, 11)
    for text in TO_AXIS_COMBAT[:5]:  # to the Axis movement, a corps selected
        state = game.apply(state, text)
    select = next(a for a in game.legal_actions(state) if a.verb == "select")
    state = game.apply(state, select)
    legal = game.legal_actions(state)
    out = describe.annotate(game, state, legal)
    assert len(out) == len(legal) > 10
    for i, (a, d) in enumerate(zip(legal, out, strict=True)):
        want = a.to_json()
        drawn = a.highlight in describe.DRAWN_WAYS and len(a.path) > 1
        want.update(
            index=i,
            hex=a.hexes[0] if a.hexes else None,
            unit=a.units[0] if len(a.units) == 1 else None,
            kind=a.highlight if a.hexes else None,
            cost=int(a.cost) if a.cost is not None and float(a.cost).is_integer() else a.cost,
            path=list(a.path) if drawn else None,
        )
        assert json.dumps(d) == json.dumps(want)
    assert any(d["path"] for d in out)  # moves drawn: the path is sent


def test_kept_items_are_left_alone_by_the_collector_and_validate_as_lists() -> None:
    game = games.get("dr")
    state = game.apply(game.setup(None, {}, 3), "historical")
    counters = describe.counters_json(game, state)
    actions = describe.annotate(game, state, game.legal_actions(state))
    gc.collect()
    assert not any(gc.is_tracked(c) for c in counters)
    assert not any(gc.is_tracked(a) for a in actions)
    for model, items in ((CounterInfo, counters), (ActionInfo, actions)):
        adapter = TypeAdapter(list[model])  # type: ignore[valid-type]
        sent = adapter.dump_python(adapter.validate_python(items), mode="json")
        assert json.loads(json.dumps(sent)) == json.loads(json.dumps(items))
