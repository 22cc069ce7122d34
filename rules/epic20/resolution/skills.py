"""Skill checks (RESOLVER ACCIONES, LISTA DE HABILIDADES).

"Las habilidades se resuelven tirando 1d20 + bonificador, que será 0 si el atributo es no
desarrollado, "1/2 nivel" si el atributo es normal o el nivel completo si el atributo es
desarrollado. Una vez conocido este bonificador, se aplica Inferioridad o Superioridad … según la
puntuación de la habilidad." The sheet's derived numbers (`rules.epic20.derived`, kept on the
combatant as `CombatantState.skills`) already hold that bonus and the net Superioridad of the
skill's value and the character's advantages; this module adds what happens at the table: stun,
hero points, situational sources, the difficulty and the natural 1 and 20.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.core.errors import Refused
from rules.epic20 import index
from rules.epic20.dice import DiceSource, Roll

from . import hero_points, powers_in_play
from .sources import Source, net_superiority
from .state import ACTIVE, CombatantState, Event, SkillStat
from .success import check

RULE = "RESOLVER ACCIONES"
SKILLS_RULE = "LISTA DE HABILIDADES"


@dataclass(frozen=True)
class Difficulty:
    value: int
    label_es: str
    label_en: str


# RESOLVER ACCIONES: "Las dificultades para tiradas no enfrentadas siguen la siguiente tabla".
EASY_FOR_A_CHILD = 5  # "fácil para un niño"
EASY_FOR_AN_ADULT = 10  # "fácil para un adulto"
AVERAGE = 15  # "media (esta es dificultad estándar)"
NEEDS_TRAINING = 20  # "requiere entrenamiento"
HARD_FOR_A_HUMAN = 25  # "Difícil para un humano"
VERY_HARD_FOR_A_HUMAN = 30  # "Muy difícil para un humano"
STANDARD_DIFFICULTY = AVERAGE

DIFFICULTIES: tuple[Difficulty, ...] = (
    Difficulty(EASY_FOR_A_CHILD, "fácil para un niño", "easy for a child"),
    Difficulty(EASY_FOR_AN_ADULT, "fácil para un adulto", "easy for an adult"),
    Difficulty(AVERAGE, "media", "average"),
    Difficulty(NEEDS_TRAINING, "requiere entrenamiento", "needs training"),
    Difficulty(HARD_FOR_A_HUMAN, "difícil para un humano", "hard for a human"),
    Difficulty(VERY_HARD_FOR_A_HUMAN, "muy difícil para un humano", "very hard for a human"),
)
BY_VALUE = {d.value: d for d in DIFFICULTIES}


def difficulty_label(value: int | None, lang: str = "es") -> str:
    """The table's words for a difficulty it names; "" for any other number."""
    entry = BY_VALUE.get(value) if value is not None else None
    if entry is None:
        return ""
    return entry.label_en if lang == "en" else entry.label_es


@dataclass(frozen=True)
class SkillCheckOutcome:
    state: CombatantState
    events: tuple[Event, ...]
    roll: Roll
    # True / False against a difficulty or an opposed total; None when neither was given and the
    # die decided nothing (the GM judges the total).
    success: bool | None
    margin: int | None
    critical: bool
    fumble: bool


def _refuse(code: str, es: str, en: str, rule: str = RULE) -> Refused:
    return Refused(code, rule, es, en)


def skill_name(key: str, lang: str = "es") -> str:
    """ "conocimientos-de:Supervivencia" → "Conocimientos de Supervivencia"."""
    slug, _, specialty = key.partition(":")
    skill = index.SKILLS.get(slug)
    name = (skill.name_en if lang == "en" else skill.name_es) if skill else slug
    return f"{name} {specialty}" if specialty else name


