"""The hero point reroll (PUNTOS DE HÉROE: "Repetir un dado de 20 ya lanzado. Sólo será válido el
segundo resultado. Cuesta 2 puntos de héroe si la acción es de combate o 1 sólo si la acción no
es de combate").

The state of an encounter is a replay of the engine's recorded decisions (`state`), never a
re-resolution, so a roll cannot be changed once other actions were built on it. A reroll is
therefore asked for right away: the actor's roll must be the last action of the encounter. It
then works like an undo followed by the same action resolved again: the state rewinds to before
the roll, the engine resolves the same request with `rerolling=` the first roll (it pays the
hero points and throws fresh dice, the verifiable dice never reuse a nonce), and the first
action's events stay in the log, marked `undone` and `superseded_by` the new action's first seq.
Undoing the reroll brings the first result back.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from combat.models import Encounter, Event
from rules.epic20.dice import Roll
from rules.epic20.resolution.hero_points import use_cost

from . import state as fold
from .actions import REROLLABLE


class NotRerollable(Exception):
    """Nothing this actor may reroll now: a conflict with what happened (HTTP 409)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, str(message)


@dataclass(frozen=True)
class LastRoll:
    action: int  # the seq that identifies the rolled action (`Event.action`)
    events: list[Event]
    request: dict
    roll: Roll
    roll_payload: dict
    state_before: dict


def last_roll(encounter: Encounter, actor: int) -> LastRoll:
    """The actor's roll that may be rerolled now, with the state from before it."""
    last = encounter.events.filter(undone=False).order_by("-seq").only("action").first()
    group = list(encounter.events.filter(action=last.action, undone=False).order_by("seq")) if last else []
    request = (group[-1].patch or {}).get("request") if group else None
    if (
        not isinstance(request, dict)
        or request.get("type") not in REROLLABLE
        or request.get("actor") != actor
    ):
        raise NotRerollable(
            "reroll.nothing",
            _(
                "No hay tirada que repetir: sólo se repite la última tirada del combatiente, justo después de hacerla."
            ),
        )
    rolled = [
        e for e in group if e.type == request["type"] and isinstance((e.payload or {}).get("roll"), dict)
    ]
    if len(rolled) != 1:
        raise NotRerollable("reroll.several_rolls", _("Esa acción tiene varias tiradas: no se repite."))
    payload = rolled[0].payload["roll"]
    try:
        roll = Roll.from_dict(payload)
    except ValueError:
        raise NotRerollable("reroll.nothing", _("Esa tirada no se puede repetir.")) from None
    patches = (
        encounter.events.filter(undone=False)
        .exclude(action=last.action)
        .order_by("seq")
        .values_list("patch", flat=True)
    )
    return LastRoll(
        action=last.action,
        events=group,
        request=request,
        roll=roll,
        roll_payload=payload,
        state_before=fold.replay(patches.iterator(chunk_size=2000)),
    )


def keep_first_roll(entries, first: LastRoll) -> None:
    """Show the first roll in the new event exactly as it was logged (its own commitment and
    sources: the seed may have been revealed and changed in between)."""
    for entry in entries:
        roll = entry.payload.get("roll")
        if isinstance(roll, dict) and isinstance(roll.get("rerolled_from"), dict):
            roll["rerolled_from"] = dict(first.roll_payload)


def supersede(first: LastRoll, *, by: int) -> None:
    """Take the first action out of the state; its events stay in the log, marked."""
    for event in first.events:
        event.undone = True
        event.payload = {**(event.payload or {}), "superseded_by": by}
        event.save(update_fields=["undone", "payload"])


def restore(encounter: Encounter, undone: list[Event]) -> None:
    """Undoing a reroll brings back the action it superseded."""
    replaced = (undone[-1].patch or {}).get("rerolls") if undone else None
    if replaced is None:
        return
    for event in encounter.events.filter(action=replaced, undone=True):
        payload = dict(event.payload or {})
        payload.pop("superseded_by", None)
        event.undone, event.payload = False, payload
        event.save(update_fields=["undone", "payload"])


def offer(events: list[Event], *, may_act_for) -> dict | None:
    """What the page's reroll button offers, from the latest events (oldest first): the last
    action when it is a single roll, not yet rerolled, of a combatant the user acts for."""
    live = [e for e in events if not e.undone]
    if not live:
        return None
    group = [e for e in live if e.action == live[-1].action]
    request = (group[-1].patch or {}).get("request")
    if not isinstance(request, dict) or request.get("type") not in REROLLABLE:
        return None
    rolled = [
        e for e in group if e.type == request["type"] and isinstance((e.payload or {}).get("roll"), dict)
    ]
    if (
        len(rolled) != 1
        or rolled[0].payload["roll"].get("rerolled_from")
        or not may_act_for(request.get("actor"))
    ):
        return None
    # PUNTOS DE HÉROE: 2 points for a combat action, 1 for a skill check that is not one.
    combat = request["type"] != "skill_check" or bool(request.get("combat"))
    return {
        "actor": request.get("actor"),
        "seq": rolled[0].seq,
        "cost": use_cost("repetir-tirada", in_combat=combat),
    }
