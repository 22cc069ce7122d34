"""Epic20's actions in a fight: the order of play, attacks and rolls (ATACAR EN COMBATE,
RESOLVER ACCIONES, Tipos de acciones en el turno).

A handler takes the decoded table, the dice and the validated action, calls the engine and
leaves the new states, budget and events on the table. The engine raises `Refused` for what
the rules do not allow. Nothing here decides a number.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import DiceSource
from rules.core.errors import FORBIDDEN, Refused
from rules.epic20 import index
from rules.epic20.dice import Roll
from rules.epic20.resolution import (
    AttackSpec,
    declarations,
    progression,
    resolve_attack,
    resolve_double_attack,
    resolve_multi_attack,
    skill_check,
    support,
)
from rules.epic20.resolution.attack_turn import spend_for_attack
from rules.epic20.resolution.state import CombatantState

from . import order
from .refusals import refused
from .table import Epic20Table as Table


def _combatant(table: Table, cid, path: str):
    state = table.get(cid)
    if state is None:
        raise refused(f"{path.strip('/')}.not_found", "Ese combatiente no está en el combate.", path)
    return state


def _spend_turn(table: Table, spend) -> list:
    budget = table.budget()
    if budget is None:
        raise refused("turn.none", "No es el turno de nadie.")
    budget, sources = spend(budget)
    table.set_budget(budget)
    return sources


# --- the order of play --------------------------------------------------------------------------


def do_start(table: Table, dice: DiceSource, action: dict, actor) -> None:
    if not table.states:
        raise refused("start.no_combatants", "Añade combatientes antes de empezar.")
    for i, cid in enumerate(action.get("surprise") or []):
        _combatant(table, cid, f"/surprise/{i}")
    for i, cid in enumerate(action.get("charging") or []):
        _combatant(table, cid, f"/charging/{i}")
    order.start(table, dice, surprising=action.get("surprise") or (), charging=action.get("charging") or ())


def do_end_turn(table: Table, dice: DiceSource, action: dict, actor) -> None:
    order.end_turn(table, dice)


def do_delay(table: Table, dice: DiceSource, action: dict, actor) -> None:
    _combatant(table, action["other"], "/other")
    order.delay(table, dice, other=action["other"], where=action.get("where", "after"))


def do_end(table: Table, dice: DiceSource, action: dict, actor) -> None:
    order.end_fight(table)


# --- attacks and rolls -------------------------------------------------------------------------


def attack_spec(action: dict) -> AttackSpec:
    return AttackSpec(
        kind=action["kind"],
        with_=action.get("with") or "unarmed",
        circumstances=tuple(action.get("circumstances") or ()),
        maneuvers=tuple(action.get("maneuvers") or ()),
        hero_point=action.get("hero_point"),
        target_weapon=action.get("target_weapon"),
        drained_attribute=action.get("attribute"),
        counter=bool(action.get("counter")),
        cone=bool(action.get("cone")),
        element=action.get("element") or "",
        order=action.get("order") or "",
    )


def _attack_targets(table: Table, action: dict, attacker: CombatantState) -> list[CombatantState]:
    """The attacked combatants: `targets` (an area, cone, burst or Ataque doble) or `target`."""
    if not action.get("targets") and action.get("target") is None:
        raise refused("target.required", "Indica el objetivo.", "/target")
    ids = action.get("targets") or [action.get("target")]
    targets = [
        _combatant(table, cid, f"/targets/{i}" if action.get("targets") else "/target")
        for i, cid in enumerate(ids)
    ]
    if any(t.id == attacker.id for t in targets):
        raise refused("target.self", "Nadie se ataca a sí mismo.", "/target")
    return targets


def _pay_for_attack(
    table: Table, attacker: CombatantState, spec: AttackSpec
) -> tuple[CombatantState, AttackSpec]:
    """Spend the turn's actions on the attack and add the Superioridad they and the allies give."""
    if not spec.counter:
        # The attack spends the turn's standard action, or what its declared maneuver costs.
        sources = _spend_turn(table, lambda budget: spend_for_attack(budget, attacker, spec.maneuvers))
        spec = replace(spec, extra_sources=tuple(sources))
    # Inspirar a otros / Trabajo en equipo: the Superioridad allies left for this roll (support).
    attacker, helped = support.help_for_roll(attacker, f"attack:{spec.kind}", standard=not spec.counter)
    if helped:
        spec = replace(spec, extra_sources=(*spec.extra_sources, *helped))
    return attacker, spec


def _double_attack(
    table: Table,
    dice: DiceSource,
    action: dict,
    attacker: CombatantState,
    targets: list[CombatantState],
    spec: AttackSpec,
    *,
    first_rolls: tuple[Roll, ...] | None,
    reroll: int | None,
) -> None:
    """Ataque doble: two attacks, against the same target twice or against two."""
    if len(targets) not in (1, 2):
        raise refused("targets.double", "El ataque doble va contra uno o dos objetivos.", "/targets")
    pair = (targets[0], targets[-1])
    attacker, hit, events = resolve_double_attack(
        attacker,
        pair,
        spec,
        dice,
        index.POWERS,
        two_weapons=bool(action.get("two_weapons")),
        second_with=action.get("second_with"),
        first_rolls=first_rolls,
        reroll=reroll,
    )
    table.put(attacker, *hit)
    table.emit(events)


