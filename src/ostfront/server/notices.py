"""Telling a player it is their turn, away from the game page: by webhook and by email.

**Where.** Each seat (a side of a game) may name a webhook URL and an email address
(``PUT /api/games/<id>/notify``; until accounts keep them, per seat). A webhook gets a
secret made by the server, answered once when the URL is set and never shown again: each
delivery's JSON body is signed with it (``X-Ostfront-Signature: sha256=<HMAC-SHA256 of the
body, hex>``), so the receiver can tell the server sent it.

**Once.** A notice is queued in the database under a key naming its event (the game, the
side, the step), so the same event queued twice — by two processes — is one notice; the
process that delivers it first claims it with a conditional update
(:meth:`~.store.BaseStore.claim_notices`), so of two processes sharing one database exactly
one sends it, and the delivery is recorded (sent, or the error and the next try). A webhook
that fails is tried again after each of :data:`BACKOFF`; then it is given up.

**Digest.** Mail is not one message a step: the events for one address within a window of
:data:`MAIL_WINDOW` seconds join one notice, sent when the window closes (a mail per change
of turn at most, batched). Mail goes only where the server is given an SMTP server
(``ostfront serve --smtp host:port``).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
import smtplib
import socket
import urllib.error
import urllib.request
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from .errors import BadRequest

#: Seconds between the tries of a webhook that failed (then it is given up).
BACKOFF = (30.0, 120.0, 600.0, 3600.0)
#: Seconds a claimed notice may take before another process may claim it again.
STALE_CLAIM = 300.0
#: Who the mails are from, unless the server is told otherwise.
SENDER = "Ostfront <ostfront@localhost>"
#: The window one mail gathers a player's events over (seconds).
MAIL_WINDOW = 120.0
#: Seconds a webhook or the SMTP server may take to answer.
SEND_TIMEOUT = 10.0
#: The longest webhook URL or address accepted.
MAX_URL = 500
MAX_EMAIL = 254
#: The header carrying a webhook body's signature.
SIGNATURE_HEADER = "X-Ostfront-Signature"


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def signature(secret: str, body: bytes) -> str:
    """``sha256=<hex>``: the HMAC-SHA256 of a webhook's body under its secret."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def check_webhook(url: str) -> str:
    """A webhook URL as accepted: http or https, a host, no credentials in it."""
    url = url.strip()
    parts = urlsplit(url)
    if len(url) > MAX_URL or parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadRequest(f"a webhook is an http(s) URL of at most {MAX_URL} characters")
    if parts.username or parts.password:
        raise BadRequest("a webhook URL may not carry a user name or password")
    return url


def public_host(url: str) -> None:
    """Refuse (``OSError``) a webhook whose host is, or resolves to, an address that is not
    public: this machine, the local network, link-local (a server open to the network must
    not be made to post into it)."""
    host = urlsplit(url).hostname or ""
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError) as exc:
        raise OSError(f"the webhook's host {host!r} does not resolve ({exc})") from None
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global:
            raise OSError(f"the webhook's host {host!r} is not a public address ({address})")


def check_email(address: str) -> str:
    address = address.strip()
    local, at, domain = address.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain
        or len(address) > MAX_EMAIL
        or any(c.isspace() or c in '<>,;"\\' or ord(c) < 32 for c in address)
    ):
        raise BadRequest("not an email address")
    return address


def smtp_address(text: str) -> tuple[str, int]:
    """``host:port`` (port 25 when left out)."""
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "25")
    try:
        number = int(port)
    except ValueError:
        number = -1
    if not host or not 1 <= number <= 65535:
        raise ValueError(f"--smtp must be host:port, not {text!r}")
    return host.strip("[]"), number


def events(notice: dict[str, Any]) -> list[dict[str, Any]]:
    """The events a notice carries (one a line)."""
    out = []
    for line in str(notice["body"]).splitlines():
        if line.strip():
            out.append(json.loads(line))
    return out


def post_webhook(notice: dict[str, Any], private: bool = True) -> None:
    """Deliver a webhook notice: its events as JSON, signed; any answer but 2xx fails.
    Unless ``private``, only to a public address (:func:`public_host`)."""
    if not private:
        public_host(str(notice["target"]))
    body = json.dumps({"delivery": notice["key"], "events": events(notice)}).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "Ostfront"}
    if notice.get("secret"):
        headers[SIGNATURE_HEADER] = signature(str(notice["secret"]), body)
    req = urllib.request.Request(str(notice["target"]), data=body, headers=headers)
    with urllib.request.urlopen(req, timeout=SEND_TIMEOUT) as answer:
        if not 200 <= answer.status < 300:
            raise OSError(f"the webhook answered {answer.status}")


def mail_text(notice: dict[str, Any]) -> tuple[str, str]:
    """(subject, text) of a digest mail."""
    evs = events(notice)
    lines = [str(e.get("text", "")) for e in evs]
    subject = lines[-1] if len(lines) == 1 else f"Ostfront: {len(lines)} things await you"
    return subject[:150], "\n".join(lines) + "\n"


def send_mail(smtp: tuple[str, int], sender: str, notice: dict[str, Any]) -> None:
    subject, text = mail_text(notice)
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = str(notice["target"])
    msg["Subject"] = subject
    msg.set_content(text)
    with smtplib.SMTP(smtp[0], smtp[1], timeout=SEND_TIMEOUT) as server:
        server.send_message(msg)


def deliver(
    notice: dict[str, Any], smtp: tuple[str, int] | None, sender: str, private: bool = True
) -> str | None:
    """Send one claimed notice; the error (None when it went). ``private``: whether a
    webhook may be on this machine or the local network."""
    try:
        if notice["kind"] == "webhook":
            post_webhook(notice, private)
        elif notice["kind"] == "email":
            if smtp is None:
                return "no SMTP server was given to this server"
            send_mail(smtp, sender, notice)
        else:
            return f"no way to send a {notice['kind']!r} notice"
    except (OSError, smtplib.SMTPException, urllib.error.URLError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"[:300]
    return None
