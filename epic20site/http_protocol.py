"""The `web` process's HTTP/1.1 protocol: uvicorn's own (httptools), with two bounds it lacks.

uvicorn waits for a request's headers for ever: a client that opens a socket and sends nothing,
or a header line every few seconds, holds an open file of the process for as long as it likes,
and some thousand such sockets leave no file for a new visitor. The Procfile runs uvicorn with
`--http epic20site.http_protocol:BoundedHttpProtocol`, which adds:

- a read deadline: a request must arrive whole, headers and body, within `WEB_HEADER_TIMEOUT`
  seconds of its first byte (of the connection's opening, for its first request); past it the
  connection is closed (`408` when the headers never ended). Time the server itself spends not
  reading (a body held back while the app is busy) does not count against the client;
- at most `WEB_MAX_CONNECTIONS_PER_ADDRESS` open connections per client address and process;
  one more is closed at once. The address is the socket's peer: behind a proxy every connection
  comes from the proxy, so with `TRUSTED_PROXY_COUNT` above 0 this bound is left to the proxy
  (docs/performance.md, "Slow clients and floods").

A connection idle between requests is closed by uvicorn's own keep-alive timeout as before.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter

from django.conf import settings
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr

REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"content-length: 15\r\n"
    b"connection: close\r\n\r\n"
    b"Request Timeout"
)


class Connections:
    """Open connections per client address, in this process."""

    def __init__(self):
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def add(self, address: str) -> int:
        with self._lock:
            self._open[address] += 1
            return self._open[address]

    def remove(self, address: str) -> None:
        with self._lock:
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]

    def count(self, address: str) -> int:
        with self._lock:
            return self._open[address]


OPEN = Connections()


def _per_address_limit() -> int:
    """0 when the peer is a proxy (every visitor would share its count)."""
    return 0 if settings.TRUSTED_PROXY_COUNT > 0 else settings.WEB_MAX_CONNECTIONS_PER_ADDRESS


class BoundedHttpProtocol(HttpToolsProtocol):
    _deadline: asyncio.TimerHandle | None = None
    _address: str | None = None
    _headers_done: bool = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = get_remote_addr(transport)
        self._address = peer[0] if peer else ""
        limit = _per_address_limit()
        if OPEN.add(self._address) > limit > 0:
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._address is not None:
            OPEN.remove(self._address)
            self._address = None
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._headers_done = False
        if self._deadline is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._headers_done = True
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(settings.WEB_HEADER_TIMEOUT, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.flow.read_paused:  # the server holds the body back, not the client
            self._arm()
            return
        if not self._headers_done:
            self.transport.write(REQUEST_TIMEOUT)
        self.transport.close()
