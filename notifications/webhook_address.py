"""Where a webhook may point: https to a public address, checked when the URL is saved and again
when it is called. The name is resolved once per call and the request goes to the address that
was checked (`Target.address`), so a name that starts resolving elsewhere between the check and
the connection (DNS rebinding) reaches nothing new.

"Public" is plainly global unicast (`epic20site.net.is_global_unicast`): IPv6 only inside
2000::/3, and in either version nothing `ipaddress` marks as not global, no multicast, and none
of the blocks that carry or reach another address (6to4, Teredo, NAT64) or are documentation.
An IPv4 address written as IPv6 in any form (`::a.b.c.d`, `::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`) is
refused, whatever address it writes. `NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS` (development only)
lets any address through."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from epic20site.net import is_global_unicast

REASONS = ("https_only", "credentials", "unresolved", "private")


class WebhookRefused(ValueError):
    """A webhook URL the site will not call; `reason` names why (`REASONS`), the text is for logs."""

    def __init__(self, message: str, *, reason: str):
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Target:
    """One call's destination: the name for TLS and `Host`, the checked addresses to connect to
    (tried in the order the name gave them)."""

    host: str
    port: int
    path: str
    addresses: tuple[ipaddress.IPv4Address | ipaddress.IPv6Address, ...]


def is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return is_global_unicast(address)


def resolve(host: str) -> list:
    """The addresses `host` names (itself when it is an address), looked up once."""
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError) as exc:
        raise WebhookRefused("host does not resolve", reason="unresolved") from exc
    return [ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos]


def _parts(url: str):
    parts = urlsplit(str(url))
    if parts.scheme != "https" or not parts.hostname:
        raise WebhookRefused("https only", reason="https_only")
    if parts.username or parts.password:
        raise WebhookRefused("no credentials in the URL", reason="credentials")
    try:
        parts.port  # noqa: B018 - a port that is not a number is refused here, not when called
    except ValueError as exc:
        raise WebhookRefused("https only", reason="https_only") from exc
    return parts


def _checked(addresses: list) -> list:
    if not addresses:
        raise WebhookRefused("host does not resolve", reason="unresolved")
    if not settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS and not all(is_public(a) for a in addresses):
        raise WebhookRefused("private or loopback address", reason="private")
    return addresses


def check_webhook_url(url: str) -> None:
    """Raise `WebhookRefused` unless `url` is https to a public host (when it is saved)."""
    parts = _parts(url)
    if not settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS:
        _checked(resolve(parts.hostname))


def target_for(url: str) -> Target:
    """The checked destination of one call to `url`, or `WebhookRefused`."""
    parts = _parts(url)
    addresses = tuple(dict.fromkeys(_checked(resolve(parts.hostname))))
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(host=parts.hostname, port=parts.port or 443, path=path, addresses=addresses)
