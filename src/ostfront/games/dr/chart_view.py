"""Defiant Russia's charts as people read them: the Terrain Effects Chart (movement costs and
combat modifiers of each terrain and hexside), read from the charts card's data
(``data/charts.toml`` through :mod:`charts`).

Nothing here is a rule: it words the data for the browser's chart (``Game.chart``). Each row
names the rule its values come from, and a reconstructed value says so with its reason.

>>> tables = chart_tables()
>>> [t["id"] for t in tables]
['terrain', 'hexsides']
>>> swamp = next(r for r in tables[0]["rows"] if r["cells"][0] == "Swamp")
>>> swamp["cells"][1:5], swamp["rule"]
(['2', '2', '3', '2'], 'DR 9.1.4, 8.3.4')
"""

from __future__ import annotations

from typing import Any

from .chart_tables import MOVE_CLASSES, Charts, CombatEffects, Sourced
from .charts import load_charts

Table = dict[str, Any]

_NAMES = {"major_city": "Major city", "no_attack": "No-attack hexside", "light_mud": "Light Mud"}


def _name(key: str) -> str:
    return _NAMES.get(key, key.replace("_", " ").capitalize())


def combat_words(c: CombatEffects, *, across: bool = False) -> str:
    """A terrain's or hexside's combat effects in a few words ("" for none).

    >>> combat_words(CombatEffects(defense_bonus_total=1, armor_attack_halved=True))
    '+1 to the defenders’ total; attacking armor halved (round up)'
    """
    words = []
    if c.attack_prohibited:
        words.append("no attack across" if across else "no attack")
    if c.defense_bonus_per_unit:
        sole = " if attacked from no other hex" if c.defense_bonus_needs_sole_attack else ""
        words.append(f"+{c.defense_bonus_per_unit} to each defending unit{sole}")
    if c.defense_bonus_total:
        words.append(f"+{c.defense_bonus_total} to the defenders’ total")
    if c.attacker_per_unit_minus:
        who = "each unit attacking across" if across else "each attacking unit"
        words.append(f"−{c.attacker_per_unit_minus} to {who}")
    if c.armor_attacker_minus:
        words.append(f"−{c.armor_attacker_minus} to each attacking armor unit")
    if c.armor_attack_halved:
        words.append("attacking armor halved (round up)")
    if c.defender_hits_on:
        words.append(f"defenders hit on {c.defender_hits_on}-6")
    if c.defender_never_forced_to_attack:
        words.append("defenders never forced to attack")
    if c.lost_once_axis_occupied:
        words.append("no longer a fortress once the Axis has entered it")
    if c.not_cumulative_with:
        words.append("not cumulative with " + ", ".join(_name(t) for t in c.not_cumulative_with))
    return "; ".join(words)


def _reconstructed(row: Sourced) -> str:
    """What a row's reconstructed cells are, with the reason ("" if none)."""
    if not row.reconstructed:
        return ""
    cells = "" if row.reconstructed is True else " (" + ", ".join(row.reconstructed) + ")"
    return f"reconstructed{cells}: {row.why}"


def _moves(move: Any) -> list[str]:
    if isinstance(move, dict):
        return [str(move[c]) for c in MOVE_CLASSES]
    return [str(move)] * len(MOVE_CLASSES)


def terrain_table(charts: Charts) -> Table:
    """The hex rows of the Terrain Effects Chart: MPs to enter by column, combat, snow."""
    rows = []
    for r in charts.terrain_effects.hexes:
        notes = []
        if r.snow_as:
            where = f" in hex rows up to {r.snow_as_max_row}xx" if r.snow_as_max_row else ""
            notes.append(f"counts as {_name(r.snow_as).lower()} in Snow{where}")
        rows.append(
            {
                "cells": [_name(r.terrain), *_moves(r.move), combat_words(r.combat), *notes]
                + ([""] if not notes else []),
                "rule": r.source or charts.terrain_effects.source,
                "reconstructed": _reconstructed(r),
            }
        )
    return {
        "id": "terrain",
        "title": "Terrain effects: hexes",
        "rule": charts.terrain_effects.source,
        "columns": ["Terrain", *(_name(c) for c in MOVE_CLASSES), "Combat", "Snow"],
        "note": "MPs to enter the hex by movement column; “no effect”: the hex’s own "
        "terrain decides. Combat effects add up unless a row says otherwise.",
        "rows": rows,
    }


def hexside_table(charts: Charts) -> Table:
    """The hexside rows of the Terrain Effects Chart: extra MPs to cross, combat, ZOC."""
    rows = [
        {
            "cells": [
                _name(r.hexside),
                *(f"+{r.move[c]}" for c in MOVE_CLASSES),
                combat_words(r.combat, across=True),
                "yes" if r.zoc_across else "no",
            ],
            "rule": r.source or charts.terrain_effects.source,
            "reconstructed": _reconstructed(r),
        }
        for r in charts.terrain_effects.hexsides
    ]
    return {
        "id": "hexsides",
        "title": "Terrain effects: hexsides",
        "rule": charts.terrain_effects.source,
        "columns": ["Hexside", *(_name(c) for c in MOVE_CLASSES), "Combat", "ZOC across"],
        "note": "Extra MPs to cross, on top of the hex entered.",
        "rows": rows,
    }


def chart_tables(charts: Charts | None = None) -> list[Table]:
    """The tables the browser's chart shows (the game's own charts card by default)."""
    charts = charts or load_charts()
    return [terrain_table(charts), hexside_table(charts)]
