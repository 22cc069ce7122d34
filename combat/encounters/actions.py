"""Each action type of `POST /encounters/{id}/actions/`: which engine function resolves it.

A handler takes the decoded `Table`, the dice and the validated action, calls the engine and
leaves the new states, budget and events on the table. The engine raises `Refused` for what
the rules do not allow; `services.encounter_act` turns that into the API envelope. Nothing
here decides a number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from rules.epic20.dice import DiceSource, Roll
from rules.epic20.resolution import (
    AttackSpec,
    damage,
    declarations,
    declare_defensive_attack,
    hero_points,
    powers_in_play,
    progression,
    recovery,
    resolve_attack,
    resolve_double_attack,
    resolve_multi_attack,
    skill_check,
    support,
)
from rules.epic20.resolution.maneuvers import STANDARD_ACTION_MANEUVERS, action_cost, tier

from . import engine
from .engine import Table

ATTACK_KINDS = ("melee", "ranged", "mental", "emotional")


class ActionInvalid(Exception):
    """Bad input for an action that no rule needed to judge (unknown target…)."""

    def __init__(self, code: str, message: str, path: str = ""):
        super().__init__(message)
        self.code, self.message, self.path = code, str(message), path


@dataclass(frozen=True)
class ActionType:
    handler: Callable[..., None]
    gm_only: bool = False
    # May be done when it is not the actor's turn (the GM's tools, hero points…).
    any_time: bool = False
    needs_actor: bool = True
    # The phases in which it may be done.
    phases: tuple[str, ...] = ("active",)


def _combatant(table: Table, cid, path: str):
    state = table.get(cid)
    if state is None:
        raise ActionInvalid(f"{path.strip('/')}.not_found", _("Ese combatiente no está en el combate."), path)
    return state


def _spend_turn(table: Table, spend) -> list:
    budget = table.budget()
    if budget is None:
        raise ActionInvalid("turn.none", _("No es el turno de nadie."))
    budget, sources = spend(budget)
    table.set_budget(budget)
    return sources


# --- the order of play --------------------------------------------------------------------------


def do_start(table: Table, dice: DiceSource, action: dict, actor) -> None:
    if not table.states:
        raise ActionInvalid("start.no_combatants", _("Añade combatientes antes de empezar."))
    for i, cid in enumerate(action.get("surprise") or []):
        _combatant(table, cid, f"/surprise/{i}")
    for i, cid in enumerate(action.get("charging") or []):
        _combatant(table, cid, f"/charging/{i}")
    engine.start(table, dice, surprising=action.get("surprise") or (), charging=action.get("charging") or ())


def do_end_turn(table: Table, dice: DiceSource, action: dict, actor) -> None:
    engine.end_turn(table, dice)


def do_delay(table: Table, dice: DiceSource, action: dict, actor) -> None:
    _combatant(table, action["other"], "/other")
    engine.delay(table, dice, other=action["other"], where=action.get("where", "after"))


def do_end(table: Table, dice: DiceSource, action: dict, actor) -> None:
    engine.end_fight(table)


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
    )


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
    ids = action.get("targets") or [action.get("target")]
    targets = [
        _combatant(table, cid, f"/targets/{i}" if action.get("targets") else "/target")
        for i, cid in enumerate(ids)
    ]
    if any(t.id == attacker.id for t in targets):
        raise ActionInvalid("target.self", _("Nadie se ataca a sí mismo."), "/target")
    spec = attack_spec(action)
    if not spec.counter:
        # The attack spends the turn's standard action, or what its declared maneuver costs.
        declared = [m for m in spec.maneuvers if m in STANDARD_ACTION_MANEUVERS]
        costs = action_cost(declared[0], tier(attacker, declared[0])) if declared else {}

        def spend(budget):
            if costs:
                return budget.spend_costs(costs, harmful=True)
            return budget.spend("standard", harmful=True)

        sources = _spend_turn(table, spend)
        spec = replace(spec, extra_sources=tuple(sources))
    # Inspirar a otros / Trabajo en equipo: the Superioridad allies left for this roll (support).
    attacker, helped = support.help_for_roll(attacker, f"attack:{spec.kind}", standard=not spec.counter)
    if helped:
        spec = replace(spec, extra_sources=(*spec.extra_sources, *helped))
    powers = engine.powers_catalogue()
    several = "ataque-doble" in spec.maneuvers or bool(action.get("targets"))
    if rerolling is not None and several and first_rolls is None:
        raise ActionInvalid(
            "reroll.several_rolls", _("Esa acción tiene varias tiradas: indica cuál repetir.")
        )
    if "ataque-doble" in spec.maneuvers:
        if len(targets) not in (1, 2):
            raise ActionInvalid(
                "targets.double", _("El ataque doble va contra uno o dos objetivos."), "/targets"
            )
        pair = (targets[0], targets[-1])
        attacker, hit, events = resolve_double_attack(
            attacker,
            pair,
            spec,
            dice,
            powers,
            two_weapons=bool(action.get("two_weapons")),
            second_with=action.get("second_with"),
            first_rolls=first_rolls,
            reroll=reroll,
        )
        table.put(attacker, *hit)
        table.emit(events)
        return
    if action.get("targets"):
        attacker, hit, events = resolve_multi_attack(
            attacker, targets, spec, dice, powers, first_rolls=first_rolls, reroll=reroll
        )
        table.put(attacker, *hit)
        table.emit(events)
        return
    target = targets[0]
    # Interponerse: attacks meant for the protected go to whoever stepped in.
    protector = declarations.interposer_for(table.states.values(), target.id)
    if protector is not None and protector != attacker.id:
        target = table.states[protector]
    outcome = resolve_attack(attacker, target, spec, dice, powers, rerolling=rerolling)
    table.put(outcome.attacker, outcome.target)
    table.emit(outcome.events)


def do_escape(table: Table, dice: DiceSource, action: dict, actor, *, rerolling: Roll | None = None) -> None:
    state = _combatant(table, actor, "/actor")
    budget = table.budget()
    if budget is None:
        raise ActionInvalid("turn.none", _("No es el turno de nadie."))
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
    state = _combatant(table, actor, "/actor")
    key = action["skill"]
    if key not in state.skills:
        raise ActionInvalid(
            "skill.unknown",
            _("«%(skill)s» no es una habilidad de ese combatiente.") % {"skill": key},
            "/skill",
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


def do_reroll(table: Table, dice: DiceSource, action: dict, actor) -> None:
    """Never called: `services.encounter_act` resolves a reroll through `rerolls`, which needs
    the log, not only the state."""
    raise ActionInvalid("reroll.nothing", _("No hay ninguna tirada que repetir."))


# --- maneuvers declared outside an attack -------------------------------------------------------

# Maneuvers declared on the fighter's own turn: (engine function, what it needs).
MANEUVERS = {
    "defensa-total": "budget",
    "defensa-a-la-carrera": "budget",
    "parada": "budget",
    "esquiva": "budget",
    "excelente-apuntando": "target",
    "estudiar-objetivo": "target",
    "interponerse": "target",
    "luchar-a-ciegas": "target",
    "mostrar-punto-debil": "allies",
    "levantarse": "budget",
    "desenfundar": "item",
}
# Declared on someone else's turn (MANIOBRAS DE COMBATE: Ataque defensivo, Ataque manteniendo
# la distancia, Interponerse before one's initiative).
ANY_TIME_MANEUVERS = ("ataque-defensivo", "ataque-manteniendo-la-distancia", "interponerse-antes")
MANEUVER_CHOICES = (*MANEUVERS, *ANY_TIME_MANEUVERS)


def do_maneuver(table: Table, dice: DiceSource, action: dict, actor) -> None:
    state = _combatant(table, actor, "/actor")
    slug = action["maneuver"]
    if slug in ANY_TIME_MANEUVERS:
        if slug == "ataque-defensivo":
            enemy = _combatant(table, action["target"], "/target") if action.get("target") else None
            if enemy is None:
                raise ActionInvalid("target.required", _("Indica el enemigo."), "/target")
            state, events = declare_defensive_attack(state, enemy.id)
        elif slug == "ataque-manteniendo-la-distancia":
            state, events = declarations.keep_distance(state)
        else:
            protected = _combatant(table, action.get("target"), "/target")
            state, _budget, events = declarations.interpose(state, None, protected.id, early=True)
        table.put(state)
        table.emit(events)
        return
    if slug not in MANEUVERS:
        raise ActionInvalid("maneuver.unknown", _("Maniobra desconocida."), "/maneuver")
    budget = table.budget()
    if budget is None or table.current != state.id:
        raise ActionInvalid("turn.none", _("No es el turno de ese combatiente."), "/actor")
    needs = MANEUVERS[slug]
    if slug in ("defensa-total", "defensa-a-la-carrera", "parada", "esquiva"):
        function = {
            "defensa-total": declarations.total_defense,
            "defensa-a-la-carrera": declarations.running_defense,
            "parada": declarations.parry,
            "esquiva": lambda s, b: declarations.parry(s, b, dodge=True),
        }[slug]
        state, budget, events = function(state, budget)
    elif slug == "levantarse":
        state, budget, events = declarations.stand_up(state, budget)
    elif slug == "desenfundar":
        if not action.get("item"):
            raise ActionInvalid("item.required", _("Indica el equipo."), "/item")
        state, budget, events = declarations.draw(state, budget, action["item"])
    elif needs == "allies":
        allies = [_combatant(table, cid, f"/allies/{i}") for i, cid in enumerate(action.get("allies") or [])]
        state, budget, helped, events = declarations.show_weak_point(state, budget, allies)
        table.put(*helped)
    else:
        if not action.get("target"):
            raise ActionInvalid("target.required", _("Indica el objetivo."), "/target")
        other = _combatant(table, action["target"], "/target")
        if slug == "excelente-apuntando":
            state, budget, events = declarations.aim(state, budget, other.id)
        elif slug == "estudiar-objetivo":
            state, budget, events = declarations.study_target(state, budget, other.id)
        elif slug == "interponerse":
            state, budget, events = declarations.interpose(state, budget, other.id)
        else:
            state, budget, events = declarations.blind_fight(state, budget, other, dice)
    table.put(state)
    table.set_budget(budget)
    table.emit(events)


# --- hero points, rest and the GM's adjustments ------------------------------------------------------


def do_spend_hero_point(table: Table, dice: DiceSource, action: dict, actor) -> None:
    state = _combatant(table, actor, "/actor")
    power = action.get("power")
    power_cost = None
    if power:
        entry = engine.powers_catalogue().get(power)
        if entry is None:
            raise ActionInvalid("power.unknown", _("Superpoder desconocido."), "/power")
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
        raise ActionInvalid(
            "target.not_minion", _("Sólo los esbirros tienen puntos de vida fijados."), "/target"
        )
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
            raise ActionInvalid("turn.not_yours", _("No es el turno de ese combatiente."), "/actor")
    state, budget, events = powers_in_play.use_power(
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
        raise ActionInvalid("use.unknown", _("Uso desconocido."), "/use")
    budget = table.budget()
    if budget is None or table.current != state.id:
        raise ActionInvalid("turn.none", _("No es el turno de ese combatiente."), "/actor")
    stressful = table.folded.get("status") == "active"
    target = None
    if use in ("contacto-curativo", "contacto-reparador"):
        target = _combatant(table, action.get("target", actor), "/target")
    elif use in ("motivador", "trabajo-en-equipo"):
        if action.get("target") is None:
            raise ActionInvalid("target.required", _("Indica el objetivo."), "/target")
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
        allies = [_combatant(table, cid, f"/allies/{i}") for i, cid in enumerate(action.get("allies") or [])]
        outcome = support.inspire(state, budget, allies)
    else:
        outcome = support.teamwork(state, budget, target, skill=action.get("skill"), kind=action.get("kind"))
    table.put(outcome.actor, *outcome.others)
    table.set_budget(outcome.budget)
    table.emit(outcome.events)


ACTION_TYPES: dict[str, ActionType] = {
    "start": ActionType(do_start, gm_only=True, any_time=True, needs_actor=False, phases=("setup",)),
    "attack": ActionType(do_attack),
    "escape": ActionType(do_escape),
    "skill_check": ActionType(do_skill_check, phases=("setup", "active")),
    # Any time: a roll made out of turn (a counterattack, a check the GM called for) may be
    # rerolled too; `rerolls` checks that it is the actor's and the last thing that happened.
    "reroll": ActionType(do_reroll, any_time=True, phases=("setup", "active")),
    "spend_hero_point": ActionType(do_spend_hero_point, any_time=True),
    "delay": ActionType(do_delay),
    "maneuver": ActionType(do_maneuver),
    "end_turn": ActionType(do_end_turn),
    "award_hero_point": ActionType(
        do_award_hero_point,
        gm_only=True,
        any_time=True,
        needs_actor=False,
        phases=("setup", "active", "ended"),
    ),
    "rest": ActionType(
        do_rest, gm_only=True, any_time=True, needs_actor=False, phases=("setup", "active", "ended")
    ),
    "set_minion_hp": ActionType(
        do_set_minion_hp, gm_only=True, any_time=True, needs_actor=False, phases=("setup", "active")
    ),
    "end": ActionType(do_end, gm_only=True, any_time=True, needs_actor=False, phases=("setup", "active")),
    "support": ActionType(do_support),
    # Any time only so it may be done before the fight; `do_use_power` checks the turn once it is on.
    "use_power": ActionType(do_use_power, any_time=True, phases=("setup", "active")),
}


# Actions whose roll a hero point may reroll, resolved again with `rerolling=` the first roll.
REROLLABLE: dict[str, Callable[..., None]] = {
    "attack": do_attack,
    "skill_check": do_skill_check,
    "escape": do_escape,
    "support": do_support,
}


def is_any_time(kind: str, action: dict) -> bool:
    """A counterattack earned with Ataque a fondo happens during the other fighter's turn; a
    skill check the GM calls for as `free` whenever they ask for it."""
    return (
        ACTION_TYPES[kind].any_time
        or (kind == "attack" and bool(action.get("counter")))
        or (kind == "maneuver" and action.get("maneuver") in ANY_TIME_MANEUVERS)
        or (kind == "skill_check" and bool(action.get("free")))
    )
