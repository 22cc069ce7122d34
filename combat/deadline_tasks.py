"""What runs when a turn deadline is near or passed: apply the GM's default for each combatant
whose turn ran out, or tell the GM; warn the players a deadline is near. Both are idempotent, so
a task run twice, late, or by a restarted worker changes nothing more, and the sweep
(`tracking_sweep`) runs both for every fight, so a task the queue lost only waits for it.

A deadline's tasks are queued when it (re)starts: when an action moves the clock on
(`action_committed`) or the GM changes it (`combat.deadlines.deadline_update`). Which action a
default is in a system is the system's to say, in its presentation's `deadline_defaults`
(`{default: action type}`); a default a system does not name tells the GM instead."""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.dispatch import receiver
from django.utils.translation import gettext_noop
from django_tasks import task

from accounts.language import Message
from epic20site.clock import now
from epic20site.errors import DomainError
from epic20site.queue import enqueue_now, enqueue_on_commit

from . import log, services, standing_orders
from .deadline import NEAR, Deadline
from .game_system import system_for
from .models import Combatant, Encounter
from .presentation import presentation_for
from .signals import action_committed, deadline_notice
from .waiting import clock_key, waiting_on

logger = logging.getLogger("combat.deadlines")
# What the deadline tells, in Spanish (the English in the app's catalogue), written for each
# reader in their language by whoever sends it.
PASSED = gettext_noop("Ha vencido el plazo de %(name)s en «%(fight)s»: decide tú.")
DECLARATIONS_PASSED = gettext_noop("Ha vencido el plazo de las declaraciones en «%(fight)s»: decide tú.")
NEAR_TEXT = gettext_noop("%(name)s: el plazo acaba el %(until)s UTC.")


def default_action(system: str, default: str) -> str | None:
    """The action type `default` is in `system`, if the system can apply it."""
    return presentation_for(system).deadline_defaults.get(default)


def _turn_id(key) -> str:
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def _tell(user, encounter, event: str, key: str, text: Message) -> None:
    """Whoever listens (the notifications app) tells `user`; combat only says so."""
    if user is not None:
        deadline_notice.send(
            sender=Encounter, user=user, encounter=encounter, event=event, key=key, text=text
        )


def _apply_default(encounter: Encounter, deadline: Deadline, cid: int) -> dict:
    """The default for `cid` as a GM action, or the GM told when it cannot apply."""
    action_type = default_action(encounter.campaign.system, deadline.default)
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
        f"deadline_passed:e{encounter.pk}:{_turn_id(deadline.key)}:c{cid}",
        Message(PASSED, {"name": name, "fight": encounter.name}),
    )
    return {"combatant": cid, "default": "ask_gm", "reason": reason}


def _resolve_declared(encounter: Encounter, deadline: Deadline) -> list[dict]:
    """Declaring ahead, the declaration deadline passed: the round resolves with what was
    declared (who declared nothing passes), as the GM's `resolve_round`; with `ask_gm` the GM is
    told instead."""
    waiting = waiting_on(encounter)
    if deadline.default != "ask_gm":
        try:
            result = services.encounter_act(
                encounter=encounter, user=encounter.campaign.gm, action={"type": "resolve_round"}
            )
            return [
                {"combatant": cid, "default": "resolve_round", "seq": result.events[0].seq} for cid in waiting
            ]
        except DomainError as exc:
            reason = exc.code
    else:
        reason = "ask_gm"
    _tell(
        encounter.campaign.gm,
        encounter,
        "deadline_near",
        f"deadline_passed:e{encounter.pk}:{_turn_id(deadline.key)}:declarations",
        Message(DECLARATIONS_PASSED, {"fight": encounter.name}),
    )
    return [{"combatant": cid, "default": "ask_gm", "reason": reason} for cid in waiting]


def _defaults(encounter: Encounter, deadline: Deadline) -> list[dict]:
    state = encounter.state or {}
    if state.get("declare_ahead") and (state.get("declarations") or {}).get("open"):
        return _resolve_declared(encounter, deadline)
    return [_apply_default(encounter, deadline, cid) for cid in waiting_on(encounter)]


def _orders_then_defaults(pk: int, deadline: Deadline) -> list[dict]:
    """Whoever has a standing order acts by it (`combat.standing_orders`); if the fight is still
    where the deadline found it, the GM's default applies to whoever it still waits for, as to
    anyone whose order the rules refused then."""
    found = log.lock(pk)
    clock = system_for(found).combat.clock(found.state or {})
    taken = standing_orders.take_orders(pk)
    encounter = log.lock(pk)
    if standing_orders.moved_on(encounter, clock):
        return taken.applied
    defaults = [
        {**record, "order_refused": taken.refused[record["combatant"]]}
        if record["combatant"] in taken.refused
        else record
        for record in _defaults(encounter, deadline)
    ]
    return taken.applied + defaults


