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
from rules.core import fold
from rules.epic20.dice import Roll
from rules.epic20.resolution.hero_points import use_cost

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
    roll: Roll  # the roll to throw again
    roll_payload: dict
    state_before: dict
    rolls: tuple[Roll, ...] = ()  # every roll of the action, in order (an area attack has several)
    index: int = 0  # which of them is thrown again

    @property
    def several(self) -> bool:
        return len(self.rolls) > 1


def last_roll(encounter: Encounter, actor: int, which: int | None = None) -> LastRoll:
    """The actor's roll that may be rerolled now, with the state from before it. An action with
    several rolls (an area attack, Ataque doble) rerolls one of them: `which` is the seq of its
    event ("Repetir un dado de 20 ya lanzado")."""
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
    rolled = _rolled(group, request)
    if not rolled:  # a support action without a roll (Regeneración, Inspirar a otros…)
        raise NotRerollable("reroll.nothing", _("Esa acción no tiene tirada que repetir."))
    if len(rolled) > 1 and which is None:
        raise NotRerollable(
            "reroll.which",
            _("Esa acción tiene varias tiradas: indica cuál repetir (el número de su evento, «seq»)."),
        )
    index = 0 if which is None else next((i for i, e in enumerate(rolled) if e.seq == which), None)
    if index is None:
        raise NotRerollable("reroll.which", _("Esa tirada no es de la última acción del combatiente."))
    try:
        rolls = tuple(Roll.from_dict(e.payload["roll"]) for e in rolled)
    except (ValueError, KeyError, TypeError):
        raise NotRerollable("reroll.nothing", _("Esa tirada no se puede repetir.")) from None
    payload = rolled[index].payload["roll"]
    roll = rolls[index]
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
        rolls=rolls,
        index=index,
    )


def reroll_kwargs(first: LastRoll) -> dict:
    """What the action's handler takes to resolve it again with one roll thrown anew."""
    if first.several:
        return {"rerolling": first.roll, "first_rolls": first.rolls, "reroll": first.index}
    return {"rerolling": first.roll}


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


def _rolled(group: list[Event], request: dict) -> list[Event]:
    """The events of one action that carry its rolls (one, or one per target)."""
    return [e for e in group if e.type == request["type"] and isinstance((e.payload or {}).get("roll"), dict)]


def offer(events: list[Event], *, may_act_for) -> dict | None:
    """What the page's reroll button offers, from the latest events (oldest first): the last
    action when it rolled and was not rerolled yet, of a combatant the user acts for (with
    several rolls, each of them to pick from)."""
    live = [e for e in events if not e.undone]
    if not live:
        return None
    group = [e for e in live if e.action == live[-1].action]
    request = (group[-1].patch or {}).get("request")
    if not isinstance(request, dict) or request.get("type") not in REROLLABLE:
        return None
    rolled = _rolled(group, request)
    if (
        not rolled
        or any(e.payload["roll"].get("rerolled_from") for e in rolled)
        or not may_act_for(request.get("actor"))
    ):
        return None
    # PUNTOS DE HÉROE: 2 points for a combat action, 1 for a skill check that is not one or a
    # heal roll (support).
    combat = request["type"] not in ("skill_check", "support") or bool(request.get("combat"))
    return {
        "actor": request.get("actor"),
        "seq": rolled[0].seq,
        "cost": use_cost("repetir-tirada", in_combat=combat),
        # An action with several rolls (an area attack, Ataque doble) rerolls the one picked.
        "choices": [
            {"seq": e.seq, "total": e.payload["roll"].get("total"), "target": e.target_id} for e in rolled
        ]
        if len(rolled) > 1
        else [],
    }
