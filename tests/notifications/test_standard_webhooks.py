"""Webhooks speak Standard Webhooks (standardwebhooks.com) beside the site's own headers: a
`webhook-id` that is the same on every retry of a delivery and is the body's `"id"`, a
`webhook-timestamp`, and a `webhook-signature` the reference `standardwebhooks` package verifies
with the `whsec_` secret the API shows. The clock is the test's, set to the real time (the
package refuses a timestamp more than five minutes off) and moved, never slept."""

import json
from datetime import UTC, datetime

import pytest
from standardwebhooks import Webhook, WebhookVerificationError

from notifications import channels, delivery, webhook_post
from notifications.models import Outbox, Preference
from notifications.outbox import notify
from tests.factories import UserFactory
from tests.tracking.helpers import client_for

pytestmark = pytest.mark.django_db

HOOK = "https://93.184.216.34/hook"


@pytest.fixture
def wire(monkeypatch):
    """Every call as (body, headers); the first answers 503, the next ones 204."""
    calls = []

    def post(target, body, headers, *, seconds):
        calls.append((body, dict(headers)))
        return 503 if len(calls) == 1 else 204

    monkeypatch.setattr(webhook_post, "post", post)
    return calls


def test_a_retried_delivery_carries_the_same_id_and_both_verify_with_the_shown_secret(frozen, wire):
    frozen.NOW[0] = datetime.now(UTC).replace(microsecond=0)
    ana = UserFactory(username="ana", email="")
    shown = client_for(ana).put(
        "/api/v1/auth/me/notifications/",
        {
            "email": False,
            "digest": False,
            "webhook_url": HOOK,
            "events": dict.fromkeys(Preference._meta.get_field("events").default(), True),
        },
        format="json",
    )
    secret = shown.json()["webhook_secret"]
    assert secret.startswith("whsec_") and secret == Preference.objects.get(user=ana).webhook_secret
    [row] = notify(user=ana, event="deadline_near", key="deadline_near:e1:c1", text="Se acaba el plazo.")
    assert delivery.deliver_one(row.pk) == Outbox.Status.PENDING  # 503: retried later
    frozen.NOW[0] = Outbox.objects.get(pk=row.pk).next_attempt_at
    assert delivery.deliver_one(row.pk) == Outbox.Status.SENT
    (first, first_headers), (again, again_headers) = wire
    assert first_headers["webhook-id"] == again_headers["webhook-id"] == f"msg_epic20_{row.pk}"
    assert int(again_headers["webhook-timestamp"]) == int(frozen.NOW[0].timestamp())
    receiver = Webhook(secret)
    for body, headers in wire:
        payload = receiver.verify(body, headers)
        assert payload["id"] == headers["webhook-id"] and payload["content"] == "Se acaba el plazo"
        # the site's own signature is kept beside it, keyed with the same bytes
        assert channels.verify(
            secret, headers[channels.TIMESTAMP_HEADER], body, headers[channels.SIGNATURE_HEADER]
        )
    assert len({json.loads(body)["id"] for body, _headers in wire}) == 1  # the receiver drops the repeat


def test_a_signature_made_with_another_secret_or_a_changed_body_is_refused(frozen, wire):
    frozen.NOW[0] = datetime.now(UTC).replace(microsecond=0)
    ana = UserFactory(username="ana", email="")
    Preference.objects.create(user=ana, email=False, webhook_url=HOOK)
    [row] = notify(user=ana, event="deadline_near", key="deadline_near:e1:c2", text="Se acaba el plazo.")
    delivery.deliver_one(row.pk)
    body, headers = wire[0]
    other = Preference._meta.get_field("webhook_secret").get_default()
    with pytest.raises(WebhookVerificationError):
        Webhook(other).verify(body, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(Preference.objects.get(user=ana).webhook_secret).verify(
            body.replace(b"plazo", b"plato"), headers
        )


def test_a_secret_made_before_whsec_keeps_its_key():
    hex_secret = "ab" * 32
    as_whsec = "whsec_" + __import__("base64").b64encode(bytes.fromhex(hex_secret)).decode()
    assert channels.secret_bytes(hex_secret) == channels.secret_bytes(as_whsec) == bytes.fromhex(hex_secret)
    assert channels.signature(hex_secret, "1", b"{}") == channels.signature(as_whsec, "1", b"{}")
