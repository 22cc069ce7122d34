"""The outbox: written with the event, sent exactly once, retried with backoff when the mail
server or the webhook is down, nothing lost while the worker is stopped."""

import json

import pytest
from django.core import mail
from django.db import transaction

from notifications import channels, delivery, outbox, webhook_post
from notifications.models import Outbox, Preference
from notifications.outbox import notify
from tests.factories import UserFactory, campaign_for
from tests.notifications.wire import recording

pytestmark = pytest.mark.django_db


class BrokenMail:
    """A mail backend whose server is down."""

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise OSError("connection refused")


@pytest.fixture
def ana():
    return UserFactory(username="ana", email="ana@example.org")


def tell(user, key="your_turn:enc1:seq4", campaign=None):
    return notify(
        user=user, event="your_turn", key=key, text="Te toca en Emboscada.", campaign=campaign, link="/x"
    )


def test_a_notification_is_written_and_sent_once_even_if_the_event_is_reported_twice(frozen, ana):
    assert len(tell(ana)) == 1
    assert tell(ana) == []
    row = Outbox.objects.get()
    assert delivery.deliver_one(row.pk) == "sent"
    assert delivery.deliver_one(row.pk) == "sent"
    assert outbox.flush() == {}
    assert len(mail.outbox) == 1 and "Te toca en Emboscada." in mail.outbox[0].body
    assert "/notifications/unsubscribe/" in mail.outbox[0].body


def test_a_notification_rolled_back_with_its_event_is_never_written(frozen, ana):
    with pytest.raises(RuntimeError), transaction.atomic():
        tell(ana)
        raise RuntimeError("the action failed")
    assert not Outbox.objects.exists()


def test_a_failing_mail_server_is_retried_with_backoff_and_the_mail_goes_out_once_it_is_back(
    frozen, later, ana, settings
):
    tell(ana)
    row = Outbox.objects.get()
    settings.EMAIL_BACKEND = "tests.notifications.test_outbox.BrokenMail"
    assert delivery.deliver_one(row.pk) == "pending"
    row.refresh_from_db()
    assert row.attempts == 1 and row.next_attempt_at == frozen.now() + delivery.backoff(1)
    assert outbox.flush() == {}  # not due yet: no busy retry
    later(minutes=1)
    assert outbox.flush() == {"pending": 1}
    row.refresh_from_db()
    assert row.attempts == 2 and "connection refused" in row.last_error
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    later(minutes=2)
    assert outbox.flush() == {"sent": 1}
    assert len(mail.outbox) == 1


@pytest.mark.parametrize(("attempts", "minutes"), [(1, 1), (2, 2), (3, 4), (4, 8), (20, 360)])
def test_the_backoff_doubles_and_is_capped_at_six_hours(attempts, minutes):
    assert delivery.backoff(attempts).total_seconds() == minutes * 60


def test_a_row_gives_up_after_the_last_attempt_and_stays_in_the_outbox(frozen, later, ana, settings):
    settings.EMAIL_BACKEND = "tests.notifications.test_outbox.BrokenMail"
    tell(ana)
    for _ in range(delivery.MAX_ATTEMPTS):
        later(hours=7)
        outbox.flush()
    assert Outbox.objects.get().status == "failed"


def test_nothing_is_lost_while_the_worker_is_stopped_and_a_restart_sends_each_once(frozen, ana):
    # The worker is down: the delivery tasks are queued in the database, nobody runs them.
    for n in range(3):
        tell(ana, key=f"your_turn:enc1:seq{n}")
    assert Outbox.objects.filter(status="pending").count() == 3 and mail.outbox == []
    # Restarted, the worker's sweep sends each row; a second sweep (or a duplicate task) sends nothing.
    assert outbox.flush() == {"sent": 3}
    assert outbox.flush() == {}
    for row in Outbox.objects.all():
        assert delivery.deliver_one(row.pk) == "sent"
    assert len(mail.outbox) == 3


