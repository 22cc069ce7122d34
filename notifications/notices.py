"""What a committed fight action tells people: `record` writes one `ActionNotice` row in the
action's transaction when there is anything to tell ("your turn" or "declarations open" when the
turn moved on, "you were attacked", "the round was resolved"); `expand` turns it into each
person's outbox rows, in their language, once: nobody whose page of the fight is open is told
(they see it there), and `your_turn` is keyed by the turn, so a turn tells each person once
however many actions it holds; the notice is locked and marked expanded in the same transaction as
the rows it writes, and each row's key is unique per event and person."""

from __future__ import annotations

import logging

from django.db import transaction

from accounts.language import Message
from combat import open_pages, waiting
from combat.models import Combatant

from . import grace, texts
from .models import ActionNotice, Outbox
from .rows import write, write_table

logger = logging.getLogger("notifications.notices")

ATTACK_EVENTS = frozenset({"attack"})
RESOLVE_ACTIONS = frozenset({"resolve_round"})
RESOLVED_EVENTS = frozenset({"declarations_closed"})


def record(encounter, result, *, turn_moved: bool) -> ActionNotice | None:
    """The notice of one committed action, or None when it tells nobody anything."""
    attacks = _attacks(result.events)
    resolved = _resolves_round(result.events)
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
        turn=grace.turn_of(encounter) if turn_moved else "",
    )


def _attacks(events) -> list[list]:
    """`[seq, target, attacker]` of each attack among the action's events that has a target."""
    attacks = [[ev.seq, ev.target_id, ev.created_by_id] for ev in events if ev.type in ATTACK_EVENTS]
    return [a for a in attacks if a[1] is not None]


def _resolves_round(events) -> bool:
    """A round resolves by the GM's `resolve_round`, or, declaring ahead, when the last one declares."""
    request = (events[-1].patch or {}).get("request") if events else None
    resolved = isinstance(request, dict) and request.get("type") in RESOLVE_ACTIONS
    return resolved or any(ev.type in RESOLVED_EVENTS for ev in events)


def _link(encounter) -> str:
    return f"/encounters/{encounter.pk}/"


def _owners(encounter) -> dict[int, Combatant]:
    return {
        c.pk: c
        for c in Combatant.objects.filter(encounter=encounter, owner__isnull=False).select_related("owner")
    }


def _names(ids) -> str:
    return ", ".join(Combatant.objects.filter(pk__in=ids).values_list("name", flat=True))


def _table(notice, encounter, event: str, key: str, text: Message):
    return write_table(campaign=encounter.campaign, event=event, key=key, text=text, link=_link(encounter))


def _write_table(notice, encounter) -> list[Outbox | None]:
    """The table's webhook hears what everyone at the table may know: whose turn (or that the
    declarations are open), the attacks and a resolved round, by the combatants' names only."""
    base, fight = f"e{encounter.pk}:v{notice.version}", encounter.name
    written = []
    if notice.declaring and notice.turn_moved:
        text = Message(texts.TABLE_DECLARATIONS, {"fight": fight})
        written.append(_table(notice, encounter, "declarations_open", f"declare:{base}", text))
    elif notice.turn_moved and notice.waiting:
        text = Message(texts.TABLE_TURN, {"names": _names(notice.waiting), "fight": fight})
        written.append(_table(notice, encounter, "your_turn", f"turn:e{encounter.pk}:{notice.turn}", text))
    for seq, target, _by in notice.attacks:
        text = Message(texts.TABLE_ATTACKED, {"name": _names([target]), "fight": fight})
        written.append(_table(notice, encounter, "attacked", f"attack:e{encounter.pk}:s{seq}", text))
    if notice.resolved:
        text = Message(texts.TABLE_RESOLVED, {"fight": fight})
        written.append(_table(notice, encounter, "round_resolved", f"resolved:{base}", text))
    return written


class _Telling:
    """The rows one notice writes for people, leaving out whoever has the fight open."""

    def __init__(self, notice, encounter):
        self.notice, self.encounter = notice, encounter
        self.written: list[Outbox] = []
        self.watching: dict[int, bool] = {}

    def _watching(self, user_id: int) -> bool:
        if user_id not in self.watching:
            self.watching[user_id] = open_pages.is_open(user_id, self.encounter.pk)
        return self.watching[user_id]

    def tell(self, row: Combatant, event: str, key: str, text: Message, *, turn: str = "") -> None:
        if self._watching(row.owner_id):
            return  # their page of the fight is open: they see it there
        self.written += write(
            user=row.owner,
            event=event,
            key=key,
            text=text,
            campaign=self.encounter.campaign,
            link=_link(self.encounter),
            encounter=self.encounter,
            turn=turn,
        )


def _tell_waiting(telling: _Telling, notice, owners) -> None:
    encounter, fight = telling.encounter, telling.encounter.name
    for cid in notice.waiting:
        row = owners.get(cid)
        if row is None:
            continue
        if notice.declaring:
            key = f"declarations_open:e{encounter.pk}:c{cid}:{notice.turn}"  # once per round's declarations
            text = Message(texts.DECLARE, {"name": row.name, "fight": fight})
            telling.tell(row, "declarations_open", key, text, turn=grace.turn_mark(cid, notice.turn))
        else:  # one per combatant's turn, however many actions the turn holds
            key = f"your_turn:e{encounter.pk}:c{cid}:{notice.turn}"
            text = Message(texts.YOUR_TURN, {"name": row.name, "fight": fight})
            telling.tell(row, "your_turn", key, text, turn=grace.turn_mark(cid, notice.turn))


def _tell_people(telling: _Telling, notice, owners) -> None:
    encounter, fight = telling.encounter, telling.encounter.name
    _tell_waiting(telling, notice, owners)
    for seq, target, by in notice.attacks:
        row = owners.get(target)
        if row is not None and row.owner_id != by:
            key = f"attacked:e{encounter.pk}:s{seq}"
            telling.tell(row, "attacked", key, Message(texts.ATTACKED, {"name": row.name, "fight": fight}))
    if notice.resolved:
        for row in {r.owner_id: r for r in owners.values()}.values():
            key = f"round_resolved:e{encounter.pk}:v{notice.version}"
            telling.tell(row, "round_resolved", key, Message(texts.RESOLVED, {"fight": fight}))


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
        telling = _Telling(notice, notice.encounter)
        _tell_people(telling, notice, _owners(notice.encounter))
        written: list[Outbox | None] = [*telling.written, *_write_table(notice, notice.encounter)]
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
