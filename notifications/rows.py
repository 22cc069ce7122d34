"""Writing outbox rows, inside the transaction of the event that causes them (an action
committed, a journal entry posted, a deadline passed), so a row exists if and only if its event
does. Each event has a stable `key`; the unique (key, person, channel) constraint makes a second
write for the same event and person a no-op, so nobody is told twice.

The table-wide webhook (`TableWebhook`, one per campaign, set by its GM) hears the table's public
events only — a round's declarations opening, whose turn it is, a round resolved, the attacks as
the log tells everyone, a journal entry for the whole table. Never a deadline warning (addressed
to one player), a journal entry for the GM or for one player, or a hidden NPC's numbers: the texts
name combatants only. Its row has channel `table` and the campaign's GM as `user`."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from epic20site.clock import now

from .inbox import forget_unread_count
from .models import EVENTS, Outbox, Preference, TableWebhook
from .preferences import preference_for

SUBJECTS = {
    "your_turn": ("Te toca", "Your turn"),
    "declarations_open": ("Declaraciones abiertas", "Declarations are open"),
    "round_resolved": ("Asalto resuelto", "The round was resolved"),
    "attacked": ("Te han atacado", "You were attacked"),
    "deadline_near": ("Se acaba el plazo", "A deadline is near"),
    "journal": ("Nueva entrada en el diario", "A new journal entry for you"),
    "application": ("Solicitud de mesa", "A table application"),
}
PUBLIC_EVENTS = frozenset({"your_turn", "declarations_open", "round_resolved", "attacked", "journal"})


def _channels(user, preference: Preference) -> list[str]:
    channels = []
    if preference.email and user.email:
        channels.append(Outbox.Channel.EMAIL)
    if preference.webhook_url:
        channels.append(Outbox.Channel.WEBHOOK)
    return channels


def _create(**fields) -> Outbox | None:
    try:
        with transaction.atomic():
            row = Outbox.objects.create(next_attempt_at=now(), **fields)
    except IntegrityError:
        return None  # already written for this event and person
    if row.channel != Outbox.Channel.TABLE:
        forget_unread_count(row.user_id)
    return row


def write(*, user, event: str, key: str, text: str, campaign=None, link: str = "") -> list[Outbox]:
    """The rows of `event` for `user` in every channel they chose, once; a digest holds e-mail."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    preference = preference_for(user, campaign)
    if not preference.events.get(event, True):
        return []
    rows = []
    for channel in _channels(user, preference):
        held = preference.digest and channel == Outbox.Channel.EMAIL
        row = _create(
            user=user,
            campaign=campaign,
            event=event,
            key=key[:200],
            channel=channel,
            subject=" / ".join(SUBJECTS[event]),
            text=text,
            link=link,
            status=Outbox.Status.HELD if held else Outbox.Status.PENDING,
        )
        if row is not None:
            rows.append(row)
    return rows


def write_table(*, campaign, event: str, key: str, text: str, link: str = "") -> Outbox | None:
    """The table's row for a public `event` (once per key), if the campaign has a webhook."""
    if event not in PUBLIC_EVENTS:
        raise ValueError(f"{event!r} is not a public event of the table")
    if not TableWebhook.objects.filter(campaign=campaign).exists():
        return None
    return _create(
        user_id=campaign.gm_id,
        campaign=campaign,
        event=event,
        key=f"table:{key}"[:200],
        channel=Outbox.Channel.TABLE,
        subject=" / ".join(SUBJECTS[event]),
        text=text,
        link=link,
    )
