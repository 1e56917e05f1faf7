"""What every strategic option module reads: whether an option is chosen, and its data
(``data/scenarios.toml`` ``[[option]]``)."""

from __future__ import annotations

from typing import Any

from ..rules import State
from ..setup import OptionSpec, load_scenarios


def chosen(state: State, option_id: str) -> bool:
    """Whether the game was created with the option (``state["options"]``)."""
    return bool((state.get("options") or {}).get(option_id))


def spec(option_id: str) -> OptionSpec:
    return load_scenarios().option(option_id)


def value(option_id: str, key: str) -> Any:
    """A field of the option's data beyond the schema's (the option's own numbers)."""
    return getattr(spec(option_id), key)


def strategic(state: State) -> dict[str, Any]:
    """What the playing options have done so far (``state["strategic"]``)."""
    return dict(state.get("strategic") or {})


def record(state: State, key: str, entry: Any) -> None:
    """Replace one entry of ``state["strategic"]`` (never changed in place)."""
    state["strategic"] = {**strategic(state), key: entry}