def skills_from_derived(
    derived: Mapping[str, Mapping[str, int]], values: Mapping[str, Fraction] | None = None
) -> dict[str, SkillStat]:
    """`CombatantState.skills` from a sheet's derived `skills` (`rules.epic20.derived`), as is:
    the bonus and net Superioridad are the sheet's; only the linked attribute (for changes in
    play) and the value (for the log) are added. `values`: the sheet's skill values by key; a
    skill the sheet does not list has value 0 (LISTA DE HABILIDADES)."""
    values = values or {}
    out = {}
    for key, numbers in derived.items():
        skill = index.SKILLS.get(key.partition(":")[0])
        out[key] = SkillStat(
            bonus=int(numbers["bonus"]),
            superiority=int(numbers["superiority"]),
            attribute=skill.attribute if skill else "",
            value=Fraction(values.get(key, 0)),
        )
    return out


def _value_text(stat: SkillStat) -> str:
    """ " (½)", " (1)", " (1½)"…: the skill's value as the sheet writes it."""
    if stat.value is None:
        return ""
    whole, rest = divmod(stat.value, 1)
    if rest == 0:
        return f" ({whole})"
    if rest == Fraction(1, 2):
        return f" ({whole or ''}½)"
    return f" ({stat.value})"


def _bonus(state: CombatantState, stat: SkillStat, *, extra_levels: int) -> int:
    """The derived bonus, redone only when play changed its inputs: Debilitar nivel or «Atributo»
    (LISTA DE PODERES) or the hero point's "Subir 2 niveles" (PUNTOS DE HÉROE)."""
    drained = state.level_drain or (stat.attribute and stat.attribute in state.attribute_drain)
    if not (drained or extra_levels):
        return stat.bonus
    if not stat.attribute:
        raise _refuse(
            "skills.attribute_unknown",
            "No se sabe qué atributo usa esa habilidad.",
            "The skill's attribute is unknown.",
            SKILLS_RULE,
        )
    # RESOLVER ACCIONES: 0, ½ nivel or the level, by the attribute's value; rounded down (REDONDEOS).
    return math.floor(state.attribute(stat.attribute) * (state.effective_level + extra_levels))


def _caps(state: CombatantState, slug: str, attribute: str, net: int) -> list[Source]:
    """Limits on the final roll, whatever its sources (LISTA DE VENTAJAS)."""
    if slug == "sigilo" and "grande" in state.advantages and net > 0:
        # Grande: "No puede tirar nunca más de 1d20 en tiradas de sigilo".
        return [
            Source("grande", -net, "LISTA DE VENTAJAS", "Grande: nunca más de 1d20", "Large: never over 1d20")
        ]
    if attribute == "inteligencia" and "sabe-un-poco-de-todo" in state.advantages and net < 0:
        # Sabe un poco de todo: "nunca tiene Inferioridad en las tiradas de habilidades que se
        # tiran con Inteligencia".
        return [
            Source(
                "sabe-un-poco-de-todo",
                -net,
                "LISTA DE VENTAJAS",
                "Sabe un poco de todo: nunca Inferioridad",
                "Jack of all trades: never Inferiority",
            )
        ]
    return []


def _refuse_bad_check(state, stat, skill_key: str, difficulty, opposed_total) -> None:
    if stat is None:
        raise _refuse(
            "skills.unknown",
            f"«{skill_key}» no es una habilidad de {state.display_name}.",
            f"'{skill_key}' is not a skill of {state.display_name}.",
            SKILLS_RULE,
        )
    if state.status != ACTIVE:
        raise _refuse(
            "skills.actor_down", "No está en condiciones de actuar.", "Cannot act in this state.", RULE
        )
    if difficulty is not None and opposed_total is not None:
        raise _refuse(
            "skills.difficulty_or_opposed",
            "Indica una dificultad o la tirada enfrentada, no ambas.",
            "Give a difficulty or the opposed total, not both.",
        )
    if difficulty is not None and difficulty < 0:
        raise _refuse(
            "skills.bad_difficulty", "La dificultad no puede ser negativa.", "Difficulty cannot be negative."
        )
    if state.condition("blinded") and skill_key.partition(":")[0] == "percepcion-visual":
        # Cegar (seed l.799): "El objetivo aturdido de esta forma no puede ver".
        raise _refuse(
            "skills.blinded",
            f"{state.display_name} está cegado: no puede ver.",
            f"{state.display_name} is blinded: it cannot see.",
            "MANIOBRAS DE COMBATE",
        )


