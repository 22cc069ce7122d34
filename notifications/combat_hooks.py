"""What combat's signals (`combat.signals`) tell the notifications app, passed to its outbox."""

from __future__ import annotations

from . import outbox


def on_action_committed(sender, *, encounter, result, turn_moved, **kwargs) -> None:
    outbox.action_committed(encounter, result, turn_moved=turn_moved)


def on_deadline_notice(sender, *, user, encounter, event, key, text, **kwargs) -> None:
    outbox.notify(
        user=user,
        event=event,
        key=key,
        text=text,
        campaign=encounter.campaign,
        link=f"/encounters/{encounter.pk}/",
        encounter=encounter,
    )
