"""Web Push (RFC 8030/8291/8292): the payload encryption reproduces RFC 8291's own Appendix A
example; a real delivery reaches a push service of the test's own on loopback (TLS, a throwaway
authority), which decrypts it with the subscription's private key and checks the VAPID JWT
against the site's public key; the subscriptions API checks what it is sent and changes nothing
on a refusal; 404 and 410 remove the subscription."""

from __future__ import annotations

import base64
import json
from datetime import timedelta

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from notifications import delivery, webpush
from notifications.models import Outbox, Preference, PushSubscription
from notifications.outbox import notify
from tests.factories import UserFactory
from tests.notifications import loopback
from tests.tracking.helpers import client_for

pytestmark = pytest.mark.django_db
SUBSCRIPTIONS = "/api/v1/auth/me/push-subscriptions/"
CREATED = b"HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"
GONE = b"HTTP/1.1 410 Gone\r\nContent-Length: 0\r\n\r\n"
BROKEN = b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n"

# RFC 8291, Appendix A (the example's values, base64url).
RFC = {
    "plaintext": b"When I grow up, I want to be a watermelon",
    "as_private": "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    "ua_public": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    "ua_private": "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
    "salt": "DGv6ra1nlYgDCS1FRnbzlw",
    "auth": "BTBZMqHH6r4Tts7J_aSIgg",
    "message": "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS"
    "6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
}


def private_key(b64: str) -> ec.EllipticCurvePrivateKey:
    return ec.derive_private_key(int.from_bytes(webpush.unb64url(b64), "big"), ec.SECP256R1())


class Browser:
    """A browser's side of a subscription: its key pair and auth secret."""

    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = b"sixteen-byte-sec"
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.keys = {"p256dh": webpush.b64url(point), "auth": webpush.b64url(self.auth)}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(
            http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        )


@pytest.fixture
def vapid(settings):
    settings.VAPID_PRIVATE_KEY = webpush.new_private_key()
    settings.VAPID_SUBJECT = "mailto:mesa@epic20.example.org"
    settings.SITE_URL = "https://epic20.example.org"
    return settings


def test_the_encryption_reproduces_rfc_8291_appendix_a_byte_for_byte():
    message = webpush.encrypt(
        RFC["plaintext"],
        RFC["ua_public"],
        RFC["auth"],
        sender=private_key(RFC["as_private"]),
        salt=webpush.unb64url(RFC["salt"]),
    )
    assert webpush.b64url(message) == RFC["message"]
    opened = http_ece.decrypt(
        message,
        private_key=private_key(RFC["ua_private"]),
        auth_secret=webpush.unb64url(RFC["auth"]),
        version="aes128gcm",
    )
    assert opened == RFC["plaintext"]


def test_the_key_endpoint_answers_the_application_server_key(vapid, client):
    answer = client.get("/api/v1/push/key/")
    assert answer.status_code == 200
    point = webpush.unb64url(answer.json()["public_key"])
    assert len(point) == 65 and point[0] == 4
    assert ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)


def test_without_a_key_the_endpoint_says_push_is_unavailable(settings, client):
    settings.VAPID_PRIVATE_KEY = ""
    answer = client.get("/api/v1/push/key/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 503 and answer.json()["errors"][0]["code"] == "push.unavailable"


def _subscription(endpoint="https://93.184.216.34/push/abc", **changes):
    return {"endpoint": endpoint, "expirationTime": None, "keys": Browser().keys, **changes}


def test_a_device_subscribes_once_lists_and_unsubscribes(vapid):
    ana = UserFactory(username="ana")
    api = client_for(ana)
    body = _subscription(label="Móvil de Ana")
    first = api.post(SUBSCRIPTIONS, body, format="json")
    assert first.status_code == 201, first.json()
    made = first.json()
    assert made["endpoint_host"] == "93.184.216.34" and made["label"] == "Móvil de Ana"
    assert api.get(first["Location"]).json() == made
    again = api.post(SUBSCRIPTIONS, body, format="json")
    assert again.status_code == 200 and again.json()["id"] == made["id"]
    assert [s["id"] for s in api.get(SUBSCRIPTIONS).json()] == [made["id"]]
    other = client_for(UserFactory(username="bea"))
    assert other.delete(f"{SUBSCRIPTIONS}{made['id']}/").status_code == 404
    assert api.delete(f"{SUBSCRIPTIONS}{made['id']}/").status_code == 204
    assert not PushSubscription.objects.exists()


ENGLISH = {
    "push.keys_invalid": "The subscription's keys are not valid: p256dh must be an uncompressed P-256 point "
    "and auth 16 bytes, in base64url.",
    "push.endpoint_refused": "The subscription's endpoint must be https to a public address.",
}


def _not_on_the_curve() -> str:
    return webpush.b64url(b"\x04" + b"\x01" * 64)


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        (
            {"keys": {"p256dh": _not_on_the_curve(), "auth": "c2l4dGVlbi1ieXRlLXNlYw"}},
            "push.keys_invalid",
            "/keys",
        ),
        (
            {"keys": {"p256dh": "bm90IGEga2V5", "auth": "c2l4dGVlbi1ieXRlLXNlYw"}},
            "push.keys_invalid",
            "/keys",
        ),
        ({"keys": {"p256dh": Browser().keys["p256dh"], "auth": "c2hvcnQ"}}, "push.keys_invalid", "/keys"),
        ({"endpoint": "https://127.0.0.1/push"}, "push.endpoint_refused", "/endpoint"),
        ({"endpoint": "http://93.184.216.34/push"}, "push.endpoint_refused", "/endpoint"),
        ({"endpoint": "https://10.1.2.3/push"}, "push.endpoint_refused", "/endpoint"),
        ({"endpoint": "https://[::1/push"}, "push.endpoint_refused", "/endpoint"),
    ],
)
def test_bad_keys_or_an_endpoint_the_site_would_not_call_are_refused_and_nothing_is_kept(
    vapid, change, code, path
):
    api = client_for(UserFactory(username="ana"))
    answer = api.post(SUBSCRIPTIONS, _subscription(**change), format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 400
    [found] = answer.json()["errors"]
    assert (found["code"], found["path"]) == (code, path) and found["message"] == ENGLISH[code]
    assert not PushSubscription.objects.exists()


def _jwt_claims(authorization: str, public_key: str) -> dict:
    """What a push service does: the `vapid t=…, k=…` header's JWT checked (ES256) against `k`."""
    scheme, _space, params = authorization.partition(" ")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert scheme == "vapid" and fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    assert json.loads(webpush.unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = webpush.unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), webpush.unb64url(fields["k"]))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    return json.loads(webpush.unb64url(claims))


