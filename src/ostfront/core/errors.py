"""The project's error types: each names what is wrong in words a player can act on."""

from __future__ import annotations


class OstfrontError(Exception):
    """Base of every error Ostfront raises on purpose (bad input, not a bug)."""


class DataError(OstfrontError):
    """A data file (map, counters, tables, scenario, position) is broken.

    ``problems`` lists every problem found, each naming the file, the place in it and the field.
    """

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        shown = "; ".join(self.problems[:5])
        more = f" (and {len(self.problems) - 5} more)" if len(self.problems) > 5 else ""
        super().__init__(f"{source}: {shown}{more}")


class IllegalAction(OstfrontError):
    """An action that is not among the legal actions of the state it was applied to."""


class RecordError(OstfrontError):
    """A game record (or save) that is malformed or no longer replays."""


class UnknownGame(OstfrontError):
    """A game, scenario or option name that does not exist."""
