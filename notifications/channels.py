"""How a notification leaves the site: e-mail through Django's mail backends, or a webhook with a
Discord-compatible JSON body, signed with HMAC-SHA256 over `"<timestamp>.<body>"`.

A webhook URL must be https and point at a public address (`notifications.webhook_address`),
checked when it is saved and again, resolved once, when it is called; the call goes to the
address that was checked, follows no redirect and has a total deadline,
`NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS` (`notifications.webhook_post`)."""

from __future__ import annotations

import hashlib
import hmac
import json

from django.conf import settings
from django.core.mail import send_mail

from . import webhook_post
from .webhook_address import target_for

SIGNATURE_HEADER = "X-Epic20-Signature"
TIMESTAMP_HEADER = "X-Epic20-Timestamp"


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
    """POST the signed body to `url`; raises when it is refused, fails, is late or not 2xx."""
    target = target_for(url)
    body = json.dumps(discord_payload(subject, text, link), ensure_ascii=False).encode()
    headers = {
        "Content-Type": "application/json",
        TIMESTAMP_HEADER: timestamp,
        SIGNATURE_HEADER: signature(secret, timestamp, body),
    }
    status = webhook_post.post(target, body, headers, seconds=settings.NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS)
    if not 200 <= status < 300:
        raise OSError(f"webhook answered {status}")


def send_email(address: str, *, subject: str, text: str, link: str, unsubscribe: str) -> None:
    body = f"{text}\n\n{link}\n\n--\nDarte de baja / Unsubscribe: {unsubscribe}\n"
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address], fail_silently=False)
