"""Who may act in a game, and the dice's secret.

**Seats.** Every game has one secret token per side (a *seat*), made from 128 random bits
when the game is created. The browser that created the game gets the tokens; an invite link
(``/game/<id>#seat=<token>``) hands one seat to another player, as online chess servers do.
A hotseat game has one token for every side. The server keeps only each token's SHA-256,
and every action, change of players, deletion and live socket names a token
(``X-Ostfront-Seat``; the socket sends it as a sub-protocol): a token acts for the sides it
holds, and for nothing else. Without a token a game can only be watched.

**Whom an invite trusts.** Whoever starts an invite game is answered every side's link once,
since he must pass the others on; until a link is opened he (and anyone who read it on the
way) could act with it. Opening a link takes the seat (``POST /api/games/<id>/seat``): its
token is swapped, in one transaction, for a fresh one only the opener's browser keeps, so
the copy that was passed on acts no more, and a link opened a second time says it was taken.
An invite game is listed only to a caller naming one of its seats, and once begun it is
deleted only when every seat has asked.

**The seed.** The seed decides every die. While a game is played it stays on the server:
the view leaves it out and an exported record carries it *sealed* — XOR-ed with an HMAC of
a nonce under this database's own key, and authenticated — so the export can be imported
here again but no one can replay the dice ahead. A finished game's record carries the seed
in the clear. A seed the server draws comes from :mod:`secrets`.

**No copy shares a live game's dice.** A game in play is exported only to its players
(a watcher is refused), and its sealed record never becomes a second game with the same
dice while the first is played: imported again, a record in which no die was rolled yet
gets a fresh seed of its own, and one in which dice were rolled is refused while a game
with that seed is in play here (:func:`same_dice`). A game with invited players never
starts from a seed its importer could know: a seed in the clear is refused, as it is when
such a game is created.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from ..core.errors import OstfrontError, RecordError

#: The request header (and the WebSocket sub-protocol prefix) that carries a seat token.
HEADER = "x-ostfront-seat"
PROTOCOL_PREFIX = "seat."

HOTSEAT = "hotseat"
INVITE = "invite"
MODES = (HOTSEAT, INVITE)

#: Seeds the server draws: 63 bits from the operating system's CSPRNG.
SEED_BITS = 63
#: The core's generator keeps 64 bits of a seed: seeds equal in these roll the same dice.
STREAM_MASK = 2**64 - 1

#: Why a game with invited players refuses a seed its creator or importer chose.
CHOSEN_SEED = (
    "a game with invited players draws its own seed: whoever chose it could foresee the dice"
)


class Forbidden(OstfrontError):
    """The request holds no seat that may do this."""


def new_token() -> str:
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_seats(sides: Iterable[str], mode: str) -> tuple[dict[str, str], dict[str, str]]:
    """(tokens, hashes): one token per side, or one for all sides in a hotseat game."""
    if mode not in MODES:
        raise OstfrontError(f"seats must be {' or '.join(MODES)}, not {mode!r}")
    sides = list(sides)
    if mode == HOTSEAT:
        one = new_token()
        tokens = dict.fromkeys(sides, one)
    else:
        tokens = {side: new_token() for side in sides}
    return tokens, {side: token_hash(t) for side, t in tokens.items()}


def held(seats: Mapping[str, str] | None, token: str | None) -> set[str]:
    """The sides ``token`` holds (compared in constant time)."""
    if not seats or not token:
        return set()
    digest = token_hash(token)
    return {side for side, h in seats.items() if hmac.compare_digest(h, digest)}


def fresh_seed() -> int:
    return secrets.randbits(SEED_BITS)


def same_dice(a: object, b: object) -> bool:
    """Whether two seeds give the same dice stream (the generator keeps 64 bits)."""
    if not isinstance(a, int) or not isinstance(b, int) or isinstance(a, bool):
        return False
    return (a & STREAM_MASK) == (b & STREAM_MASK)


def dice_drawn(state: Mapping[str, Any]) -> int:
    """How many draws the core's generator has made in this game (0: no die rolled yet)."""
    rng = state.get("rng")
    return int(rng.get("n", 0)) if isinstance(rng, Mapping) else 0


# ------------------------------------------------------------------ sealed seeds
def _mask(key: bytes, nonce: bytes) -> bytes:
    return hmac.new(key, b"mask" + nonce, hashlib.sha256).digest()[:16]


def seal(seed: int, key: bytes) -> str:
    """The seed (any integer of at most 127 bits and a sign, as an older record may carry),
    encrypted and authenticated under ``key``: nonce, masked seed, tag (hex)."""
    nonce = secrets.token_bytes(16)
    plain = seed.to_bytes(16, "big", signed=True)
    body = nonce + bytes(a ^ b for a, b in zip(plain, _mask(key, nonce), strict=True))
    tag = hmac.new(key, b"tag" + body, hashlib.sha256).digest()[:16]
    return (body + tag).hex()


def unseal(sealed: str, key: bytes) -> int:
    """The seed of a record this server exported; :class:`RecordError` for any other."""
    try:
        raw = bytes.fromhex(sealed)
    except (ValueError, TypeError):
        raw = b""
    if len(raw) != 48:
        raise RecordError("header.sealed_seed: not a sealed seed")
    body, tag = raw[:32], raw[32:]
    good = hmac.new(key, b"tag" + body, hashlib.sha256).digest()[:16]
    if not hmac.compare_digest(tag, good):
        raise RecordError(
            "the record's seed is sealed by another Ostfront server (a game in progress is "
            "exported with its seed sealed, so no one can foresee its dice): import it where "
            "it was exported, or export the game once it is finished"
        )
    nonce, masked = body[:16], body[16:]
    plain = bytes(a ^ b for a, b in zip(masked, _mask(key, nonce), strict=True))
    return int.from_bytes(plain, "big", signed=True)
