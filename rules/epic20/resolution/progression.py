"""Progression powers and breaking free (SUPERPODERES CON PROGRESIÓN, Librarse de efectos),
and the weakening powers (Debilitar «Atributo», Debilitar nivel).

A "success" is each full 5 of margin, exactly like a point of damage: DAÑO EN COMBATE treats
a grab or a mind-control hit "por menos de cinco" as a −1 to defense, Agotar counts "1 + 1 por
cada éxito", Empujar pushes by "número de heridas que habría recibido" and Aturdir needs "algún
éxito". So a bare hit adds no degree (it costs the victim 1 defense instead).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from rules.core.errors import Refused
from rules.core.texts import plural
from rules.epic20.dice import DiceSource, Roll

from . import hero_points
from .sources import Source, net_superiority
from .state import ACTIVE, CombatantState, Event, ProgressionEffect
from .success import Check, check
from .turn import ActionBudget

RULE = "SUPERPODERES CON PROGRESIÓN"
ESCAPE_RULE = "DAÑO EN COMBATE › Librarse de efectos que no son daño"
WEAKEN_RULE = "LISTA DE PODERES › Debilitar"
HALF = Fraction(1, 2)


def _who(state: CombatantState) -> str:
    return state.display_name


def add_degrees(
    target: CombatantState,
    *,
    power: str,
    by: CombatantState,
    steps: tuple[str, ...],
    escape_attribute: str,
    successes: int,
    grab: bool,
) -> tuple[CombatantState, list[Event]]:
    """ "Los éxitos que se van obteniendo se van acumulando", up to the last degree of the list.
    A new or increased effect counts as maintained for the victim's next turn start."""
    if successes <= 0 or not steps:
        return target, []
    old = next((e for e in target.progressions if e.power == power and e.by == by.id), None)
    degrees = min(len(steps), (old.degrees if old else 0) + successes)
    effect = ProgressionEffect(power, by.id, by.effective_level, degrees, steps, escape_attribute, True, grab)
    rest = tuple(e for e in target.progressions if e is not old)
    target = replace(target, progressions=(*rest, effect))
    step = steps[degrees - 1]
    return target, [
        Event(
            "progression",
            f"{_who(target)}: grado {degrees} de {power} ({step}).",
            f"{_who(target)}: degree {degrees} of {power} ({step}).",
            RULE,
            actor=by.id,
            target=target.id,
            data={"power": power, "degrees": degrees, "effect_es": step},
        )
    ]


def fade(state: CombatantState) -> tuple[CombatantState, list[Event]]:
    """At the start of the holder's turn: "cada turno se reduce en 1 el grado de éxito
    automáticamente" unless maintained since the last fade."""
    kept, events = [], []
    for effect in state.progressions:
        if effect.maintained:
            kept.append(replace(effect, maintained=False))
            continue
        if effect.degrees > 1:
            kept.append(replace(effect, degrees=effect.degrees - 1))
        events.append(
            Event(
                "progression_fade",
                f"{effect.power} sobre {_who(state)} baja a grado {effect.degrees - 1}.",
                f"{effect.power} on {_who(state)} fades to degree {effect.degrees - 1}.",
                RULE,
                target=state.id,
                data={"power": effect.power, "degrees": effect.degrees - 1},
            )
        )
    return replace(state, progressions=tuple(kept)), events


def maintain(
    applier: CombatantState, budget: ActionBudget, target: CombatantState, power: str
) -> tuple[ActionBudget, CombatantState, list[Event]]:
    """ "Para mantenerlo hay que sacrificar una acción de movimiento" (the applier's)."""
    effect = next((e for e in target.progressions if e.power == power and e.by == applier.id), None)
    if effect is None:
        raise Refused(
            "progression.none", RULE, "No hay efecto que mantener.", "There is no effect to maintain."
        )
    budget, _ = budget.spend("move")
    target = replace(
        target,
        progressions=tuple(replace(e, maintained=True) if e is effect else e for e in target.progressions),
    )
    return (
        budget,
        target,
        [
            Event(
                "progression_maintained",
                f"{_who(applier)} mantiene {power} sobre {_who(target)}.",
                f"{_who(applier)} maintains {power} on {_who(target)}.",
                RULE,
                actor=applier.id,
                target=target.id,
            )
        ],
    )


