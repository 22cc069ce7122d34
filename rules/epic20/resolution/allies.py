"""The powers and advantages that give allies Superioridad (LISTA DE VENTAJAS):

- Inspirar a otros: "gasta puntos de héroe para mejorar a hasta 2 de sus compañeros, dándoles
  Superioridad en su próxima acción estándar pero deben usar esta Superioridad antes del próximo
  turno del personaje que les ha inspirado. Cuesta 1 acción de comunicación" (`inspire`).
- Trabajo en equipo: "usa su acción estándar para dar superioridad a otro jugador en cualquier
  tirada, siempre y cuando el poseedor no tenga Inferioridad y tampoco vale si su bono es +0"
  (`teamwork`).

Each leaves a condition on the ally ("inspired", "teamwork") that the ally's roll uses up
(`support.help_for_roll`). Readings: docs/rules-notes-combat.md, "Support powers and advantages".
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import Refused

from . import hero_points
from .skills import _bonus as skill_bonus
from .skills import _caps as skill_caps
from .sources import net_superiority
from .state import ACTIVE, CombatantState, Condition, Event, with_condition
from .support import (
    ADVANTAGES_RULE,
    INSPIRED,
    TEAMWORK,
    SupportOutcome,
    _other,
    _refuse,
    _require,
    _spent_for,
)
from .turn import ActionBudget


def _able(ally: CombatantState) -> None:
    """Both advantages help an ally who can act: one down cannot use the Superioridad."""
    if ally.status != ACTIVE:
        raise _refuse(
            "support.ally_down",
            f"{ally.display_name} no está en condiciones de actuar.",
            f"{ally.display_name} cannot act.",
            ADVANTAGES_RULE,
        )


def inspire(actor: CombatantState, budget: ActionBudget, allies: Sequence[CombatantState]) -> SupportOutcome:
    """Inspirar a otros: 1 communication action and 1 hero point per ally inspired (one or two:
    "gasta puntos de héroe para mejorar a hasta 2 de sus compañeros"), paid as one use. Each ally
    gets Superioridad on its next standard action, used before the inspirer's next turn: the
    condition ends with the ally's own next turn, which in the order of play comes before the
    inspirer's next one."""
    _require(actor, "inspirar-a-otros")
    ids = [a.id for a in allies]
    if not 1 <= len(allies) <= 2 or len(set(ids)) != len(ids):
        raise _refuse(
            "support.inspire_allies",
            "Inspirar a otros mejora a uno o dos compañeros.",
            "Inspire others improves one or two companions.",
            ADVANTAGES_RULE,
        )
    for ally in allies:
        _other(actor, ally, "inspirar-a-otros")
        _able(ally)
    budget, _ = budget.spend("communication")
    actor = hero_points.pay(actor, len(allies), what="inspirar-a-otros")
    events = [_spent_for(actor, "inspirar-a-otros", len(allies))]
    helped = tuple(
        with_condition(
            ally,
            Condition(
                INSPIRED, source="inspirar-a-otros", rule=ADVANTAGES_RULE, by=actor.id, ends="end_of_turn"
            ),
        )
        for ally in allies
    )
    names = ", ".join(a.display_name for a in allies)
    events.append(
        Event(
            "support",
            f"{actor.display_name} inspira a {names}: Superioridad en su próxima acción estándar.",
            f"{actor.display_name} inspires {names}: Superiority on their next standard action.",
            ADVANTAGES_RULE,
            actor=actor.id,
            data={"use": "inspirar-a-otros", "allies": ids},
        )
    )
    return SupportOutcome(actor, budget, helped, tuple(events))


def _refuse_help(helper: CombatantState, why_es: str, why_en: str) -> Refused:
    return _refuse(
        "support.teamwork_not_valid",
        f"Trabajo en equipo no vale: {helper.display_name} {why_es}.",
        f"Teamwork does not work: {helper.display_name} {why_en}.",
        ADVANTAGES_RULE,
    )


