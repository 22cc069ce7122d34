"""What a committed fight action tells people: `record` writes one `ActionNotice` row in the
action's transaction when there is anything to tell ("your turn" or "declarations open" when the
turn moved on, "you were attacked", "the round was resolved"); `expand` turns it into each
person's outbox rows, once: the notice is locked and marked expanded in the same transaction as
the rows it writes, and each row's key is unique per event and person."""

from __future__ import annotations

import logging

from django.db import transaction

from combat import waiting
from combat.models import Combatant

from .models import ActionNotice, Outbox
from .rows import write, write_table

logger = logging.getLogger("notifications.notices")

ATTACK_EVENTS = frozenset({"attack"})
RESOLVE_ACTIONS = frozenset({"resolve_round"})
RESOLVED_EVENTS = frozenset({"declarations_closed"})


def record(encounter, result, *, turn_moved: bool) -> ActionNotice | None:
    """The notice of one committed action, or None when it tells nobody anything."""
    attacks = [[ev.seq, ev.target_id, ev.created_by_id] for ev in result.events if ev.type in ATTACK_EVENTS]
    attacks = [a for a in attacks if a[1] is not None]
    request = (result.events[-1].patch or {}).get("request") if result.events else None
    # A round resolves by the GM's `resolve_round`, or, declaring ahead, when the last one declares.
    resolved = isinstance(request, dict) and request.get("type") in RESOLVE_ACTIONS
    resolved = resolved or any(ev.type in RESOLVED_EVENTS for ev in result.events)
    if not (turn_moved or attacks or resolved):
        return None
    return ActionNotice.objects.create(
        encounter=encounter,
        version=encounter.version,
        turn_moved=turn_moved,
        waiting=waiting.waiting_on(encounter) if turn_moved else [],
        attacks=attacks,
        resolved=resolved,
        declaring=bool((encounter.state or {}).get("declarations", {}).get("open")),
    )


def _tell(row, encounter, event: str, key: str, text: str) -> list[Outbox]:
    return write(
        user=row.owner,
        event=event,
        key=key,
        text=text,
        campaign=encounter.campaign,
        link=f"/encounters/{encounter.pk}/",
    )


def _owners(encounter) -> dict[int, Combatant]:
    return {
        c.pk: c
        for c in Combatant.objects.filter(encounter=encounter, owner__isnull=False).select_related("owner")
    }


def _write_table(notice, encounter) -> list[Outbox | None]:
    """The table's webhook hears what everyone at the table may know: whose turn (or that the
    declarations are open), the attacks and a resolved round, by the combatants' names only."""
    link = f"/encounters/{encounter.pk}/"
    base = f"e{encounter.pk}:v{notice.version}"
    written = []
    if notice.declaring and notice.turn_moved:
        text = f"Declaraciones abiertas en «{encounter.name}». / Declarations are open."
        written.append(
            write_table(
                campaign=encounter.campaign,
                event="declarations_open",
                key=f"declare:{base}",
                text=text,
                link=link,
            )
        )
    elif notice.turn_moved and notice.waiting:
        names = ", ".join(Combatant.objects.filter(pk__in=notice.waiting).values_list("name", flat=True))
        text = f"Turno de {names} en «{encounter.name}». / {names}'s turn."
        written.append(
            write_table(
                campaign=encounter.campaign, event="your_turn", key=f"turn:{base}", text=text, link=link
            )
        )
    for seq, target, _by in notice.attacks:
        name = Combatant.objects.filter(pk=target).values_list("name", flat=True).first() or ""
        text = f"{name} ha sido atacado en «{encounter.name}». / {name} was attacked."
        written.append(
            write_table(
                campaign=encounter.campaign,
                event="attacked",
                key=f"attack:e{encounter.pk}:s{seq}",
                text=text,
                link=link,
            )
        )
    if notice.resolved:
        text = f"Asalto resuelto en «{encounter.name}». / The round was resolved."
        written.append(
            write_table(
                campaign=encounter.campaign,
                event="round_resolved",
                key=f"resolved:{base}",
                text=text,
                link=link,
            )
        )
    return written


def expand(pk: int) -> list[int] | None:
    """Write notice `pk`'s rows unless it was expanded already (then None); answers the ids of
    the rows waiting to be sent."""
    with transaction.atomic():
        notice = (
            ActionNotice.objects.select_for_update(of=("self",))
            .select_related("encounter__campaign")
            .filter(pk=pk)
            .first()
        )
        if notice is None or notice.expanded:
            return None
        encounter, owners = notice.encounter, _owners(notice.encounter)
        written: list[Outbox | None] = []
        event = "declarations_open" if notice.declaring else "your_turn"
        for cid in notice.waiting:
            if cid in owners:
                row = owners[cid]
                key = f"{event}:e{encounter.pk}:c{cid}:v{notice.version}"
                written += _tell(
                    row, encounter, event, key, f"{row.name}: te toca en «{encounter.name}». / Your turn."
                )
        for seq, target, by in notice.attacks:
            row = owners.get(target)
            if row is not None and row.owner_id != by:
                key = f"attacked:e{encounter.pk}:s{seq}"
                written += _tell(
                    row, encounter, "attacked", key, f"{row.name} ha sido atacado en «{encounter.name}»."
                )
        if notice.resolved:
            for row in {r.owner_id: r for r in owners.values()}.values():
                key = f"round_resolved:e{encounter.pk}:v{notice.version}"
                written += _tell(
                    row, encounter, "round_resolved", key, f"Asalto resuelto en «{encounter.name}»."
                )
        written += _write_table(notice, encounter)
        notice.expanded = True
        notice.save(update_fields=["expanded"])
    return [row.pk for row in written if row is not None and row.status == Outbox.Status.PENDING]


def expand_pending(limit: int = 500) -> int:
    """Every notice no task expanded yet (a lost task, a stopped worker); answers how many."""
    ids = list(
        ActionNotice.objects.filter(expanded=False).order_by("pk").values_list("pk", flat=True)[:limit]
    )
    return sum(1 for pk in ids if _expanded(pk))


def _expanded(pk: int) -> bool:
    """One notice of the sweep's: one that fails is logged and left for the next pass, and never
    keeps the others, or the deliveries after them, from being done."""
    try:
        return expand(pk) is not None
    except Exception:
        logger.exception("the notice %s could not be expanded", pk)
        return False
