"""Maneuvers declared outside an attack roll: defenses, aiming, studying, showing a weak point,
interposing, blind fighting, standing up and drawing (MANIOBRAS DE COMBATE).

Each takes the combatant and its `ActionBudget` and returns (state, budget, events).
"""

from __future__ import annotations

import math
from dataclasses import replace

from rules.core.errors import Refused
from rules.epic20.dice import DiceSource, roll_d20

from . import hero_points
from .maneuvers import RULE, action_cost, require
from .sources import Source, net_superiority
from .state import (
    DROPPED,
    READY,
    CombatantState,
    Condition,
    Event,
    with_condition,
    with_item,
    without_condition,
)
from .turn import ActionBudget


def _who(state: CombatantState) -> str:
    return state.display_name


def _event(state: CombatantState, slug: str, es: str, en: str, **data) -> Event:
    return Event(
        "maneuver",
        f"{_who(state)} {es}.",
        f"{_who(state)} {en}.",
        RULE,
        actor=state.id,
        data={"maneuver": slug, **data},
    )


def _at_start(budget: ActionBudget, slug: str) -> None:
    if budget.acted or budget.moved_before_standard:
        raise Refused(
            "maneuver.declare_at_start",
            RULE,
            f"«{slug}» se declara al principio del turno.",
            f"'{slug}' is declared at the start of the turn.",
        )


def _until_next_turn(slug: str, source: str, **kw) -> Condition:
    return Condition(slug, source=source, rule=RULE, ends="start_of_turn", turns=1, **kw)


def total_defense(state: CombatantState, budget: ActionBudget):
    """Defensa total 1-3: Inferioridad to enemies' attacks until the next turn; "usa todas sus
    acciones del turno menos las gratuitas" (2: keeps a move action; 3: only the standard ones)."""
    n = require(state, "defensa-total")
    _at_start(budget, "defensa-total")
    budget, _ = budget.spend_costs(action_cost("defensa-total", n))
    state = with_condition(state, _until_next_turn("total-defense", "defensa-total", value=n))
    return state, budget, [_event(state, "defensa-total", "se pone a la defensiva", "goes fully defensive")]


def running_defense(state: CombatantState, budget: ActionBudget):
    """Defensa a la carrera 1-3: all standard actions; Inferioridad (Doble, Triple) to ranged attacks."""
    n = require(state, "defensa-a-la-carrera")
    _at_start(budget, "defensa-a-la-carrera")
    budget, _ = budget.spend_costs(action_cost("defensa-a-la-carrera", n))
    state = with_condition(state, _until_next_turn("running-defense", "defensa-a-la-carrera", value=n))
    return state, budget, [_event(state, "defensa-a-la-carrera", "corre a cubierto", "runs for cover")]


def parry(state: CombatantState, budget: ActionBudget, *, dodge: bool = False):
    """Parada: "Se declara al principio del turno, sacrificándose 1 [acción] estándar … incrementar
    en 1/4 la defensa mundana" against melee. Esquiva: also ranged, and a move action more."""
    slug = "esquiva" if dodge else "parada"
    require(state, slug)
    _at_start(budget, slug)
    budget, _ = budget.spend_costs(action_cost(slug, 1))
    state = with_condition(state, _until_next_turn("dodging" if dodge else "parrying", slug))
    return (
        state,
        budget,
        [
            _event(
                state,
                slug,
                "se prepara para parar" if not dodge else "se prepara para esquivar",
                "gets ready to parry" if not dodge else "gets ready to dodge",
            )
        ],
    )


def aim(state: CombatantState, budget: ActionBudget, target_id: str):
    """Excelente apuntando: "tomando 1 turno para apuntar gana Superioridad en su siguiente ataque
    contra el objetivo" (which must be still or slow: the GM's call)."""
    require(state, "excelente-apuntando")
    budget = budget.spend_whole_turn(reason=RULE)
    state = with_condition(
        state, Condition("aiming", source="excelente-apuntando", rule=RULE, other=target_id, ends="combat")
    )
    return state, budget, [_event(state, "excelente-apuntando", "apunta", "takes aim", target=target_id)]


