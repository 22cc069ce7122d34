"""The hero point reroll (PUNTOS DE HÉROE: "Repetir un dado de 20 ya lanzado. Sólo será válido el
segundo resultado. Cuesta 2 puntos de héroe si la acción es de combate o 1 sólo si la acción no
es de combate").

The state of an encounter is a replay of the engine's recorded decisions, never a re-resolution,
so a roll cannot be changed once other actions were built on it. A reroll is therefore asked for
right away: the actor's roll must be the last action of the encounter. The site rewinds the
state to before it (`ActionType.rewinds`, `Table.last_action`), the engine resolves the same
request with `rerolling=` the first roll (it pays the hero points and throws fresh dice), and the
first action's events stay in the log, superseded. Undoing the reroll brings the first back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules.core.encounter import LastAction
from rules.epic20.dice import Roll
from rules.epic20.resolution.hero_points import use_cost

from .refusals import refused


@dataclass(frozen=True)
class FirstRoll:
    """The roll to throw again, and every roll of its action (an area attack has several)."""

    request: Mapping
    roll: Roll
    roll_payload: dict
    rolls: tuple[Roll, ...]
    index: int

    @property
    def several(self) -> bool:
        return len(self.rolls) > 1

    def kwargs(self) -> dict:
        """What the action's handler takes to resolve it again with one roll thrown anew."""
        if self.several:
            return {"rerolling": self.roll, "first_rolls": self.rolls, "reroll": self.index}
        return {"rerolling": self.roll}


def rolled_events(events: Sequence[Mapping], request: Mapping) -> list[Mapping]:
    """The events of one action that carry its rolls (one, or one per target)."""
    return [
        e
        for e in events
        if e["type"] == request["type"] and isinstance((e["payload"] or {}).get("roll"), dict)
    ]


def first_roll(
    last: LastAction | None, *, actor: int, which: int | None, rerollable: Sequence[str]
) -> FirstRoll:
    """The actor's roll that may be rerolled now. An action with several rolls (an area attack,
    Ataque doble) rerolls one of them: `which` is the seq of its event."""
    request = last.request if last is not None else None
    if (
        not isinstance(request, Mapping)
        or request.get("type") not in rerollable
        or request.get("actor") != actor
    ):
        raise refused(
            "reroll.nothing",
            "No hay tirada que repetir: sólo se repite la última tirada del combatiente, justo después de hacerla.",
        )
    rolled = rolled_events(last.events, request)
    if not rolled:  # a support action without a roll (Regeneración, Inspirar a otros…)
        raise refused("reroll.nothing", "Esa acción no tiene tirada que repetir.")
    if len(rolled) > 1 and which is None:
        raise refused(
            "reroll.which",
            "Esa acción tiene varias tiradas: indica cuál repetir (el número de su evento, «seq»).",
        )
    index = 0 if which is None else next((i for i, e in enumerate(rolled) if e["seq"] == which), None)
    if index is None:
        raise refused("reroll.which", "Esa tirada no es de la última acción del combatiente.")
    try:
        rolls = tuple(Roll.from_dict(e["payload"]["roll"]) for e in rolled)
    except ValueError:
        raise refused("reroll.nothing", "Esa tirada no se puede repetir.") from None
    return FirstRoll(request, rolls[index], dict(rolled[index]["payload"]["roll"]), rolls, index)


def keep_first_roll(entries, first: FirstRoll) -> None:
    """Show the first roll in the new event exactly as it was logged (its own commitment and
    sources: the seed may have been revealed and changed in between)."""
    for entry in entries:
        roll = entry.payload.get("roll")
        if isinstance(roll, dict) and isinstance(roll.get("rerolled_from"), dict):
            roll["rerolled_from"] = dict(first.roll_payload)


def offer(
    action_events: Sequence[Mapping],
    request: Mapping | None,
    *,
    may_act_for: Callable[[int], bool],
    rerollable: Sequence[str],
) -> dict | None:
    """What a reroll button offers for the log's last action (`action_events`, oldest first): the
    action when it rolled and was not rerolled yet, of a combatant the user acts for (with several
    rolls, each of them to pick from)."""
    if not isinstance(request, Mapping) or request.get("type") not in rerollable:
        return None
    rolled = rolled_events(action_events, request)
    if (
        not rolled
        or any(e["payload"]["roll"].get("rerolled_from") for e in rolled)
        or not may_act_for(request.get("actor"))
    ):
        return None
    # PUNTOS DE HÉROE: 2 points for a combat action, 1 for a skill check that is not one or a
    # heal roll (support).
    combat = request["type"] not in ("skill_check", "support") or bool(request.get("combat"))
    return {
        "actor": request.get("actor"),
        "seq": rolled[0]["seq"],
        "cost": use_cost("repetir-tirada", in_combat=combat),
        "choices": [
            {"seq": e["seq"], "total": e["payload"]["roll"].get("total"), "target": e["target"]}
            for e in rolled
        ]
        if len(rolled) > 1
        else [],
    }