def _effect_to_escape(state: CombatantState, power: str, by: str) -> ProgressionEffect:
    """The effect `power` applied by `by` that `state` tries to break free of (Librarse de efectos)."""
    effect = next((e for e in state.progressions if e.power == power and e.by == by), None)
    if effect is None or state.status != ACTIVE:
        raise Refused(
            "progression.none", ESCAPE_RULE, "No hay efecto del que librarse.", "Nothing to escape from."
        )
    return effect


def _escapismo_tier(state: CombatantState, effect: ProgressionEffect) -> int:
    """Escapismo (grabs only): 0 without it, 1 with Escapismo, 2 with Escapismo 2."""
    if not effect.grab:
        return 0
    return 2 if state.has("escapismo-2") else 1 if state.has("escapismo") else 0


def _spend_escape_action(budget: ActionBudget, escapismo: int) -> tuple[ActionBudget, str]:
    """One attempt per turn, two with Escapismo 2 (move, then object); Escapismo may use the object
    action; otherwise the attempt costs the standard action (Librarse de efectos)."""
    if budget.escapes >= (2 if escapismo == 2 else 1):
        raise Refused(
            "progression.one_escape_per_turn",
            ESCAPE_RULE,
            "Ya lo intentó este turno.",
            "Already tried this turn.",
        )
    kinds = {0: ["standard"], 1: ["object", "standard"], 2: ["move", "object", "standard"]}[escapismo]
    kind = next((k for k in kinds if getattr(budget, k) >= 1), None)
    if kind is None:
        raise Refused("turn.no_standard_action", ESCAPE_RULE, "No le quedan acciones.", "No action left.")
    budget, _ = budget.spend(kind, escape=True)
    return replace(budget, escapes=budget.escapes + 1), kind


def _escape_sources(
    state: CombatantState, effect: ProgressionEffect, escapismo: int, hero_point: bool
) -> tuple[CombatantState, list[Source]]:
    """Superioridad and Inferioridad on the attempt; a hero point spent on Superioridad is paid here."""
    sources: list[Source] = []
    if escapismo:
        sources.append(Source("escapismo", +1, "MANIOBRAS DE COMBATE", "Escapismo", "Escape artist"))
    if effect.grab and state.has("superfuerza"):  # Crecer switched on counts too
        # Superfuerza: "tiradas de fuerza «que no son de ataque» con Superioridad, por ejemplo … soltarse de un agarrón"
        sources.append(Source("superfuerza", +1, "LISTA DE PODERES", "Superfuerza", "Super-strength"))
    if state.condition("stunned"):
        sources.append(Source("atacante-aturdido", -1, "ATURDIMIENTO", "Aturdido", "Stunned"))
    if hero_point:
        state = hero_points.pay(state, 1, what="superioridad")
        sources.append(Source("punto-de-heroe", +1, hero_points.RULE, "Punto de Héroe", "Hero point"))
    return state, sources


def _escape_event(
    state: CombatantState,
    power: str,
    roll: Roll,
    difficulty: int,
    result: Check,
    degrees: int,
    kind: str,
    sources: list[Source],
) -> Event:
    """The log line of one attempt to break free; `degrees` is what is left of the effect."""
    removed, success = result.successes, result.success
    return Event(
        "escape",
        f"{_who(state)} intenta librarse de {power}: {roll.total} contra {difficulty}"
        + (f", quita {removed} {plural(removed, 'grado', 'grados')}." if success else ", sin éxito."),
        f"{_who(state)} tries to break free of {power}: {roll.total} vs {difficulty}"
        + (f", removes {removed} {plural(removed, 'degree', 'degrees')}." if success else ", fails."),
        ESCAPE_RULE,
        actor=state.id,
        roll=roll,
        sources=tuple(sources),
        data={
            "power": power,
            "difficulty": difficulty,
            "success": success,
            "margin": result.margin,
            "degrees_removed": removed,
            "degrees": max(0, degrees),
            "action": kind,
        },
    )


