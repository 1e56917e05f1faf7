"""Game records: a header saying how the game began, and the list of actions taken.

Replaying a record through the one door (:meth:`Game.apply`) rebuilds the game exactly. Each
step stores a short hash of the state after it, so a record that no longer replays (because a
rule or a data file changed) is reported at the first step that diverges.

A record file is JSON::

    {"format": "ostfront-record", "format_version": 1,
     "header": {"game": "dr", "ostfront_version": "0.1.0", "scenario": "...",
                "options": {...}, "seed": 42, "position": null, "initial_hash": "..."},
     "steps": [{"action": "move u1 0203", "hash": "3f2a..."}, ...],
     "snapshot": {...},
     "snapshot_check": {"engine": "...", "hash": "...", "steps": 2, "bytes": "...",
                        "seal": "..."}}

The optional ``snapshot`` is the state after the last step (its undo stack left out, its log
cut to the last :data:`LOG_TAIL` entries), so that the command line goes on from it without
replaying the game (:func:`open_record`). It is trusted only while ``snapshot_check`` holds:
the same engine (:func:`engine_fingerprint`: the code and data of the core and of the game),
the same header and steps, byte for byte (``bytes``: a hash of the file's text up to the end
of the last step), the snapshot's own hash equal to the last step's, and a seal (``seal``:
an HMAC of all that and of the snapshot's text under this machine's own key,
:func:`_seal_key`). Otherwise the record is replayed and verified, as one without a snapshot
is; records written before the check existed, or by another machine, are read that way, and
written anew with it.

Everything in the file but the seal can be recomputed by whoever edits it (the engine's
fingerprint from the code, ``bytes`` from the text, the hashes from the snapshot): only the
seal, or a replay, tells a snapshot that is the state the steps lead to from a forged one. A
record passed between opponents (play by mail) is therefore replayed once by each machine
that receives it, and a snapshot whose check holds but which is not the state its last step
recorded is refused outright: Ostfront never writes one.

Files are written one step a line, by the C JSON encoder, header and steps first: a step is
added by writing the text already there again as it is, the new step lines, then the new
snapshot. Nothing already written is parsed or encoded again, so playing a game one
``ostfront act`` at a time costs a game's work, not a game's work for every step.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .. import __version__
from .datafile import plain_problem
from .errors import IllegalAction, OstfrontError, RecordError
from .position import position_from_dict
from .protocol import Action, Game, State, canonical_json
from .units import changed_records

FORMAT = "ostfront-record"
FORMAT_VERSION = 1

#: State keys left out of the per-step hash: derived history, not position.
_UNHASHED = ("undo", "log")
#: Log entries a snapshot keeps (the log is history, not position; a replay rebuilds it all).
LOG_TAIL = 50


def state_hash(state: Mapping[str, Any]) -> str:
    """16 hex digits identifying a game position (undo stack and log excluded), of a state
    or a record's snapshot of one: the SHA-256 of the canonical JSON of the rest
    (:func:`~ostfront.core.protocol.canonical_json`), written here a key at a time with
    the units table's part made of its records' parts, each written once
    (:func:`_units_json`), each large table on its own (:func:`_value_json`) and the small
    values between them a run at a time (a dict of those keys, its braces left off), and
    hashed from where it parts from the last text hashed (:func:`_hashed`): the same text,
    so the same hash."""
    keys = sorted(k for k in state if k not in _UNHASHED)
    if not all(type(k) is str for k in keys):
        core = {k: v for k, v in state.items() if k not in _UNHASHED}
        return hashlib.sha256(canonical_json(core).encode("utf-8")).hexdigest()[:16]
    parts = []
    run: dict[str, Any] = {}  # the small values between two large ones, written at once
    for k in keys:
        v = state[k]
        if k == "units" or (type(v) is dict and len(v) >= _FLAT_AT_LEAST):
            if run:
                parts.append(canonical_json(run)[1:-1])
                run = {}
            parts.append(
                _key_json(k) + ":" + (_units_json(v) if k == "units" else _value_json(k, v))
            )
        else:
            run[k] = v
    if run:
        parts.append(canonical_json(run)[1:-1])
    return _hashed(parts)


#: The parts of the text last hashed, each with the hash's state after it (``"{"`` and the
#: parts up to it, joined by commas): the parts the next text begins with alike are not
#: hashed again (a state's large tables come early in the keys' order and change seldom).
#: A tuple replaced whole, its hash states only copied: threads may share it.
_LAST_PARTS: list[tuple[tuple[str, Any], ...]] = [()]


def _hashed(parts: list[str]) -> str:
    """The first 16 hex digits of the SHA-256 of ``"{" + ",".join(parts) + "}"`` (in UTF-8),
    the hash's state after the parts it shares with the last text taken up from there."""
    last = _LAST_PARTS[0]
    same = 0
    while same < len(parts) and same < len(last) and parts[same] == last[same][0]:
        same += 1
    h = last[same - 1][1].copy() if same else hashlib.sha256(b"{")
    chain = list(last[:same])
    for i in range(same, len(parts)):
        h.update(("," + parts[i] if i else parts[i]).encode("utf-8"))
        chain.append((parts[i], h.copy()))
    _LAST_PARTS[0] = tuple(chain)
    h.update(b"}")
    return h.hexdigest()[:16]


