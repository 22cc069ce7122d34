"""The table-wide webhook: one per campaign, set by its GM (`PUT /campaigns/{id}/webhook/`), told
of the table's public events only — a round's declarations opening, whose turn it is, a round
resolved, a fight's attacks as the log tells everyone, a journal entry written for the whole
table. Never a deadline warning (addressed to one player), a journal entry for the GM or for
one player, or anything of a hidden NPC's numbers: the texts name combatants only.

A row is an ordinary `Outbox` row of channel `table`, written in the event's transaction, with
its GM as `user` (the (key, user, channel) constraint keeps one per event), delivered and
retried by the same worker with the same Discord-compatible, HMAC-signed body and SSRF checks
as a person's webhook (`notifications.channels`)."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from epic20site.clock import now

from .models import Outbox, TableWebhook
from .outbox import SUBJECTS, _enqueue

PUBLIC_EVENTS = frozenset({"your_turn", "declarations_open", "round_resolved", "attacked", "journal"})


def tell_table(*, campaign, event: str, key: str, text: str, link: str = "") -> Outbox | None:
    """Write the table's row for a public `event` (once per key), if the campaign has a webhook."""
    if event not in PUBLIC_EVENTS:
        raise ValueError(f"{event!r} is not a public event of the table")
    if not TableWebhook.objects.filter(campaign=campaign).exists():
        return None
    try:
        with transaction.atomic():
            row = Outbox.objects.create(
                user_id=campaign.gm_id,
                campaign=campaign,
                event=event,
                key=f"table:{key}"[:200],
                channel=Outbox.Channel.TABLE,
                subject=" / ".join(SUBJECTS[event]),
                text=text,
                link=link,
                next_attempt_at=now(),
            )
    except IntegrityError:
        return None  # already told
    transaction.on_commit(lambda: _enqueue([row.pk]))
    return row
