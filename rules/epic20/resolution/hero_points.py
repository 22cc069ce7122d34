"""Hero points: what they buy, what they cost, and how they are won (PUNTOS DE HÉROE).

"Estos puntos pueden gastarse en cualquier momento del turno, está limitado a 1 punto por turno
salvo que se indique otra cosa." Read as one USE per turn: the uses that state a larger price
(the combat reroll costs 2, a power costs 1 per point of its cost) are "otra cosa".
"El máximo de puntos de Héroe que se pueden tener a la vez es de 1/2 nivel."
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.core.errors import Refused
from rules.core.texts import plural
from rules.epic20.dice import DiceSource, Roll, reroll, roll_d20

from .damage import heal
from .state import CombatantState, Condition, Event, with_condition

RULE = "PUNTOS DE HÉROE"


@dataclass(frozen=True)
class HeroPointUse:
    slug: str
    name_es: str
    name_en: str
    description_es: str
    description_en: str
    cost: int  # in combat
    cost_outside_combat: int
    rule: str = RULE
    variable_cost: bool = False  # "superpoder": 1 per point of the power's cost
    narrative: bool = False  # the GM decides the outcome

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "description_es": self.description_es,
            "description_en": self.description_en,
            "rule": self.rule,
            "cost": self.cost,
            "cost_outside_combat": self.cost_outside_combat,
            "variable_cost": self.variable_cost,
            "narrative": self.narrative,
        }


HERO_POINT_USES: tuple[HeroPointUse, ...] = (
    HeroPointUse(
        "superioridad",
        "Ganar Superioridad en una tirada",
        "Gain Superiority on a roll",
        "Ganar Superioridad en una tirada.",
        "Gain Superiority on one roll.",
        1,
        1,
    ),
    HeroPointUse(
        "repetir-tirada",
        "Repetir un dado de 20 ya lanzado",
        "Reroll a d20 already rolled",
        "Repetir un dado de 20 ya lanzado. Sólo será válido el segundo resultado. Cuesta 2 puntos de "
        "héroe si la acción es de combate o 1 sólo si la acción no es de combate.",
        "Reroll a d20 already rolled; only the second result counts. Costs 2 hero points in combat, "
        "1 outside combat.",
        2,
        1,
    ),
    HeroPointUse(
        "subir-dos-niveles",
        "Subir 2 niveles para una acción estándar instantánea",
        "+2 levels for one instant standard action",
        "Subir 2 niveles para una acción estándar que sea instantánea (ejemplo: un ataque concreto, "
        "levantar un objeto muy pesado, etc).",
        "Act two levels higher for one instant standard action (one attack, lifting something heavy…).",
        1,
        1,
    ),
    HeroPointUse(
        "punto-de-vida",
        "Ganar 1 punto de vida",
        "Gain 1 hit point",
        "Ganar 1 pto de vida, incluso en el momento de caer derrotado.",
        "Gain 1 hit point, even at the moment of being defeated.",
        1,
        1,
    ),
    HeroPointUse(
        "maniobra",
        "Ganar 1 maniobra de combate durante 1 turno",
        "Gain a combat maneuver for one turn",
        "Ganar 1 maniobra de combate durante 1 turno.",
        "Gain one combat maneuver for one turn.",
        1,
        1,
    ),
    HeroPointUse(
        "superpoder",
        "Ganar 1 superpoder",
        "Gain a superpower",
        "Ganar 1 superpoder, de coste hasta 1 por pto de Héroe usado. Dura 1 acción si es instantáneo, "
        "como un ataque, o tantos turnos como su nivel, si el poder normalmente tiene duración superior.",
        "Gain a superpower costing up to 1 per hero point spent: for one action if instant (an attack), "
        "otherwise for as many turns as the character's level.",
        1,
        1,
        variable_cost=True,
    ),
    HeroPointUse(
        "editar-escena",
        "Editar la escena",
        "Edit the scene",
        '"Editar la escena" para hacer aparecer elementos que no describió el Director. Si el Director '
        "está de acuerdo.",
        "Add to the scene something the GM did not describe, if the GM agrees.",
        1,
        1,
        narrative=True,
    ),
)

BY_SLUG = {use.slug: use for use in HERO_POINT_USES}


def _who(state: CombatantState) -> str:
    return state.display_name


def use_cost(slug: str, *, in_combat: bool = True, power_cost: Fraction | None = None) -> int:
    use = BY_SLUG.get(slug)
    if use is None:
        raise Refused(
            "hero_points.unknown_use", RULE, f"Uso desconocido: «{slug}».", f"Unknown use '{slug}'."
        )
    if use.variable_cost:
        if power_cost is None:
            raise Refused(
                "hero_points.power_cost_needed",
                RULE,
                "Falta el coste del superpoder.",
                "The power's cost is needed.",
            )
        return max(1, math.ceil(Fraction(power_cost)))  # "de coste hasta 1 por pto de Héroe usado"
    return use.cost if in_combat else use.cost_outside_combat


def pay(state: CombatantState, points: int, *, what: str, limited: bool = True) -> CombatantState:
    """Spend `points` for one use; refuse a second use in the same turn or a missing point."""
    if limited and state.hero_point_uses_this_turn >= 1:
        raise Refused(
            "hero_points.one_per_turn",
            RULE,
            "Sólo se puede usar 1 punto de Héroe por turno.",
            "Only one hero point use per turn.",
        )
    if state.hero_points < points:
        raise Refused(
            "hero_points.not_enough",
            RULE,
            f"Hacen falta {points} {plural(points, 'punto', 'puntos')} de Héroe para {what}; tiene {state.hero_points}.",
            f"{points} hero {plural(points, 'point', 'points')} needed for {what}; has {state.hero_points}.",
        )
    return replace(
        state,
        hero_points=state.hero_points - points,
        hero_point_uses_this_turn=state.hero_point_uses_this_turn + (1 if limited else 0),
    )


def _spent_event(state: CombatantState, slug: str, points: int, extra: dict | None = None) -> Event:
    use = BY_SLUG.get(slug)
    name_es, name_en = (use.name_es, use.name_en) if use else (slug, slug)
    return Event(
        "hero_point",
        f"{_who(state)} gasta {points} {plural(points, 'punto', 'puntos')} de Héroe: {name_es}.",
        f"{_who(state)} spends {points} hero {plural(points, 'point', 'points')}: {name_en}.",
        RULE,
        actor=state.id,
        data={"use": slug, "points": points, "hero_points": state.hero_points, **(extra or {})},
        private="actor",
    )


def spend(
    state: CombatantState,
    slug: str,
    *,
    in_combat: bool = True,
    maneuver: str | None = None,
    power: str | None = None,
    power_cost: Fraction | None = None,
    instant: bool = True,
) -> tuple[CombatantState, list[Event]]:
    """Spend a hero point for a use that changes state now: "punto-de-vida", "maniobra" (with
    `maneuver`), "superpoder" (with `power`, `power_cost`, `instant`), "editar-escena".
    "superioridad" and "subir-dos-niveles" are spent through the roll they improve
    (`resolution.attack.AttackSpec.hero_point`); "repetir-tirada" through `reroll_roll`."""
    points = use_cost(slug, in_combat=in_combat, power_cost=power_cost)
    state = pay(state, points, what=slug)
    extra: dict = {}
    if slug == "punto-de-vida":
        # "Ganar 1 pto de vida, incluso en el momento de caer derrotado" (PUNTOS DE HÉROE, seed
        # l.835): a point, capped at the maximum; it does not stabilize a dying character, which
        # the FAQ (¿Cómo muere un personaje?) leaves to Medicina 15, healing powers or 16+.
        state = heal(state, 1, stabilizes=False)
        extra["hit_points"] = state.hit_points
    elif slug == "maniobra":
        if not maneuver:
            raise Refused("hero_points.maneuver_needed", RULE, "Falta la maniobra.", "Which maneuver?")
        state = with_condition(
            state,
            Condition("borrowed-maneuver", source=maneuver, rule=RULE, ends="end_of_turn", turns=1),
            stack=True,
        )
        extra["maneuver"] = maneuver
    elif slug == "superpoder":
        if not power:
            raise Refused("hero_points.power_needed", RULE, "Falta el superpoder.", "Which power?")
        # "Dura 1 acción si es instantáneo … o tantos turnos como su nivel"
        cond = Condition(
            "borrowed-power", source=power, rule=RULE, ends="end_of_turn", turns=1 if instant else state.level
        )
        state = with_condition(replace(state, powers=state.powers | {power}), cond, stack=True)
        extra.update(power=power, turns=cond.turns, instant=instant)
    elif slug in ("superioridad", "subir-dos-niveles", "repetir-tirada"):
        raise Refused(
            "hero_points.use_with_roll",
            RULE,
            "Este uso se gasta con la tirada que mejora.",
            "This use is spent with the roll it improves.",
        )
    return state, [_spent_event(state, slug, points, extra)]


def reroll_roll(
    state: CombatantState, roll: Roll, dice: DiceSource, *, in_combat: bool = True
) -> tuple[CombatantState, Roll, list[Event]]:
    """ "Repetir un dado de 20 ya lanzado. Sólo será válido el segundo resultado." "Cuesta 2
    puntos de héroe si la acción es de combate o 1 sólo si la acción no es de combate":
    `in_combat` says whether the action is a combat one (an attack, breaking free), not whether a
    fight is on. The second result is final: a reroll is never rerolled. The caller resolves the
    action again with the returned roll, whose dice are all new."""
    if roll.previous is not None:
        raise Refused(
            "hero_points.already_rerolled",
            RULE,
            "Esa tirada ya se repitió: sólo vale el segundo resultado.",
            "That roll was already rerolled: only the second result counts.",
        )
    points = use_cost("repetir-tirada", in_combat=in_combat)
    state = pay(state, points, what="repetir-tirada")
    again = reroll(dice, roll)
    return state, again, [_spent_event(state, "repetir-tirada", points, {"first_total": roll.total})]


def roll_or_reroll(
    state: CombatantState,
    dice: DiceSource,
    net: int,
    bonus: int,
    rerolling: Roll | None,
    *,
    in_combat: bool,
) -> tuple[CombatantState, Roll, list[Event]]:
    """The roll of an action: thrown now, or, with `rerolling` (the action's first roll), thrown
    again for hero points (`reroll_roll`). The first roll must be this action's: the same net
    Superioridad and bonus, or the reroll is refused."""
    if rerolling is None:
        return state, roll_d20(dice, net, bonus), []
    if (rerolling.superiority, rerolling.bonus) != (net, bonus):
        raise Refused(
            "hero_points.reroll_mismatch",
            RULE,
            "La tirada a repetir no es la de esta acción.",
            "The roll to reroll is not this action's.",
        )
    return reroll_roll(state, rerolling, dice, in_combat=in_combat)


def award(state: CombatantState, points: int, *, reason: str = "gm") -> tuple[CombatantState, list[Event]]:
    """GM awards and critical points, never above ½ nivel."""
    new = min(state.hero_points_max, state.hero_points + max(0, points))
    gained = new - state.hero_points
    state = replace(state, hero_points=new)
    if points <= 0:
        return state, []
    private, public = _award_texts(state, gained)
    return state, [
        Event(
            "hero_point_award",
            *private,
            RULE,
            target=state.id,
            data={"reason": reason, "gained": gained, "hero_points": state.hero_points},
            private="target",
            public=public,
        )
    ]


def _award_texts(state: CombatantState, gained: int) -> tuple[tuple[str, str], tuple[str, str]]:
    """The award's (private, public) texts. At the ½-nivel maximum the award gives nothing, and
    the log says so rather than "gana 0 puntos"."""
    who, count = _who(state), f"({state.hero_points}/{state.hero_points_max})"
    if gained <= 0:
        es = f"{who} ya tiene el máximo de puntos de Héroe"
        en = f"{who} is already at the hero point maximum"
        return (f"{es} {count}.", f"{en} {count}."), (f"{es}.", f"{en}.")
    es = f"{who} gana {gained} {plural(gained, 'punto', 'puntos')} de Héroe"
    en = f"{who} gains {gained} hero {plural(gained, 'point', 'points')}"
    return (f"{es} {count}.", f"{en} {count}."), (f"{es}.", f"{en}.")


def award_for_critical(
    state: CombatantState, roll: Roll, *, stressful: bool
) -> tuple[CombatantState, list[Event]]:
    """RESOLVER ACCIONES: "Un 20 … si la acción se realiza en una situación estresante conferirá 1
    punto de Héroe" (and PUNTOS DE HÉROE: "cuando un personaje obtiene un crítico en una situación
    estresante")."""
    if not (roll.natural_20 and stressful):
        return state, []
    return award(state, 1, reason="critical")


def start_of_turn(state: CombatantState) -> CombatantState:
    return replace(state, hero_point_uses_this_turn=0)
