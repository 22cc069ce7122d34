"""How a notification leaves the site: e-mail through Django's mail backends, or a webhook with a
Discord-compatible JSON body, signed with HMAC-SHA256 over `"<timestamp>.<body>"`.

A webhook URL must be https and point at a public address: loopback, private, link-local and
reserved addresses are refused when it is saved and again when it is called (no server-side
request forgery, even if a name starts resolving elsewhere), unless
`NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS` is on (development only)."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import socket
import urllib.request
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import send_mail

TIMEOUT_SECONDS = 10
SIGNATURE_HEADER = "X-Epic20-Signature"
TIMESTAMP_HEADER = "X-Epic20-Timestamp"
urlopen = urllib.request.urlopen  # tests replace it; nothing here reaches the network in tests


class WebhookRefused(ValueError):
    """A webhook URL the site will not call; `reason` names why (`REASONS`), the text is for logs."""

    def __init__(self, message: str, *, reason: str):
        super().__init__(message)
        self.reason = reason


REASONS = ("https_only", "credentials", "unresolved", "private")


def _addresses(host: str) -> list:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise WebhookRefused("host does not resolve", reason="unresolved") from exc
    return [ipaddress.ip_address(info[4][0]) for info in infos]


def _public(address) -> bool:
    return not (
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_reserved
        or address.is_multicast
        or address.is_unspecified
    )


def check_webhook_url(url: str) -> None:
    """Raise `WebhookRefused` unless `url` is https to a public host."""
    parts = urlsplit(str(url))
    if parts.scheme != "https" or not parts.hostname:
        raise WebhookRefused("https only", reason="https_only")
    if parts.username or parts.password:
        raise WebhookRefused("no credentials in the URL", reason="credentials")
    if settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS:
        return
    if not all(_public(a) for a in _addresses(parts.hostname)):
        raise WebhookRefused("private or loopback address", reason="private")


def signature(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def verify(secret: str, timestamp: str, body: bytes, given: str) -> bool:
    """What a receiver does: recompute and compare in constant time."""
    return hmac.compare_digest(signature(secret, timestamp, body), given)


def discord_payload(subject: str, text: str, link: str) -> dict:
    embed = {"title": subject[:256], "description": text[:4000]}
    if link:
        embed["url"] = link
    return {"username": "Epic20 Site", "content": subject[:2000], "embeds": [embed]}


def send_webhook(url: str, secret: str, *, subject: str, text: str, link: str, timestamp: str) -> None:
    check_webhook_url(url)
    body = json.dumps(discord_payload(subject, text, link), ensure_ascii=False).encode()
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            TIMESTAMP_HEADER: timestamp,
            SIGNATURE_HEADER: signature(secret, timestamp, body),
        },
    )
    with urlopen(request, timeout=TIMEOUT_SECONDS) as response:
        if response.status >= 300:
            raise OSError(f"webhook answered {response.status}")


def send_email(address: str, *, subject: str, text: str, link: str, unsubscribe: str) -> None:
    body = f"{text}\n\n{link}\n\n--\nDarte de baja / Unsubscribe: {unsubscribe}\n"
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address], fail_silently=False)