def escape(
    state: CombatantState,
    budget: ActionBudget,
    power: str,
    by: str,
    dice: DiceSource,
    *,
    hero_point: bool = False,
    stressful: bool = True,
    rerolling: Roll | None = None,
) -> tuple[CombatantState, ActionBudget, list[Event]]:
    """Librarse de efectos: "usar una acción estándar y lanzar 1d20 + el atributo adecuado …
    siendo la dificultad 10 + nivel del personaje que les aplicó el efecto. Por cada 5 puntos de
    diferencia en la tirada, el efecto se reduce en un grado". The attribute adds like any roll
    (RESOLVER ACCIONES: 0, ½ nivel or nivel). Each full 5 of margin removes one degree.

    Escapismo (grabs): Superioridad, and the attempt may use the object action; Escapismo 2 two
    attempts (move, then object); otherwise one attempt per turn. Superfuerza escapes grabs with
    Superioridad. Actions lost to the effect may still be used to break free. `rerolling`: the
    first roll of this same attempt, thrown again for 2 hero points (PUNTOS DE HÉROE, "Repetir un
    dado de 20": breaking free in a fight is a combat action).
    """
    effect = _effect_to_escape(state, power, by)
    escapismo = _escapismo_tier(state, effect)
    budget, kind = _spend_escape_action(budget, escapismo)

    events: list[Event] = []
    state, sources = _escape_sources(state, effect, escapismo, hero_point)
    bonus = math.floor(state.effective_level * state.attribute(effect.escape_attribute))
    net = net_superiority(sources)
    state, roll, spent = hero_points.roll_or_reroll(state, dice, net, bonus, rerolling, in_combat=True)
    events += spent
    difficulty = 10 + effect.by_level
    result = check(roll, difficulty)
    # "Por cada 5 puntos de diferencia en la tirada, el efecto se reduce en un grado": a margin
    # of 0-4 removes no degree, as a hit by less than 5 deals no damage (l.143).
    degrees = effect.degrees - result.successes
    rest = tuple(e for e in state.progressions if e is not effect)
    state = replace(state, progressions=rest + ((replace(effect, degrees=degrees),) if degrees > 0 else ()))
    events.append(_escape_event(state, power, roll, difficulty, result, degrees, kind, sources))
    state, more = hero_points.award_for_critical(state, roll, stressful=stressful)
    return state, budget, events + more


def weaken_attribute(
    target: CombatantState, attribute: str, damage: int, by: str
) -> tuple[CombatantState, list[Event]]:
    """Debilitar «Atributo»: "se pierde 1/2 punto por cada daño recibido. El mínimo al que puede
    quedar el atributo es 0. Este poder no llega a incapacitar en ningún caso"."""
    if damage <= 0:
        return target, []
    base = Fraction(target.attributes.get(attribute, HALF))
    drained = min(base, Fraction(target.attribute_drain.get(attribute, 0)) + HALF * damage)
    target = replace(target, attribute_drain={**target.attribute_drain, attribute: drained})
    return target, [
        Event(
            "weakened",
            f"{_who(target)}: {attribute} baja a {target.attribute(attribute)}.",
            f"{_who(target)}: {attribute} drops to {target.attribute(attribute)}.",
            WEAKEN_RULE,
            actor=by,
            target=target.id,
            data={"attribute": attribute, "value": float(target.attribute(attribute))},
        )
    ]


def recover_attributes(state: CombatantState) -> CombatantState:
    """ "Estas penalizaciones se recuperan rápidamente a razón de 1/2 cada turno en cada atributo
    debilitado" — at the start of the holder's turn."""
    drain = {a: v - HALF for a, v in state.attribute_drain.items() if v > HALF}
    return replace(state, attribute_drain=drain)


def weaken_level(target: CombatantState, successes: int, by: str) -> tuple[CombatantState, list[Event]]:
    """Debilitar nivel: "disminuye el nivel del objetivo en 1 por cada éxito. Los niveles se
    recuperan como si fueran puntos de vida perdidos" (see `recovery.rest`)."""
    if successes <= 0:
        return target, []
    target = replace(target, level_drain=min(target.level, target.level_drain + successes))
    return target, [
        Event(
            "weakened",
            f"{_who(target)} baja a nivel {target.effective_level}.",
            f"{_who(target)} drops to level {target.effective_level}.",
            WEAKEN_RULE,
            actor=by,
            target=target.id,
            data={"level": target.effective_level},
        )
    ]
