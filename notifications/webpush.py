"""Web Push on the wire (RFC 8030), the payload encrypted for the browser (RFC 8291,
`aes128gcm` of RFC 8188, by `http_ece`) and the site identified to the push service by VAPID
(RFC 8292, by `py_vapid`), with the key pair of `VAPID_PRIVATE_KEY`.

A push is one POST to the subscription's endpoint, which is checked as a webhook URL is
(`notifications.webhook_address`: https to a public address, on save and on every send) and
called the same way (`notifications.webhook_post`: the checked address, no redirect, a total
deadline). 404 or 410 means the browser dropped the subscription: it is deleted."""

from __future__ import annotations

import base64
import json
import os
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid02

from epic20site.clock import now

from . import webhook_post
from .webhook_address import target_for

TTL = timedelta(hours=12)  # at most a day: a turn's notice older than that is stale
JWT_LIFETIME = timedelta(hours=12)  # RFC 8292 section 2: no more than 24 hours
URGENT = frozenset({"your_turn", "deadline_near"})
GONE = frozenset({404, 410})


class BadKeys(ValueError):
    """The subscription's keys are not a P-256 public point and a 16-byte secret."""


class NoKey(RuntimeError):
    """`VAPID_PRIVATE_KEY` is not set: the site cannot push."""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def checked_keys(p256dh: str, auth: str) -> tuple[bytes, bytes]:
    """The browser's public key (an uncompressed P-256 point) and auth secret (16 bytes), or
    `BadKeys`."""
    try:
        point, secret = unb64url(p256dh), unb64url(auth)
    except (ValueError, TypeError) as exc:
        raise BadKeys("not base64url") from exc
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise BadKeys("wrong lengths")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError as exc:
        raise BadKeys("not a point of P-256") from exc
    return point, secret


def application_key() -> Vapid02:
    if not settings.VAPID_PRIVATE_KEY:
        raise NoKey("VAPID_PRIVATE_KEY is not set")
    return Vapid02.from_raw(settings.VAPID_PRIVATE_KEY.encode())


def public_key() -> str:
    """The application server key a browser subscribes with: base64url of the uncompressed point."""
    point = application_key().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(point)


def new_private_key() -> str:
    """A fresh `VAPID_PRIVATE_KEY`: base64url of a P-256 private key's 32 bytes."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def encrypt(payload: bytes, p256dh: str, auth: str, *, sender=None, salt: bytes | None = None) -> bytes:
    """RFC 8291: `payload` encrypted for the browser's keys, one `aes128gcm` record with the
    sender's public key as its key id (a new sender key and salt each time unless given)."""
    point, secret = checked_keys(p256dh, auth)
    sender = sender or ec.generate_private_key(ec.SECP256R1())
    return http_ece.encrypt(
        payload,
        salt=salt or os.urandom(16),
        private_key=sender,
        dh=point,
        auth_secret=secret,
        version="aes128gcm",
    )


def origin(endpoint: str) -> str:
    parts = urlsplit(endpoint)
    default = {"https": 443, "http": 80}.get(parts.scheme)
    port = f":{parts.port}" if parts.port and parts.port != default else ""
    return f"{parts.scheme}://{parts.hostname}{port}"


def authorization(endpoint: str) -> str:
    """`vapid t=<JWT>, k=<public key>`: ES256, `aud` the endpoint's origin, `exp` within 24 h."""
    claims = {
        "aud": origin(endpoint),
        "exp": int((now() + JWT_LIFETIME).timestamp()),
        "sub": settings.VAPID_SUBJECT,
    }
    signed = application_key().sign(claims)["Authorization"]
    return signed.replace(",k=", ", k=")


@dataclass(frozen=True)
class Push:
    """What one notification pushes: the payload (JSON, in its reader's language), how urgent it
    is and the topic that a newer push of the same fight replaces."""

    payload: dict
    event: str
    topic: str


def headers(push: Push, endpoint: str) -> dict:
    return {
        "Content-Type": "application/octet-stream",
        "Content-Encoding": "aes128gcm",
        "TTL": str(int(TTL.total_seconds())),
        "Urgency": "high" if push.event in URGENT else "normal",
        "Topic": push.topic,
        "Authorization": authorization(endpoint),
    }


def send(push: Push, *, endpoint: str, p256dh: str, auth: str) -> int:
    """POST one push; answers the push service's status (raises when the call fails)."""
    target = target_for(endpoint)
    body = encrypt(json.dumps(push.payload, ensure_ascii=False).encode(), p256dh, auth)
    return webhook_post.post(
        target, body, headers(push, endpoint), seconds=settings.NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS
    )
