"""The `web` process's HTTP protocol (`epic20site.http_protocol`): a request that arrives too
slowly is closed, one address cannot hold more than its share of connections, and the Procfile
runs uvicorn with it."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from epic20site.http_protocol import OPEN, BoundedHttpProtocol
from tests.own_redis import free_port

ROOT = Path(__file__).resolve().parents[2]
REQUEST = b"GET / HTTP/1.1\r\nHost: testserver\r\n\r\n"


async def hello(scope, receive, send):
    """A tiny app: reads the whole body, answers how many bytes it got."""
    if scope["type"] != "http":
        return
    size, more = 0, True
    while more:
        message = await receive()
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    body = str(size).encode()
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"%d" % len(body))]}
    )
    await send({"type": "http.response.body", "body": body})


@pytest.fixture
def server(settings):
    settings.WEB_HEADER_TIMEOUT = 0.5
    settings.WEB_MAX_CONNECTIONS_PER_ADDRESS = 3
    settings.TRUSTED_PROXY_COUNT = 0
    port = free_port()
    config = uvicorn.Config(
        hello, host="127.0.0.1", port=port, http=BoundedHttpProtocol, lifespan="off", log_level="critical"
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 5
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert running.started
    yield port
    running.should_exit = True
    thread.join(5)


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    client = socket.socket()
    client.bind((source, 0))
    client.settimeout(3)
    client.connect(("127.0.0.1", port))
    return client


def answer(client: socket.socket) -> bytes:
    """Everything the server sends until it closes (or 3 s pass)."""
    found = b""
    try:
        while chunk := client.recv(4096):
            found += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return found


def asked(port: int, source: str = "127.0.0.1", request: bytes = REQUEST) -> bytes:
    with connect(port, source) as client:
        client.sendall(request)
        client.settimeout(2)
        found = client.recv(4096)
    return found


def test_a_request_in_time_is_answered(server):
    assert asked(server).startswith(b"HTTP/1.1 200")


def test_headers_trickled_a_line_at_a_time_are_cut_off_with_408(server):
    with connect(server) as client:
        started = time.monotonic()
        client.sendall(b"GET / HTTP/1.1\r\n")
        for _ in range(4):  # a header line every 0.2 s: each in time, the whole not
            time.sleep(0.2)
            try:
                client.sendall(b"X-Slow: 1\r\n")
            except (BrokenPipeError, ConnectionResetError):
                break
        found = answer(client)
        waited = time.monotonic() - started
    assert found.startswith(b"HTTP/1.1 408 Request Timeout")
    assert waited < 2


def test_a_silent_connection_is_closed(server):
    with connect(server) as client:
        started = time.monotonic()
        assert answer(client).startswith(b"HTTP/1.1 408")
        assert time.monotonic() - started < 2


def test_a_body_trickled_is_cut_off(server):
    with connect(server) as client:
        started = time.monotonic()
        client.sendall(b"POST / HTTP/1.1\r\nHost: testserver\r\nContent-Length: 100\r\n\r\n")
        for _ in range(8):
            time.sleep(0.1)
            try:
                client.sendall(b"x")
            except (BrokenPipeError, ConnectionResetError):
                break
        found = answer(client)
        waited = time.monotonic() - started
    assert not found.startswith(b"HTTP/1.1 200")
    assert waited < 2  # closed, not left waiting


def test_a_connection_kept_alive_gets_a_fresh_deadline_per_request(server):
    with connect(server) as client:
        for _ in range(3):
            time.sleep(0.3)  # 0.9 s on one connection, each request in time
            client.sendall(REQUEST)
            assert client.recv(4096).startswith(b"HTTP/1.1 200")


def test_one_address_holds_at_most_its_share_and_others_are_served(server):
    held = [connect(server) for _ in range(3)]
    try:
        time.sleep(0.1)
        with connect(server) as one_more:
            one_more.sendall(REQUEST)
            assert answer(one_more) == b""  # closed at once, unanswered
        assert asked(server, source="127.0.0.2").startswith(b"HTTP/1.1 200")
    finally:
        for client in held:
            client.close()
    time.sleep(0.1)
    assert asked(server).startswith(b"HTTP/1.1 200")  # the share came back


def test_behind_a_proxy_the_address_bound_is_left_to_it(server, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    held = [connect(server) for _ in range(4)]
    try:
        assert asked(server).startswith(b"HTTP/1.1 200")
    finally:
        for client in held:
            client.close()


def test_connections_are_uncounted_once_closed(server):
    for _ in range(5):
        assert asked(server).startswith(b"HTTP/1.1 200")
    time.sleep(0.1)
    assert OPEN.count("127.0.0.1") == 0


def test_the_procfile_runs_uvicorn_with_the_bounded_protocol():
    web = (ROOT / "Procfile").read_text().splitlines()[0]
    assert web.startswith("web: exec uvicorn ")
    assert "--http epic20site.http_protocol:BoundedHttpProtocol" in web


def test_uvicorn_loads_the_protocol_by_its_procfile_name():
    config = uvicorn.Config(hello, http="epic20site.http_protocol:BoundedHttpProtocol")
    config.load()
    assert config.http_protocol_class is BoundedHttpProtocol
    asyncio.set_event_loop(None)
