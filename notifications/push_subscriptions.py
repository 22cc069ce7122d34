"""A person's Web Push subscriptions, written here only: the API (`notifications.push_api`) and
the notifications page's "Avisarme en este dispositivo" both call these.

A subscription is what the browser's `PushSubscription.toJSON()` gives: the push service's
endpoint, checked as a webhook URL is (https to a public address; `notifications.services`), and
the keys the payload is encrypted for, checked to be a P-256 point and a 16-byte secret. A
refusal is a `DomainError` (400) and nothing is written."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.db import transaction
from django.utils.translation import gettext as _

from epic20site.errors import DomainError

from .models import PushSubscription
from .webhook_address import WebhookRefused, check_webhook_url
from .webpush import BadKeys, checked_keys

ENDPOINT_MAX_LENGTH = PushSubscription._meta.get_field("endpoint").max_length
LABEL_MAX_LENGTH = PushSubscription._meta.get_field("label").max_length


def _checked_endpoint(endpoint: str) -> str:
    endpoint = (endpoint or "").strip()
    if not endpoint or len(endpoint) > ENDPOINT_MAX_LENGTH:
        raise DomainError(
            "push.endpoint_invalid",
            _("El endpoint es obligatorio y no puede pasar de %(max)d caracteres.")
            % {"max": ENDPOINT_MAX_LENGTH},
            path="/endpoint",
        )
    try:
        check_webhook_url(endpoint)
    except (WebhookRefused, ValueError):  # ValueError: a URL that does not parse ("https://[::1")
        raise DomainError(
            "push.endpoint_refused",
            _("El endpoint de la suscripción debe ser https a una dirección pública."),
            path="/endpoint",
        ) from None
    return endpoint


def _checked_keys(p256dh: str, auth: str) -> None:
    try:
        checked_keys(p256dh, auth)
    except BadKeys:
        raise DomainError(
            "push.keys_invalid",
            _(
                "Las claves de la suscripción no son válidas: p256dh debe ser un punto P-256 sin comprimir y auth 16 bytes, en base64url."
            ),
            path="/keys",
        ) from None


def endpoint_host(subscription: PushSubscription) -> str:
    return urlsplit(subscription.endpoint).hostname or ""


@transaction.atomic
def push_subscription_save(
    *, user, endpoint: str, p256dh: str, auth: str, label: str = ""
) -> tuple[PushSubscription, bool]:
    """The user's subscription for `endpoint` (made, or its keys and label renewed); answers it
    and whether it is new."""
    endpoint = _checked_endpoint(endpoint)
    _checked_keys(p256dh, auth)
    return PushSubscription.objects.update_or_create(
        user=user,
        endpoint=endpoint,
        defaults={"p256dh": p256dh, "auth": auth, "label": (label or "")[:LABEL_MAX_LENGTH]},
    )


def push_subscription_delete(*, user, pk: int) -> bool:
    deleted, _rows = PushSubscription.objects.filter(user=user, pk=pk).delete()
    return bool(deleted)


def push_subscriptions_of(user):
    return PushSubscription.objects.filter(user=user).order_by("id")
