"""What an imported record must be before it is replayed: not nested too deep, not too
long, its header's every field checked against its game (scenario, options, seed) and its
custom starting position within sane limits (the game's set-up checks the rest).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import OstfrontError, RecordError
from ..core.position import position_from_dict
from ..core.protocol import Game
from . import seats

#: The most steps an imported record may have (a whole campaign is some 2,300).
MAX_IMPORT_STEPS = 10_000
#: How deep the JSON of an imported record may nest (a record with an inline map: about 6).
MAX_DEPTH = 32


def json_depth(data: Any) -> int:
    """How deep JSON data nests (worked out without recursion)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item)
    return deepest


def check_position(game: Game, raw: Any) -> dict[str, Any]:
    """An imported record's starting position, checked: its shape, types, sizes and
    sanity limits on the turn and the point pools (the core's position schema, as for a
    position file; a map only inline, never a file name), its game and its sides (the
    game's set-up checks units, hexes, phases and its ``extra``, for both doors)."""
    try:
        pos = position_from_dict(raw, "header.position")
    except OstfrontError as exc:
        raise RecordError(str(exc)) from None
    problems = []
    if pos["game"] != game.name:
        problems.append(f"game: the position is for {pos['game']!r}, not {game.name!r}")
    if pos.get("active") is not None and pos["active"] not in game.sides:
        problems.append(f"active: {pos['active']!r} is not a side ({', '.join(game.sides)})")
    for side in pos.get("pools", {}):
        if side not in game.sides:
            problems.append(f"pools.{side}: not a side ({', '.join(game.sides)})")
    if problems:
        raise RecordError("header.position: " + "; ".join(problems))
    return pos


def check_header(game: Game, header: dict[str, Any]) -> dict[str, Any]:
    """An imported record's header, every field checked against the game: the scenario
    exists, the options are the game's with values it accepts, the seed is in range, the
    position is valid. Returns the header as the server will store it."""
    out = dict(header)
    scenario = header.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise RecordError("header.scenario: not a scenario name")
    try:
        if header.get("position") is None:
            game.resolve_scenario(scenario)
        game.resolve_options(header.get("options") or {}, game.resolve_scenario(scenario))
    except OstfrontError as exc:
        raise RecordError(f"header: {exc}") from None
    for k, v in (header.get("options") or {}).items():
        if not isinstance(v, bool | int | str) or (isinstance(v, str) and len(v) > 64):
            raise RecordError(f"header.options.{k}: {v!r} is not an option value")
    seed = header.get("seed")
    if seed is not None and not 0 <= seed < 2**seats.SEED_BITS:
        raise RecordError(f"header.seed: {seed} is not between 0 and 2^{seats.SEED_BITS} - 1")
    if header.get("position") is not None:
        out["position"] = check_position(game, header["position"])
    return out
