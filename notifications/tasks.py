"""The tasks the worker runs (Django's Tasks API through django-tasks). Each is also done by the
sweep (`notifications.outbox.flush`), so a task the queue lost only waits for it."""

from __future__ import annotations

from django_tasks import task

from epic20site.clock import now
from epic20site.queue import enqueue_now

from . import delivery, digest, notices
from .models import Outbox


@task()
def deliver(pk: int) -> str:
    """Send one outbox row; a failure schedules the next try with backoff."""
    status = delivery.deliver_one(pk)
    if status == Outbox.Status.PENDING:
        row = Outbox.objects.filter(pk=pk).only("next_attempt_at").first()
        if row is not None and row.next_attempt_at > now():
            enqueue_now(deliver, pk, run_after=row.next_attempt_at)
    return status


@task()
def expand_notice(pk: int) -> bool:
    """Write the outbox rows of what one fight action tells people, and queue their delivery."""
    pending = notices.expand(pk)
    for row in pending or []:
        enqueue_now(deliver, row)
    return pending is not None


@task()
def flush_outbox() -> dict:
    """Everything due that no task is carrying any more (a lost task, a restarted worker)."""
    notices.expand_pending()
    return delivery.deliver_due()


@task()
def send_digests() -> int:
    """Once a day: each user's held e-mails as one message."""
    return digest.send_all()
