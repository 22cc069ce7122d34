"""Standing orders (docs/api.md "Standing orders: the table moves while you are away").

A combatant's controller (its player; the GM for an NPC) leaves it one action of the system, as
`declare` takes it, checked against that action's schema when given. When the deadline of its
turn (or of the declarations it owes) runs out, `combat.deadline_tasks` takes it as the
controller's action through `services.encounter_act(by_order=True)`: one action of the log, the
"por orden permanente" line first, undoable like any other, and checked again by the rules then.
Where they refuse it, the GM's `deadline_default` applies as before. An order stays until its
owner removes it. What a viewer sees of one is decided where a declared action's is
(`rules.core.declarations.view_order`): a hidden NPC's is `null` to players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from epic20site.clock import now
from epic20site.errors import DomainError, NotAllowed
from epic20site.validation import validated
from rules.core import declarations

from . import log, services
from .access import is_encounter_gm
from .models import Combatant, Encounter, StandingOrder
from .selectors import Reader, facts
from .waiting import waiting_on


def _require_controller(user, encounter: Encounter, combatant: Combatant) -> None:
    """The player of a character, the GM of an NPC: whoever its orders are."""
    mine = (
        combatant.owner_id == user.pk if combatant.owner_id is not None else is_encounter_gm(user, encounter)
    )
    if not mine:
        raise NotAllowed(
            "standing_order.not_yours",
            _("Sólo quien lleva a este combatiente puede darle una orden permanente."),
        )


def _in_fight(combatant: Combatant) -> None:
    if combatant.removed:
        raise DomainError(
            "standing_order.removed", _("Ese combatiente ya no está en el combate."), status=409
        )


@transaction.atomic
def standing_order_set(*, encounter: Encounter, combatant: Combatant, user, data: Any) -> StandingOrder:
    """Give (or replace) `combatant`'s standing order; bad input changes nothing (400)."""
    from .order_serializers import StandingOrderInputSerializer

    _require_controller(user, encounter, combatant)
    _in_fight(combatant)
    clean = validated(StandingOrderInputSerializer, data)
    action = services.declaration_validated(services.system_of(encounter), combatant.pk, clean["action"])
    order, _created = StandingOrder.objects.update_or_create(
        combatant=combatant,
        defaults={"action": action, "note": clean.get("note") or "", "set_by": user, "updated_at": now()},
    )
    return order


@transaction.atomic
def standing_order_delete(*, encounter: Encounter, combatant: Combatant, user) -> None:
    _require_controller(user, encounter, combatant)
    deleted, _rows = StandingOrder.objects.filter(combatant=combatant).delete()
    if not deleted:
        raise DomainError("standing_order.none", _("Ese combatiente no tiene orden permanente."), status=404)


def standing_order_view(*, encounter: Encounter, combatant: Combatant, user) -> dict:
    """The order as `user` may see it (404 when there is none): a hidden NPC's `action` and
    `note` are null to players, as its declared action is."""
    order = StandingOrder.objects.filter(combatant=combatant).first()
    if order is None:
        raise DomainError("standing_order.none", _("Ese combatiente no tiene orden permanente."), status=404)
    reader = Reader(user, encounter)
    known = {cid: facts(row) for cid, row in reader.rows.items()}
    policy = reader.presentation.standing_orders
    action = declarations.view_order(
        combatant.pk, order.action, viewer=reader.viewer, facts=known, policy=policy
    )
    return {
        "combatant": combatant.pk,
        "action": action,
        "note": order.note if action is not None else None,
        "updated_at": order.updated_at.isoformat(),
    }


# --- taken when a deadline runs out ----------------------------------------------------------------


@dataclass
class Taken:
    """What the orders did at a deadline: the ones `applied` (as `Deadline.applied` records) and
    the ones the rules `refused` then (combatant → the refusal's code)."""

    applied: list[dict]
    refused: dict[int, str]


def _controller(encounter: Encounter, row: Combatant):
    return row.owner if row.owner_id is not None else encounter.campaign.gm


def _take(encounter: Encounter, row: Combatant, order: StandingOrder) -> dict:
    request = declarations.order_request(encounter.state or {}, row.pk, order.action)
    result = services.encounter_act(
        encounter=encounter, user=_controller(encounter, row), action=request, by_order=True
    )
    return {"combatant": row.pk, "default": "standing_order", "seq": result.events[0].seq}


def take_orders(pk: int) -> Taken:
    """Every combatant the (locked) fight `pk` waits for acts by its standing order, while the
    fight stays where the deadline found it (a round that resolves, a turn that moves on, ends
    it). Each order is its own action; a refused one changes nothing and is reported."""
    encounter = log.lock(pk)
    clock = services.system_of(encounter).combat.clock(encounter.state or {})
    orders = StandingOrder.objects.filter(combatant_id__in=waiting_on(encounter)).select_related(
        "combatant__owner"
    )
    taken = Taken([], {})
    for order in sorted(orders, key=lambda o: o.combatant_id):
        encounter = log.lock(pk)
        here = services.system_of(encounter).combat.clock(encounter.state or {})
        if here != clock or order.combatant_id not in waiting_on(encounter):
            break
        try:
            taken.applied.append(_take(encounter, order.combatant, order))
        except DomainError as exc:
            taken.refused[order.combatant_id] = exc.code
    return taken


def moved_on(encounter: Encounter, clock: dict) -> bool:
    """Whether the fight left the place in time `clock` (a system's `clock`)."""
    return services.system_of(encounter).combat.clock(encounter.state or {}) != clock
