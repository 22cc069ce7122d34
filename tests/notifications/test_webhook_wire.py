"""Webhook calls over a real connection to loopback targets (`tests.notifications.loopback`):
a target answering garbage, or a byte at a time, or with a redirect to an internal address,
fails its own row only and holds nothing; the call goes to the address that was checked, with
the name kept for TLS and `Host`."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from django.core import mail
from django.db import transaction

from notifications import channels, delivery, outbox
from notifications.models import Outbox, Preference
from tests.factories import UserFactory
from tests.notifications import loopback

pytestmark = pytest.mark.django_db
NO_CONTENT = b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n"


def webhook_row(server, username="ana") -> Outbox:
    user = UserFactory(username=username, email="")
    url = f"https://{loopback.HOST}:{server.port}/hook"
    Preference.objects.create(user=user, email=False, webhook_url=url)
    [row] = outbox.notify(user=user, event="your_turn", key=f"your_turn:{username}", text="Te toca.")
    return row


def settled(server, timeout=15.0) -> list[str]:
    """What the server's connection thread ended with, once it ended (a test's wait, not a timing)."""
    end = time.monotonic() + timeout
    while not server.events and time.monotonic() < end:
        time.sleep(0.05)
    return server.events


# --- 1. A garbage answer fails its row, never the flush -------------------------------------


def test_a_garbage_status_line_fails_that_row_only_and_the_next_rows_are_sent(frozen, target):
    garbage = target(loopback.answer_with(b"SPAM SPAM SPAM\r\n\r\n"))
    fine = target(loopback.answer_with(NO_CONTENT))
    bad, good = webhook_row(garbage, "ana"), webhook_row(fine, "bea")
    assert outbox.flush() == {"pending": 1, "sent": 1}
    bad.refresh_from_db()
    assert bad.status == "pending" and bad.attempts == 1 and "BadStatusLine" in bad.last_error
    assert bad.next_attempt_at == frozen.now() + delivery.backoff(1)
    assert Outbox.objects.get(pk=good.pk).status == "sent" and len(fine.seen) == 1


def test_a_row_answered_with_garbage_is_retried_with_backoff_then_given_up(frozen, later, target):
    garbage = target(loopback.answer_with(b"\x00\xffnot http at all\r\n\r\n"))
    row = webhook_row(garbage)
    for attempt in range(1, delivery.MAX_ATTEMPTS + 1):
        assert outbox.flush() != {}, attempt
        assert outbox.flush() == {}  # not due again before its backoff
        later(hours=7)
    row.refresh_from_db()
    assert row.status == "failed" and row.attempts == delivery.MAX_ATTEMPTS
    assert outbox.flush() == {} and len(garbage.seen) == delivery.MAX_ATTEMPTS


def test_whatever_a_send_raises_fails_that_row_and_not_the_caller(frozen, ana_and_bea_rows, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug in a receiver's answer")

    monkeypatch.setattr(channels, "send_webhook", broken)
    assert outbox.flush() == {"pending": 1, "sent": 1}  # bea's e-mail goes out all the same
    assert "RuntimeError" in Outbox.objects.get(channel="webhook").last_error
    assert len(mail.outbox) == 1


@pytest.fixture
def ana_and_bea_rows(settings):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    ana, bea = UserFactory(username="ana", email=""), UserFactory(username="bea", email="bea@example.org")
    Preference.objects.create(user=ana, email=False, webhook_url="https://93.184.216.34/hook")
    for user in (ana, bea):
        outbox.notify(user=user, event="your_turn", key="your_turn:e1", text="Te toca.")


# --- 3. No redirect, the checked address, the name kept --------------------------------------


def test_a_redirect_to_an_internal_address_is_not_followed(frozen, target):
    internal = loopback.Server(loopback.answer_with(NO_CONTENT))
    try:
        location = f"http://127.0.0.1:{internal.port}/latest/meta-data/"
        hook = target(
            loopback.answer_with(
                f"HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n".encode()
            )
        )
        row = webhook_row(hook)
        assert delivery.deliver_one(row.pk) == "pending"
        assert internal.seen == [] and len(hook.seen) == 1
        assert "302" in Outbox.objects.get(pk=row.pk).last_error
    finally:
        internal.close()


def test_the_call_resolves_once_and_keeps_the_name_for_tls_and_host(frozen, target, lookups):
    hook = target(loopback.answer_with(NO_CONTENT))
    row = webhook_row(hook)
    lookups.clear()
    assert delivery.deliver_one(row.pk) == "sent"
    assert lookups == [loopback.HOST]  # one lookup: the address checked is the one called
    assert hook.names == [loopback.HOST]  # SNI, and the certificate checked, for the name
    assert hook.seen[0]["host"] == f"{loopback.HOST}:{hook.port}"


def test_a_name_that_starts_resolving_elsewhere_after_the_check_is_called_at_the_checked_address(
    frozen, settings, monkeypatch
):
    """DNS rebinding: a public address for the check, then a loopback one for the connection."""
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    answers = iter(["93.184.216.34", "127.0.0.1", "127.0.0.1", "127.0.0.1"])
    connected = []

    def getaddrinfo(host, port, *args, **kwargs):
        address = next(answers) if host == "rebind.test" else host
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]

    def create_connection(address, *args, **kwargs):
        connected.append(address)
        raise ConnectionRefusedError("no network in the tests")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    user = UserFactory(email="")
    Preference.objects.create(user=user, email=False, webhook_url="https://rebind.test/hook")
    [row] = outbox.notify(user=user, event="your_turn", key="your_turn:rebind", text="Te toca.")
    assert delivery.deliver_one(row.pk) == "pending"
    assert connected == [("93.184.216.34", 443)]


@pytest.mark.parametrize(
    "address",
    [
        "100.64.0.1",
        "100.100.100.200",
        "[2002::1]",
        "[2002:7f00:1::1]",
        "[fec0::1]",
        "[::ffff:127.0.0.1]",
        "[64:ff9b::7f00:1]",
        "192.0.0.170",
        "[2001:db8::1]",
    ],
)
def test_a_stored_url_to_an_address_that_is_not_global_is_never_called(
    frozen, settings, monkeypatch, address
):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    connected = []
    monkeypatch.setattr(socket, "create_connection", lambda address, *a, **k: connected.append(address))
    user = UserFactory(email="")
    Preference.objects.create(user=user, email=False, webhook_url=f"https://{address}/hook")
    [row] = outbox.notify(user=user, event="your_turn", key="your_turn:x", text="Te toca.")
    assert delivery.deliver_one(row.pk) == "pending"
    assert connected == [] and "private" in Outbox.objects.get(pk=row.pk).last_error


# --- 4. A total deadline, and nothing held across the network ------------------------------


def test_a_target_that_drips_its_answer_is_cut_off_at_the_total_deadline(frozen, target, settings):
    settings.NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS = 1
    slow = target(loopback.drip(NO_CONTENT, every=0.2))  # the whole answer would take 9 s
    row = webhook_row(slow)
    assert delivery.deliver_one(row.pk) == "pending"
    row.refresh_from_db()
    assert "DeadlinePassed" in row.last_error and row.attempts == 1
    assert settled(slow) != ["dripped to the end"]  # the connection was shut on it


@pytest.mark.django_db(transaction=True)
def test_no_transaction_or_row_lock_is_held_while_the_target_is_called(frozen, monkeypatch, settings):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    held = []

    def send_webhook(*args, **kwargs):
        held.append(transaction.get_connection().in_atomic_block)
        # Another worker, meanwhile, may read and change the row: it is not locked.
        done = []
        thread = threading.Thread(target=lambda: done.append(_touch_other_rows()))
        thread.start()
        thread.join(timeout=30)
        held.append(done == [True])

    monkeypatch.setattr(channels, "send_webhook", send_webhook)
    user = UserFactory(email="")
    Preference.objects.create(user=user, email=False, webhook_url="https://93.184.216.34/hook")
    [row] = outbox.notify(user=user, event="your_turn", key="your_turn:lock", text="Te toca.")
    assert delivery.deliver_one(row.pk) == "sent"
    assert held == [False, True]


def _touch_other_rows() -> bool:
    from django.db import connection

    try:
        Outbox.objects.update(text="Te toca (editado).")
        return True
    finally:
        connection.close()


def test_a_name_with_several_addresses_is_called_at_the_first_checked_one_that_answers(
    frozen, target, monkeypatch
):
    hook = target(loopback.answer_with(NO_CONTENT))

    def getaddrinfo(host, port, *args, **kwargs):
        return [
            (socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))
            for address in ("127.0.0.2", "127.0.0.1")  # nothing listens on the first
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    row = webhook_row(hook)
    assert delivery.deliver_one(row.pk) == "sent" and len(hook.seen) == 1


def test_a_name_with_one_address_that_is_not_public_among_public_ones_is_never_called(
    frozen, settings, monkeypatch
):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    connected = []

    def getaddrinfo(host, port, *args, **kwargs):
        return [
            (socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))
            for address in ("93.184.216.34", "100.64.0.7")
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket, "create_connection", lambda address, *a, **k: connected.append(address))
    user = UserFactory(email="")
    Preference.objects.create(user=user, email=False, webhook_url="https://mixed.test/hook")
    [row] = outbox.notify(user=user, event="your_turn", key="your_turn:mixed", text="Te toca.")
    assert delivery.deliver_one(row.pk) == "pending" and connected == []
