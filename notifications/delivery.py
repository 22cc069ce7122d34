"""Sending outbox rows. One attempt is three steps, and no transaction or row lock is held while
the mail server or the webhook is called:

1. claim: one UPDATE, only if the row is still pending and due, counts the attempt and moves
   `next_attempt_at` past the call's deadline, so no other worker takes the row meanwhile;
2. send, outside any transaction, within the webhook's total deadline;
3. record: sent, or the failure with exponential backoff, given up (`failed`, the row stays for
   the GM or an admin to see) after `MAX_ATTEMPTS`.

Any failure of a send, whatever it raises (a refused address, a garbage answer, a deadline
passed), fails that row only: the next rows are sent all the same. A worker that dies between
the send and the record leaves the row claimed; it is tried again once the claim runs out, so a
row is sent at least once and, but for that, exactly once."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F

from accounts.language import language_of
from epic20site.clock import now

from . import channels, grace, webpush
from .models import Outbox, PushSubscription, TableWebhook
from .preferences import preference_for
from .unsubscribe import unsubscribe_url

logger = logging.getLogger("notifications.delivery")
MAX_ATTEMPTS = 8
BASE_DELAY = timedelta(minutes=1)
MAX_DELAY = timedelta(hours=6)
CLAIM_MARGIN = timedelta(minutes=5)


def backoff(attempts: int) -> timedelta:
    """1, 2, 4, 8… minutes after each failure, at most 6 hours."""
    return min(BASE_DELAY * (2 ** max(attempts - 1, 0)), MAX_DELAY)


def _absolute(path: str) -> str:
    base = getattr(settings, "SITE_URL", "").rstrip("/")
    return f"{base}{path}" if path.startswith("/") else path


def _webhook_of(row: Outbox) -> tuple[str, str]:
    if row.channel == Outbox.Channel.TABLE:
        hook = TableWebhook.objects.filter(campaign_id=row.campaign_id).first()
        if hook is None:
            raise ValueError("the table's webhook was removed")
        return hook.url, hook.secret
    preference = preference_for(row.user, row.campaign)
    if not preference.webhook_url:
        raise ValueError("the webhook was removed")
    return preference.webhook_url, preference.webhook_secret


def _push_payload(row: Outbox) -> webpush.Push:
    encounter = row.encounter_id
    payload = {
        "event": row.event,
        "title": row.subject,
        "body": row.text,
        "url": _absolute(row.link or "/notificaciones/"),
        "campaign": row.campaign_id,
        "encounter": encounter,
    }
    topic = f"e{encounter}" if encounter else f"{row.event.replace('_', '')}{row.campaign_id or ''}"
    return webpush.Push(payload=payload, event=row.event, topic=topic[:32])


def _send_push(row: Outbox) -> None:
    """Every device of the person; one the push service says is gone (404, 410) is deleted. Any
    other failure fails the row (retried: the devices that had it get the same topic again,
    which replaces it)."""
    push, failures = _push_payload(row), []
    for subscription in PushSubscription.objects.filter(user_id=row.user_id):
        status = webpush.send(
            push, endpoint=subscription.endpoint, p256dh=subscription.p256dh, auth=subscription.auth
        )
        if status in webpush.GONE:
            subscription.delete()
        elif not 200 <= status < 300:
            failures.append(status)
    if failures:
        raise OSError(f"push service answered {failures}")


def _send(row: Outbox) -> None:
    if row.channel == Outbox.Channel.PUSH:
        _send_push(row)
        return
    if row.channel == Outbox.Channel.EMAIL:
        channels.send_email(
            row.user.email,
            subject=row.subject,
            text=row.text,
            link=_absolute(row.link),
            unsubscribe=_absolute(unsubscribe_url(row.user, row.event, row.campaign)),
            language=language_of(row.user),
        )
        return
    url, secret = _webhook_of(row)
    channels.send_webhook(
        url,
        secret,
        subject=row.subject,
        text=row.text,
        link=_absolute(row.link),
        timestamp=str(int(now().timestamp())),
        delivery_id=delivery_id(row),
    )


def delivery_id(row: Outbox) -> str:
    """The id of one delivery (Standard Webhooks' `webhook-id`, the body's `"id"`): the outbox
    row's, so every retry of it carries the same one."""
    return f"msg_epic20_{row.pk}"


def _claim(pk: int) -> Outbox | None:
    """Row `pk` taken for one attempt, or None when it is not pending and due."""
    until = now() + timedelta(seconds=settings.NOTIFICATIONS_WEBHOOK_DEADLINE_SECONDS) + CLAIM_MARGIN
    with transaction.atomic():
        taken = Outbox.objects.filter(pk=pk, status=Outbox.Status.PENDING, next_attempt_at__lte=now()).update(
            attempts=F("attempts") + 1, next_attempt_at=until
        )
    return Outbox.objects.select_related("user", "campaign").get(pk=pk) if taken else None


def _storable(text: str) -> str:
    """An error as text any database keeps: what a target answered may hold NUL bytes and other
    control characters (a garbage status line), which PostgreSQL refuses in a text column."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _record_failure(row: Outbox, exc: Exception) -> str:
    logger.warning("outbox row %s failed (attempt %s): %r", row.pk, row.attempts, exc)
    gave_up = row.attempts >= MAX_ATTEMPTS
    status = Outbox.Status.FAILED if gave_up else Outbox.Status.PENDING
    Outbox.objects.filter(pk=row.pk).update(
        status=status,
        last_error=_storable(f"{type(exc).__name__}: {exc}")[:500],
        next_attempt_at=now() + backoff(row.attempts),
    )
    return status


def deliver_one(pk: int) -> str:
    """Send row `pk` if it is due and not sent yet; answer its status afterwards. Never raises
    for what the send does."""
    row = _claim(pk)
    if row is None:
        return Outbox.objects.filter(pk=pk).values_list("status", flat=True).first() or "missing"
    if not grace.still_wanted(row):
        Outbox.objects.filter(pk=pk).update(status=Outbox.Status.DROPPED)
        return Outbox.Status.DROPPED
    try:
        _send(row)
    except Exception as exc:  # any failure of one delivery is that row's, never the caller's
        return _record_failure(row, exc)
    Outbox.objects.filter(pk=pk).update(status=Outbox.Status.SENT, sent_at=now(), last_error="")
    return Outbox.Status.SENT


def due_ids(limit: int = 200) -> list[int]:
    return list(
        Outbox.objects.filter(status=Outbox.Status.PENDING, next_attempt_at__lte=now())
        .order_by("next_attempt_at", "id")
        .values_list("pk", flat=True)[:limit]
    )


def deliver_due() -> dict:
    """Deliver every due row: `{status: count}`."""
    counts: dict[str, int] = {}
    for pk in due_ids():
        status = deliver_one(pk)
        counts[status] = counts.get(status, 0) + 1
    return counts
