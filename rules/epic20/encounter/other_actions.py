"""Hero points, rest and the GM's adjustments (PUNTOS DE HÉROE, DAÑO EN COMBATE), powers in play
(LISTA DE PODERES) and support powers and advantages."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import DiceSource
from rules.epic20 import index
from rules.epic20.dice import Roll
from rules.epic20.resolution import (
    allies,
    damage,
    hero_points,
    inventions,
    needs,
    recovery,
    support,
    switching,
)
from rules.epic20.sheet import EquipmentEntry

from .actions import _combatant
from .refusals import refused
from .table import Epic20Table as Table

# --- hero points, rest and the GM's adjustments ------------------------------------------------------


def do_spend_hero_point(table: Table, dice: DiceSource, action: dict, actor) -> None:
    state = _combatant(table, actor, "/actor")
    power = action.get("power")
    power_cost = None
    if power:
        entry = index.POWERS.get(power)
        if entry is None:
            raise refused("power.unknown", "Superpoder desconocido.", "/power")
        power_cost = entry.cost
    state, events = hero_points.spend(
        state,
        action["use"],
        maneuver=action.get("maneuver"),
        power=power,
        power_cost=power_cost,
        instant=action.get("instant", True),
    )
    table.put(state)
    table.emit(events)


def do_award_hero_point(table: Table, dice: DiceSource, action: dict, actor) -> None:
    state = _combatant(table, action["target"], "/target")
    state, events = hero_points.award(state, action.get("points", 1), reason="gm")
    table.put(state)
    table.emit(events)


def do_rest(table: Table, dice: DiceSource, action: dict, actor) -> None:
    targets = [action["target"]] if action.get("target") else sorted(table.states, key=int)
    for cid in targets:
        state = _combatant(table, cid, "/target")
        state, events = recovery.rest(state, action["minutes"])
        table.put(state)
        table.emit(events)


def do_set_minion_hp(table: Table, dice: DiceSource, action: dict, actor) -> None:
    state = _combatant(table, action["target"], "/target")
    if not state.minion:
        raise refused("target.not_minion", "Sólo los esbirros tienen puntos de vida fijados.", "/target")
    points = damage.minion_hit_points(action["hit_points"])
    state = damage.set_hit_points(replace(state, hit_points_max=points), points)
    table.put(state)
    table.say("minion_hit_points", target=state.id, name=state.name, hit_points=points)


# --- powers in play (rules.epic20.resolution.powers_in_play) -------------------------------------


def do_use_power(table: Table, dice: DiceSource, action: dict, actor) -> None:
    """Switch a power on or off (Camuflaje, Invisibilidad, Disminuirse, Crecer, running), cast a
    Mago's spell or don the Tecnificado's armour: on the actor's turn it spends a move action (a
    cast: a move and a communication action); before the fight starts, nothing."""
    state = _combatant(table, actor, "/actor")
    budget = None
    if table.folded.get("status") == "active":
        budget = table.budget()
        if budget is None or table.current != state.id:
            raise refused("turn.not_yours", "No es el turno de ese combatiente.", "/actor")
    state, budget, events = switching.use_power(
        state, action["power"], active=action.get("active", True), budget=budget
    )
    table.put(state)
    if budget is not None:
        table.set_budget(budget)
    table.emit(events)


# --- support powers and advantages (rules.epic20.resolution.support) ----------------------------


def do_support(table: Table, dice: DiceSource, action: dict, actor, *, rerolling: Roll | None = None) -> None:
    """A power or advantage that helps (`use`): Contacto curativo / reparador on `target` (the
    actor itself without one), Regeneración, Motivador on `target`, Inspirar a otros on `allies`,
    Trabajo en equipo on `target` for its `skill` or attack `kind`. On the actor's own turn.
    `rerolling`: the first heal roll, thrown again for a hero point (`rerolls`)."""
    state = _combatant(table, actor, "/actor")
    use = action["use"]
    if use not in support.USES:
        raise refused("use.unknown", "Uso desconocido.", "/use")
    budget = table.budget()
    if budget is None or table.current != state.id:
        raise refused("turn.none", "No es el turno de ese combatiente.", "/actor")
    stressful = table.folded.get("status") == "active"
    target = None
    if use in ("contacto-curativo", "contacto-reparador"):
        target = _combatant(table, action.get("target", actor), "/target")
    elif use in ("motivador", "trabajo-en-equipo"):
        if action.get("target") is None:
            raise refused("target.required", "Indica el objetivo.", "/target")
        target = _combatant(table, action["target"], "/target")
    if use in ("contacto-curativo", "contacto-reparador"):
        outcome = support.healing_touch(
            state,
            budget,
            target,
            dice,
            repair=use == "contacto-reparador",
            hero_point=action.get("hero_point"),
            rerolling=rerolling,
            stressful=stressful,
        )
    elif use == "regeneracion":
        outcome = support.regenerate(state, budget)
    elif use == "motivador":
        outcome = support.motivate(state, budget, target, dice, rerolling=rerolling, stressful=stressful)
    elif use == "inspirar-a-otros":
        inspired = [
            _combatant(table, cid, f"/allies/{i}") for i, cid in enumerate(action.get("allies") or [])
        ]
        outcome = allies.inspire(state, budget, inspired)
    else:
        outcome = allies.teamwork(state, budget, target, skill=action.get("skill"), kind=action.get("kind"))
    table.put(outcome.actor, *outcome.others)
    table.set_budget(outcome.budget)
    table.emit(outcome.events)


# --- between scenes: sleep and the Inventor's laboratory ------------------------------------------


def do_sleep(table: Table, dice: DiceSource, action: dict, actor) -> None:
    """GM: a night's sleep of a character who needs an element (COMPLICACIONES, Necesita un
    elemento): its damage heals only if it had the element."""
    state = _combatant(table, action["target"], "/target")
    state, events = needs.sleep(state, with_element=bool(action.get("with_element")))
    table.put(state)
    table.emit(events)


def do_invent(table: Table, dice: DiceSource, action: dict, actor) -> None:
    """The Inventor assigns part of its 2-point reserve to an item (ARQUETIPOS, Inventor: "1 hora
    de trabajo en su laboratorio"), never in the middle of a fight."""
    state = _combatant(table, actor, "/actor")
    item = dict(action["item"])
    entry = EquipmentEntry(index=len(state.equipment), **item)
    state, events = inventions.invent(
        state, entry, lab_hour=bool(action.get("lab_hour")), in_fight=table.folded.get("status") == "active"
    )
    table.put(state)
    table.emit(events)
