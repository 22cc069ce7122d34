"""The tasks the worker runs (Django's Tasks API through django-tasks)."""

from __future__ import annotations

from django_tasks import task

from epic20site.clock import now

from . import delivery
from .models import Outbox


@task()
def deliver(pk: int) -> str:
    """Send one outbox row; a failure schedules the next try with backoff."""
    status = delivery.deliver_one(pk)
    if status == Outbox.Status.PENDING:
        row = Outbox.objects.filter(pk=pk).only("next_attempt_at").first()
        if row is not None and row.next_attempt_at > now():
            deliver.using(run_after=row.next_attempt_at).enqueue(pk)
    return status


@task()
def expand_notice(pk: int) -> bool:
    """Write the outbox rows of what one fight action tells people."""
    from .notices import expand

    return expand(pk)


@task()
def flush_outbox() -> dict:
    """Everything due that no task is carrying any more (a lost task, a restarted worker)."""
    return delivery.flush()


@task()
def send_digests() -> int:
    """Once a day: each user's held e-mails as one message."""
    from .digest import send_all

    return send_all()
