"""Where a webhook may point: https to a public address, checked when the URL is saved and again
when it is called. The name is resolved once per call and the request goes to the address that
was checked (`Target.address`), so a name that starts resolving elsewhere between the check and
the connection (DNS rebinding) reaches nothing new.

"Public" is `ipaddress`' `is_global` (which leaves out loopback, private, link-local, the shared
address space 100.64.0.0/10 and the other special-purpose blocks), minus what Python 3.11 still
counts as global but carries or reaches another address: multicast, 6to4 (2002::/16), the
deprecated site-local fec0::/10 and the NAT64 prefixes. An IPv4 address written as IPv6
(`::ffff:a.b.c.d`) is judged as the IPv4 address it is. `NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS`
(development only) lets any address through."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

REASONS = ("https_only", "credentials", "unresolved", "private")
NOT_PUBLIC = tuple(
    ipaddress.ip_network(block) for block in ("2002::/16", "fec0::/10", "64:ff9b::/96", "64:ff9b:1::/48")
)


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
    if address.version == 6 and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if not address.is_global or address.is_multicast:
        return False
    return not any(address in block for block in NOT_PUBLIC if block.version == address.version)


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