def _spend_hero_point(
    state: CombatantState, hero_point: str | None
) -> tuple[CombatantState, list[Event], list[Source], int]:
    """A hero point paid with this roll (PUNTOS DE HÉROE): Superioridad or "Subir 2 niveles".
    Returns the state, the spending's events, its sources and the extra levels."""
    if hero_point is None:
        return state, [], [], 0
    if hero_point not in ("superioridad", "subir-dos-niveles"):
        raise _refuse(
            "hero_points.use_with_roll",
            "Ese uso del punto de Héroe no se gasta en una tirada de habilidad.",
            "That hero point use is not spent on a skill check.",
            hero_points.RULE,
        )
    state = hero_points.pay(state, 1, what=hero_point)
    spent = [hero_points._spent_event(state, hero_point, 1)]
    if hero_point == "superioridad":
        superiority = Source("punto-de-heroe", +1, hero_points.RULE, "Punto de Héroe", "Hero point")
        return state, spent, [superiority], 0
    return state, spent, [], 2  # "Subir 2 niveles para una acción estándar que sea instantánea"


def _judge(roll: Roll, difficulty: int | None, opposed_total: int | None) -> tuple[bool | None, int | None]:
    """Success and margin. RESOLVER ACCIONES: "Un 1 siempre es fallo … Un 20 es crítico y es
    siempre éxito"; an opposed roll must beat the other total; with neither the GM judges."""
    if difficulty is not None:
        return check(roll, difficulty).success, roll.total - difficulty
    if opposed_total is not None:
        return check(roll, opposed_total, must_exceed=True).success, roll.total - opposed_total
    return (True if roll.natural_20 else False if roll.natural_1 else None), None


def _against_texts(difficulty: int | None, opposed_total: int | None) -> tuple[str, str]:
    """What the roll was against, as the log says it: the difficulty and its label, or the opposed total."""
    if difficulty is not None:
        label_es, label_en = difficulty_label(difficulty), difficulty_label(difficulty, "en")
        against_es = f" contra {difficulty}" + (f" ({label_es})" if label_es else "")
        against_en = f" vs {difficulty}" + (f" ({label_en})" if label_en else "")
        return against_es, against_en
    if opposed_total is not None:
        return f" contra {opposed_total} (enfrentada)", f" vs {opposed_total} (opposed)"
    return "", ""


def _result_texts(success: bool | None, roll: Roll) -> tuple[str, str]:
    """The result as the log says it: success or failure, critical or fumble (RESOLVER ACCIONES)."""
    result_es = {True: ", éxito", False: ", fallo", None: ""}[success]
    result_en = {True: ", success", False: ", failure", None: ""}[success]
    if roll.natural_20:
        return result_es + " crítico", result_en + " (critical)"
    if roll.fumble:
        return result_es + " (pifia)", result_en + " (fumble)"
    return result_es, result_en