def study_target(state: CombatantState, budget: ActionBudget, target_id: str):
    """Estudiar objetivo 1-2: a move and an object action; "Sólo puede mantenerse un objetivo
    estudiado a la vez"; lasts the whole combat."""
    require(state, "estudiar-objetivo")
    budget, _ = budget.spend_costs(action_cost("estudiar-objetivo", 1))
    state = without_condition(state, "studied")
    state = with_condition(
        state, Condition("studied", source="estudiar-objetivo", rule=RULE, other=target_id, ends="combat")
    )
    return (
        state,
        budget,
        [_event(state, "estudiar-objetivo", "estudia a su objetivo", "studies the target", target=target_id)],
    )


def show_weak_point(state: CombatantState, budget: ActionBudget, allies: list[CombatantState]):
    """Mostrar punto débil: move + standard + communication; the next attack of one ally has
    Superioridad. Tier 2: "si el usuario gasta 2 puntos de héroe, le da Superioridad al siguiente
    ataque de otro aliado adicional". Returns (state, budget, allies, events)."""
    n = require(state, "mostrar-punto-debil")
    if not allies or len(allies) > (2 if n >= 2 else 1):
        raise Refused(
            "maneuver.weak_point_allies",
            RULE,
            "Uno o (con el nivel 2) dos aliados.",
            "One ally, or two with tier 2.",
        )
    budget, _ = budget.spend_costs(action_cost("mostrar-punto-debil", 1))
    events = []
    if len(allies) == 2:
        state = hero_points.pay(state, 2, what="mostrar-punto-debil-2")
        events.append(hero_points._spent_event(state, "mostrar-punto-debil-2", 2))
    helped = [
        with_condition(
            a, Condition("assisted", source="mostrar-punto-debil", rule=RULE, by=state.id, ends="combat")
        )
        for a in allies
    ]
    events.append(
        _event(
            state,
            "mostrar-punto-debil",
            "muestra un punto débil",
            "shows a weak point",
            allies=[a.id for a in allies],
        )
    )
    return state, budget, helped, events


def interpose(state: CombatantState, budget: ActionBudget | None, protected_id: str, *, early: bool = False):
    """Interponerse: protects another "con su propio cuerpo, usando la acción estándar". Before its
    initiative (`early`, no budget yet) its coming turn keeps only a move and a communication action
    (the standard one went into interposing). Attacks on the protected go to the protector
    (`interposer_for`)."""
    require(state, "interponerse")
    if early:
        state = with_condition(
            state, Condition("interposed-early", source="interponerse", rule=RULE, ends="end_of_turn")
        )
    else:
        if budget is None:
            raise ValueError("interposing on one's own turn spends the standard action: pass the budget")
        budget, _ = budget.spend("standard")
    state = with_condition(state, _until_next_turn("interposing", "interponerse", other=protected_id))
    return state, budget, [_event(state, "interponerse", "se interpone", "steps in", protected=protected_id)]


def interposer_for(states, target_id: str) -> str | None:
    """The combatant who takes the attacks meant for `target_id`, if any."""
    return next((s.id for s in states if s.conscious and s.condition("interposing", other=target_id)), None)


def blind_fight(state: CombatantState, budget: ActionBudget, target: CombatantState, dice: DiceSource):
    """Luchar a ciegas 1-3: "tirada de percepción enfrentada contra la agilidad, como acción de
    movimiento" (2: with Superioridad; 3: no move action). Winning (ties included) removes the
    Inferioridad for darkness or invisibility against that opponent for this turn."""
    n = require(state, "luchar-a-ciegas")
    budget, _ = budget.spend_costs(action_cost("luchar-a-ciegas", n))
    sources = (
        [Source("luchar-a-ciegas-2", +1, RULE, "Luchar a ciegas 2", "Blind fighting 2")] if n >= 2 else []
    )
    mine = roll_d20(
        dice, net_superiority(sources), math.floor(state.attribute("percepcion") * state.effective_level)
    )
    theirs = roll_d20(dice, 0, math.floor(target.attribute("agilidad") * target.effective_level))
    success = mine.total >= theirs.total
    if success:
        state = with_condition(
            state, Condition("blind-fighting", source="luchar-a-ciegas", rule=RULE, other=target.id)
        )
    events = [
        Event(
            "blind_fight",
            f"{_who(state)} localiza a {_who(target)}."
            if success
            else f"{_who(state)} no localiza a {_who(target)}.",
            f"{_who(state)} locates {_who(target)}."
            if success
            else f"{_who(state)} fails to locate {_who(target)}.",
            RULE,
            actor=state.id,
            target=target.id,
            roll=mine,
            sources=tuple(sources),
            data={"opposed_roll": theirs.as_dict(), "success": success},
        )
    ]
    return state, budget, events


