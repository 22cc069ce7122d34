"""Powers and advantages that help instead of harm: healing, regenerating, motivating, inspiring
and teamwork (LISTA DE PODERES › Superpoderes de utilidad; LISTA DE VENTAJAS).

- Contacto curativo: "Por cada éxito cura un daño físico o mental, pero no emocional. Esta tirada
  está basada en Inteligencia. No cura máquinas"; Contacto reparador: "Como el anterior, pero cura
  máquinas y no organismos" (`healing_touch`).
- Regeneración: "usa una acción estándar y una acción de movimiento para recuperar 1 punto de
  vida" (`regenerate`).
- Motivador: "gastar 1 punto de héroe para tratar de curar daño emocional … Cura 1 de daño
  emocional por cada éxito obtenido contra dificultad 10, siendo una tirada basada en Presencia.
  Requiere de una acción estándar y una de comunicación" (`motivate`).
- Inspirar a otros: "gasta puntos de héroe para mejorar a hasta 2 de sus compañeros, dándoles
  Superioridad en su próxima acción estándar pero deben usar esta Superioridad antes del próximo
  turno del personaje que les ha inspirado. Cuesta 1 acción de comunicación" (`allies.inspire`).
- Trabajo en equipo: "usa su acción estándar para dar superioridad a otro jugador en cualquier
  tirada, siempre y cuando el poseedor no tenga Inferioridad y tampoco vale si su bono es +0"
  (`allies.teamwork`).

The Superioridad the last two leave on an ally is a condition ("inspired", "teamwork") the ally's
roll turns into a labelled source and uses up (`help_for_roll`), as Mostrar punto débil's
"assisted" is used up by the next attack. Readings: docs/rules-notes-combat.md, "Support powers
and advantages".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from rules.core.errors import Refused
from rules.core.texts import plural
from rules.epic20.dice import DiceSource, Roll

from . import hero_points
from .damage import heal, set_hit_points, status_event
from .sources import Source, net_superiority
from .state import ACTIVE, DEAD, FLED, CombatantState, Condition, Event
from .success import check
from .turn import ActionBudget

POWERS_RULE = "LISTA DE PODERES"
ADVANTAGES_RULE = "LISTA DE VENTAJAS"
ROLL_RULE = "RESOLVER ACCIONES"
HEROES_RULE = hero_points.RULE
FAQ_EMOTIONAL = "PREGUNTAS FRECUENTES › ¿En qué se diferencian el daño físico, mental y emocional?"

# Motivador: "contra dificultad 10". Contacto curativo names none: it heals "Como" Motivador does,
# one per success, and is read against the same 10 (each full 5 over it is a success, as in
# DAÑO EN COMBATE), which is the same as "reaching the standard 15 heals 1, each 5 more 1 more".
HEAL_DIFFICULTY = 10
MOTIVATE_DIFFICULTY = 10
# ARQUETIPOS: the Androide is the only archetype that is a machine.
MACHINE_ARCHETYPES = frozenset({"androide"})

USES = (
    "contacto-curativo",
    "contacto-reparador",
    "regeneracion",
    "motivador",
    "inspirar-a-otros",
    "trabajo-en-equipo",
)
NAMES = {
    "contacto-curativo": ("Contacto curativo", "Healing touch", POWERS_RULE),
    "contacto-reparador": ("Contacto reparador", "Repairing touch", POWERS_RULE),
    "regeneracion": ("Regeneración", "Regeneration", POWERS_RULE),
    "motivador": ("Motivador", "Motivator", ADVANTAGES_RULE),
    "inspirar-a-otros": ("Inspirar a otros", "Inspire others", ADVANTAGES_RULE),
    "trabajo-en-equipo": ("Trabajo en equipo", "Teamwork", ADVANTAGES_RULE),
}
INSPIRED, TEAMWORK = "inspired", "teamwork"


@dataclass(frozen=True)
class SupportOutcome:
    """What a support action left: the actor, its budget, the others it changed (the healed
    target, the inspired or helped allies) and the events; `roll` for the healing rolls."""

    actor: CombatantState
    budget: ActionBudget
    others: tuple[CombatantState, ...]
    events: tuple[Event, ...]
    roll: Roll | None = None
    healed: int = 0


def _refuse(code: str, es: str, en: str, rule: str) -> Refused:
    return Refused(code, rule, es, en)


def _require(state: CombatantState, use: str) -> None:
    name_es, name_en, rule = NAMES[use]
    if not state.has(use):
        raise _refuse(
            "support.not_owned",
            f"{state.display_name} no tiene «{name_es}».",
            f"{state.display_name} does not have '{name_en}'.",
            rule,
        )
    if state.status != ACTIVE:
        raise _refuse(
            "support.actor_down", "No está en condiciones de actuar.", "Cannot act in this state.", ROLL_RULE
        )


def _other(state: CombatantState, other: CombatantState, use: str) -> None:
    """Motivador, Inspirar a otros and Trabajo en equipo act on someone else ("otro jugador",
    "sus compañeros", the communication action is spoken to another)."""
    if other.id == state.id:
        name_es, name_en, rule = NAMES[use]
        raise _refuse(
            "support.not_self",
            f"«{name_es}» se usa con otro personaje.",
            f"'{name_en}' is used on another character.",
            rule,
        )


def is_machine(state: CombatantState) -> bool:
    """Contacto curativo "No cura máquinas"; Contacto reparador "cura máquinas y no organismos"."""
    return state.archetype in MACHINE_ARCHETYPES


def physical_damage(state: CombatantState) -> int:
    """The hit points lost to physical or mental damage: all lost ones but the emotional."""
    return max(0, state.hit_points_max - state.hit_points - state.emotional_damage)


def successes_of(roll: Roll, difficulty: int) -> tuple[bool, int, int]:
    """(success, margin, successes): "Un 1 siempre es fallo … Un 20 … es siempre éxito"
    (RESOLVER ACCIONES); a success is each full 5 of margin, as DAÑO EN COMBATE counts them ("por
    cada 5 puntos de diferencia")."""
    result = check(roll, difficulty)
    return result.success, result.margin, result.successes


def _help_source(cond: Condition) -> Source:
    if cond.slug == INSPIRED:
        return Source("inspirar-a-otros", +1, ADVANTAGES_RULE, "Inspirado", "Inspired")
    return Source("trabajo-en-equipo", +1, ADVANTAGES_RULE, "Trabajo en equipo", "Teamwork")


def help_for_roll(state: CombatantState, roll: str, *, standard: bool) -> tuple[CombatantState, list[Source]]:
    """The Superioridad allies left on `state` for this roll, and `state` without what it used.

    `roll`: "attack:<kind>", "skill:<skill key>" or "support:<use>". `standard`: the roll is the
    combatant's standard action. Inspirar a otros: "Superioridad en su próxima acción estándar".
    Trabajo en equipo: "superioridad … en cualquier tirada", the kind of roll it was given for."""
    sources: list[Source] = []
    kept: list[Condition] = []
    for cond in state.conditions:
        if (cond.slug == INSPIRED and standard) or (cond.slug == TEAMWORK and cond.other == roll):
            sources.append(_help_source(cond))
        else:
            kept.append(cond)
    if not sources:
        return state, []
    return replace(state, conditions=tuple(kept)), sources


def _roll(
    state: CombatantState,
    attribute: str,
    dice: DiceSource,
    *,
    use: str,
    hero_point: str | None,
    rerolling: Roll | None,
) -> tuple[CombatantState, Roll, list[Source], list[Event]]:
    """A roll based on an attribute (RESOLVER ACCIONES: 0, ½ nivel or the level), with stun,
    a hero point, the allies' help, or thrown again for a hero point."""
    events: list[Event] = []
    sources: list[Source] = []
    extra_levels = 0
    if state.condition("stunned"):
        sources.append(Source("aturdido", -1, "ATURDIMIENTO", "Aturdido", "Stunned"))
    if hero_point in ("superioridad", "subir-dos-niveles"):
        state = hero_points.pay(state, 1, what=hero_point)
        events.append(hero_points._spent_event(state, hero_point, 1))
        if hero_point == "superioridad":
            sources.append(Source("punto-de-heroe", +1, HEROES_RULE, "Punto de Héroe", "Hero point"))
        else:
            extra_levels = 2  # "Subir 2 niveles para una acción estándar que sea instantánea"
    elif hero_point is not None:
        raise _refuse(
            "hero_points.use_with_roll",
            "Ese uso del punto de Héroe no se gasta en esta tirada.",
            "That hero point use is not spent on this roll.",
            HEROES_RULE,
        )
    state, helped = help_for_roll(state, f"support:{use}", standard=True)
    sources += helped
    net = net_superiority(sources)
    # "Esta tirada está basada en Inteligencia" / "una tirada basada en Presencia".
    bonus = math.floor(state.attribute(attribute) * (state.effective_level + extra_levels))
    # Healing is not a combat action: a reroll costs 1 point (PUNTOS DE HÉROE).
    state, roll, spent = hero_points.roll_or_reroll(state, dice, net, bonus, rerolling, in_combat=False)
    events += spent
    return state, roll, sources, events


def _roll_event(
    actor: CombatantState,
    target: CombatantState,
    use: str,
    roll: Roll,
    sources: list[Source],
    difficulty: int,
    attribute: str,
    stressful: bool,
) -> tuple[Event, int]:
    success, margin, successes = successes_of(roll, difficulty)
    name_es, name_en, rule = NAMES[use]
    result_es = f"{successes} {plural(successes, 'éxito', 'éxitos')}" if success else "fallo"
    result_en = f"{successes} {plural(successes, 'success', 'successes')}" if success else "failure"
    if roll.natural_20:
        result_es, result_en = result_es + ", crítico", result_en + ", critical"
    elif roll.fumble:
        result_es, result_en = result_es + " (pifia)", result_en + " (fumble)"
    on_es = f" a {target.display_name}" if target.id != actor.id else " sobre sí"
    on_en = f" on {target.display_name}" if target.id != actor.id else " on themself"
    event = Event(
        "support",
        f"{actor.display_name} usa {name_es}{on_es}: {roll.total} contra {difficulty}, {result_es}.",
        f"{actor.display_name} uses {name_en}{on_en}: {roll.total} vs {difficulty}, {result_en}.",
        rule,
        actor=actor.id,
        target=target.id,
        roll=roll,
        sources=tuple(sources),
        data={
            "use": use,
            "attribute": attribute,
            "difficulty": difficulty,
            "success": success,
            "margin": margin,
            "successes": successes,
            "critical": roll.natural_20,
            "fumble": roll.fumble,
            "stressful": stressful,
        },
    )
    return event, successes


def _healed_event(actor: CombatantState, target: CombatantState, amount: int, kind: str, rule: str) -> Event:
    what_es = {"emotional": " de daño emocional", "physical": ""}[kind]
    what_en = {"emotional": " of emotional damage", "physical": ""}[kind]
    who = target.display_name
    return Event(
        "heal",
        f"{who} recupera {amount} {plural(amount, 'punto', 'puntos')} de vida{what_es} ({target.hit_points}).",
        f"{who} recovers {amount} hit {plural(amount, 'point', 'points')}{what_en} ({target.hit_points}).",
        rule,
        actor=actor.id,
        target=target.id,
        data={"healed": amount, "heal_type": kind, "target_hit_points": target.hit_points},
        private="target",
        public=(
            f"{who} recupera {amount} {plural(amount, 'punto', 'puntos')} de vida{what_es}.",
            f"{who} recovers {amount} hit {plural(amount, 'point', 'points')}{what_en}.",
        ),
    )


def _finish_roll(
    actor: CombatantState, target: CombatantState, roll: Roll, events: list[Event], stressful: bool
) -> tuple[CombatantState, CombatantState]:
    """RESOLVER ACCIONES / PUNTOS DE HÉROE: a critical "en una situación estresante" gives 1 hero
    point to whoever rolled it."""
    actor, more = hero_points.award_for_critical(actor, roll, stressful=stressful)
    events += more
    if target.id == actor.id:
        target = replace(target, hero_points=actor.hero_points)
    return actor, target


def healing_touch(
    actor: CombatantState,
    budget: ActionBudget,
    target: CombatantState,
    dice: DiceSource,
    *,
    repair: bool = False,
    hero_point: str | None = None,
    rerolling: Roll | None = None,
    stressful: bool = True,
) -> SupportOutcome:
    """Contacto curativo (`repair`: Contacto reparador) on `target` (the actor itself too): a
    standard action (Tipos de acciones en el turno: "luchar, o manejar algo"), an Inteligencia roll
    against `HEAL_DIFFICULTY`, one hit point back per success, never above the maximum and never
    the emotional damage (FAQ: "El daño emocional no se cura con el superpoder Contacto
    Curativo"). Healing a dying target at least 1 stabilizes it (FAQ); one at 0 comes to."""
    use = "contacto-reparador" if repair else "contacto-curativo"
    _require(actor, use)
    if target.id == actor.id:
        target = actor
    if target.status == DEAD:
        raise _refuse("support.target_dead", "Ya no se puede curar.", "Beyond healing.", FAQ_EMOTIONAL)
    if repair and not is_machine(target):
        raise _refuse(
            "support.not_a_machine",
            f"Contacto reparador cura máquinas y no organismos: {target.display_name} no es una máquina.",
            f"Repairing touch heals machines, not organisms: {target.display_name} is not a machine.",
            POWERS_RULE,
        )
    if not repair and is_machine(target):
        raise _refuse(
            "support.machine",
            f"Contacto curativo no cura máquinas: {target.display_name} es una máquina.",
            f"Healing touch does not heal machines: {target.display_name} is a machine.",
            POWERS_RULE,
        )
    if physical_damage(target) == 0:
        if target.emotional_damage:
            raise _refuse(
                "support.only_emotional_damage",
                "El daño emocional no se cura con Contacto curativo.",
                "Emotional damage is not healed by Healing touch.",
                FAQ_EMOTIONAL,
            )
        raise _refuse(
            "support.nothing_to_heal",
            f"{target.display_name} no tiene daño que curar.",
            f"{target.display_name} has no damage to heal.",
            POWERS_RULE,
        )
    budget, _ = budget.spend("standard")
    actor, roll, sources, events = _roll(
        actor, "inteligencia", dice, use=use, hero_point=hero_point, rerolling=rerolling
    )
    if target.id == actor.id:
        target = actor
    event, successes = _roll_event(
        actor, target, use, roll, sources, HEAL_DIFFICULTY, "inteligencia", stressful
    )
    events.append(event)
    # "cura un daño físico o mental, pero no emocional": at most the physical damage; `heal`
    # heals that damage before any emotional one and stops at the maximum.
    healed = min(successes, physical_damage(target))
    if healed:
        before = target
        target = heal(target, healed)
        events.append(_healed_event(actor, target, healed, "physical", POWERS_RULE))
        if target.status != before.status:
            events.append(status_event(target, actor.id))
    if target.id == actor.id:
        actor = target
    actor, target = _finish_roll(actor, target, roll, events, stressful)
    others = () if target.id == actor.id else (target,)
    return SupportOutcome(actor, budget, others, tuple(events), roll=roll, healed=healed)


def regenerate(actor: CombatantState, budget: ActionBudget) -> SupportOutcome:
    """Regeneración: a standard and a move action (the move one first: "La o las acciones de
    movimiento deben realizarse siempre todas antes de la o las acciones estándar") for 1 hit point,
    never above the maximum. No roll."""
    _require(actor, "regeneracion")
    if actor.hit_points >= actor.hit_points_max:
        raise _refuse(
            "support.nothing_to_heal",
            f"{actor.display_name} no ha perdido puntos de vida.",
            f"{actor.display_name} has lost no hit points.",
            POWERS_RULE,
        )
    budget, _ = budget.spend_costs({"move": 1, "standard": 1})
    healed = heal(actor, 1)
    who = healed.display_name
    events = [
        Event(
            "support",
            f"{who} se regenera.",
            f"{who} regenerates.",
            POWERS_RULE,
            actor=actor.id,
            target=actor.id,
            data={"use": "regeneracion"},
        ),
        _healed_event(healed, healed, 1, "physical", POWERS_RULE),
    ]
    return SupportOutcome(healed, budget, (), tuple(events), healed=1)


def motivate(
    actor: CombatantState,
    budget: ActionBudget,
    target: CombatantState,
    dice: DiceSource,
    *,
    rerolling: Roll | None = None,
    stressful: bool = True,
) -> SupportOutcome:
    """Motivador on another character: 1 hero point (its one use this turn), a standard and a
    communication action, a Presencia roll against 10; each success heals 1 emotional damage
    (never more than the target has). A target that had fled or surrendered at 0 and is back above
    0 returns to the fight: what made it flee was the emotional damage (FAQ)."""
    _require(actor, "motivador")
    _other(actor, target, "motivador")
    if target.status == DEAD:
        raise _refuse("support.target_dead", "Ya no se puede curar.", "Beyond healing.", FAQ_EMOTIONAL)
    if target.emotional_damage <= 0:
        raise _refuse(
            "support.no_emotional_damage",
            f"{target.display_name} no tiene daño emocional.",
            f"{target.display_name} has no emotional damage.",
            ADVANTAGES_RULE,
        )
    budget, _ = budget.spend_costs({"standard": 1, "communication": 1})
    # "puede gastar 1 punto de héroe para tratar de curar daño emocional": the turn's one use, so
    # a Motivador roll is never rerolled for another (PUNTOS DE HÉROE: "1 punto por turno").
    actor = hero_points.pay(actor, 1, what="motivador")
    events: list[Event] = [_spent_for(actor, "motivador", 1)]
    actor, roll, sources, more = _roll(
        actor, "presencia", dice, use="motivador", hero_point=None, rerolling=rerolling
    )
    events += more
    event, successes = _roll_event(
        actor, target, "motivador", roll, sources, MOTIVATE_DIFFICULTY, "presencia", stressful
    )
    events.append(event)
    healed = min(successes, target.emotional_damage)
    if healed:
        before = target
        target = set_hit_points(
            replace(target, emotional_damage=target.emotional_damage - healed),
            min(target.hit_points_max, target.hit_points + healed),
        )
        if target.status == FLED and target.hit_points > 0:
            target = replace(target, status=ACTIVE)
        events.append(_healed_event(actor, target, healed, "emotional", ADVANTAGES_RULE))
        if target.status != before.status:
            events.append(status_event(target, actor.id))
    actor, target = _finish_roll(actor, target, roll, events, stressful)
    return SupportOutcome(actor, budget, (target,), tuple(events), roll=roll, healed=healed)


def _spent_for(state: CombatantState, use: str, points: int) -> Event:
    name_es, name_en, rule = NAMES[use]
    return Event(
        "hero_point",
        f"{state.display_name} gasta {points} {plural(points, 'punto', 'puntos')} de Héroe: {name_es}.",
        f"{state.display_name} spends {points} hero {plural(points, 'point', 'points')}: {name_en}.",
        rule,
        actor=state.id,
        data={"use": use, "points": points, "hero_points": state.hero_points},
        private="actor",
    )


__all__ = [
    "HEAL_DIFFICULTY",
    "MACHINE_ARCHETYPES",
    "MOTIVATE_DIFFICULTY",
    "USES",
    "SupportOutcome",
    "healing_touch",
    "help_for_roll",
    "is_machine",
    "motivate",
    "physical_damage",
    "regenerate",
    "successes_of",
]
