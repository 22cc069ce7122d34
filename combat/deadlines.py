"""Turn deadlines for fights played by post: the GM gives each turn (or each declaration phase)
so many hours; pages and the API show who the fight waits for and until when; when the time is
up the GM-chosen default applies for that combatant (end the turn, delay, defend or hold), as an
ordinary action in the log, undoable like any other, or the GM is told and acts.

The deadline of a turn runs from the moment the fight started waiting for it: `after_commit`
(called by `combat.services` in the transaction of every action) restarts it whenever the
system's clock moves on. The time comes from `campaigns.tracking.clock.now`, so tests move it.
`apply_due` is what the scheduled task runs; it is idempotent (a turn's default applies once).
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal, InvalidOperation

from django.db import models, transaction
from django.utils.translation import gettext as _

from campaigns.tracking.clock import now
from epic20site.errors import DomainError
from rules.core import declarations

from .models import Encounter

DEFAULTS = ("end_turn", "delay", "defend", "hold", "ask_gm")
MAX_HOURS = Decimal(24 * 14)
NEAR = timedelta(hours=2)
# The action each default is in each system; a system without it falls back to telling the GM.
ACTIONS = {
    "epic20": {"end_turn": "end_turn", "delay": "delay"},
    "hero": {"end_turn": "end_turn", "defend": "defend", "hold": "hold"},
    "anima": {"end_turn": "end_turn"},
    "msh": {},
}


class TurnDeadline(models.Model):
    encounter = models.OneToOneField(Encounter, on_delete=models.CASCADE, related_name="deadline")
    hours = models.FloatField(null=True, blank=True)
    default = models.CharField(max_length=10, default="ask_gm")
    # The clock the running deadline belongs to, and when the fight started waiting for it.
    turn_key = models.JSONField(default=dict, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    extra = models.DurationField(default=timedelta)
    paused_at = models.DateTimeField(null=True, blank=True)
    # The turn whose deadline was already dealt with (default applied or GM told), and how.
    handled_key = models.JSONField(null=True, blank=True)
    applied = models.JSONField(default=list, blank=True)

    class Meta:
        app_label = "combat"

    def __str__(self):
        return f"deadline of {self.encounter_id}: {self.hours} h"

    def until(self):
        if self.hours is None or self.started_at is None:
            return None
        end = self.started_at + timedelta(hours=float(self.hours)) + self.extra
        if self.paused_at is not None:
            end += now() - self.paused_at
        return end


def _key(encounter: Encounter) -> dict:
    from .selectors import system_for

    state = encounter.state or {}
    clock = dict(system_for(encounter).combat.clock(state))
    block = state.get(declarations.KEY) or {}
    if block.get("open"):
        clock["declaring"] = sorted(block.get("by") or {})
    return clock


def waiting_on(encounter: Encounter) -> list[int]:
    """The combatants the fight waits for: the one whose turn it is, or, while declarations are
    open, everyone who may still declare."""
    from .selectors import system_for

    state = encounter.state or {}
    if encounter.status != Encounter.Status.ACTIVE:
        return []
    if declarations.is_open(state):
        combat = system_for(encounter).combat
        ids = [int(c) for c, s in (state.get("combatants") or {}).items() if not s.get("removed")]
        return [
            c
            for c in sorted(ids)
            if not declarations.has_declared(state, c) and combat.may_act(state, c, {"type": "declare"})
        ]
    current = state.get("current")
    return [int(current)] if current is not None else []


def waiting_for(encounter: Encounter) -> list[dict]:
    """`[{"combatant": id, "until": ISO 8601 | null, "paused": bool}]` for `Reader.state()`."""
    deadline = TurnDeadline.objects.filter(encounter=encounter).first()
    until = deadline.until() if deadline else None
    paused = bool(deadline and deadline.paused_at)
    return [
        {"combatant": cid, "until": until.isoformat() if until else None, "paused": paused}
        for cid in waiting_on(encounter)
    ]


def after_commit(encounter: Encounter) -> None:
    """An action committed: if the clock moved on, the next deadline starts now."""
    deadline = TurnDeadline.objects.filter(encounter=encounter).first()
    if deadline is None or deadline.hours is None:
        return
    key = _key(encounter)
    if key != deadline.turn_key:
        _restart(deadline, key)


def _restart(deadline: TurnDeadline, key: dict) -> None:
    deadline.turn_key, deadline.started_at, deadline.extra = key, now(), timedelta()
    deadline.save(update_fields=["turn_key", "started_at", "extra"])
    _schedule(deadline)


def _schedule(deadline: TurnDeadline) -> None:
    until = deadline.until()
    if until is None or deadline.paused_at is not None:
        return

    def enqueue():
        from .deadline_tasks import apply_deadlines, warn_deadline

        apply_deadlines.using(run_after=until).enqueue()
        warn_deadline.using(run_after=until - NEAR).enqueue(deadline.encounter_id)

    transaction.on_commit(enqueue)


def _hours(value) -> float | None:
    if value is None:
        return None
    try:
        hours = Decimal(str(value))
    except (InvalidOperation, ValueError):
        hours = Decimal(-1)
    if isinstance(value, bool) or not hours.is_finite() or hours <= 0 or hours > MAX_HOURS:
        raise DomainError(
            "turn_deadline_hours.invalid",
            _(
                "El plazo es un número de horas mayor que 0 y de como mucho 336 (un plazo en el pasado no vale)."
            ),
            path="/turn_deadline_hours",
        )
    return round(float(hours) * 3600) / 3600  # whole seconds


def check_settings(data: dict) -> dict:
    """Validate the PATCH fields before anything is written (bad input changes nothing)."""
    clean = {}
    if "turn_deadline_hours" in data:
        clean["hours"] = _hours(data["turn_deadline_hours"])
    if "deadline_default" in data:
        if data["deadline_default"] not in DEFAULTS:
            raise DomainError(
                "deadline_default.invalid",
                _("Al vencer el plazo: end_turn, delay, defend, hold o ask_gm."),
                path="/deadline_default",
            )
        clean["default"] = data["deadline_default"]
    for name in ("deadline_paused",):
        if name in data and not isinstance(data[name], bool):
            raise DomainError(f"{name}.invalid", _("Debe ser true o false."), path=f"/{name}")
    if "deadline_paused" in data:
        clean["paused"] = data["deadline_paused"]
    if "deadline_extend_hours" in data:
        clean["extend"] = _hours(data["deadline_extend_hours"])
    return clean


@transaction.atomic
def deadline_update(*, encounter: Encounter, clean: dict) -> TurnDeadline:
    """GM: set, change, pause, resume or extend the encounter's turn deadline."""
    deadline, _created = TurnDeadline.objects.select_for_update().get_or_create(encounter=encounter)
    if "default" in clean:
        deadline.default = clean["default"]
    if "hours" in clean:
        deadline.hours = clean["hours"]
        deadline.turn_key, deadline.started_at, deadline.extra = _key(encounter), now(), timedelta()
    if clean.get("extend"):
        deadline.extra += timedelta(hours=float(clean["extend"]))
    if clean.get("paused") is True and deadline.paused_at is None:
        deadline.paused_at = now()
    elif clean.get("paused") is False and deadline.paused_at is not None:
        deadline.extra += now() - deadline.paused_at
        deadline.paused_at = None
    deadline.save()
    _schedule(deadline)
    return deadline
