"""Sending an outbox row: at most once (the row is locked and marked sent in one transaction),
retried with exponential backoff when the mail server or the webhook fails, given up after
`MAX_ATTEMPTS` (the row stays, marked failed, for the GM or an admin to see)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from epic20site.clock import now

from . import channels
from .models import Outbox, TableWebhook
from .outbox import preference_for, unsubscribe_url

MAX_ATTEMPTS = 8
BASE_DELAY = timedelta(minutes=1)
MAX_DELAY = timedelta(hours=6)


def backoff(attempts: int) -> timedelta:
    """1, 2, 4, 8… minutes after each failure, at most 6 hours."""
    return min(BASE_DELAY * (2 ** max(attempts - 1, 0)), MAX_DELAY)


def _absolute(path: str) -> str:
    base = getattr(settings, "SITE_URL", "").rstrip("/")
    return f"{base}{path}" if path.startswith("/") else path


def _send(row: Outbox) -> None:
    if row.channel == Outbox.Channel.EMAIL:
        channels.send_email(
            row.user.email,
            subject=row.subject,
            text=row.text,
            link=_absolute(row.link),
            unsubscribe=_absolute(unsubscribe_url(row.user, row.event, row.campaign)),
        )
        return
    if row.channel == Outbox.Channel.TABLE:
        hook = TableWebhook.objects.filter(campaign_id=row.campaign_id).first()
        if hook is None:
            raise ValueError("the table's webhook was removed")
        url, secret = hook.url, hook.secret
    else:
        preference = preference_for(row.user, row.campaign)
        url, secret = preference.webhook_url, preference.webhook_secret
    channels.send_webhook(
        url,
        secret,
        subject=row.subject,
        text=row.text,
        link=_absolute(row.link),
        timestamp=str(int(now().timestamp())),
    )


def deliver_one(pk: int) -> str:
    """Send row `pk` if it is due and not sent yet; answer its status afterwards."""
    with transaction.atomic():
        row = (
            Outbox.objects.select_for_update(of=("self",))
            .select_related("user", "campaign")
            .filter(pk=pk)
            .first()
        )
        if row is None or row.status != Outbox.Status.PENDING:
            return row.status if row else "missing"
        if row.next_attempt_at > now():
            return row.status
        try:
            _send(row)
        except (OSError, channels.WebhookRefused, ValueError) as exc:
            row.attempts += 1
            row.last_error = str(exc)[:500]
            if row.attempts >= MAX_ATTEMPTS:
                row.status = Outbox.Status.FAILED
            else:
                row.next_attempt_at = now() + backoff(row.attempts)
            row.save(update_fields=["attempts", "last_error", "status", "next_attempt_at"])
            return row.status
        row.status, row.sent_at, row.attempts = Outbox.Status.SENT, now(), row.attempts + 1
        row.save(update_fields=["status", "sent_at", "attempts"])
        return row.status


def due_ids(limit: int = 200) -> list[int]:
    return list(
        Outbox.objects.filter(status=Outbox.Status.PENDING, next_attempt_at__lte=now())
        .order_by("next_attempt_at", "id")
        .values_list("pk", flat=True)[:limit]
    )


def flush() -> dict:
    """Deliver every due row (after a worker restart, or on a schedule): `{status: count}`."""
    from .notices import expand_pending

    expand_pending()
    counts: dict[str, int] = {}
    for pk in due_ids():
        status = deliver_one(pk)
        counts[status] = counts.get(status, 0) + 1
    return counts
