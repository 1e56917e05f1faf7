"""Webhooks and DNS rebinding (issue 37): a webhook's host is resolved once a delivery, every
address it resolves to is checked (on a server open to the network), and the request goes
to the addresses checked, under the host's name. The resolver is played by the test: a name
that resolved to a public address when it was saved and to a private one at send time is
refused at send time, and nothing is posted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from online_helpers import Hooks
from test_online import Time, make_client, online, play, start
from web_helpers import TO_AXIS_COMBAT

from ostfront.server import notices

PUBLIC = "93.184.216.34"


class Dns:
    """The resolver the server asks: host -> its addresses, as the test sets them; each
    question kept."""

    def __init__(self) -> None:
        self.answers: dict[str, list[str]] = {}
        self.asked: list[str] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.asked.append(host)
        if host not in self.answers:
            raise OSError("no such name")
        return list(self.answers[host])


@pytest.fixture
def dns(monkeypatch: pytest.MonkeyPatch) -> Dns:
    fake = Dns()
    monkeypatch.setattr(notices, "resolve", fake)
    return fake


@pytest.fixture
def open_api(any_db: str) -> Iterator[TestClient]:
    """A server that listens beyond this machine: no webhook inside the network."""
    yield from make_client(any_db, Time(), private_webhooks=False)


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.9",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "224.0.0.251",
        "239.1.2.3",
        "240.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "ff02::1",
        "::ffff:10.0.0.1",
        "::ffff:127.0.0.1",
        "192.0.2.1",
    ],
)
def test_addresses_that_are_not_public(address: str) -> None:
    assert notices.not_public(address)


@pytest.mark.parametrize("address", [PUBLIC, "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_public_addresses(address: str) -> None:
    assert not notices.not_public(address)


def test_a_name_that_turns_private_after_it_was_saved_is_refused_at_send_time(
    open_api: TestClient, dns: Dns
) -> None:
    clock = online(open_api).now
    gid, seats = start(open_api, "none")
    axis = {"X-Ostfront-Seat": seats["axis"]}
    with Hooks() as hooks:
        url = hooks.url.replace("127.0.0.1", "hooks.example")
        dns.answers["hooks.example"] = [PUBLIC]  # public when saved
        r = open_api.put(f"/api/games/{gid}/notify", json={"webhook": url}, headers=axis)
        assert r.status_code == 200, r.text
        assert dns.asked == ["hooks.example"]
        dns.answers["hooks.example"] = ["127.0.0.1"]  # ... private when it is sent
        play(open_api, gid, seats, TO_AXIS_COMBAT[:2], clock)  # type: ignore[arg-type]
        assert online(open_api).tick()["sent"] == 0
        assert hooks.got == []
        assert dns.asked == ["hooks.example"] * 2  # asked once more, for the delivery
    row = online(open_api).store.notices("hook:")[0]
    assert row["status"] == "pending"
    assert row["error"] == (
        "OSError: the webhook's host 'hooks.example' is not a public address (127.0.0.1)"
    )


def test_one_private_address_among_public_ones_is_refused(open_api: TestClient, dns: Dns) -> None:
    gid, seats = start(open_api, "none")
    dns.answers["mixed.example"] = [PUBLIC, "10.0.0.7"]
    r = open_api.put(
        f"/api/games/{gid}/notify",
        json={"webhook": "https://mixed.example/hook"},
        headers={"X-Ostfront-Seat": seats["axis"]},
    )
    assert r.status_code == 400
    assert r.json()["error"] == (
        "the webhook's host 'mixed.example' is not a public address (10.0.0.7)"
    )


def test_the_delivery_goes_to_the_address_checked_under_the_hosts_name(
    tmp_path: Any, dns: Dns
) -> None:
    """A server on loopback may post to this machine: the name is resolved once, the post
    goes to that address, and carries the name in its Host header."""
    clock = Time()
    for api in make_client(str(tmp_path / "g.sqlite"), clock):
        gid, seats = start(api, "none")
        with Hooks() as hooks:
            port = hooks.server.server_address[1]
            url = f"http://hooks.example:{port}/hook?from=ostfront"
            dns.answers["hooks.example"] = ["127.0.0.1"]
            r = api.put(
                f"/api/games/{gid}/notify",
                json={"webhook": url},
                headers={"X-Ostfront-Seat": seats["axis"]},
            )
            assert r.status_code == 200, r.text
            assert dns.asked == []  # a server on loopback does not check when it is set
            play(api, gid, seats, TO_AXIS_COMBAT[:2], clock)
            assert online(api).tick()["sent"] == 1
            assert dns.asked == ["hooks.example"]  # one lookup, the address connected to
            headers, body = hooks.got[0]
            assert headers["host"] == f"hooks.example:{port}"
            assert b'"your-turn"' in body


def test_a_redirect_is_not_followed(tmp_path: Any) -> None:
    """A webhook that answers 302 (to anywhere) has failed: the server does not follow it
    where its address was never checked."""
    clock = Time()
    for api in make_client(str(tmp_path / "g.sqlite"), clock):
        gid, seats = start(api, "none")
        with Hooks(answers=[302]) as hooks:
            api.put(
                f"/api/games/{gid}/notify",
                json={"webhook": hooks.url},
                headers={"X-Ostfront-Seat": seats["axis"]},
            )
            play(api, gid, seats, TO_AXIS_COMBAT[:2], clock)
            assert online(api).tick()["sent"] == 0
            assert len(hooks.got) == 1
        row = online(api).store.notices("hook:")[0]
        assert row["error"] == "OSError: the webhook answered 302"


def test_https_connects_to_the_address_checked_and_names_the_host_to_tls(
    monkeypatch: pytest.MonkeyPatch, dns: Dns
) -> None:
    """Over HTTPS the TLS handshake names the host (SNI, and the certificate checked
    against it) while the socket goes to the address resolved once."""
    import socket
    import ssl

    seen: dict[str, Any] = {}
    opened: list[socket.socket] = []

    def connect(addresses: list[str], port: int, timeout: float | None) -> socket.socket:
        seen["to"] = (addresses, port)
        a, b = socket.socketpair()
        opened.extend((a, b))
        return a

    class Tls:
        def wrap_socket(self, sock: socket.socket, server_hostname: str) -> socket.socket:
            seen["sni"] = server_hostname
            raise ssl.SSLError("the test stops here")

    monkeypatch.setattr(notices, "_connect", connect)
    monkeypatch.setattr(notices.ssl, "create_default_context", Tls)
    dns.answers["hooks.example"] = [PUBLIC]
    notice = {"kind": "webhook", "target": "https://hooks.example/x", "key": "k", "body": "{}"}
    try:
        error = notices.deliver(notice, None, "", private=False)
    finally:
        for s in opened:
            s.close()
    assert seen == {"to": ([PUBLIC], 443), "sni": "hooks.example"}
    assert error is not None and error.startswith("SSLError")
    assert dns.asked == ["hooks.example"]
