"""One webhook call on the wire: a POST over TLS to the address that was checked, with the name
in SNI, in the certificate check and in `Host`; never a redirect (http.client follows none, and
any answer that is not 2xx is a failure); and a total deadline for the whole call, connection,
TLS, request and answer together, after which the socket is shut, so a target that answers a
byte at a time cannot hold a worker past it."""

from __future__ import annotations

import contextlib
import http.client
import socket
import ssl
import threading

from .webhook_address import Target

tls_context = ssl.create_default_context  # tests trust their own certificate authority here


class DeadlinePassed(TimeoutError):
    """The call was cut off at its total deadline."""


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An HTTPS connection to `target.address` that speaks to the server as `target.host`."""

    def __init__(self, target: Target, *, timeout: float, cut: threading.Event):
        super().__init__(target.host, target.port, timeout=timeout, context=tls_context())
        self.address = target.address
        self.cut = cut
        self.raw_sock: socket.socket | None = None

    def connect(self):
        self.raw_sock = socket.create_connection((str(self.address), self.port), self.timeout)
        if self.cut.is_set():  # the deadline passed while connecting, before there was a socket to shut
            raise DeadlinePassed("no connection within the deadline")
        self.sock = self._context.wrap_socket(self.raw_sock, server_hostname=self.host)


def _cut(connection: _PinnedHTTPSConnection) -> None:
    connection.cut.set()
    if connection.raw_sock is not None:
        with contextlib.suppress(OSError):  # already closed
            socket.socket.shutdown(connection.raw_sock, socket.SHUT_RDWR)


def post(target: Target, body: bytes, headers: dict, *, seconds: float) -> int:
    """POST `body` to `target` within `seconds` in all; answers the status. Raises
    `DeadlinePassed` when time ran out, or whatever the connection raised."""
    fired = threading.Event()
    connection = _PinnedHTTPSConnection(target, timeout=seconds, cut=fired)
    timer = threading.Timer(seconds, _cut, args=(connection,))
    timer.daemon = True
    timer.start()
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        return connection.getresponse().status
    except Exception as exc:
        if fired.is_set():
            raise DeadlinePassed(f"no answer within {seconds:g} s") from exc
        raise
    finally:
        timer.cancel()
        connection.close()
