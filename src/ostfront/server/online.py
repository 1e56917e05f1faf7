"""What makes a game played online more than a shared board: clocks (:mod:`.clocks`), chat
for the players (:mod:`.chat` rules on length), and being told it is your turn
(:mod:`.notices`). :class:`Online` joins them to the session manager:

* :meth:`Online.before_act` refuses a step once the side to decide has lost on time (and
  fires the loss, once, if its time ran out just now);
* :meth:`Online.after_move` runs after every step and change of players: the clock passed to
  the side now to decide (paused for a computer), and that side told if it just became its
  decision;
* :meth:`Online.tick`, every :data:`TICK_SECONDS` in a thread of each server process: the
  clocks that fell are flagged (exactly once, whichever process sees it first) and the
  notices due are delivered (each by exactly one process).

**Who a seat is.** Where a player is told (webhook, email) is kept per *holder*
(``notify_to``): a seat (``seat:<game>:<side>``) until accounts keep it, an account's name
for it beside. :meth:`Online.holders` lists the holders to look at for a side (an account
module puts the seat's account first) and :attr:`Online.recipients` answers "where is the
player of this side told": the two places an account module changes.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import clocks, notices
from .clocks import GameOver, Now, TimeUp
from .errors import BadRequest
from .session import Session
from .store import BaseStore

log = logging.getLogger(__name__)

#: Seconds between two rounds of the checker (clocks fallen, notices due).
TICK_SECONDS = 1.0

#: The events a player is told of.
YOUR_TURN = "your-turn"
GAME_OVER = "game-over"


@dataclass
class Recipient:
    """Where the player of a side is told: a webhook (with its secret), an email address."""

    webhook: str | None = None
    secret: str | None = None
    email: str | None = None


#: Where the player of (game, side) is told; None: nowhere.
Recipients = Callable[[str, str], Recipient | None]


class Online:
    """Clocks, chat and notices over one database, for one server process."""

    def __init__(
        self,
        store: BaseStore,
        *,
        now: Now | None = None,
        smtp: tuple[str, int] | None = None,
        sender: str = notices.SENDER,
        mail_window: float = notices.MAIL_WINDOW,
        tick_seconds: float = TICK_SECONDS,
        private_webhooks: bool = True,
    ) -> None:
        self.store = store
        #: Whether a webhook may be on this machine or the local network (a server that
        #: listens beyond this machine refuses them: it must not be made to post inside).
        self.private_webhooks = private_webhooks
        self.now: Now = now or clocks.time_source()
        self.smtp = smtp
        self.sender = sender
        self.mail_window = mail_window
        self.tick_seconds = tick_seconds
        self.recipients: Recipients = self.seat_recipient
        #: The account that keeps the seat of (game, side), if any (an account module sets
        #: it): its notice settings then come before the seat's.
        self.account_of: Callable[[str, str], str | None] = lambda gid, side: None
        #: Called with a game's id when its clock or chat changed here (the live sockets).
        self.on_change: list[Callable[[str], None]] = []
        #: Called with a game's id when it was lost on time here (the manager's pages).
        self.on_flag: list[Callable[[str], None]] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the checker -----------------------------------------------------------------
    def start(self) -> None:
        """Run :meth:`tick` every :attr:`tick_seconds` in a thread until :meth:`close`."""
        if self._thread is None and self.tick_seconds > 0:
            self._thread = threading.Thread(target=self._run, name="online-ticker", daemon=True)
            self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=15)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.wait(self.tick_seconds):
            try:
                self.tick()
            except Exception:  # the database away for a moment: try again next round
                log.exception("the online checker failed")

    def tick(self) -> dict[str, int]:
        """One round: flag the clocks that fell, deliver the notices due. Returns how many
        of each this process did."""
        now = self.now()
        flagged = 0
        for clock in self.store.due_clocks(now):
            side = clocks.fallen(clock, now)
            if side is not None and self._flag(clock["game_id"], clock, side, now):
                flagged += 1
        sent = 0
        for notice in self.store.claim_notices(now, notices.STALE_CLAIM):
            error = notices.deliver(notice, self.smtp, self.sender, self.private_webhooks)
            retry = None
            if error is not None and notice["kind"] == "webhook":
                tries = int(notice["tries"])
                if tries < len(notices.BACKOFF):
                    retry = now + notices.BACKOFF[tries]
            self.store.finish_notice(notice["key"], now, error, retry)
            sent += error is None
        return {"flagged": flagged, "sent": sent}

    def changed(self, gid: str) -> None:
        """Tell this process's live sockets that a game's clock or chat changed."""
        for cb in list(self.on_change):
            with contextlib.suppress(Exception):
                cb(gid)

    # -- clocks ----------------------------------------------------------------------
    def start_clock(self, session: Session, name: str | None) -> None:
        """Give a new game the time control ``name`` (none: no clock)."""
        try:
            ctl = clocks.control(name)
        except ValueError as exc:
            raise BadRequest(str(exc)) from None
        if ctl is None:
            return
        clock = clocks.new_clock(ctl, session.game, clocks.pending_side(session), self.now())
        self.store.set_clock(session.id, clock)

    def clock_view(self, session: Session) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """What the players see of the game's clock (None: no clock), and the game's
        result if a side lost it on time (one read of the clock's row)."""
        clock = self.store.clock(session.id)
        lost = None
        if clock is not None and clock.get("flagged"):
            lost = clocks.loss_on_time(session.game, clock["flagged"], {})["result"]
        elif not session.finished:
            resigned = self.store.terms(session.id).ended
            if resigned:
                lost = clocks.resignation(session.game, resigned, {})["result"]
        return clocks.clock_json(clock, self.now()), lost

    def resign(self, gid: str, side: str) -> bool:
        """``side`` resigns (its player's account is deleted): the game ends, the other side
        winning, and both players are told. Returns whether this call ended it."""
        got = self.store.get(gid)
        if got is None or got.status == "finished":
            return False
        from .. import games

        game = games.get(got.game)
        summary = clocks.resignation(game, side, got.summary)
        if not self.store.end_game(gid, side, summary, self.now()):
            return False
        won = summary["result"]["winner"]
        text = f"{side} resigned" + (f": {won} wins" if won else "")
        for s in game.sides:
            self.tell(gid, s, GAME_OVER, f"Ostfront game {gid}: {text}", key=f"{gid}:end")
        self.changed(gid)
        return True

    def time_left(self, gid: str) -> dict[str, float] | None:
        """Each side's seconds left now (None: a game without a clock), for lists of games."""
        clock = self.store.clock(gid)
        return None if clock is None else clocks.left_now(clock, self.now())

    def _flag(self, gid: str, clock: dict[str, Any], side: str, now: float) -> bool:
        """Mark ``side`` lost on time (once, in any process) and tell both players."""
        got = self.store.get(gid)
        if got is None:
            return False
        from .. import games

        game = games.get(got.game)
        summary = clocks.loss_on_time(game, side, got.summary)
        if not self.store.flag(gid, side, int(clock["version"]), summary, now):
            return False
        for s in game.sides:
            won = summary["result"]["winner"]
            text = f"{side} lost on time" + (f": {won} wins" if won else "")
            self.tell(gid, s, GAME_OVER, f"Ostfront game {gid}: {text}", key=f"{gid}:end")
        self.changed(gid)
        for cb in list(self.on_flag):
            with contextlib.suppress(Exception):
                cb(gid)
        return True

    def before_act(self, session: Session) -> None:
        """Refuse a step in a game lost on time (firing the loss if the side to decide ran
        out of time just now) or resigned."""
        resigned = self.store.terms(session.id).ended
        if resigned:
            raise GameOver(f"this game is over: {resigned} resigned")
        clock = self.store.clock(session.id)
        if clock is None:
            return
        if clock.get("flagged"):
            raise TimeUp(f"this game is over: {clock['flagged']} lost on time")
        now = self.now()
        side = clocks.fallen(clock, now)
        if side is not None:
            self._flag(session.id, clock, side, now)
            raise TimeUp(f"this game is over: {side} lost on time")

    def after_move(self, session: Session, before: str | None) -> None:
        """After a step or a change of players: the clock passed on, and the side now to
        decide told if the decision just became its own. ``before``: the side whose clock
        ran (the human to decide) before."""
        pending = clocks.pending_side(session)
        clock = self.store.clock(session.id)
        if clock is not None and not clock.get("flagged") and clock["running"] != pending:
            now = self.now()
            moved = clocks.advanced(clock, pending, now)
            if self.store.set_clock(session.id, moved, int(clock["version"])):
                self.changed(session.id)
        if pending is not None and pending != before:
            self.tell(
                session.id,
                pending,
                YOUR_TURN,
                f"Ostfront game {session.id}: {pending} to decide ({session.game.title})",
                key=f"{session.id}:{session.seq}",
            )

    # -- notices -----------------------------------------------------------------------
    def holders(self, gid: str, side: str) -> list[str]:
        """Who may have said where the player of ``side`` is told, first first: the seat
        (an account module puts the account holding the seat before it)."""
        account = self.account_of(gid, side)
        seat = seat_holder(gid, side)
        return [seat] if account is None else [account_holder(account), seat]

    def seat_recipient(self, gid: str, side: str) -> Recipient | None:
        """The first holder's settings that name a place, unless they are off (then the
        player is told nowhere: turning notices off on the account silences them all)."""
        for holder in self.holders(gid, side):
            row = self.store.notify_to(holder)
            if row is not None and (row.get("webhook") or row.get("email")):
                if row.get("off"):
                    return None
                return Recipient(row["webhook"], row["secret"], row["email"])
        return None

    def tell(self, gid: str, side: str, event: str, text: str, *, key: str) -> None:
        """Queue the notices of one event for the player of ``side`` (each queued once
        under ``key``, whatever process queues it)."""
        who = self.recipients(gid, side)
        if who is None:
            return
        now = self.now()
        line = {"event": event, "game": gid, "side": side, "text": text, "at": now}
        line["url"] = f"/game/{gid}"
        if who.webhook:
            self.store.queue_notice(
                f"hook:{who.webhook}:{side}:{key}:{event}",
                "webhook",
                who.webhook,
                line,
                now,
                secret=who.secret,
            )
        if who.email:
            window = self.mail_window
            bucket = int(now // window) if window > 0 else 0
            due = (bucket + 1) * window if window > 0 else now
            self.store.queue_notice(
                f"mail:{who.email}:{bucket}", "email", who.email, line, due, digest=True
            )

    def set_notify(
        self,
        gid: str,
        sides: set[str],
        webhook: str | None,
        email: str | None,
        on: bool | None = None,
    ) -> dict[str, Any]:
        """Set where the holder of ``sides`` is told ("" clears one; None leaves it), and
        whether it is told at all (``on``). A new webhook gets a new secret, answered here
        once."""
        holders = [seat_holder(gid, side) for side in sorted(sides)]
        return self.set_notify_of(holders, webhook, email, on)

    def set_notify_of(
        self, holders: list[str], webhook: str | None, email: str | None, on: bool | None = None
    ) -> dict[str, Any]:
        """Set where ``holders`` (seats, or an account) are told; see :meth:`set_notify`."""
        values: dict[str, Any] = {}
        secret = None
        if webhook is not None:
            values["webhook"] = notices.check_webhook(webhook) if webhook else None
            if webhook and not self.private_webhooks:
                try:
                    notices.public_host(values["webhook"])
                except OSError as exc:
                    raise BadRequest(str(exc)) from None
            secret = notices.new_secret() if webhook else None
            values["secret"] = secret
        if email is not None:
            values["email"] = notices.check_email(email) if email else None
        if on is not None:
            values["off"] = not on
        for holder in holders:
            self.store.set_notify_to(holder, values)
        out = self.notify_settings_of(holders[0] if holders else None)
        if secret is not None:
            out["secret"] = secret
        return out

    def notify_settings(self, gid: str, sides: set[str]) -> dict[str, Any]:
        """Where the holder of ``sides`` is told (never the webhook's secret)."""
        return self.notify_settings_of(seat_holder(gid, min(sides)) if sides else None)

    def notify_settings_of(self, holder: str | None) -> dict[str, Any]:
        """Where ``holder`` (a seat or an account) is told (never the webhook's secret)."""
        row = (self.store.notify_to(holder) if holder else None) or {}
        return {
            "webhook": row.get("webhook"),
            "email": row.get("email"),
            "has_secret": bool(row.get("secret")),
            "mail": self.smtp is not None,
            "on": not row.get("off"),
        }


def seat_holder(gid: str, side: str) -> str:
    """The holder name of a seat's notice settings."""
    return f"seat:{gid}:{side}"


def account_holder(account_id: str) -> str:
    """The holder name of an account's notice settings."""
    return f"account:{account_id}"