def _key_json(key: str) -> str:
    """A key as canonical JSON writes it (the few state keys, kept once written)."""
    found = _KEYS.get(key)
    if found is None:
        if len(_KEYS) > 4096:
            _KEYS.clear()
        found = _KEYS[key] = canonical_json(key)
    return found


_KEYS: dict[str, str] = {}

#: The size from which a table is written on its own (:func:`_value_json`); smaller values
#: are written together, a run of the state's keys in one dict.
_FLAT_AT_LEAST = 64

#: State key -> (a copy of the flat table of strings it last held, its canonical JSON): a
#: table equal to it is written the same (a string equals only a string, so an equal table
#: is one of strings too). A control table, written anew each step, changes in few.
_FLAT_JSON: dict[str, tuple[dict[str, str], str]] = {}


def _value_json(key: str, value: Any) -> str:
    """``canonical_json(value)`` of the state's ``key``, a flat table of strings written the
    same as last time if it is equal to the last one."""
    if type(value) is not dict or len(value) < _FLAT_AT_LEAST:
        return canonical_json(value)
    last = _FLAT_JSON.get(key)
    if last is not None and last[0] == value:
        return last[1]
    text = canonical_json(value)
    if all(type(k) is str and type(v) is str for k, v in value.items()):
        if len(_FLAT_JSON) > 64:
            _FLAT_JSON.clear()
        _FLAT_JSON[key] = (dict(value), text)
    return text


#: unit id -> (its record last written, '"id":{record}' in canonical JSON). A unit's record
#: is replaced whole when the unit changes, never changed in place (``core.units``), so its
#: text is written once; the record is kept here, compared by identity.
_RECORD_JSON: dict[str, tuple[Any, str]] = {}
_RECORDS_KEPT = 20_000


def _units_json(units: Any) -> str:
    """``canonical_json(units)`` for a units table (unit id -> record), its records' parts
    written once each, and a table of the same ids as the last one written again only where
    its records are not the last one's (:data:`_LAST_UNITS`)."""
    if type(units) is not dict:
        return canonical_json(units)
    last = _LAST_UNITS[0]
    ids, records, changed = changed_records(units, last[:2] if last else None)
    if last is not None and changed is not None:
        _, _, place, parts, text = last
        if not changed:
            return text
        parts = list(parts)
        for i in changed:
            parts[place[i]] = _record_json(ids[i], records[i])
    else:
        if not all(type(u) is str for u in ids):
            return canonical_json(units)
        order = sorted(range(len(ids)), key=ids.__getitem__)
        place = [0] * len(ids)
        for p, i in enumerate(order):
            place[i] = p
        parts = [_record_json(ids[i], records[i]) for i in order]
    text = "{" + ",".join(parts) + "}"
    _LAST_UNITS[0] = (ids, records, place, parts, text)
    return text


#: The units table last written: its ids and records in the table's order, each id's place
#: among the ids sorted, the records' parts in that order and the text. A tuple replaced
#: whole, its lists never changed: threads may share it.
_LAST_UNITS: list[tuple[tuple[str, ...], list[Any], list[int], list[str], str] | None] = [None]


def _record_json(uid: str, record: Any) -> str:
    """``'"id":{record}'`` in canonical JSON, kept by the record's identity."""
    found = _RECORD_JSON.get(uid)
    if found is None or found[0] is not record:
        if len(_RECORD_JSON) >= _RECORDS_KEPT:
            _RECORD_JSON.clear()
        found = _RECORD_JSON[uid] = (record, canonical_json(uid) + ":" + canonical_json(record))
    return found[1]


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
    #: What the snapshot is good for: engine, hash, steps and bytes (see the module notes).
    snapshot_check: dict[str, Any] | None = None


