"""The GM's "Recordar" (docs/api.md "Standing orders"): remind everyone the fight waits for, at
most once an hour per person. Combat only says so (`combat.signals.deadline_notice`); the
notifications app, listening, writes it to its outbox."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.language import Message
from epic20site.clock import now
from epic20site.errors import Conflict, DomainError, NotAllowed

from . import log
from .access import is_encounter_gm
from .models import Combatant, Encounter, Nudge
from .signals import deadline_notice
from .waiting import waiting_on

NUDGE = gettext_noop("El director de juego te recuerda que «%(fight)s» espera a %(names)s.")

EVERY = timedelta(hours=1)


class NudgedTooSoon(DomainError):
    """Everyone the fight waits for was reminded less than an hour ago (429)."""

    def __init__(self, retry_after: int):
        super().__init__(
            "nudge.too_soon",
            _("Ya se les recordó hace menos de una hora: espera un poco."),
            status=429,
        )
        self.retry_after = retry_after


@dataclass(frozen=True)
class Nudged:
    reminded: list[int]
    later: list[int]


def _people(encounter: Encounter) -> dict:
    """The players the fight waits for (the GM's own NPCs wait for nobody else), with their
    combatants: user → [combatant rows]."""
    rows = Combatant.objects.filter(pk__in=waiting_on(encounter), owner__isnull=False).select_related("owner")
    people: dict = {}
    for row in sorted(rows, key=lambda r: r.pk):
        if row.owner_id != encounter.campaign.gm_id:
            people.setdefault(row.owner, []).append(row)
    return people


def _remind(encounter: Encounter, user, rows: list[Combatant], at) -> None:
    names = ", ".join(row.name for row in rows)
    # Written in each reader's language when it is sent (`accounts.language.Message`).
    text = Message(NUDGE, {"fight": encounter.name, "names": names})
    deadline_notice.send(
        sender=Encounter,
        user=user,
        encounter=encounter,
        event="your_turn",
        key=f"nudge:e{encounter.pk}:u{user.pk}:{at:%Y%m%dT%H%M%S}",
        text=text,
    )
    Nudge.objects.update_or_create(encounter=encounter, user=user, defaults={"sent_at": at})


@transaction.atomic
def encounter_nudge(*, encounter: Encounter, user) -> Nudged:
    """GM: remind each player the fight waits for, unless they were reminded within the hour;
    when all were, `NudgedTooSoon` says how long until the first may be again."""
    encounter = log.lock(encounter)
    if not is_encounter_gm(user, encounter):
        raise NotAllowed("encounter.gm_only", _("Sólo el director de juego puede hacer esto."))
    people = _people(encounter)
    if not people:
        raise Conflict("nudge.nobody", _("El combate no espera ahora a ningún jugador."))
    at = now()
    last = dict(
        Nudge.objects.select_for_update()
        .filter(encounter=encounter, user__in=list(people))
        .values_list("user_id", "sent_at")
    )
    due = [person for person in people if person.pk not in last or at - last[person.pk] >= EVERY]
    if not due:
        wait = min(last[person.pk] + EVERY - at for person in people)
        raise NudgedTooSoon(max(1, math.ceil(wait.total_seconds())))
    for person in due:
        _remind(encounter, person, people[person], at)
    reminded = sorted(row.pk for person in due for row in people[person])
    later = sorted(row.pk for person in people if person not in due for row in people[person])
    return Nudged(reminded=reminded, later=later)