def _check_helper(helper: CombatantState, *, skill: str | None, kind: str | None) -> str:
    """The roll key the help is for, after checking the helper's own roll of that kind: "siempre y
    cuando el poseedor no tenga Inferioridad y tampoco vale si su bono es +0"."""
    stunned = -1 if helper.condition("stunned") else 0
    if skill is not None:
        slug = skill.partition(":")[0]
        stat = helper.skills.get(skill) or helper.skills.get(slug)
        if stat is None:
            # LISTA DE HABILIDADES: a skill the sheet does not list has value 0, "Inferioridad".
            raise _refuse_help(
                helper, "tira esa habilidad con Inferioridad", "rolls that skill with Inferiority"
            )
        net = stat.superiority + stunned
        net += net_superiority(skill_caps(helper, slug, stat.attribute, net))
        if net < 0:
            raise _refuse_help(
                helper, "tira esa habilidad con Inferioridad", "rolls that skill with Inferiority"
            )
        bonus = skill_bonus(helper, stat, extra_levels=0)
        if slug == "persuasion" and "monstruoso" in helper.complications:
            bonus = 0  # COMPLICACIONES, Monstruoso
        if bonus <= 0:
            raise _refuse_help(helper, "tiene +0 en esa tirada", "has +0 on that roll")
        return f"skill:{skill}"
    if kind is None:
        raise _refuse(
            "support.teamwork_roll",
            "Indica la tirada en la que ayuda: una habilidad o un tipo de ataque.",
            "Say which roll it helps with: a skill or an attack kind.",
            ADVANTAGES_RULE,
        )
    # ATACAR EN COMBATE: "Cuando se está en el suelo … se ataca con Inferioridad"; ATURDIMIENTO.
    if stunned or helper.condition("prone"):
        raise _refuse_help(helper, "ataca con Inferioridad", "attacks with Inferiority")
    if not helper.attack_bonus.get(kind):
        raise _refuse_help(helper, "tiene +0 en esa tirada", "has +0 on that roll")
    return f"attack:{kind}"


def teamwork(
    actor: CombatantState,
    budget: ActionBudget,
    ally: CombatantState,
    *,
    skill: str | None = None,
    kind: str | None = None,
) -> SupportOutcome:
    """Trabajo en equipo: the standard action gives `ally` Superioridad on its next roll of the
    same kind (`skill`: that skill check; `kind`: an attack of that kind), as long as the helper
    rolls that kind without Inferioridad and with a bonus above +0. The help lasts until the end
    of the ally's next turn."""
    _require(actor, "trabajo-en-equipo")
    _other(actor, ally, "trabajo-en-equipo")
    if skill is not None and kind is not None:
        raise _refuse(
            "support.teamwork_roll",
            "Una tirada: una habilidad o un tipo de ataque, no ambos.",
            "One roll: a skill or an attack kind, not both.",
            ADVANTAGES_RULE,
        )
    _able(ally)
    roll = _check_helper(actor, skill=skill, kind=kind)
    budget, _ = budget.spend("standard")
    ally = with_condition(
        ally,
        Condition(
            TEAMWORK,
            source="trabajo-en-equipo",
            rule=ADVANTAGES_RULE,
            by=actor.id,
            other=roll,
            ends="end_of_turn",
        ),
    )
    event = Event(
        "support",
        f"{actor.display_name} ayuda a {ally.display_name} (Trabajo en equipo): Superioridad en su próxima tirada de ese tipo.",
        f"{actor.display_name} helps {ally.display_name} (Teamwork): Superiority on their next roll of that kind.",
        ADVANTAGES_RULE,
        actor=actor.id,
        target=ally.id,
        data={"use": "trabajo-en-equipo", "roll": roll},
    )
    return SupportOutcome(actor, budget, (ally,), (event,))


__all__ = ["inspire", "teamwork"]
