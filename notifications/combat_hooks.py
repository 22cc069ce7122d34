"""What a committed action tells people (called by `combat.services` in the action's
transaction): "your turn" (or "declarations open") to whoever the fight now waits for, "you were
attacked" to the owner of an attacked character, "the round was resolved" to every player."""

from __future__ import annotations

from combat import deadlines
from combat.models import Combatant

from .outbox import notify

ATTACK_EVENTS = frozenset({"attack"})
RESOLVE_ACTIONS = frozenset({"resolve_round"})


def _owners(encounter) -> dict[int, Combatant]:
    return {c.pk: c for c in encounter.combatants.select_related("owner").filter(owner__isnull=False)}


def _tell(row: Combatant, encounter, event: str, key: str, text: str) -> None:
    notify(
        user=row.owner,
        event=event,
        key=key,
        text=text,
        campaign=encounter.campaign,
        link=f"/encounters/{encounter.pk}/",
    )


def after_action(encounter, result) -> None:
    owners = _owners(encounter)
    if not owners:
        return
    declaring = bool((encounter.state or {}).get("declarations", {}).get("open"))
    event = "declarations_open" if declaring else "your_turn"
    round_no = encounter.round
    for cid in deadlines.waiting_on(encounter):
        row = owners.get(cid)
        if row is None:
            continue
        # One notice per combatant per turn: the same turn reached again after an undo is new.
        key = f"{event}:e{encounter.pk}:r{round_no}:c{cid}:v{encounter.version}"
        _tell(row, encounter, event, key, f"{row.name}: te toca en «{encounter.name}». / Your turn.")
    for ev in result.events:
        target = owners.get(ev.target_id)
        if ev.type in ATTACK_EVENTS and target is not None and target.owner_id != ev.created_by_id:
            key = f"attacked:e{encounter.pk}:s{ev.seq}"
            _tell(target, encounter, "attacked", key, f"{target.name} ha sido atacado en «{encounter.name}».")
    request = (result.events[-1].patch or {}).get("request") if result.events else None
    if isinstance(request, dict) and request.get("type") in RESOLVE_ACTIONS:
        for row in {r.owner_id: r for r in owners.values()}.values():
            key = f"round_resolved:e{encounter.pk}:v{encounter.version}"
            _tell(row, encounter, "round_resolved", key, f"Asalto resuelto en «{encounter.name}».")
