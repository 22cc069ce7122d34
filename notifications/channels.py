"""How a notification leaves the site: e-mail through Django's mail backends, or a webhook with a
Discord-compatible JSON body, signed twice with the secret's bytes: Standard Webhooks'
`webhook-id` / `webhook-timestamp` / `webhook-signature: v1,<base64 HMAC-SHA256 of
"<id>.<timestamp>.<body>">` (standardwebhooks.com), and the site's own `X-Epic20-Signature:
sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. A secret is shown as `whsec_<base64>`; its
bytes are what that base64 says. The delivery's id is the same on every retry of it and is also
the body's `"id"`, so a receiver drops a repeat.

A webhook URL must be https and point at a public address (`notifications.webhook_address`),
checked when it is saved and again, resolved once, when it is called; the call goes to the
address that was checked, follows no redirect and has a total deadline,
`NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS` (`notifications.webhook_post`)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

from django.conf import settings
from django.core.mail import send_mail

from accounts.language import Message

from . import texts, webhook_post
from .webhook_address import target_for

SIGNATURE_HEADER = "X-Epic20-Signature"
TIMESTAMP_HEADER = "X-Epic20-Timestamp"
SECRET_PREFIX = "whsec_"


def secret_bytes(secret: str) -> bytes:
    """The key a secret stands for: the bytes of its base64 (a secret made before `whsec_`
    secrets, 64 hex digits, is those 32 bytes)."""
    if secret.startswith(SECRET_PREFIX):
        return base64.b64decode(secret[len(SECRET_PREFIX) :])
    return bytes.fromhex(secret)


def signature(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret_bytes(secret), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def standard_signature(secret: str, delivery_id: str, timestamp: str, body: bytes) -> str:
    """`webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `"<id>.<timestamp>.<body>"`."""
    signed = f"{delivery_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(secret_bytes(secret), signed, hashlib.sha256).digest()).decode()


def verify(secret: str, timestamp: str, body: bytes, given: str) -> bool:
    """What a receiver does: recompute and compare in constant time."""
    return hmac.compare_digest(signature(secret, timestamp, body), given)


def discord_payload(subject: str, text: str, link: str, delivery_id: str = "") -> dict:
    embed = {"title": subject[:256], "description": text[:4000]}
    if link:
        embed["url"] = link
    payload = {"username": "Epic20 Site", "content": subject[:2000], "embeds": [embed]}
    return {"id": delivery_id, **payload} if delivery_id else payload


def send_webhook(
    url: str, secret: str, *, subject: str, text: str, link: str, timestamp: str, delivery_id: str
) -> None:
    """POST the signed body to `url`; raises when it is refused, fails, is late or not 2xx."""
    target = target_for(url)
    body = json.dumps(discord_payload(subject, text, link, delivery_id), ensure_ascii=False).encode()
    headers = {
        "Content-Type": "application/json",
        TIMESTAMP_HEADER: timestamp,
        SIGNATURE_HEADER: signature(secret, timestamp, body),
        "webhook-id": delivery_id,
        "webhook-timestamp": timestamp,
        "webhook-signature": standard_signature(secret, delivery_id, timestamp, body),
    }
    status = webhook_post.post(target, body, headers, seconds=settings.NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS)
    if not 200 <= status < 300:
        raise OSError(f"webhook answered {status}")


def send_email(
    address: str, *, subject: str, text: str, link: str, unsubscribe: str, language: str = "es"
) -> None:
    """One e-mail, wholly in `language` (the unsubscribe line too)."""
    footer = (
        f"\n\n--\n{Message(texts.UNSUBSCRIBE).render(language)}: {unsubscribe}\n" if unsubscribe else "\n"
    )
    body = f"{text}\n\n{link}{footer}" if link else f"{text}{footer}"
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address], fail_silently=False)