@dataclass
class Record:
    """A game's header and its steps (action text, hash of the state after it)."""

    header: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)
    snapshot: dict[str, Any] | None = None
    snapshot_check: dict[str, Any] | None = None

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
            if self.snapshot_check is not None:
                out["snapshot_check"] = self.snapshot_check
        return out

    def last_hash(self) -> str | None:
        """The recorded hash of the current position."""
        if self.steps:
            h: str | None = self.steps[-1].get("hash")
            return h
        return self.header.get("initial_hash")

    def keep_snapshot(self, game: Game, state: State) -> None:
        """Keep ``state`` (the state after the last step) as the record's snapshot; the check
        that says what it is good for is completed when the record is written."""
        self.snapshot = snapshot_of(state)
        self.snapshot_check = {"engine": engine_fingerprint(game), "hash": state_hash(state)}

    @classmethod
    def from_json(cls, data: Any, source: str = "<record>") -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"{source}: not an Ostfront game record (expected a JSON object)")
        too_big = plain_problem(data)
        if too_big is not None:
            raise RecordError(f"{source}: not an Ostfront game record ({too_big})")
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
            snapshot_check=parsed.snapshot_check,
        )


def snapshot_of(state: State) -> dict[str, Any]:
    """What a record keeps of the current state: all but the undo stack, and the log's tail."""
    snap: dict[str, Any] = {k: v for k, v in state.items() if k != "undo"}
    snap["log"] = list(state.get("log", [])[-LOG_TAIL:])
    return snap


def engine_fingerprint(game: Game) -> str:
    """16 hex digits naming the engine that plays ``game``: Ostfront's version and every
    code and data file of the core and of the game's package. A record's steps that replayed
    on one engine replay alike on the same engine (the engine is deterministic), so a
    snapshot taken by it stands in for the replay; any change to a rule or a data file
    makes the record replay again."""
    return _fingerprint(type(game).__module__)


@cache
def _fingerprint(module_name: str) -> str:
    module = sys.modules[module_name]
    where = Path(module.__file__ or "")
    package = module.__package__ or ""
    files: list[Path] = sorted(p for p in Path(__file__).parent.glob("*.py"))  # the core
    if package and (where.parent / "__init__.py").exists():
        files += sorted(  # the game's package: its code and its data
            p
            for p in where.parent.rglob("*")
            if p.is_file()
            and p.suffix in (".py", ".toml", ".json")
            and "__pycache__" not in p.parts
        )
    else:
        files.append(where)  # a game that is one module
    digest = hashlib.sha256(__version__.encode("utf-8"))
    for p in files:
        digest.update(p.name.encode("utf-8") + b"\0" + p.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def new_record(game: Game, state: State, position: dict[str, Any] | None = None) -> Record:
    """The record of a game just set up as ``state``."""
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
    position = h.get("position")
    if position is not None:  # as a position file is checked; its map only inline
        try:
            position = position_from_dict(position, "header.position")
        except OstfrontError as exc:
            raise RecordError(str(exc)) from None
    return game.setup(h["scenario"], h["options"], h["seed"], position=position)


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
    #: Whether the set-up's hash was compared with the header's ``initial_hash``.
    setup_checked: bool = False

    @property
    def verified(self) -> bool:
        """Every state the record names a hash for matched it, and it named one for each
        step, or (a record without steps) for the set-up: nothing was taken on trust."""
        if not self.ok or self.checked < self.steps:
            return False
        return self.steps > 0 or self.setup_checked


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
    setup_checked = bool(verify and expected0)
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
                setup_checked,
            )
        checked += bool(verify and step.get("hash"))
    return ReplayReport(True, len(record.steps), state, None, hashes, checked, setup_checked)


# ------------------------------------------------------------------ files
def load(path: str | Path) -> Record:
    """Read a record file; any problem is a :class:`RecordError` naming the file."""
    p = Path(path)
    return _parse(p, _read(p))


def _read(p: Path) -> str:
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{p}: no such record file") from None
    except OSError as exc:
        raise RecordError(f"{p}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{p}: not a text file") from None


def _parse(p: Path, text: str) -> Record:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{p}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError(f"{p}: not an Ostfront game record (nested too deeply)") from None
    except ValueError as exc:  # an integer of thousands of digits (int_max_str_digits)
        raise RecordError(f"{p}: not valid JSON ({exc})") from None
    return Record.from_json(data, source=str(p))


