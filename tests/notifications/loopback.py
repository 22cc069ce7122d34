"""Webhook targets on the loopback interface, for the tests that need a real connection: a TLS
server whose certificate (from a throwaway certificate authority, `trustme`) names `hook.test`,
answering each request as the test asks — well, with garbage, a byte at a time, or with a
redirect — and a plain HTTP server standing for an internal address. The name `hook.test` is
made to resolve to 127.0.0.1 by the `hook_name` fixture, and the process trusts the authority
through `SSL_CERT_FILE`, as it would a real one."""

from __future__ import annotations

import contextlib
import socket
import ssl
import threading
import time

import pytest
import trustme

HOST = "hook.test"


def read_request(conn) -> tuple[bytes, dict, bytes]:
    """The request's head, its headers (lower-cased names) and its body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(4096)
        if not chunk:
            return data, {}, b""
        data += chunk
    head, _sep, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _s, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", 0))
    while len(body) < length:
        chunk = conn.recv(4096)
        if not chunk:
            break
        body += chunk
    return head, headers, body


class Server:
    """A loopback server running `answer(conn, server)` for each connection, in a thread.
    `seen` keeps each request's headers, `names` the TLS server names the clients asked for."""

    def __init__(self, answer, *, tls: ssl.SSLContext | None = None):
        self.answer, self.tls = answer, tls
        self.seen: list[dict] = []
        self.bodies: list[bytes] = []
        self.names: list[str | None] = []
        self.events: list[str] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        if tls is not None:
            tls.sni_callback = lambda sslobj, name, ctx: self.names.append(name)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while True:
            try:
                raw, _addr = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(raw,), daemon=True).start()

    def _one(self, raw):
        try:
            conn = self.tls.wrap_socket(raw, server_side=True) if self.tls else raw
            with conn:
                _head, headers, body = read_request(conn)
                self.seen.append(headers)
                self.bodies.append(body)
                self.answer(conn, self)
        except OSError as exc:
            self.events.append(f"closed: {type(exc).__name__}")

    def close(self):
        with contextlib.suppress(OSError):
            self.listener.close()


def answer_with(data: bytes):
    def answer(conn, server):
        conn.sendall(data)

    return answer


def drip(data: bytes, every: float):
    """Answer `data` one byte at a time; `server.events` says whether it got to the end."""

    def answer(conn, server):
        for byte in data:
            conn.sendall(bytes([byte]))
            time.sleep(every)
        server.events.append("dripped to the end")

    return answer


@pytest.fixture(scope="module")
def ca():
    return trustme.CA()


@pytest.fixture
def trusted(ca, tmp_path, monkeypatch, settings):
    """The process trusts the test's authority, and may call loopback targets (development)."""
    path = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(path))
    monkeypatch.setenv("SSL_CERT_FILE", str(path))
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = True
    return ca


@pytest.fixture
def lookups(monkeypatch):
    """`hook.test` resolves to 127.0.0.1; each lookup of it is counted."""
    real = socket.getaddrinfo
    asked: list[str] = []

    def getaddrinfo(host, port, *args, **kwargs):
        if host == HOST:
            asked.append(host)
            return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", ("127.0.0.1", port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


@pytest.fixture
def target(trusted, lookups):
    """A TLS server for `hook.test` answering with `answer`; closed after the test."""
    servers = []

    def start(answer):
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        trusted.issue_cert(HOST).configure_cert(context)
        server = Server(answer, tls=context)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()