def stand_up(state: CombatantState, budget: ActionBudget):
    """Standing up takes a move action; Levantarse rápido: "Se levanta usando una acción gratuita"."""
    if not state.condition("prone"):
        raise Refused("maneuver.not_prone", RULE, "No está en el suelo.", "Not prone.")
    budget, _ = budget.spend("free" if state.has("levantarse-rapido") else "move")
    state = without_condition(state, "prone")
    return state, budget, [_event(state, "levantarse", "se levanta", "stands up")]


def draw(state: CombatantState, budget: ActionBudget, item_name: str):
    """Drawing or picking up an item is an object action ("coger algo, desenfundar");
    Desenfunda rápido: "como acción gratuita y no como acción de objeto"."""
    item = state.item(item_name)
    if item is None or item.status not in (READY, DROPPED):
        raise Refused(
            "equipment.not_available",
            "Reglas de equipo",
            "Ese equipo no está disponible.",
            "That item is not available.",
        )
    budget, _ = budget.spend("free" if state.has("desenfunda-rapido") else "object")
    state = with_item(state, replace(item, status=READY))
    return state, budget, [_event(state, "desenfunda-rapido", f"empuña {item.name}", f"draws {item.name}")]


def keep_distance(state: CombatantState):
    """Ataque manteniendo la distancia: the hero point for Superioridad "lo puede realizar fuera de su
    momento de iniciativa": pay it now and lose no defense to melee hits without success until the
    next turn (the Superioridad goes to the fighter's next attack)."""
    require(state, "ataque-manteniendo-la-distancia")
    if not any(eq.reach and eq.status == READY for eq in state.equipment):
        raise Refused(
            "maneuver.needs_reach_weapon",
            RULE,
            "Requiere un arma de alcance extendido.",
            "Needs a reach weapon.",
        )
    state = hero_points.pay(state, 1, what="ataque-manteniendo-la-distancia")
    state = with_condition(state, _until_next_turn("keeping-distance", "ataque-manteniendo-la-distancia"))
    state = with_condition(
        state, Condition("assisted", source="punto-de-heroe", rule=hero_points.RULE, ends="combat")
    )
    return state, [
        _event(state, "ataque-manteniendo-la-distancia", "mantiene la distancia", "keeps the distance")
    ]


def provoke_attack(
    state: CombatantState,
    budget: ActionBudget,
    enemy: CombatantState,
    victim_id: str,
    *,
    victim_name: str | None = None,
):
    """Provocar ataque a otro objetivo: 1 hero point, a standard, a move and a communication action;
    the enemy makes an extra attack (its best, the GM's call) on `victim_id`. "sólo puede ser exitosa
    una vez por combate contra un mismo objetivo". A fighter who borrowed the maneuver with a hero
    point this turn pays the second point too ("tendrá que gastar otro punto de Héroe para activarla").
    The document names no roll: the GM may rule it fails. Returns (state, budget, enemy, events)."""
    require(state, "provocar-ataque-a-otro-objetivo")
    if enemy.condition("provoked", other=state.id):
        raise Refused(
            "maneuver.provoke_once_per_combat",
            RULE,
            "Sólo una vez por combate contra el mismo objetivo.",
            "Only once per combat against the same target.",
        )
    borrowed = any(
        c.slug == "borrowed-maneuver" and c.source == "provocar-ataque-a-otro-objetivo"
        for c in state.conditions
    )
    state = hero_points.pay(state, 1, what="provocar-ataque-a-otro-objetivo", limited=not borrowed)
    budget, _ = budget.spend_costs({"standard": 1, "move": 1, "communication": 1})
    enemy = with_condition(
        enemy,
        Condition(
            "provoked",
            source="provocar-ataque-a-otro-objetivo",
            rule=RULE,
            by=state.id,
            other=state.id,
            ends="combat",
        ),
    )
    event = Event(
        "provoked_attack",
        f"{_who(state)} provoca que {_who(enemy)} ataque a {victim_name or victim_id}.",
        f"{_who(state)} provokes {_who(enemy)} into attacking {victim_name or victim_id}.",
        RULE,
        actor=state.id,
        target=enemy.id,
        data={"maneuver": "provocar-ataque-a-otro-objetivo", "victim": victim_id, "extra_attack": True},
    )
    return state, budget, enemy, [event]
