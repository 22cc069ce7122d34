"""What a committed action tells people (called by `combat.services` in the action's
transaction): one `ActionNotice` row when there is anything to tell ("your turn" or
"declarations open" when the turn moved on, "you were attacked", "the round was resolved"),
expanded into each person's outbox rows by a task (`notifications.notices`)."""

from __future__ import annotations

from django.db import transaction

from combat import deadlines

from .models import ActionNotice

ATTACK_EVENTS = frozenset({"attack"})
RESOLVE_ACTIONS = frozenset({"resolve_round"})
RESOLVED_EVENTS = frozenset({"declarations_closed"})


def after_action(encounter, result, *, turn_moved: bool) -> None:
    attacks = [[ev.seq, ev.target_id, ev.created_by_id] for ev in result.events if ev.type in ATTACK_EVENTS]
    attacks = [a for a in attacks if a[1] is not None]
    request = (result.events[-1].patch or {}).get("request") if result.events else None
    # A round resolves by the GM's `resolve_round`, or, declaring ahead, when the last one declares.
    resolved = isinstance(request, dict) and request.get("type") in RESOLVE_ACTIONS
    resolved = resolved or any(ev.type in RESOLVED_EVENTS for ev in result.events)
    if not (turn_moved or attacks or resolved):
        return
    notice = ActionNotice.objects.create(
        encounter=encounter,
        version=encounter.version,
        turn_moved=turn_moved,
        waiting=deadlines.waiting_on(encounter) if turn_moved else [],
        attacks=attacks,
        resolved=resolved,
        declaring=bool((encounter.state or {}).get("declarations", {}).get("open")),
    )

    def enqueue():
        from .tasks import expand_notice

        expand_notice.enqueue(notice.pk)

    transaction.on_commit(enqueue)


def on_action_committed(sender, *, encounter, result, turn_moved, **kwargs) -> None:
    after_action(encounter, result, turn_moved=turn_moved)


def on_deadline_notice(sender, *, user, encounter, event, key, text, **kwargs) -> None:
    from .outbox import notify

    notify(
        user=user,
        event=event,
        key=key,
        text=text,
        campaign=encounter.campaign,
        link=f"/encounters/{encounter.pk}/",
    )
