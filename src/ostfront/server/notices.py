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
import http.client
import ipaddress
import json
import secrets
import smtplib
import socket
import ssl
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


def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to, in the resolver's order (the tests replace this
    to play a DNS server that changes its answer)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in infos))


def not_public(address: str) -> bool:
    """Whether an address is one a webhook may not reach from a server open to the
    network: loopback, private, link-local, multicast, reserved, unspecified, shared
    (CGNAT), documentation (an IPv4 address mapped into IPv6 judged as itself)."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return (
        not ip.is_global
        or ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


def _port(url: str) -> int:
    parts = urlsplit(url)
    return parts.port or (443 if parts.scheme == "https" else 80)


def checked_addresses(url: str, private: bool) -> list[str]:
    """Resolve a webhook's host once: the addresses to connect to. Unless ``private``, all
    must be public (:func:`not_public`), else ``OSError`` (a server open to the network
    must not be made to post into it, nor into this machine)."""
    host = urlsplit(url).hostname or ""
    try:
        found = resolve(host, _port(url))
    except (OSError, UnicodeError, ValueError) as exc:
        raise OSError(f"the webhook's host {host!r} does not resolve ({exc})") from None
    if not found:
        raise OSError(f"the webhook's host {host!r} does not resolve")
    if not private:
        for address in found:
            if not_public(address):
                raise OSError(f"the webhook's host {host!r} is not a public address ({address})")
    return found


def public_host(url: str) -> None:
    """Refuse (``OSError``) a webhook whose host is, or resolves to, an address that is not
    public (checked when it is set; a delivery checks again, :func:`post_webhook`)."""
    checked_addresses(url, private=False)


def _connect(addresses: list[str], port: int, timeout: float | None) -> socket.socket:
    """A connection to the first of ``addresses`` that answers (never a fresh lookup)."""
    error: OSError = OSError("no address")
    for address in addresses:
        try:
            return socket.create_connection((address, port), timeout=timeout)
        except OSError as exc:
            error = exc
    raise error


class _Pinned(http.client.HTTPConnection):
    """HTTP to a host by its name (the ``Host`` header) at addresses resolved before."""

    def __init__(self, host: str, port: int, addresses: list[str], timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.addresses = addresses

    def connect(self) -> None:
        self.sock = _connect(self.addresses, self.port, self.timeout)


class _PinnedTls(http.client.HTTPSConnection):
    """HTTPS to a host by its name (``Host``, SNI and the certificate's name) at addresses
    resolved before."""

    def __init__(self, host: str, port: int, addresses: list[str], timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.addresses = addresses
        self.tls = ssl.create_default_context()

    def connect(self) -> None:
        raw = _connect(self.addresses, self.port, self.timeout)
        self.sock = self.tls.wrap_socket(raw, server_hostname=self.host)


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
    """Deliver a webhook notice: its events as JSON, signed; any answer but 2xx fails (a
    redirect is not followed). The host is resolved once, here; unless ``private`` every
    address must be public (:func:`checked_addresses`), and the connection goes to the
    addresses checked, not to a second lookup that a DNS server could answer otherwise
    (DNS rebinding); the request still names the host (``Host``, TLS's SNI and
    certificate check)."""
    url = str(notice["target"])
    parts = urlsplit(check_webhook(url))
    addresses = checked_addresses(url, private)
    body = json.dumps({"delivery": notice["key"], "events": events(notice)}).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "Ostfront"}
    if notice.get("secret"):
        headers[SIGNATURE_HEADER] = signature(str(notice["secret"]), body)
    kind = _PinnedTls if parts.scheme == "https" else _Pinned
    conn = kind(parts.hostname or "", _port(url), addresses, SEND_TIMEOUT)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        conn.request("POST", target, body=body, headers=headers)
        status = conn.getresponse().status
    finally:
        conn.close()
    if not 200 <= status < 300:
        raise OSError(f"the webhook answered {status}")


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
    except (OSError, smtplib.SMTPException, http.client.HTTPException, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"[:300]
    return None