def _single_attack(
    table: Table,
    dice: DiceSource,
    attacker: CombatantState,
    target: CombatantState,
    spec: AttackSpec,
    rerolling: Roll | None,
) -> None:
    """One attack against one target, or against whoever stepped in front of it."""
    # Interponerse: attacks meant for the protected go to whoever stepped in.
    protector = declarations.interposer_for(table.states.values(), target.id)
    if protector is not None and protector != attacker.id:
        target = table.states[protector]
    outcome = resolve_attack(attacker, target, spec, dice, index.POWERS, rerolling=rerolling)
    table.put(outcome.attacker, outcome.target)
    table.emit(outcome.events)


def do_attack(
    table: Table,
    dice: DiceSource,
    action: dict,
    actor,
    *,
    rerolling: Roll | None = None,
    first_rolls: tuple[Roll, ...] | None = None,
    reroll: int | None = None,
) -> None:
    """One attack; with `targets`, an area, cone or burst attack (one roll per target), or with
    the Ataque doble maneuver, its two attacks (the same target twice, or two). `rerolling`: the
    first roll of this same single attack, thrown again for hero points (`rerolls`); for an
    action with several rolls, `first_rolls` are all of them and `reroll` the one thrown again."""
    attacker = _combatant(table, actor, "/actor")
    targets = _attack_targets(table, action, attacker)
    attacker, spec = _pay_for_attack(table, attacker, attack_spec(action))
    several = "ataque-doble" in spec.maneuvers or bool(action.get("targets"))
    if rerolling is not None and several and first_rolls is None:
        raise refused("reroll.several_rolls", "Esa acción tiene varias tiradas: indica cuál repetir.")
    if "ataque-doble" in spec.maneuvers:
        _double_attack(table, dice, action, attacker, targets, spec, first_rolls=first_rolls, reroll=reroll)
    elif action.get("targets"):
        attacker, hit, events = resolve_multi_attack(
            attacker, targets, spec, dice, index.POWERS, first_rolls=first_rolls, reroll=reroll
        )
        table.put(attacker, *hit)
        table.emit(events)
    else:
        _single_attack(table, dice, attacker, targets[0], spec, rerolling)


def do_escape(table: Table, dice: DiceSource, action: dict, actor, *, rerolling: Roll | None = None) -> None:
    state = _combatant(table, actor, "/actor")
    budget = table.budget()
    if budget is None:
        raise refused("turn.none", "No es el turno de nadie.")
    state, budget, events = progression.escape(
        state,
        budget,
        action["power"],
        str(action["by"]),
        dice,
        hero_point=bool(action.get("hero_point")),
        rerolling=rerolling,
    )
    table.put(state)
    table.set_budget(budget)
    table.emit(events)


def do_skill_check(
    table: Table, dice: DiceSource, action: dict, actor, *, rerolling: Roll | None = None
) -> None:
    """A skill check (RESOLVER ACCIONES). In a fight it takes the standard action (Tipos de
    acciones en el turno: "1 acción estándar (luchar, o manejar algo)"), unless the GM calls for
    it as `free` (a reaction, a roll before the fight starts). Stressful while the fight is on."""
    if action.get("free") and not table.by_gm:
        raise Refused(
            "free.gm_only",
            "",
            "Sólo el director de juego pide tiradas que no gastan acción.",
            "Only the game master can call for rolls that do not use an action.",
            path="/free",
            kind=FORBIDDEN,
        )
    state = _combatant(table, actor, "/actor")
    key = action["skill"]
    if key not in state.skills:
        raise refused(
            "skill.unknown", "«{skill}» no es una habilidad de ese combatiente.", "/skill", skill=key
        )
    sources = [] if action.get("free") else _spend_turn(table, lambda budget: budget.spend("standard"))
    # Inspirar a otros / Trabajo en equipo: the Superioridad allies left for this roll (support).
    state, helped = support.help_for_roll(state, f"skill:{key}", standard=not action.get("free"))
    sources = [*sources, *helped]
    outcome = skill_check(
        state,
        key,
        dice,
        difficulty=action.get("difficulty"),
        opposed_total=action.get("opposed_total"),
        sources=sources,
        stressful=table.folded.get("status") == "active",
        hero_point=action.get("hero_point"),
        rerolling=rerolling,
        combat_action=bool(action.get("combat")),
        # A perception roll against someone camouflaged or invisible (powers_in_play).
        observed=_combatant(table, action["target"], "/target") if action.get("target") else None,
    )
    table.put(outcome.state)
    table.emit(outcome.events)
