"""Turn deadlines for fights played by post, as the GM sets them: the GM gives each turn (or each
declaration phase) so many hours, pauses, resumes or extends it, and chooses what applies when
the time is up (end the turn, delay, defend, hold, or tell the GM), as an ordinary action in the
log, undoable like any other.

The value is `combat.deadline.Deadline`; whom the fight waits for and when a turn's deadline
restarts, `combat.waiting`; what runs when a deadline is near or passed, and its scheduling,
`combat.deadline_tasks`."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from epic20site.errors import DomainError

from . import deadline_tasks, log
from .deadline import DEFAULTS, MAX_HOURS, Deadline
from .models import Encounter
from .waiting import clock_key


def _hours(value) -> float | None:
    if value is None:
        return None
    try:
        hours = Decimal(str(value))
    except (InvalidOperation, ValueError):
        hours = Decimal(-1)
    if isinstance(value, bool) or not hours.is_finite() or hours <= 0 or hours > Decimal(MAX_HOURS):
        raise DomainError(
            "turn_deadline_hours.invalid",
            _(
                "El plazo es un número de horas mayor que 0 y de como mucho 336 (un plazo en el pasado no vale)."
            ),
            path="/turn_deadline_hours",
        )
    # Whole seconds, and at least one: any number of hours above 0 is a deadline to come.
    return max(1, round(float(hours) * 3600)) / 3600


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


@transaction.atomic
def deadline_update(*, encounter: Encounter, clean: dict) -> Encounter:
    """GM: set, change, pause, resume or extend the encounter's turn deadline."""
    encounter = log.lock(encounter)
    deadline = Deadline.of(encounter)
    deadline.change(clean, clock_key(encounter))
    deadline.store(encounter)
    encounter.save(update_fields=["turn_deadline", "updated_at"])
    deadline_tasks.schedule(encounter.pk, deadline)
    return encounter