# ------------------------------------------------------------------ going on with a game
@dataclass
class OpenRecord:
    """A record file opened to go on with (``ostfront actions``, ``act``, ``show``): its
    game, header and current state, and the file's text up to its last step, so that new
    steps are appended without the old ones being parsed, replayed or encoded again."""

    path: Path
    game: Game
    header: dict[str, Any]
    state: State
    prefix: str
    count: int  # steps in ``prefix``
    hash: str  # the current state's hash
    added: list[dict[str, Any]] = field(default_factory=list)

    def apply(self, action: Action | str) -> State:
        """Apply ``action`` to the current state and add it to the steps to be saved."""
        new = self.game.apply(self.state, action)
        text = action.text if isinstance(action, Action) else " ".join(str(action).split())
        self.state, self.hash = new, state_hash(new)
        self.added.append({"action": text, "hash": self.hash})
        return new

    def save(self) -> None:
        """Write the file again: the text that was there, the new steps, the new snapshot."""
        lines = "".join(
            ("\n" if self.count + i == 0 else ",\n") + _enc_step(s)
            for i, s in enumerate(self.added)
        )
        prefix = self.prefix + lines
        count = self.count + len(self.added)
        check = {"engine": engine_fingerprint(self.game), "hash": self.hash}
        _write(self.path, prefix + _suffix(snapshot_of(self.state), check, prefix, count))
        self.prefix, self.count, self.added = prefix, count, []


def open_record(path: str | Path, game_of: Callable[[str], Game]) -> OpenRecord:
    """Open a record file to go on with the game: from its snapshot while the snapshot's
    check holds, else by replaying and verifying every step (a record that no longer replays
    is refused, with a :class:`RecordError` naming the first step that differs). A record
    that replays is then written again with its steps as they were and a snapshot checked
    for this engine, so that after a change to the engine each record is replayed once, not
    at every call that reads it."""
    p = Path(path)
    text = _read(p)
    found = _from_snapshot(p, text, game_of)
    if found is not None:
        return found
    record = _parse(p, text)
    game = game_of(record.header["game"])
    report = replay(game, record, verify=True)
    if not report.ok or report.final is None:
        assert report.divergence is not None
        raise RecordError(f"{p}: record {report.divergence.describe()}")
    prefix = _prefix(record.header, record.steps)
    state: State = {**report.final, "undo": []}  # as from a snapshot: undo stays within one call
    count = len(record.steps)
    opened = OpenRecord(p, game, record.header, state, prefix, count, state_hash(state))
    with contextlib.suppress(OSError):  # a read-only file is replayed again next time
        opened.save()  # the same steps, a snapshot checked for this engine: replayed once
    return opened


def _from_snapshot(p: Path, text: str, game_of: Callable[[str], Game]) -> OpenRecord | None:
    """The record from its snapshot, reading only the header line, the last step's line and
    the snapshot; None unless the file is laid out as Ostfront writes it and the snapshot's
    check holds, sealed by this machine. A snapshot whose check holds, but which is not the
    state the last step recorded, is refused with a :class:`RecordError`: it was forged."""
    end = text.rfind(_SNAPSHOT)
    mid = text.rfind(_CHECK)
    if not text.startswith(_HEAD) or end < 0 or mid < end:
        return None
    header_line = text[len(_HEAD) : text.find("\n", len(_HEAD))]
    try:
        header = _Header.model_validate_json(header_line.removesuffix(",")).model_dump()
        snap_text = text[end + len(_SNAPSHOT) : mid]
        check = json.loads(text[mid + len(_CHECK) :].removesuffix("\n").removesuffix("}"))
        if not isinstance(check, dict) or plain_problem(header) or plain_problem(check):
            return None  # too big to trust: the whole record is read, and refused
        prefix = text[:end]
        game = game_of(header["game"])
        if check["engine"] != engine_fingerprint(game) or check["bytes"] != _text_hash(prefix):
            return None
        last = _last_recorded_hash(prefix, header)
        # Sealed by this machine: Ostfront wrote this snapshot text with this check, the
        # hash being the snapshot's own, so neither is worked out again (the dearest part
        # of opening a long game). Unsealed: checked in full, then replayed below.
        sealed = hmac.compare_digest(str(check.get("seal")), str(_seal(check, snap_text)))
        snap = json.loads(snap_text)
        if not isinstance(snap, dict) or snap.get("step") != check["steps"]:
            return None
        if not sealed and (plain_problem(snap) or state_hash(snap) != check["hash"]):
            return None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None  # not as Ostfront writes it: read and replay the whole record
    if check["hash"] != last:
        raise RecordError(
            f"{p}: the record's snapshot is not the state after its last step (its hash "
            f"{check['hash']} != recorded {last}): the file was changed after it was written"
        )
    if not sealed:
        return None  # written elsewhere (or edited): replay and verify it once here
    state = cast(State, {**snap, "undo": []})  # the snapshot's check holds: a state again
    return OpenRecord(p, game, header, state, prefix, int(check["steps"]), str(check["hash"]))


