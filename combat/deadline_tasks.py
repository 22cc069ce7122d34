"""What the scheduled deadline tasks do: apply the GM's default for each combatant whose turn
ran out, or tell the GM; warn the players a deadline is near. Both are idempotent, so a task run
twice, late, or by a restarted worker changes nothing more."""

from __future__ import annotations

import hashlib
import json

from django.db import transaction
from django_tasks import task

from campaigns.tracking.clock import now
from epic20site.errors import DomainError

from . import deadlines
from .deadlines import TurnDeadline
from .models import Combatant


def _turn_id(key: dict) -> str:
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def _tell(user, encounter, event: str, key: str, text: str) -> None:
    from notifications.outbox import notify

    if user is not None:
        notify(
            user=user,
            event=event,
            key=key,
            text=text,
            campaign=encounter.campaign,
            link=f"/encounters/{encounter.pk}/",
        )


def _apply_default(deadline: TurnDeadline, cid: int) -> dict:
    """The default for `cid` as a GM action, or the GM told when it cannot apply."""
    from . import services

    encounter = deadline.encounter
    action_type = deadlines.ACTIONS.get(encounter.campaign.system, {}).get(deadline.default)
    declaring = bool((encounter.state or {}).get("declarations", {}).get("open"))
    if action_type and not declaring:
        try:
            result = services.encounter_act(
                encounter=encounter, user=encounter.campaign.gm, action={"type": action_type, "actor": cid}
            )
            return {"combatant": cid, "default": deadline.default, "seq": result.events[0].seq}
        except DomainError as exc:
            reason = exc.code
    else:
        reason = "ask_gm"
    name = Combatant.objects.filter(pk=cid).values_list("name", flat=True).first() or str(cid)
    _tell(
        encounter.campaign.gm,
        encounter,
        "deadline_near",
        f"deadline_passed:e{encounter.pk}:{_turn_id(deadline.turn_key)}:c{cid}",
        f"Ha vencido el plazo de {name} en «{encounter.name}»: decide tú. / {name}'s deadline passed.",
    )
    return {"combatant": cid, "default": "ask_gm", "reason": reason}


def apply_due() -> list[dict]:
    """Every deadline that ran out and was not dealt with yet; answers what was applied."""
    done = []
    due = TurnDeadline.objects.filter(hours__isnull=False, paused_at__isnull=True, encounter__status="active")
    for pk in due.values_list("pk", flat=True):
        with transaction.atomic():
            deadline = (
                TurnDeadline.objects.select_for_update().select_related("encounter__campaign").get(pk=pk)
            )
            until = deadline.until()
            key = deadline.turn_key
            if until is None or until > now() or deadline.handled_key == key:
                continue
            if deadlines._key(deadline.encounter) != key:
                continue  # the turn moved on without this deadline noticing; the next commit restarts it
            applied = [_apply_default(deadline, cid) for cid in deadlines.waiting_on(deadline.encounter)]
            stamp = now().isoformat()
            TurnDeadline.objects.filter(pk=pk).update(
                handled_key=key, applied=[*deadline.applied, *({**a, "at": stamp} for a in applied)]
            )
            done += applied
    return done


def warn(encounter_id: int) -> int:
    """Tell the people the fight waits for that their deadline is near; answers how many."""
    deadline = (
        TurnDeadline.objects.select_related("encounter__campaign").filter(encounter_id=encounter_id).first()
    )
    if deadline is None or deadline.paused_at is not None or deadline.handled_key == deadline.turn_key:
        return 0
    until = deadline.until()
    if until is None or not (now() < until <= now() + deadlines.NEAR):
        return 0
    told = 0
    with transaction.atomic():
        for cid in deadlines.waiting_on(deadline.encounter):
            owner = Combatant.objects.filter(pk=cid).select_related("owner").first()
            if owner is None or owner.owner is None:
                continue
            _tell(
                owner.owner,
                deadline.encounter,
                "deadline_near",
                f"deadline_near:e{encounter_id}:{_turn_id(deadline.turn_key)}:c{cid}",
                f"{owner.name}: el plazo acaba el {until:%d/%m %H:%M} UTC. / Deadline {until:%Y-%m-%d %H:%M} UTC.",
            )
            told += 1
    return told


@task()
def apply_deadlines() -> int:
    return len(apply_due())


@task()
def warn_deadline(encounter_id: int) -> int:
    return warn(encounter_id)
