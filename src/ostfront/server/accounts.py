"""Player accounts, optional: a name and a password, a login cookie, the seats an account
keeps, its ratings.

Invite links and hotseat games work as before without an account (a seat is its token,
:mod:`.seats`). A signed-in player's seats are also kept with the account (the table
``account_seats``: game, side -> account), and an account acts for the sides kept with it
as a seat token does, from any browser it signs in on.

**Passwords** are hashed with argon2id (argon2-cffi's defaults); the database keeps only the
hash. Signing in to a name that does not exist costs a hash all the same, so the time taken
does not tell which names exist. Attempts are limited per name and per client address
(:class:`AccountLimits`, token buckets as :mod:`.limits`), so a password cannot be guessed
at speed.

**Logins** are a cookie (:data:`COOKIE`) holding 256 random bits; the database keeps their
SHA-256 (``logins``), valid :data:`LOGIN_DAYS` days. The cookie is HttpOnly, SameSite=Lax,
and Secure when the request came over HTTPS. A cross-site request never carries it in a way
that acts: the :class:`~.guard.Guard` refuses changes from other origins anyway.

Public names (for the routes and other modules of the server)::

    Account, Rating, NameTaken          (from .store) an account; a rating; a taken name
    COOKIE                              the login cookie's name
    check_name(name) / check_password(p) -> the name / password, or BadRequest saying why
    hash_password(p) -> str             argon2id hash
    sign_up(store, name, password) -> Account            (NameTaken, BadRequest)
    sign_in(store, name, password) -> Account | None     (None: wrong name or password)
    new_login(store, account) -> str    a login token (the cookie's value), stored hashed
    sign_out(store, token)              forget that login
    change_password(store, account, new, keep) -> int   new hash; other logins signed out
    login_token(request) -> str | None  the request's login cookie
    account_for_token(store, token) -> Account | None
    current_account(request) -> Account | None          the signed-in account, if any
    require_account(request) -> Account                  ... or 401 (NotSignedIn)
    set_login_cookie(response, token, request) / clear_login_cookie(response, request)
    account_sides(store, gid, account) -> set[str]       sides kept with the account
    caller_sides(request, session) -> set[str]           seat token's sides | account's
    seat_accounts(store, gid) -> dict[side, Account]     who plays each side, by account
    link_seats(store, gid, sides, account) -> list[str]  keep sides with the account
    elo(ratings, winner) -> change                       the Elo update of one game
    AccountLimits, limits_of(request)   the attempt limits (on app.state)

Store methods (:class:`~.store.BaseStore`, both backends): ``create_account``,
``account_by_name``, ``account``, ``set_password``, ``add_login``, ``login_account``,
``drop_login``, ``link_seats``, ``account_sides``, ``seat_accounts``, ``account_games``,
``held_games``, ``set_terms``/``terms`` (rated, public, rematch), ``set_rematch``,
``settle`` (ratings, once; :data:`PAIR_LIMIT`), ``ratings``, ``players``,
``drop_logins``, ``delete_account``, ``end_game`` (a resignation), and the lobby's
``add_challenge``, ``challenges``, ``account_challenges``, ``challenge``, ``take_challenge``,
``challenge_game``, ``drop_challenge``.

Manager methods (:class:`~.sessions.Manager`): ``sides(session, token, account_id)`` (what a
caller holds), ``act``/``set_players``/``delete`` take ``account=`` (an account id) beside
the token, ``settle(gid)`` counts a finished rated game once (call it when a game ends
another way, e.g. on time; My games also calls it), ``rematch(gid, token, account_id)``,
``delete_account(account_id)`` (resigns or releases its games in play, then forgets it).
Lobby challenges carry a ``clock`` (JSON, as posted) that the game started from them does
not use yet; My games answers ``time_left`` (side -> seconds) where a game has clocks.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Iterable, Mapping
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import Request, Response

from . import seats
from .errors import BadRequest, NotSignedIn
from .limits import RateLimit
from .session import Session
from .store import START_RATING, Account, BaseStore, NameTaken, PairLimit, Rating

__all__ = [
    "COOKIE",
    "PAIR_LIMIT",
    "START_RATING",
    "Account",
    "AccountLimits",
    "NameTaken",
    "NotSignedIn",
    "Rating",
    "account_for_token",
    "account_sides",
    "caller_sides",
    "check_name",
    "check_password",
    "clear_login_cookie",
    "current_account",
    "elo",
    "hash_password",
    "limits_of",
    "link_seats",
    "login_token",
    "new_login",
    "require_account",
    "seat_accounts",
    "set_login_cookie",
    "sign_in",
    "sign_out",
    "sign_up",
    "use_hasher",
]

#: The login cookie.
COOKIE = "ostfront_login"
#: How long a login lasts.
LOGIN_DAYS = 30
#: An account's name: 3 to 24 letters, digits, "_" or "-", beginning with a letter or digit.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{2,23}")
#: A password's length.
PASSWORD_MIN, PASSWORD_MAX = 8, 256
#: Elo's K factor.
K_FACTOR = 32.0
#: Rated games between the same two accounts count for their ratings at most
#: PAIR_GAMES times within any PAIR_DAYS days (settled later, a game changes no rating):
#: one person with two accounts cannot farm a rating by losing on purpose to himself.
PAIR_GAMES = 3
PAIR_DAYS = 7
PAIR_LIMIT = PairLimit(
    PAIR_GAMES,
    PAIR_DAYS * 86400.0,
    f"not counted: rated games between the same two players count at most {PAIR_GAMES} "
    f"times in {PAIR_DAYS} days",
)

_HASHER = PasswordHasher()
#: Verified when the name does not exist, so that costs what a wrong password costs (made
#: when first needed).
_DUMMY: str | None = None


def use_hasher(hasher: PasswordHasher) -> PasswordHasher:
    """Hash new passwords with ``hasher`` (the tests use cheap parameters; a hash made with
    other parameters still verifies, and is made again at its next sign-in); the one used
    before."""
    global _HASHER, _DUMMY
    before, _HASHER, _DUMMY = _HASHER, hasher, None
    return before


def _dummy() -> str:
    global _DUMMY
    if _DUMMY is None:
        _DUMMY = _HASHER.hash("not a password of anyone's")
    return _DUMMY


# ------------------------------------------------------------------ names and passwords
def check_name(name: str) -> str:
    if not NAME.fullmatch(name or ""):
        raise BadRequest(
            "a name has 3 to 24 letters, digits, '_' or '-', and begins with a letter or digit"
        )
    return name


def check_password(password: str) -> str:
    if not PASSWORD_MIN <= len(password or "") <= PASSWORD_MAX:
        raise BadRequest(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    return password


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def sign_up(store: BaseStore, name: str, password: str) -> Account:
    return store.create_account(check_name(name), hash_password(check_password(password)))


def sign_in(store: BaseStore, name: str, password: str) -> Account | None:
    """The account if the name and password match (else None, after the same work)."""
    found = store.account_by_name(name) if NAME.fullmatch(name or "") else None
    digest = _dummy() if found is None else found[1]
    try:
        _HASHER.verify(digest, password or "")
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return None
    if found is None:
        return None
    account = found[0]
    if _HASHER.check_needs_rehash(digest):
        store.set_password(account.id, _HASHER.hash(password))
    return account


# ------------------------------------------------------------------ logins
def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_login(store: BaseStore, account: Account) -> str:
    token = secrets.token_urlsafe(32)
    store.add_login(account.id, _token_hash(token), time.time() + LOGIN_DAYS * 86400)
    return token


def sign_out(store: BaseStore, token: str | None) -> None:
    if token:
        store.drop_login(_token_hash(token))


def change_password(store: BaseStore, account: Account, new: str, keep: str | None) -> int:
    """A new password for the account (checked, hashed); every login but ``keep`` (this
    browser's token) signed out. Returns how many were."""
    store.set_password(account.id, hash_password(check_password(new)))
    return store.drop_logins(account.id, keep=_token_hash(keep) if keep else None)


def login_token(request: Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token and len(token) <= 100 else None


def account_for_token(store: BaseStore, token: str | None) -> Account | None:
    return store.login_account(_token_hash(token)) if token else None


def _store(request: Request) -> BaseStore:
    store: BaseStore = request.app.state.manager.store
    return store


def current_account(request: Request) -> Account | None:
    """The account the request's login cookie is signed in to (looked up once a request)."""
    cached = request.scope.get("ostfront.account", False)
    if cached is not False:
        return cached  # type: ignore[no-any-return]
    account = account_for_token(_store(request), login_token(request))
    request.scope["ostfront.account"] = account
    return account


def require_account(request: Request) -> Account:
    account = current_account(request)
    if account is None:
        raise NotSignedIn("sign in first (this needs an account)")
    return account


def set_login_cookie(response: Response, token: str, request: Request) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=LOGIN_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_login_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


# ------------------------------------------------------------------ seats
def account_sides(store: BaseStore, gid: str, account: Account | None) -> set[str]:
    return set() if account is None else store.account_sides(gid, account.id)


def caller_sides(request: Request, session: Session) -> set[str]:
    """The sides the request may act for: its seat token's, and its account's."""
    mine = session.held(request.headers.get(seats.HEADER))
    return mine | account_sides(_store(request), session.id, current_account(request))


def seat_accounts(store: BaseStore, gid: str) -> dict[str, Account]:
    return store.seat_accounts(gid)


def link_seats(store: BaseStore, gid: str, sides: Iterable[str], account: Account) -> list[str]:
    return store.link_seats(gid, sorted(set(sides)), account.id)


# ------------------------------------------------------------------ ratings
def elo(ratings: Mapping[str, tuple[str, float]], winner: str | None) -> dict[str, dict[str, Any]]:
    """One game's Elo update for two sides: side -> (account, rating) in, side ->
    {"before", "after", "score"} out (winner None: a draw)."""
    (a, (_, ra)), (b, (_, rb)) = sorted(ratings.items())
    expect_a = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
    score_a = 0.5 if winner is None else float(winner == a)
    delta = K_FACTOR * (score_a - expect_a)
    return {
        a: {"before": ra, "after": round(ra + delta, 1), "score": score_a},
        b: {"before": rb, "after": round(rb - delta, 1), "score": 1.0 - score_a},
    }


# ------------------------------------------------------------------ attempt limits
class AccountLimits:
    """Sign-in attempts per name and per address, sign-ups per address."""

    def __init__(
        self,
        per_name: RateLimit | None = None,
        per_address: RateLimit | None = None,
        sign_ups: RateLimit | None = None,
    ) -> None:
        # (a RateLimit is falsy while empty: "is None", not "or")
        #: 10 tries at a name, then one a minute.
        self.per_name = RateLimit(10, 1 / 60) if per_name is None else per_name
        #: 30 tries from an address, then one every 10 s.
        self.per_address = RateLimit(30, 0.1) if per_address is None else per_address
        #: 10 accounts from an address, then one a minute.
        self.sign_ups = RateLimit(10, 1 / 60) if sign_ups is None else sign_ups


def limits_of(request: Request) -> AccountLimits:
    state = request.app.state
    limits: AccountLimits | None = getattr(state, "account_limits", None)
    if limits is None:
        limits = state.account_limits = AccountLimits()
    return limits