def _last_recorded_hash(prefix: str, header: dict[str, Any]) -> str | None:
    """The hash a record file's text (through its last step) records for the position after
    its last step: that step's, or the set-up's if there is none."""
    line = prefix[prefix.rfind("\n") + 1 :]
    if not line.startswith('{"action": '):
        return cast("str | None", header.get("initial_hash"))
    h = json.loads(line.removesuffix(","))["hash"]
    return None if h is None else str(h)


# ------------------------------------------------------------------ the seal
def _seal(check: Mapping[str, Any], snapshot_text: str) -> str | None:
    """An HMAC binding a snapshot's text to its check (engine, steps, hash and the file's
    text through the last step), under this machine's key; None without a key."""
    key = _seal_key(_key_path())
    if key is None:
        return None
    fields = {k: check.get(k) for k in ("engine", "steps", "hash", "bytes")}
    message = canonical_json(fields) + "\n" + snapshot_text
    return hmac.new(key, message.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def _key_path() -> Path:
    """``$OSTFRONT_RECORD_KEY``, else ``$XDG_DATA_HOME/ostfront/record.key`` (by default
    ``~/.local/share/ostfront/record.key``)."""
    env = os.environ.get("OSTFRONT_RECORD_KEY")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ostfront" / "record.key"


@cache
def _seal_key(path: Path) -> bytes | None:
    """This machine's key for sealing snapshots: 32 random bytes, made on first use, readable
    by its owner only. None if it cannot be read or made: then no snapshot holds, and every
    record is replayed (slower, never wrong)."""
    with contextlib.suppress(OSError, ValueError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as fh:
                fh.write(os.urandom(32).hex() + "\n")
        key = bytes.fromhex(path.read_text(encoding="ascii").strip())
        if len(key) >= 16:
            return key
    return None


#: How every record file written by Ostfront begins (the header follows on the same line).
_HEAD = '{"format": "ostfront-record", "format_version": 1,\n"header": '
#: Where the steps end and the snapshot begins.
_SNAPSHOT = '\n],\n"snapshot": '
#: Where the snapshot ends and its check begins.
_CHECK = ',\n"snapshot_check": '
_STRING = json.encoder.encode_basestring


def _enc(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _enc_step(step: dict[str, Any]) -> str:
    h = step.get("hash")
    return f'{{"action": {_STRING(step["action"])}, "hash": {"null" if h is None else _STRING(h)}}}'


def _prefix(header: dict[str, Any], steps: list[dict[str, Any]]) -> str:
    """A record file's text up to the end of its last step."""
    text = f'{_HEAD}{_enc(header)},\n"steps": ['
    if steps:
        text += "\n" + ",\n".join(_enc_step(s) for s in steps)
    return text


def _text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _suffix(
    snapshot: dict[str, Any] | None, check: dict[str, Any] | None, prefix: str, count: int
) -> str:
    """The rest of the file: the steps' end, and the snapshot with its completed check."""
    if snapshot is None or check is None:
        return "\n]}\n"
    full = {**check, "steps": count, "bytes": _text_hash(prefix)}
    full.pop("seal", None)
    snap_text = _enc(snapshot)
    seal = _seal(full, snap_text)
    if seal is not None:
        full["seal"] = seal
    return f"{_SNAPSHOT}{snap_text}{_CHECK}{_enc(full)}}}\n"


def dumps(record: Record) -> str:
    """A record's file text (see the module notes for its layout)."""
    prefix = _prefix(record.header, record.steps)
    return prefix + _suffix(record.snapshot, record.snapshot_check, prefix, len(record.steps))


def save(record: Record, path: str | Path) -> None:
    """Write a record atomically: a crash mid-write leaves the old file intact."""
    _write(Path(path), dumps(record))


def _write(p: Path, text: str) -> None:
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
