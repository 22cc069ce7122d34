"""Turn deadlines for fights played by post: the GM gives each turn (or each declaration phase)
so many hours; pages and the API show who the fight waits for and until when; when the time is
up the GM-chosen default applies for that combatant (end the turn, delay, defend or hold), as an
ordinary action in the log, undoable like any other, or the GM is told and acts.

The deadline lives on the encounter row (`Encounter.turn_deadline`, JSON), so reading it costs
no query. The deadline of a turn runs from the moment the fight started waiting for it:
`before_commit` (called by `combat.services` with the state an action is about to commit)
restarts it whenever the system's clock moves on, and the commit saves it with the row. The time
comes from `epic20site.clock.now`, so tests move it. `combat.deadline_tasks.apply_due`
is what the scheduled task runs; a turn's default applies once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from epic20site.clock import now
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


def _time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


@dataclass
class Deadline:
    """`Encounter.turn_deadline` read: `hours` per turn, the `default`, the running turn's `key`
    (the clock it belongs to), when it `started`, `extra` seconds the GM added, `paused` since,
    the turn already `handled` (default applied or GM told) and the log of what `applied`."""

    hours: float | None = None
    default: str = "ask_gm"
    key: dict | None = None
    started: datetime | None = None
    extra: float = 0.0
    paused: datetime | None = None
    handled: dict | None = None
    applied: list | None = None

    @classmethod
    def of(cls, encounter: Encounter) -> Deadline:
        data = encounter.turn_deadline or {}
        return cls(
            hours=data.get("hours"),
            default=data.get("default", "ask_gm"),
            key=data.get("key"),
            started=_time(data.get("started")),
            extra=float(data.get("extra") or 0),
            paused=_time(data.get("paused")),
            handled=data.get("handled"),
            applied=list(data.get("applied") or []),
        )

    def store(self, encounter: Encounter) -> None:
        encounter.turn_deadline = {
            "hours": self.hours,
            "default": self.default,
            "key": self.key,
            "started": self.started.isoformat() if self.started else None,
            "extra": self.extra,
            "paused": self.paused.isoformat() if self.paused else None,
            "handled": self.handled,
            "applied": self.applied or [],
        }

    def until(self) -> datetime | None:
        if self.hours is None or self.started is None:
            return None
        end = self.started + timedelta(hours=self.hours, seconds=self.extra)
        return end + (now() - self.paused) if self.paused else end

    def restart(self, key: dict) -> None:
        self.key, self.started, self.extra = key, now(), 0.0


def clock_key(encounter: Encounter, state: dict | None = None) -> dict:
    """Where the fight is (the system's clock, plus who declared while declarations are open)."""
    from .selectors import system_for

    state = encounter.state if state is None else state
    state = state or {}
    key = dict(system_for(encounter).combat.clock(state))
    block = state.get(declarations.KEY) or {}
    if block.get("open") and state.get("declare_ahead"):
        # Declaring ahead: one deadline for the whole declaration round, however many declare.
        key["declaring"] = block.get("round")
    elif block.get("open"):
        key["declaring"] = sorted(block.get("by") or {})
    return key


def waiting_on(encounter: Encounter) -> list[int]:
    """The combatants the fight waits for: the one whose turn it is, or, while declarations are
    open, everyone who may still declare."""
    from .selectors import system_for

    state = encounter.state or {}
    if encounter.status != Encounter.Status.ACTIVE:
        return []
    if declarations.is_open(state):
        combat = system_for(encounter).combat
        if state.get("declare_ahead") and hasattr(combat, "waiting"):
            return combat.waiting(state)
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
    deadline = Deadline.of(encounter)
    until = deadline.until()
    return [
        {"combatant": cid, "until": until.isoformat() if until else None, "paused": bool(deadline.paused)}
        for cid in waiting_on(encounter)
    ]


def before_commit(encounter: Encounter, after: dict, status: str | None = None) -> bool:
    """An action is about to commit `after`: answer whether the clock moves on; if it does and
    there is a deadline, the next one starts now (saved with the encounter row by the commit)."""
    moved = (
        clock_key(encounter, after) != clock_key(encounter)
        or (status or encounter.status) != encounter.status
    )
    deadline = Deadline.of(encounter)
    if moved and deadline.hours is not None:
        deadline.restart(clock_key(encounter, after))
        deadline.store(encounter)
        _schedule(encounter.pk, deadline)
    return moved


def _schedule(encounter_id: int, deadline: Deadline) -> None:
    until = deadline.until()
    if until is None or deadline.paused is not None:
        return

    def enqueue():
        from .deadline_tasks import apply_deadlines, warn_deadline

        apply_deadlines.using(run_after=until).enqueue()
        warn_deadline.using(run_after=until - NEAR).enqueue(encounter_id)

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
    if "deadline_paused" in data:
        if not isinstance(data["deadline_paused"], bool):
            raise DomainError("deadline_paused.invalid", _("Debe ser true o false."), path="/deadline_paused")
        clean["paused"] = data["deadline_paused"]
    if "deadline_extend_hours" in data:
        clean["extend"] = _hours(data["deadline_extend_hours"])
    return clean


def _change(deadline: Deadline, clean: dict, key: dict) -> None:
    if "default" in clean:
        deadline.default = clean["default"]
    if "hours" in clean:
        deadline.hours = clean["hours"]
        deadline.restart(key)
    if clean.get("extend"):
        deadline.extra += clean["extend"] * 3600
    if clean.get("paused") is True and deadline.paused is None:
        deadline.paused = now()
    elif clean.get("paused") is False and deadline.paused is not None:
        deadline.extra += (now() - deadline.paused).total_seconds()
        deadline.paused = None


@transaction.atomic
def deadline_update(*, encounter: Encounter, clean: dict) -> Encounter:
    """GM: set, change, pause, resume or extend the encounter's turn deadline."""
    from . import log

    encounter = log.lock(encounter)
    deadline = Deadline.of(encounter)
    _change(deadline, clean, clock_key(encounter))
    deadline.store(encounter)
    encounter.save(update_fields=["turn_deadline", "updated_at"])
    _schedule(encounter.pk, deadline)
    return encounter
