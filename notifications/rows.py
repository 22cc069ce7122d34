"""Writing outbox rows, inside the transaction of the event that causes them (an action
committed, a journal entry posted, a deadline passed), so a row exists if and only if its event
does. Each event has a stable `key`; the unique (key, person, channel) constraint makes a second
write for the same event and person a no-op, so nobody is told twice.

The table-wide webhook (`TableWebhook`, one per campaign, set by its GM) hears the table's public
events only — a round's declarations opening, whose turn it is, a round resolved, the attacks as
the log tells everyone, a journal entry for the whole table. Never a deadline warning (addressed
to one player), a journal entry for the GM or for one player, or a hidden NPC's numbers: the texts
name combatants only. Its row has channel `table` and the campaign's GM as `user`.

Every row is written in its reader's language (`accounts.language`): a text given as a `Message`
is translated for them, never put in two languages."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from accounts.language import Message, language_of, written
from epic20site.clock import now

from .inbox import forget_unread_count
from .models import EVENTS, Outbox, Preference, PushSubscription, TableWebhook
from .preferences import preference_for

# Each event's subject, in Spanish (the English is in the app's catalogue).
SUBJECTS = {
    "your_turn": gettext_noop("Te toca"),
    "declarations_open": gettext_noop("Declaraciones abiertas"),
    "round_resolved": gettext_noop("Asalto resuelto"),
    "attacked": gettext_noop("Te han atacado"),
    "deadline_near": gettext_noop("Se acaba el plazo"),
    "journal": gettext_noop("Nueva entrada en el diario"),
    "application": gettext_noop("Solicitud de mesa"),
}
PUBLIC_EVENTS = frozenset({"your_turn", "declarations_open", "round_resolved", "attacked", "journal"})
# What cannot wait for tomorrow: sent at once even to someone who chose the daily digest. A
# round's declarations opening is the turn of a fight that declares (MSH, declaring ahead).
URGENT_EVENTS = frozenset({"your_turn", "declarations_open", "deadline_near"})
# One turn, one notice: it goes by the first of push, webhook, e-mail the person has, and waits
# its grace period (`_due`).
ONE_CHANNEL_EVENTS = frozenset({"your_turn", "declarations_open"})
GRACE_EVENTS = ONE_CHANNEL_EVENTS


def subject_of(event: str, language: str) -> str:
    return Message(SUBJECTS[event]).render(language)


def _channels(user, preference: Preference, event: str) -> list[str]:
    channels = []
    if preference.push and PushSubscription.objects.filter(user=user).exists():
        channels.append(Outbox.Channel.PUSH)
    if preference.webhook_url:
        channels.append(Outbox.Channel.WEBHOOK)
    if preference.email and user.email:
        channels.append(Outbox.Channel.EMAIL)
    if preference.digest and event not in URGENT_EVENTS:
        # The day's digest carries it by e-mail; nothing goes to a device meanwhile.
        channels = [c for c in channels if c != Outbox.Channel.PUSH]
    return channels[:1] if event in ONE_CHANNEL_EVENTS else channels


def _create(**fields) -> Outbox | None:
    fields.setdefault("next_attempt_at", now())
    try:
        with transaction.atomic():
            row = Outbox.objects.create(**fields)
    except IntegrityError:
        return None  # already written for this event and person
    if row.channel != Outbox.Channel.TABLE:
        forget_unread_count(row.user_id)
    return row


def _status(preference: Preference, event: str, channel: str) -> str:
    held = preference.digest and channel == Outbox.Channel.EMAIL and event not in URGENT_EVENTS
    return Outbox.Status.HELD if held else Outbox.Status.PENDING


def _due(event: str, channel: str):
    """E-mail and push of a turn wait `NOTIFY_GRACE_SECONDS`: the person may act or open the
    fight meanwhile (`notifications.grace`), and then they are not sent."""
    if event in GRACE_EVENTS and channel in (Outbox.Channel.EMAIL, Outbox.Channel.PUSH):
        return now() + timedelta(seconds=settings.NOTIFY_GRACE_SECONDS)
    return now()


def write(
    *,
    user,
    event: str,
    key: str,
    text: str | Message,
    campaign=None,
    link: str = "",
    encounter=None,
    turn: str = "",
) -> list[Outbox]:
    """The rows of `event` for `user` in every channel they chose, once, in their language; a
    digest holds e-mail that is not urgent."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    preference = preference_for(user, campaign)
    if not preference.events.get(event, True):
        return []
    language = language_of(user)
    rows = []
    for channel in _channels(user, preference, event):
        row = _create(
            user=user,
            campaign=campaign,
            event=event,
            key=key[:200],
            channel=channel,
            subject=subject_of(event, language),
            text=written(text, language),
            link=link,
            status=_status(preference, event, channel),
            next_attempt_at=_due(event, channel),
            encounter=encounter,
            turn=turn,
        )
        if row is not None:
            rows.append(row)
    return rows


def write_table(*, campaign, event: str, key: str, text: str | Message, link: str = "") -> Outbox | None:
    """The table's row for a public `event` (once per key), if the campaign has a webhook; in its
    GM's language."""
    if event not in PUBLIC_EVENTS:
        raise ValueError(f"{event!r} is not a public event of the table")
    if not TableWebhook.objects.filter(campaign=campaign).exists():
        return None
    language = language_of(campaign.gm)
    return _create(
        user_id=campaign.gm_id,
        campaign=campaign,
        event=event,
        key=f"table:{key}"[:200],
        channel=Outbox.Channel.TABLE,
        subject=subject_of(event, language),
        text=written(text, language),
        link=link,
    )
