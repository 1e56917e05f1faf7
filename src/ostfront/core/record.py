"""Game records: a header saying how the game began, and the list of actions taken.

Replaying a record through the one door (:meth:`Game.apply`) rebuilds the game exactly. Each
step stores a short hash of the state after it, so a record that no longer replays (because a
rule or a data file changed) is reported at the first step that diverges.

A record file is JSON::

    {"format": "ostfront-record", "format_version": 1,
     "header": {"game": "dr", "ostfront_version": "0.1.0", "scenario": "...",
                "options": {...}, "seed": 42, "position": null, "initial_hash": "..."},
     "steps": [{"action": "move u1 0203", "hash": "3f2a..."}, ...]}
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import IllegalAction, OstfrontError, RecordError
from .protocol import Action, Game, State, canonical_json

FORMAT = "ostfront-record"
FORMAT_VERSION = 1

#: State keys left out of the per-step hash: derived history, not position.
_UNHASHED = ("undo", "log")


def state_hash(state: State) -> str:
    """16 hex digits identifying a game position (undo stack and log excluded)."""
    core = {k: v for k, v in state.items() if k not in _UNHASHED}
    return hashlib.sha256(canonical_json(core).encode("utf-8")).hexdigest()[:16]


class _Header(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1)
    ostfront_version: str
    scenario: str | None
    options: dict[str, Any]
    seed: int | None
    position: dict[str, Any] | None = None
    initial_hash: str | None = None
    #: A game in progress exported by the web app carries its seed sealed (seed null), so
    #: no player can foresee the dice; only the server that sealed it can read it.
    sealed_seed: str | None = None


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1)
    hash: str | None = None


class _RecordFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: str
    format_version: int
    header: _Header
    steps: list[_Step]
    #: The state after the last step, so tools need not replay the whole game to continue it.
    snapshot: dict[str, Any] | None = None
    #: :func:`engine_stamp` when the snapshot was written: the snapshot is trusted only while
    #: the engine's code and data and the steps are the same.
    snapshot_stamp: str | None = None


@dataclass
class Record:
    """A game's header and its steps (action text, hash of the state after it)."""

    header: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)
    snapshot: dict[str, Any] | None = None
    snapshot_stamp: str | None = None

    @property
    def actions(self) -> list[str]:
        return [s["action"] for s in self.steps]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "header": self.header,
            "steps": self.steps,
        }
        if self.snapshot is not None:
            out["snapshot"] = self.snapshot
            if self.snapshot_stamp is not None:
                out["snapshot_stamp"] = self.snapshot_stamp
        return out

    def last_hash(self) -> str | None:
        """The recorded hash of the current position."""
        if self.steps:
            h: str | None = self.steps[-1].get("hash")
            return h
        return self.header.get("initial_hash")

    def current_state(self, stamp: str | None = None) -> State | None:
        """The snapshot, if it matches the recorded hash of the last step (else None); with
        ``stamp``, only if the snapshot was written under that :func:`engine_stamp`."""
        snap = self.snapshot
        if snap is None or snap.get("step") != len(self.steps):
            return None
        if stamp is not None and self.snapshot_stamp != stamp:
            return None
        return snap if state_hash(snap) == self.last_hash() else None

    @classmethod
    def from_json(cls, data: Any, source: str = "<record>") -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"{source}: not an Ostfront game record (expected a JSON object)")
        if data.get("format") != FORMAT:
            raise RecordError(
                f"{source}: not an Ostfront game record (format is {data.get('format')!r})"
            )
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(
                f"{source}: record format version {data.get('format_version')!r} is not "
                f"supported (this Ostfront reads version {FORMAT_VERSION})"
            )
        try:
            parsed = _RecordFile.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p + 1) if isinstance(p, int) else p for p in first["loc"])
            raise RecordError(f"{source}: {where}: {first['msg']}") from None
        header = parsed.header.model_dump()
        if header.get("sealed_seed") is None:
            header.pop("sealed_seed", None)  # records without one read back as they were
        return cls(
            header=header,
            steps=[s.model_dump() for s in parsed.steps],
            snapshot=parsed.snapshot,
            snapshot_stamp=parsed.snapshot_stamp,
        )