def skill_check(
    state: CombatantState,
    skill_key: str,
    dice: DiceSource,
    *,
    difficulty: int | None = None,
    opposed_total: int | None = None,
    sources: Iterable[Source] = (),
    stressful: bool = True,
    hero_point: str | None = None,
    rerolling: Roll | None = None,
    combat_action: bool = False,
    observed: CombatantState | None = None,
) -> SkillCheckOutcome:
    """Roll `skill_key` for `state`.

    `difficulty`: a number of the table or any other (success when the total reaches it);
    `opposed_total`: the other side's total (success only when beaten); neither: the GM judges.
    `sources`: situational Superioridad/Inferioridad the caller knows of. `hero_point`:
    "superioridad" or "subir-dos-niveles", paid with this roll. `rerolling`: the first roll of
    this same check, thrown again for a hero point ("repetir-tirada"; 1 point, or 2 when
    `combat_action`). `observed`: whom a perception roll tries to perceive (Camuflaje,
    Invisibilidad switched on; `powers_in_play.skill_sources`).
    """
    stat = state.skills.get(skill_key)
    _refuse_bad_check(state, stat, skill_key, difficulty, opposed_total)
    slug = skill_key.partition(":")[0]
    all_sources: list[Source] = [
        # RESOLVER ACCIONES: "Habilidad 0 = Inferioridad … 1/2 = Tirada normal … 1 = Superioridad …
        # 2 = Doble Superioridad", plus the advantages (LISTA DE VENTAJAS), as the sheet derived it.
        Source(
            "habilidad",
            stat.superiority,
            RULE,
            f"{skill_name(skill_key)}{_value_text(stat)}",
            f"{skill_name(skill_key, 'en')}{_value_text(stat)}",
        )
    ]
    if state.condition("stunned"):
        # ATURDIMIENTO: "se le aplica Inferioridad".
        all_sources.append(Source("aturdido", -1, "ATURDIMIENTO", "Aturdido", "Stunned"))
    state, events, hero_sources, extra_levels = _spend_hero_point(state, hero_point)
    all_sources += hero_sources
    all_sources += list(sources)
    all_sources += powers_in_play.skill_sources(state, slug, stat.attribute, observed)  # Disminuirse…
    bonus = _bonus(state, stat, extra_levels=extra_levels)
    if slug == "persuasion" and "monstruoso" in state.complications:
        bonus = 0  # COMPLICACIONES, Monstruoso: "si intenta usar habilidades de Persuasión su presencia se reduce a 0"
    all_sources += _caps(state, slug, stat.attribute, net_superiority(all_sources))
    net = net_superiority(all_sources)

    state, roll, spent = hero_points.roll_or_reroll(
        state, dice, net, bonus, rerolling, in_combat=combat_action
    )
    events += spent

    success, margin = _judge(roll, difficulty, opposed_total)
    who, name_es, name_en = state.display_name, skill_name(skill_key), skill_name(skill_key, "en")
    against_es, against_en = _against_texts(difficulty, opposed_total)
    result_es, result_en = _result_texts(success, roll)
    events.append(
        Event(
            "skill_check",
            f"{who} tira {name_es}: {roll.total}{against_es}{result_es}.",
            f"{who} rolls {name_en}: {roll.total}{against_en}{result_en}.",
            RULE,
            actor=state.id,
            roll=roll,
            sources=tuple(all_sources),
            data={
                "skill": skill_key,
                "skill_name_es": name_es,
                "skill_name_en": name_en,
                "attribute": stat.attribute,
                "difficulty": difficulty,
                "difficulty_label_es": difficulty_label(difficulty),
                "difficulty_label_en": difficulty_label(difficulty, "en"),
                "opposed_total": opposed_total,
                "success": success,
                "margin": margin,
                "critical": roll.natural_20,
                "fumble": roll.fumble,
                "stressful": stressful,
                "combat_action": combat_action,
            },
        )
    )
    # RESOLVER ACCIONES / PUNTOS DE HÉROE: a critical "en una situación estresante" gives 1 hero
    # point, never above the maximum (`hero_points.award`).
    state, more = hero_points.award_for_critical(state, roll, stressful=stressful)
    events += more
    return SkillCheckOutcome(
        state=state,
        events=tuple(events),
        roll=roll,
        success=success,
        margin=margin,
        critical=roll.natural_20,
        fumble=roll.fumble,
    )


__all__ = [
    "AVERAGE",
    "DIFFICULTIES",
    "EASY_FOR_AN_ADULT",
    "EASY_FOR_A_CHILD",
    "HARD_FOR_A_HUMAN",
    "NEEDS_TRAINING",
    "STANDARD_DIFFICULTY",
    "VERY_HARD_FOR_A_HUMAN",
    "Difficulty",
    "SkillCheckOutcome",
    "difficulty_label",
    "skill_check",
    "skill_name",
    "skills_from_derived",
]