def test_an_event_turned_off_writes_nothing_and_digest_holds_email_for_the_day(frozen, ana):
    Preference.objects.create(user=ana, events={"your_turn": False})
    assert tell(ana) == []
    campaign = campaign_for(gm=ana)
    Preference.objects.create(user=ana, campaign=campaign, digest=True)
    [now_row] = tell(ana, campaign=campaign)
    assert now_row.status == "pending"  # a turn never waits for tomorrow's digest
    [row] = notify(user=ana, event="journal", key="journal:1", text="Nueva entrada.", campaign=campaign)
    assert row.status == "held"
    from notifications.digest import send_all

    assert send_all() == 1 and len(mail.outbox) == 1 and "Resumen diario" in mail.outbox[0].subject


def test_the_webhook_is_signed_with_hmac_over_the_timestamp_and_body(frozen, ana, monkeypatch, settings):
    settings.NOTIFICATIONS_ALLOW_PRIVATE_WEBHOOKS = False
    Preference.objects.create(user=ana, email=False, webhook_url="https://93.184.216.34/hook")
    seen = []
    monkeypatch.setattr(webhook_post, "post", recording(seen))
    [row] = tell(ana)
    assert delivery.deliver_one(row.pk) == "sent"
    [request] = seen
    headers = {k.lower(): v for k, v in request.header_items()}
    secret = Preference.objects.get(user=ana).webhook_secret
    timestamp = headers[channels.TIMESTAMP_HEADER.lower()]
    assert timestamp == str(int(frozen.now().timestamp()))
    assert channels.verify(secret, timestamp, request.data, headers[channels.SIGNATURE_HEADER.lower()])
    assert not channels.verify(
        secret, str(int(timestamp) + 1), request.data, headers[channels.SIGNATURE_HEADER.lower()]
    )
    body = json.loads(request.data)
    assert (
        body["content"].startswith("Te toca") and body["embeds"][0]["description"] == "Te toca en Emboscada."
    )


def test_a_webhook_that_is_down_is_retried_like_mail(frozen, ana, monkeypatch):
    Preference.objects.create(user=ana, email=False, webhook_url="https://93.184.216.34/hook")

    def down(target, body, headers, *, seconds):
        raise OSError("timed out")

    monkeypatch.setattr(webhook_post, "post", down)
    [row] = tell(ana)
    assert delivery.deliver_one(row.pk) == "pending"
    assert Outbox.objects.get().attempts == 1


class MailWatchingTransactions:
    """A mail backend that notes whether a transaction is open while it sends, and fails for
    one address."""

    held: list = []

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        MailWatchingTransactions.held.append(transaction.get_connection().in_atomic_block)
        if any("ana@" in to for m in messages for to in m.to):
            raise RuntimeError("the mail server choked on this one")
        mail.outbox.extend(messages)
        return len(messages)


@pytest.mark.django_db(transaction=True)
def test_the_digest_holds_no_transaction_while_mailing_and_one_failure_is_that_users_alone(frozen, settings):
    from notifications.digest import send_all

    ana, bea = UserFactory(email="ana@example.org"), UserFactory(email="bea@example.org")
    for user in (ana, bea):
        Preference.objects.create(user=user, digest=True)
        notify(user=user, event="journal", key="journal:e1", text="Nueva entrada.")
    settings.EMAIL_BACKEND = "tests.notifications.test_outbox.MailWatchingTransactions"
    MailWatchingTransactions.held = []
    mail.outbox = []
    assert send_all() == 1
    assert MailWatchingTransactions.held == [False, False]
    assert Outbox.objects.get(user=ana).status == "held"  # for tomorrow's digest
    assert Outbox.objects.get(user=bea).status == "sent" and len(mail.outbox) == 1


def test_a_notice_that_cannot_be_expanded_keeps_neither_the_other_notices_nor_the_deliveries_back(
    frozen, ana, monkeypatch
):
    from notifications import notices
    from notifications.models import ActionNotice
    from tests.combat.encounters.conftest import Table

    table = Table()
    encounter = table.create()["id"]
    broken, fine = (
        ActionNotice.objects.create(encounter_id=encounter, version=v, turn_moved=True) for v in (1, 2)
    )
    real = notices.expand

    def expand(pk):
        if pk == broken.pk:
            raise RuntimeError("a notice the code cannot read")
        return real(pk)

    monkeypatch.setattr(notices, "expand", expand)
    tell(ana)
    assert outbox.flush() == {"sent": 1}
    assert ActionNotice.objects.get(pk=fine.pk).expanded
    assert not ActionNotice.objects.get(pk=broken.pk).expanded  # left for the next pass
