"""Asking the task queue for work once a transaction commits, without ever failing the request
that asked: the queue (Redis with RQ, or the database) may be down when an action or a journal
entry commits, and by then what was written is saved. A refused enqueue is logged; every task
the site queues this way is also done by the periodic sweep (`tracking_sweep`), which finds the
work by what the database holds, so a lost task only delays it."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

logger = logging.getLogger("epic20site.queue")


def enqueue_now(task, *args, run_after: datetime | None = None) -> bool:
    """Queue `task(*args)`; answers whether the queue took it (a failure is logged, not raised)."""
    try:
        (task.using(run_after=run_after) if run_after else task).enqueue(*args)
    except Exception:
        logger.warning("could not queue %s%r; the sweep will do it", task.name, args, exc_info=True)
        return False
    return True


def enqueue_on_commit(task, *args, run_after: datetime | None = None) -> None:
    """Queue `task(*args)` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: enqueue_now(task, *args, run_after=run_after))