@functools.cache
def _package_digest(directory: str) -> str:
    h = hashlib.sha256()
    for f in sorted(Path(directory).rglob("*")):
        if f.suffix in (".py", ".toml", ".json") and "__pycache__" not in f.parts:
            h.update(str(f.relative_to(directory)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def engine_stamp(game: Game, record: Record) -> str:
    """A digest of the engine (the core's and the game's code and data files) and of the
    record's steps: a snapshot written under another stamp is replayed, not trusted, so a
    record whose steps no longer replay is caught even when it carries a snapshot."""
    from .. import __version__

    core_dir = Path(__file__).resolve().parent
    module = sys.modules.get(type(game).__module__)
    game_file = getattr(module, "__file__", None)
    game_dir = Path(game_file).resolve().parent if game_file else core_dir
    h = hashlib.sha256(__version__.encode())
    h.update(_package_digest(str(core_dir)).encode())
    h.update(_package_digest(str(game_dir)).encode())
    h.update(canonical_json([record.header, record.steps]).encode())
    return h.hexdigest()[:16]


def new_record(game: Game, state: State, position: dict[str, Any] | None = None) -> Record:
    """The record of a game just set up as ``state``."""
    from .. import __version__

    return Record(
        header={
            "game": game.name,
            "ostfront_version": __version__,
            "scenario": state["scenario"],
            "options": dict(state["options"]),
            "seed": state["seed"],
            "position": position,
            "initial_hash": state_hash(state),
        }
    )


def initial_state(game: Game, record: Record) -> State:
    """Set the game up again exactly as the record's header says."""
    h = record.header
    if h.get("seed") is None and not h.get("sealed_seed"):
        raise RecordError("header.seed: the record has no seed")
    if h.get("seed") is None:
        raise RecordError(
            "the record's seed is sealed: it was exported from the web app during play, so "
            "only that server can replay it (a finished game's record carries its seed)"
        )
    return game.setup(h["scenario"], h["options"], h["seed"], position=h.get("position"))


def append(record: Record, game: Game, state: State, action: Action | str) -> State:
    """Apply ``action`` to ``state`` and add it to ``record``; returns the new state."""
    new = game.apply(state, action)
    text = action.text if isinstance(action, Action) else " ".join(str(action).split())
    record.steps.append({"action": text, "hash": state_hash(new)})
    return new


@dataclass
class Divergence:
    """Where a replay parted from the record."""

    step: int  # 1-based; 0 means the initial set-up
    action: str | None
    expected: str | None
    got: str | None
    reason: str

    def describe(self) -> str:
        at = "the set-up" if self.step == 0 else f"step {self.step} ('{self.action}')"
        return f"diverges at {at}: {self.reason}"


@dataclass
class ReplayReport:
    ok: bool
    steps: int
    final: State | None
    divergence: Divergence | None = None
    hashes: list[str] = field(default_factory=list)
    #: How many steps' recorded hashes were compared (steps without a hash are only
    #: checked for legality).
    checked: int = 0


def replay(
    game: Game,
    record: Record,
    verify: bool = True,
    on_step: Callable[[int, State], None] | None = None,
) -> ReplayReport:
    """Replay every step. With ``verify``, compare each state's hash with the record's.

    Never raises for a record that fails to replay: the report names the first divergence.
    """
    try:
        state = initial_state(game, record)
    except OstfrontError as exc:
        return ReplayReport(False, 0, None, Divergence(0, None, None, None, str(exc)))
    expected0 = record.header.get("initial_hash")
    got0 = state_hash(state)
    if verify and expected0 and expected0 != got0:
        return ReplayReport(
            False,
            0,
            state,
            Divergence(0, None, expected0, got0, f"set-up hash {got0} != recorded {expected0}"),
        )
    hashes: list[str] = []
    checked = 0
    for i, step in enumerate(record.steps, start=1):
        try:
            state = game.apply(state, step["action"])
        except IllegalAction as exc:
            return ReplayReport(
                False,
                i - 1,
                state,
                Divergence(i, step["action"], step.get("hash"), None, f"illegal: {exc}"),
                hashes,
            )
        h = state_hash(state)
        hashes.append(h)
        if on_step is not None:
            on_step(i, state)
        if verify and step.get("hash") and step["hash"] != h:
            return ReplayReport(
                False,
                i,
                state,
                Divergence(
                    i, step["action"], step["hash"], h, f"state hash {h} != recorded {step['hash']}"
                ),
                hashes,
                checked,
            )
        checked += bool(verify and step.get("hash"))
    return ReplayReport(True, len(record.steps), state, None, hashes, checked)


# ------------------------------------------------------------------ files
def load(path: str | Path) -> Record:
    """Read a record file; any problem is a :class:`RecordError` naming the file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{p}: no such record file") from None
    except OSError as exc:
        raise RecordError(f"{p}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{p}: not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{p}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return Record.from_json(data, source=str(p))


def save(record: Record, path: str | Path) -> None:
    """Write a record atomically: a crash mid-write leaves the old file intact."""
    p = Path(path)
    text = json.dumps(record.to_json(), indent=1, ensure_ascii=False) + "\n"
    directory = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise RecordError(f"{p}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise RecordError(f"{p}: cannot write: {exc.strerror or exc}") from None
        raise
