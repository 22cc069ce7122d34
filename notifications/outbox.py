"""The notifications app as the rest of the site calls it, and the only module it calls.

Every notification is a row written in the same transaction as the event that causes it
(`notifications.rows`), so it exists if and only if the event does; its delivery is queued once
the transaction commits, and a queue that is down loses nothing: `flush`, run by the sweep
(`tracking_sweep`), finds every row and notice no task carried.

- `notify`: tell one person of an event, in every channel they chose;
- `tell_table`: tell a campaign's table-wide webhook of a public event;
- `action_committed`: what a fight action tells people (`notifications.notices`);
- `flush` and `send_digests`: the sweep's work."""

from __future__ import annotations

from accounts.language import Message
from epic20site.queue import enqueue_on_commit

from . import delivery, digest, notices, rows, tasks
from .models import Outbox


def _deliver_after_commit(written: list[Outbox]) -> None:
    for row in written:
        if row.status == Outbox.Status.PENDING:
            enqueue_on_commit(tasks.deliver, row.pk)


def notify(
    *, user, event: str, key: str, text: str | Message, campaign=None, link: str = "", encounter=None
) -> list[Outbox]:
    """Write the notification of `event` for `user` in every channel they chose, once, in their
    language (`text` a `Message`, or a text already in it)."""
    written = rows.write(
        user=user, event=event, key=key, text=text, campaign=campaign, link=link, encounter=encounter
    )
    _deliver_after_commit(written)
    return written


def tell_table(*, campaign, event: str, key: str, text: str | Message, link: str = "") -> Outbox | None:
    """Write the table's row for a public `event` (once per key), if the campaign has a webhook."""
    row = rows.write_table(campaign=campaign, event=event, key=key, text=text, link=link)
    _deliver_after_commit([row] if row else [])
    return row


def action_committed(encounter, result, *, turn_moved: bool) -> None:
    """Called in a fight action's transaction: note what it tells, expanded by a task."""
    notice = notices.record(encounter, result, turn_moved=turn_moved)
    if notice is not None:
        enqueue_on_commit(tasks.expand_notice, notice.pk)


def flush() -> dict:
    """Every notice not expanded and every row due, whatever task was lost: `{status: count}`."""
    notices.expand_pending()
    return delivery.deliver_due()


def send_digests() -> int:
    return digest.send_all()
