"""Powers that are switched on, cast or paid for in combat (LISTA DE PODERES, ARQUETIPOS).

- Switchable powers (Superpoderes de utilidad): Camuflaje and Invisibilidad ("Se desactiva si se
  realiza un ataque"), Disminuirse ("Las tiradas de Corpulencia, incluso ataques, se harán con
  Inferioridad. Las de sigilo ganan Superioridad"), Crecer ("cuenta como Superfuerza pero sólo al
  estar crecido. Gana la maniobra «interponerse»"), and the Velocista's running (ARQUETIPOS:
  "Cuando está corriendo, usa la Agilidad para luchar cuerpo a cuerpo, pero le cuesta usar la
  Agilidad para atacar a distancia, aplicándose Inferioridad"). "On" is a `Condition` that ends
  "manual".
- Switching costs 1 move action: the document prices changing form or state so ("Cambiar de forma
  es una acción de movimiento", Convertirse en animal; "Cambiar de estado cuesta 1 acción de
  movimiento", Convertirse en gas; Tecnificado: "Su armadura … sólo necesita 1 acción de
  movimiento para ser vestida").
- Mago (ARQUETIPOS): "cada vez que quiere activar un superpoder, tiene que usar una acción de
  movimiento y otra de comunicación para lanzar el hechizo. Estos hechizos pueden seguir siendo
  usados durante 1 minuto por nivel": casting puts a "spell" condition on the mage; attacks with
  a power not cast are refused.
- Tecnificado (ARQUETIPOS): "depende de una armadura tecnológica para combatir" ("forma sin
  superpoderes"): armoured by default; without the armour ("unarmoured") its powers are refused.
- Uso limitado (Modificadores de poderes): "sólo puede usarse gastando puntos de Héroe, un número
  igual o mayor al nuevo coste … y como mucho 1 vez por escena. Los poderes que tienen duración
  tan sólo durarán mientras siga gastando puntos de Héroe seguidamente."
- Masa de músculos (ARQUETIPOS): "Cuando arroja objetos a distancia, usa Corpulencia en lugar de
  Agilidad" — a thrown object (`THROWN_OBJECT`) or a ranged power the sheet marks `throwing`.

Readings are in docs/rules-notes-combat.md ("Powers in play").
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import Refused
from rules.core.texts import plural

from . import hero_points
from .sources import Source
from .state import (
    ACTING,
    CombatantState,
    Condition,
    Event,
    with_condition,
    without_condition,
)

UTILITY = "LISTA DE PODERES › Superpoderes de utilidad"
MOVEMENT = "LISTA DE PODERES › Superpoderes de movimiento"
MODIFIERS = "LISTA DE PODERES › Modificadores de poderes"
ARCHETYPES = "ARQUETIPOS"
ACTIONS = "Tipos de acciones en el turno"
ATTACK = "ATACAR EN COMBATE"

# The document gives no length for a turn; a minute is read as 10 turns (the d20 six-second
# round). Mago: "1 minuto por nivel" = 10 × level of the mage's own turns.
TURNS_PER_MINUTE = 10

MAGE, SPEEDSTER, MUSCLE, TECH = "mago", "velocista", "masa-de-musculos", "tecnificado"
ARMOUR = "armadura-tecnologica"  # the Tecnificado's armour, switched like a power
THROWN_OBJECT = "objeto-arrojado"  # `AttackSpec.with_` for throwing whatever is at hand
PERCEPTION_SKILLS = ("percepcion-visual", "percepcion-auditiva", "percepcion-olfativa-tactil-y-gustativa")


@dataclass(frozen=True)
class Switch:
    """A power that is switched on and off, and the condition that says it is on."""

    power: str
    condition: str
    name_es: str
    name_en: str
    rule: str
    ends_on_attack: bool = False
    once_per_turn: bool = False  # Convertirse en animal: "una acción de movimiento, limitada a 1 por turno"


SWITCHES: dict[str, Switch] = {
    s.power: s
    for s in (
        Switch("camuflaje", "camouflaged", "Camuflaje", "Camouflage", UTILITY, ends_on_attack=True),
        Switch("invisibilidad", "invisible", "Invisibilidad", "Invisibility", UTILITY, ends_on_attack=True),
        Switch("disminuirse", "shrunk", "Disminuirse", "Shrinking", UTILITY),
        Switch("crecer", "grown", "Crecer", "Growth", UTILITY),
        # Convertirse en gas / gas nocivo: "Cambiar de estado cuesta 1 acción de movimiento"; the
        # form's immunities are read by damage_types.gas_form (seed l.357).
        Switch("convertirse-en-gas", "gaseous", "Convertirse en gas", "Gaseous form", UTILITY),
        Switch(
            "convertirse-en-gas-nocivo",
            "noxious-gas",
            "Convertirse en gas nocivo",
            "Noxious gas form",
            UTILITY,
        ),
        # Convertirse en animal (seed l.355): "Cambiar de forma es una acción de movimiento, limitada a
        # 1 por turno".
        Switch(
            "convertirse-en-animal",
            "animal-form",
            "Convertirse en animal",
            "Animal form",
            UTILITY,
            once_per_turn=True,
        ),
        # "Gana el poder «Supermovimiento: correr»" (Velocista): running is that power switched on.
        Switch("supermovimiento", "running", "Supermovimiento: correr", "Super-movement: running", MOVEMENT),
    )
}
BY_CONDITION = {s.condition: s for s in SWITCHES.values()}
# Conditions this module puts on a combatant (the app labels them).
CONDITIONS = (*BY_CONDITION, "spell", "unarmoured", "limited-used", "limited-paid")


def _refuse(code: str, es: str, en: str, rule: str) -> Refused:
    return Refused(code, rule, es, en)


def _names(power: str) -> tuple[str, str]:
    if power in SWITCHES:
        return SWITCHES[power].name_es, SWITCHES[power].name_en
    if power == ARMOUR:
        return "armadura tecnológica", "tech armour"
    return power, power


def _event(
    state: CombatantState, es: str, en: str, rule: str, *, private: str | None = None, **data
) -> Event:
    return Event("power", es, en, rule, actor=state.id, data=data, private=private)


def is_on(state: CombatantState, power: str) -> bool:
    switch = SWITCHES.get(power)
    return bool(switch and state.condition(switch.condition))


def _unarmoured(state: CombatantState) -> bool:
    return state.archetype == TECH and state.condition("unarmoured") is not None


def _require_armour(state: CombatantState, power: str) -> None:
    """Tecnificado: "depende de una armadura tecnológica para combatir" (forma sin superpoderes)."""
    if _unarmoured(state):
        raise _refuse(
            "powers.needs_armour",
            f"Sin su armadura tecnológica no puede usar «{power}».",
            f"Without the tech armour '{power}' cannot be used.",
            ARCHETYPES,
        )


def require_form(state: CombatantState, with_: str) -> None:
    """An attack with a power put away with the armour is refused as such (Tecnificado), not as
    an unknown weapon."""
    if with_ in state.stowed_powers:
        _require_armour(state, with_)


def _spell_turns(state: CombatantState) -> int:
    return TURNS_PER_MINUTE * max(1, state.level)  # "1 minuto por nivel"


def _pay_limited(
    state: CombatantState, power: str, events: list[Event], *, sustain: bool = False
) -> CombatantState:
    """Uso limitado: pay the power's price in hero points; "como mucho 1 vez por escena". Paying
    is the turn's hero point use (PUNTOS DE HÉROE: "limitado a 1 punto por turno"). `sustain`:
    paying again to keep a power with duration on, the same use."""
    price = state.limited[power]
    if not sustain:
        if state.condition("limited-paid", other=power):
            return state  # the same use: another roll of this turn's action (area, double attack)
        if state.condition("limited-used", other=power):
            raise _refuse(
                "powers.limited_once_per_scene",
                f"«{power}» tiene Uso limitado: sólo 1 vez por escena.",
                f"'{power}' has Limited use: once per scene only.",
                MODIFIERS,
            )
    if state.hero_points < price:
        raise _refuse(
            "powers.limited_needs_hero_points",
            f"«{power}» tiene Uso limitado: cuesta {price} {plural(price, 'punto', 'puntos')} de Héroe y tiene {state.hero_points}.",
            f"'{power}' has Limited use: it costs {price} hero {plural(price, 'point', 'points')}; has {state.hero_points}.",
            MODIFIERS,
        )
    state = hero_points.pay(state, price, what=power)
    ends = "end_of_turn" if state.turn == ACTING else "start_of_turn"
    state = with_condition(
        state, Condition("limited-used", source=power, rule=MODIFIERS, other=power, ends="scene")
    )
    state = with_condition(
        state, Condition("limited-paid", source=power, rule=MODIFIERS, other=power, ends=ends)
    )
    events.append(
        _event(
            state,
            f"{state.display_name} gasta {price} {plural(price, 'punto', 'puntos')} de Héroe para usar «{power}» (Uso limitado).",
            f"{state.display_name} spends {price} hero {plural(price, 'point', 'points')} to use '{power}' (Limited use).",
            MODIFIERS,
            power=power,
            hero_points_spent=price,
            hero_points=state.hero_points,  # behind the GM's screen for a hidden NPC
            private="actor",
        )
    )
    return state


def before_attack(attacker: CombatantState, profile) -> tuple[CombatantState, list[Event]]:
    """What using a power to attack requires: the Tecnificado's armour, Crecer switched on, a
    Mago's spell cast, and Uso limitado's hero points (paid here, before the roll)."""
    slug = profile.slug
    if profile.equipment or profile.unarmed or slug not in attacker.powers:
        return attacker, []
    _require_armour(attacker, slug)
    if slug == "crecer" and not is_on(attacker, "crecer"):
        raise _refuse(
            "powers.not_active",
            "Crecer sólo ataca estando crecido: actívalo antes.",
            "Growth only attacks while grown: switch it on first.",
            UTILITY,
        )
    if attacker.archetype == MAGE and not attacker.condition("spell", other=slug):
        raise _refuse(
            "powers.spell_not_cast",
            f"Hay que lanzar antes el hechizo «{slug}» (acción de movimiento y de comunicación).",
            f"The spell '{slug}' must be cast first (a move and a communication action).",
            ARCHETYPES,
        )
    events: list[Event] = []
    if slug in attacker.limited:
        attacker = _pay_limited(attacker, slug, events)
    return attacker, events


def after_attack(attacker: CombatantState) -> tuple[CombatantState, list[Event]]:
    """Camuflaje / Invisibilidad: "Se desactiva si se realiza un ataque"."""
    events = []
    for switch in SWITCHES.values():
        if switch.ends_on_attack and attacker.condition(switch.condition):
            attacker = without_condition(attacker, switch.condition)
            events.append(
                _event(
                    attacker,
                    f"{attacker.display_name} ataca y deja de estar bajo «{switch.name_es}».",
                    f"{attacker.display_name} attacks and is no longer under '{switch.name_en}'.",
                    switch.rule,
                    power=switch.power,
                    active=False,
                )
            )
    return attacker, events


def implied_circumstances(target: CombatantState) -> list[str]:
    """Attacking someone invisible: "se ataca a un enemigo invisible, se ataca con Inferioridad"
    (ATACAR EN COMBATE), cancelled by Luchar a ciegas or Sentir el entorno like the named
    circumstance. Camuflaje only hinders perception rolls, not attacks on a seen target."""
    return ["objetivo-invisible"] if target.condition("invisible") else []


def attack_sources(attacker: CombatantState, profile) -> list[Source]:
    out = []
    if attacker.condition("shrunk") and profile.attribute == "corpulencia":
        # Disminuirse: "Las tiradas de Corpulencia, incluso ataques, se harán con Inferioridad".
        out.append(Source("disminuirse", -1, UTILITY, "Disminuido", "Shrunk"))
    if _running_speedster(attacker) and profile.kind == "ranged" and profile.attribute == "agilidad":
        # Velocista: "le cuesta usar la Agilidad para atacar a distancia, aplicándose Inferioridad".
        out.append(Source("velocista", -1, ARCHETYPES, "Velocista corriendo", "Running speedster"))
    return out


def _running_speedster(state: CombatantState) -> bool:
    return state.archetype == SPEEDSTER and state.condition("running") is not None


def attack_attributes(attacker: CombatantState, profile) -> list[str]:
    """Velocista: "Cuando está corriendo, usa la Agilidad para luchar cuerpo a cuerpo"."""
    return ["agilidad"] if _running_speedster(attacker) and profile.kind == "melee" else []


def thrown_attribute(attacker: CombatantState, default: str) -> str:
    """Masa de músculos: "Cuando arroja objetos a distancia, usa Corpulencia en lugar de Agilidad"."""
    return "corpulencia" if attacker.archetype == MUSCLE else default


def skill_sources(
    state: CombatantState, skill: str, attribute: str, observed: CombatantState | None = None
) -> list[Source]:
    """Disminuirse on the roller's Corpulencia and Sigilo rolls; Camuflaje / Invisibilidad of the
    one being perceived on perception rolls ("aplicando Inferioridad / Doble Inferioridad a
    tiradas de percepción")."""
    out = []
    if state.condition("shrunk"):
        if attribute == "corpulencia":
            out.append(Source("disminuirse", -1, UTILITY, "Disminuido", "Shrunk"))
        if skill == "sigilo":
            out.append(Source("disminuirse", +1, UTILITY, "Disminuido: sigilo", "Shrunk: stealth"))
    if observed is not None and skill in PERCEPTION_SKILLS:
        if observed.condition("invisible"):
            out.append(Source("invisibilidad", -2, UTILITY, "Objetivo invisible", "Invisible target"))
        elif observed.condition("camouflaged"):
            out.append(Source("camuflaje", -1, UTILITY, "Objetivo camuflado", "Camouflaged target"))
    return out


def switchable(state: CombatantState) -> list[dict]:
    """What `use_power` offers this combatant: each power it can switch or cast, and whether it
    is on now."""
    out = []
    for power in sorted(state.powers):
        if power in SWITCHES or state.archetype == MAGE:
            on = (
                is_on(state, power)
                if power in SWITCHES
                else state.condition("spell", other=power) is not None
            )
            out.append({"power": power, "on": on, "limited": state.limited.get(power)})
    if state.archetype == TECH:
        out.append({"power": ARMOUR, "on": not _unarmoured(state), "limited": None})
    return out


__all__ = [
    "ARMOUR",
    "SWITCHES",
    "THROWN_OBJECT",
    "TURNS_PER_MINUTE",
    "after_attack",
    "attack_attributes",
    "attack_sources",
    "before_attack",
    "implied_circumstances",
    "is_on",
    "skill_sources",
    "switchable",
    "thrown_attribute",
]
