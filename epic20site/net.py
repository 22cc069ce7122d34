"""Addresses: the client's, for rate limits, honest behind a known number of proxies; and which
addresses the site may call on its own (`is_global_unicast`)."""

import ipaddress

from django.conf import settings


def client_ip(request) -> str:
    """`REMOTE_ADDR`, or — when `TRUSTED_PROXY_COUNT` proxies stand in front of the app — the
    address the outermost trusted proxy saw, read from the right of `X-Forwarded-For` (the
    left part is written by the client and cannot be trusted)."""
    proxies = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies > 0:
        forwarded = [p.strip() for p in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if p.strip()]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR") or "0.0.0.0"


# Where the site may send a request of its own (a webhook, a push): plainly global unicast.
# IPv6 global unicast is 2000::/3 (RFC 4291 §2.4), which leaves out every form that writes an
# IPv4 address as IPv6 (::/96 "IPv4-compatible", ::ffff:0:0/96 mapped, ::ffff:0:0:0/96
# translated, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64), the discard prefix 100::/64, unique-local
# fc00::/7, link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8. Inside it, and in
# IPv4, `ipaddress`' `is_global` leaves out what IANA's special-purpose registries mark as not
# globally reachable; the blocks below carry or reach another address, or are documentation,
# which Python 3.11 still counts as global.
_NOT_PLAINLY_GLOBAL = tuple(
    ipaddress.ip_network(block)
    for block in (
        "2002::/16",  # 6to4 (RFC 3056): carries an IPv4 address
        "2001::/32",  # Teredo (RFC 4380): carries an IPv4 address
        "3fff::/20",  # documentation (RFC 9637)
        "192.88.99.0/24",  # the 6to4 relays' anycast (RFC 7526, deprecated)
    )
)
_IPV6_GLOBAL_UNICAST = ipaddress.ip_network("2000::/3")


def is_global_unicast(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """True only for a plainly global unicast address (no loopback, private, shared, link-local,
    reserved, documentation or multicast address, and no IPv4 address written as IPv6)."""
    if address.version == 6 and address not in _IPV6_GLOBAL_UNICAST:
        return False
    if not address.is_global or address.is_multicast or address.is_reserved:
        return False
    return not any(address in block for block in _NOT_PLAINLY_GLOBAL if block.version == address.version)
