"""Writing notifications: `notify` is called inside the transaction of the event that causes it
(an action committed, a journal entry posted, a deadline passed), so the outbox row exists if and
only if the event does. Delivery is asked for once the transaction commits; a row whose delivery
task is lost (the worker was down, the queue was flushed) is found again by `flush`.

Each event has a stable `key`; the unique (key, person, channel) constraint makes a second
`notify` for the same event and person a no-op, so nobody is told twice."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.urls import reverse

from epic20site.clock import now

from .models import EVENTS, Outbox, Preference

SUBJECTS = {
    "your_turn": ("Te toca", "Your turn"),
    "declarations_open": ("Declaraciones abiertas", "Declarations are open"),
    "round_resolved": ("Asalto resuelto", "The round was resolved"),
    "attacked": ("Te han atacado", "You were attacked"),
    "deadline_near": ("Se acaba el plazo", "A deadline is near"),
    "journal": ("Nueva entrada en el diario", "A new journal entry for you"),
    "application": ("Solicitud de mesa", "A table application"),
}


def preference_for(user, campaign=None) -> Preference:
    """The campaign's preference row if the user made one, else their default (created on use)."""
    if campaign is not None:
        own = Preference.objects.filter(user=user, campaign=campaign).first()
        if own is not None:
            return own
    return Preference.objects.get_or_create(user=user, campaign=None)[0]


def _channels(user, preference: Preference) -> list[str]:
    channels = []
    if preference.email and user.email:
        channels.append(Outbox.Channel.EMAIL)
    if preference.webhook_url:
        channels.append(Outbox.Channel.WEBHOOK)
    return channels


def notify(*, user, event: str, key: str, text: str, campaign=None, link: str = "") -> list[Outbox]:
    """Write the notification of `event` for `user` in every channel they chose, once."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    preference = preference_for(user, campaign)
    if not preference.events.get(event, True):
        return []
    subject = " / ".join(SUBJECTS[event])
    held = preference.digest
    rows = []
    for channel in _channels(user, preference):
        status = Outbox.Status.HELD if held and channel == Outbox.Channel.EMAIL else Outbox.Status.PENDING
        try:
            with transaction.atomic():
                row = Outbox.objects.create(
                    user=user,
                    campaign=campaign,
                    event=event,
                    key=key[:200],
                    channel=channel,
                    subject=subject,
                    text=text,
                    link=link,
                    status=status,
                    next_attempt_at=now(),
                )
        except IntegrityError:
            continue  # already written for this event and person
        rows.append(row)
    pending = [r.pk for r in rows if r.status == Outbox.Status.PENDING]
    if pending:
        transaction.on_commit(lambda: _enqueue(pending))
    return rows


def _enqueue(ids: list[int]) -> None:
    from .tasks import deliver

    for pk in ids:
        deliver.enqueue(pk)


def unsubscribe_url(user, event: str, campaign=None) -> str:
    from .unsubscribe import token_for

    return reverse("notifications:unsubscribe", args=[token_for(user, event, campaign)])
