"""One webhook call on the wire: a POST over TLS to an address that was checked, with the name
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


class DeadlinePassed(TimeoutError):
    """The call was cut off at its total deadline."""


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An HTTPS connection to `target.address` that speaks to the server as `target.host`."""

    def __init__(self, target: Target, *, timeout: float, cut: threading.Event):
        super().__init__(target.host, target.port, timeout=timeout, context=ssl.create_default_context())
        self.addresses = target.addresses
        self.cut = cut

    def _open(self) -> socket.socket:
        """A connection to the first checked address that takes one."""
        failure: OSError | None = None
        for address in self.addresses:
            if self.cut.is_set():
                break
            try:
                return socket.create_connection((str(address), self.port), self.timeout)
            except OSError as exc:
                failure = exc
        raise failure or DeadlinePassed("no connection within the deadline")

    def connect(self):
        raw = self._open()
        # The TLS socket takes the connection over before its handshake, so that the deadline
        # can shut it (`_cut`) however slowly the handshake goes.
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host, do_handshake_on_connect=False)
        if self.cut.is_set():  # the deadline passed while connecting, before there was a socket to shut
            raise DeadlinePassed("no connection within the deadline")
        self.sock.do_handshake()


def _cut(connection: _PinnedHTTPSConnection) -> None:
    connection.cut.set()
    sock = connection.sock
    if sock is not None:
        with contextlib.suppress(OSError):  # already closed
            socket.socket.shutdown(sock, socket.SHUT_RDWR)


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