def _apply_one(pk: int) -> list[dict]:
    with transaction.atomic():
        encounter = log.lock(pk)
        deadline = Deadline.of(encounter)
        until, key = deadline.until(), deadline.key
        if until is None or deadline.paused or until > now() or deadline.handled == key:
            return []
        if clock_key(encounter) != key:
            return []  # the turn moved on without the deadline noticing; the next commit restarts it
        applied = _orders_then_defaults(pk, deadline)
        encounter = log.lock(pk)  # the defaults committed: read the row they left
        after = Deadline.of(encounter)
        after.handled = key
        after.applied = [*(after.applied or []), *({**a, "at": now().isoformat()} for a in applied)]
        after.store(encounter)
        encounter.save(update_fields=["turn_deadline"])
        return applied


def _each_running(run, what: str) -> list:
    """`run(pk)` for every fight in progress with a deadline; one that fails is logged and
    leaves the others to be done."""
    running = Encounter.objects.filter(status=Encounter.Status.ACTIVE, turn_deadline__hours__isnull=False)
    answers = []
    for pk in running.values_list("pk", flat=True):
        try:
            answers.append(run(pk))
        except Exception:
            logger.exception("%s of encounter %s failed", what, pk)
    return answers


def apply_due() -> list[dict]:
    """Every deadline that ran out and was not dealt with yet; answers what was applied."""
    return [applied for answer in _each_running(_apply_one, "applying the deadline") for applied in answer]


def warn(encounter_id: int) -> int:
    """Tell the people the fight waits for that their deadline is near; answers how many."""
    encounter = Encounter.objects.select_related("campaign").filter(pk=encounter_id).first()
    deadline = Deadline.of(encounter) if encounter else Deadline()
    until = deadline.until()
    if until is None or deadline.paused or deadline.handled == deadline.key:
        return 0
    if not (now() < until <= now() + NEAR):
        return 0
    told = 0
    with transaction.atomic():
        for cid in waiting_on(encounter):
            row = Combatant.objects.filter(pk=cid).select_related("owner").first()
            if row is None or row.owner is None:
                continue
            _tell(
                row.owner,
                encounter,
                "deadline_near",
                f"deadline_near:e{encounter_id}:{_turn_id(deadline.key)}:c{cid}",
                Message(NEAR_TEXT, {"name": row.name, "until": f"{until:%Y-%m-%d %H:%M}"}),
            )
            told += 1
    return told


def warn_due() -> int:
    """Every near deadline's warning not sent yet (each is sent once, by its key)."""
    return sum(_each_running(warn, "warning of the deadline"))


# How early a deadline task may start and still wait for its deadline rather than leave it to
# the sweep: RQ's scheduler keeps whole seconds, and the worker's clock may lag the web's a little.
EARLY_MARGIN = timedelta(seconds=30)


def whole_second_after(moment: datetime) -> datetime:
    """`moment`, or the next whole second when it has a fraction: RQ's scheduler stores a job's
    time as whole seconds, rounded down, so a job due at 10:00:00.6 would start at 10:00:00,
    before its deadline, find nothing due and do nothing."""
    return moment if not moment.microsecond else moment.replace(microsecond=0) + timedelta(seconds=1)


def schedule(encounter_id: int, deadline: Deadline) -> None:
    """Queue the deadline's tasks once the transaction commits; a queue that is down is logged."""
    until = deadline.until()
    if until is None or deadline.paused is not None:
        return
    enqueue_on_commit(apply_deadlines, encounter_id, run_after=whole_second_after(until))
    enqueue_on_commit(warn_deadline, encounter_id, run_after=until - NEAR)


def still_ahead(encounter_id: int) -> datetime | None:
    """When the encounter's running deadline passes, if it has not yet but soon will (within
    `EARLY_MARGIN`): a task that started early then runs again at that time."""
    encounter = Encounter.objects.filter(pk=encounter_id, status=Encounter.Status.ACTIVE).first()
    deadline = Deadline.of(encounter) if encounter else Deadline()
    until = deadline.until()
    if until is None or deadline.paused or deadline.handled == deadline.key:
        return None
    return until if now() < until <= now() + EARLY_MARGIN else None


@receiver(action_committed, dispatch_uid="combat.schedule_the_next_deadline")
def schedule_the_next_deadline(sender, *, encounter, turn_moved, **kwargs) -> None:
    if turn_moved:
        schedule(encounter.pk, Deadline.of(encounter))


@task()
def apply_deadlines(encounter_id: int | None = None) -> int:
    """Apply every passed deadline; when the one of `encounter_id`, which this run was queued
    for, has not quite passed yet (the task started early), run again when it has, so a passed
    deadline is always applied by the worker alone."""
    applied = len(apply_due())
    if encounter_id is not None and (until := still_ahead(encounter_id)) is not None:
        enqueue_now(apply_deadlines, encounter_id, run_after=whole_second_after(until))
    return applied


@task()
def warn_deadline(encounter_id: int) -> int:
    return warn(encounter_id)