def _pushed_row(user, server, browser) -> Outbox:
    endpoint = f"https://{loopback.HOST}:{server.port}/push/device-1"
    PushSubscription.objects.create(user=user, endpoint=endpoint, **browser.keys)
    Preference.objects.create(user=user, email=False)
    [row] = notify(
        user=user, event="your_turn", key="your_turn:e1:c1:t1", text="Nova: te toca.", link="/encounters/1/"
    )
    return row


def test_a_real_delivery_decrypts_at_the_push_service_with_a_valid_vapid_jwt(vapid, frozen, target):
    server = target(loopback.answer_with(CREATED))
    browser = Browser()
    ana = UserFactory(username="ana", email="")
    row = _pushed_row(ana, server, browser)
    assert row.channel == "push"
    assert delivery.deliver_one(row.pk) == "sent"
    [headers], [body] = server.seen, server.bodies
    assert browser.decrypt(body) == {
        "event": "your_turn",
        "title": "Te toca",
        "body": "Nova: te toca.",
        "url": "https://epic20.example.org/encounters/1/",
        "campaign": None,
        "encounter": None,
    }
    assert headers["content-encoding"] == "aes128gcm" and headers["urgency"] == "high"
    assert 0 < int(headers["ttl"]) <= 24 * 3600 and headers["topic"]
    claims = _jwt_claims(headers["authorization"], webpush.public_key())
    assert claims["aud"] == f"https://{loopback.HOST}:{server.port}"
    assert claims["sub"] == "mailto:mesa@epic20.example.org"
    assert frozen.now().timestamp() < claims["exp"] <= (frozen.now() + timedelta(hours=24)).timestamp()


def test_a_subscription_the_push_service_says_is_gone_is_deleted(vapid, frozen, target):
    server = target(loopback.answer_with(GONE))
    row = _pushed_row(UserFactory(username="ana", email=""), server, Browser())
    assert delivery.deliver_one(row.pk) == "sent"  # nothing left to send it to
    assert not PushSubscription.objects.exists()


def test_a_push_service_that_fails_is_retried_like_any_delivery(vapid, frozen, target):
    server = target(loopback.answer_with(BROKEN))
    row = _pushed_row(UserFactory(username="ana", email=""), server, Browser())
    assert delivery.deliver_one(row.pk) == "pending"
    assert PushSubscription.objects.count() == 1 and "500" in Outbox.objects.get().last_error


def test_an_endpoint_that_turned_private_is_refused_when_sent(vapid, frozen, settings):
    ana = UserFactory(username="ana", email="")
    PushSubscription.objects.create(user=ana, endpoint="https://127.0.0.1/push", **Browser().keys)
    Preference.objects.create(user=ana, email=False)
    [row] = notify(user=ana, event="deadline_near", key="deadline_near:1", text="Se acaba el plazo.")
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    assert delivery.deliver_one(row.pk) == "pending"
    assert "WebhookRefused" in Outbox.objects.get().last_error


def test_the_key_pair_kept_by_make_run_is_made_once(tmp_path):
    from django.core.management import call_command

    kept = tmp_path / "key"
    call_command("vapid_key", "--keep", str(kept), stdout=open(tmp_path / "a", "w"))  # noqa: SIM115
    call_command("vapid_key", "--keep", str(kept), stdout=open(tmp_path / "b", "w"))  # noqa: SIM115
    first, second = (tmp_path / "a").read_text().strip(), (tmp_path / "b").read_text().strip()
    assert first == second == kept.read_text().strip()
    assert len(base64.urlsafe_b64decode(first + "=")) == 32


@pytest.mark.parametrize(
    "body",
    [
        {"endpoint": "https://93.184.216.34/p", "keys": "p256dh"},
        {"endpoint": 7, "keys": {"p256dh": "x", "auth": "y"}},
        {"endpoint": "https://93.184.216.34/p", "keys": {"p256dh": "ñ" * 90, "auth": "y"}},
        {"endpoint": "https://93.184.216.34/p", "keys": {"p256dh": "x", "auth": "y"}, "extra": 1},
        [],
    ],
)
def test_a_subscription_of_the_wrong_shape_is_a_clear_400(vapid, body):
    answer = client_for(UserFactory(username="ana")).post(SUBSCRIPTIONS, body, format="json")
    assert answer.status_code == 400 and answer.json()["errors"]
    assert not PushSubscription.objects.exists()
