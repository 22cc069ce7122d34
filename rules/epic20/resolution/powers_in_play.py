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

from dataclasses import dataclass, replace

from rules.core.errors import Refused
from rules.epic20.narrative import GROWTH, growth_meters, growth_texts

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
from .turn import ActionBudget

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
            f"«{power}» tiene Uso limitado: cuesta {price} punto(s) de Héroe y tiene {state.hero_points}.",
            f"'{power}' has Limited use: it costs {price} hero point(s); has {state.hero_points}.",
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
            f"{state.display_name} gasta {price} punto(s) de Héroe para usar «{power}» (Uso limitado).",
            f"{state.display_name} spends {price} hero point(s) to use '{power}' (Limited use).",
            MODIFIERS,
            power=power,
            hero_points_spent=price,
            hero_points=state.hero_points,  # behind the GM's screen for a hidden NPC
            private="actor",
        )
    )
    return state


def _spend(budget: ActionBudget | None, kinds: tuple[str, ...]) -> ActionBudget | None:
    if budget is None:
        return None  # before the fight: no turn, no actions to count
    for kind in kinds:
        budget, _ = budget.spend(kind)
    return budget


FORM_CHANGED = "form-changed"


def _change_form_once(state: CombatantState, switch: Switch) -> CombatantState:
    """A change of form limited to one per turn (Convertirse en animal): refused the second time
    in the same turn; the mark ends with the holder's turn."""
    if not switch.once_per_turn:
        return state
    if state.condition(FORM_CHANGED, other=switch.power):
        raise _refuse(
            "powers.once_per_turn",
            f"«{switch.name_es}»: sólo un cambio de forma por turno.",
            f"'{switch.name_en}': only one change of form per turn.",
            switch.rule,
        )
    mark = Condition(FORM_CHANGED, source=switch.power, rule=switch.rule, other=switch.power, turns=1)
    return with_condition(state, mark)


def use_power(
    state: CombatantState, power: str, *, active: bool = True, budget: ActionBudget | None = None
) -> tuple[CombatantState, ActionBudget | None, list[Event]]:
    """Switch `power` on or off, cast it (a Mago) or don and doff the Tecnificado's armour.

    `budget`: the turn's actions (None before the fight starts: nothing is spent). Switching costs
    1 move action; a Mago's casting a move and a communication action. Keeping a limited power
    with duration on (`active` while it is on) costs only its hero points again."""
    who = state.display_name
    if power == ARMOUR:
        return _toggle_armour(state, active, budget)
    if power in state.stowed_powers:
        _require_armour(state, power)  # a Tecnificado's power, put away with the armour
    if power not in state.powers:
        raise _refuse(
            "powers.not_owned",
            f"{who} no tiene el poder «{power}».",
            f"{who} does not have the power '{power}'.",
            "LISTA DE PODERES",
        )
    switch = SWITCHES.get(power)
    mage = state.archetype == MAGE
    if switch is None and not mage:
        raise _refuse(
            "powers.not_switchable",
            f"«{power}» no se activa ni se desactiva: se usa sin más.",
            f"'{power}' is not switched on or off: it is simply used.",
            "LISTA DE PODERES",
        )
    if not active:
        state, budget, events = _switch_off(state, power, switch, budget)
        return state, budget, events
    _require_armour(state, power)
    if switch is not None and is_on(state, power):
        return _sustain_limited(state, power, switch, budget)
    return _switch_on(state, power, switch, budget)


def _toggle_armour(state: CombatantState, active: bool, budget: ActionBudget | None):
    """The Tecnificado's armour (ARQUETIPOS › Tecnificado)."""
    who, power = state.display_name, ARMOUR
    if state.archetype != TECH:
        raise _refuse(
            "powers.not_owned",
            "Sólo un Tecnificado tiene armadura tecnológica.",
            "Only a Tecnificado has a tech armour.",
            ARCHETYPES,
        )
    if active == (not _unarmoured(state)):
        raise _refuse(
            "powers.already",
            "Ya lleva la armadura puesta." if active else "Ya está sin armadura.",
            "The armour is already on." if active else "The armour is already off.",
            ARCHETYPES,
        )
    budget = _spend(budget, ("move",))  # "sólo necesita 1 acción de movimiento para ser vestida"
    # "forma sin superpoderes": out of the armour none of its powers counts (defenses,
    # Superfuerza, attacks); they come back with it.
    if active:
        state = without_condition(state, "unarmoured")
        state = replace(state, powers=state.powers | state.stowed_powers, stowed_powers=frozenset())
    else:
        state = with_condition(state, Condition("unarmoured", source=ARMOUR, rule=ARCHETYPES, ends="manual"))
        state = replace(state, powers=frozenset(), stowed_powers=state.powers | state.stowed_powers)
    return (
        state,
        budget,
        [
            _event(
                state,
                f"{who} se pone su armadura tecnológica."
                if active
                else f"{who} se quita su armadura tecnológica.",
                f"{who} puts on the tech armour." if active else f"{who} takes off the tech armour.",
                ARCHETYPES,
                power=power,
                active=active,
            )
        ],
    )


def _switch_off(state: CombatantState, power: str, switch: Switch | None, budget: ActionBudget | None):
    """A switched power off (1 move action) or a spell ended by its caster."""
    who = state.display_name
    name_es, name_en = _names(power)
    if switch is not None:
        if not is_on(state, power):
            raise _refuse(
                "powers.not_active",
                f"«{name_es}» no está activo.",
                f"'{name_en}' is not on.",
                switch.rule,
            )
        state = _change_form_once(state, switch)
        budget = _spend(budget, ("move",))  # "Cambiar de estado cuesta 1 acción de movimiento"
        state = without_condition(state, switch.condition)
    elif not state.condition("spell", other=power):
        raise _refuse(
            "powers.not_active", f"«{power}» no está lanzado.", f"'{power}' is not cast.", ARCHETYPES
        )
    else:
        state = without_condition(state, "spell", other=power)  # a spell ends when its caster wants
    return (
        state,
        budget,
        [
            _event(
                state,
                f"{who} desactiva «{name_es}».",
                f"{who} switches off '{name_en}'.",
                switch.rule if switch else ARCHETYPES,
                power=power,
                active=False,
            )
        ],
    )


def _sustain_limited(state: CombatantState, power: str, switch: Switch, budget: ActionBudget | None):
    """Uso limitado on a power already on: pay its hero points again to keep it."""
    who = state.display_name
    name_es, name_en = _names(power)
    limited = power in state.limited
    events: list[Event] = []
    if not limited:
        raise _refuse(
            "powers.already", f"«{name_es}» ya está activo.", f"'{name_en}' is already on.", switch.rule
        )
    # "Los poderes que tienen duración tan sólo durarán mientras siga gastando puntos de Héroe
    # seguidamente": paying again keeps it on, with no action.
    state = _pay_limited(state, power, events, sustain=True)
    state = with_condition(
        without_condition(state, switch.condition),
        Condition(switch.condition, source=power, rule=MODIFIERS, ends="end_of_turn", turns=2),
    )
    events.append(
        _event(
            state,
            f"{who} mantiene «{name_es}».",
            f"{who} keeps '{name_en}' on.",
            MODIFIERS,
            power=power,
            active=True,
            sustained=True,
        )
    )
    return state, budget, events


def _switch_on(state: CombatantState, power: str, switch: Switch | None, budget: ActionBudget | None):
    """Switch on (1 move action), cast (a Mago: move and communication), and pay Uso limitado."""
    who = state.display_name
    name_es, name_en = _names(power)
    limited = power in state.limited
    mage = state.archetype == MAGE
    events: list[Event] = []
    # A switchable power switched on again while its spell lasts needs no new casting; any other
    # power named again is cast again (the duration starts over).
    cast = mage and (switch is None or not state.condition("spell", other=power))
    # Mago: "tiene que usar una acción de movimiento y otra de comunicación para lanzar el hechizo";
    # the move action is also the switch. Anyone else switches with 1 move action.
    if switch is not None:
        state = _change_form_once(state, switch)
    if cast:
        budget = _spend(budget, ("move", "communication"))
    elif switch is not None:
        budget = _spend(budget, ("move",))
    if limited and switch is not None:
        state = _pay_limited(state, power, events)
    if cast:
        turns = _spell_turns(state)
        state = with_condition(
            state,
            Condition("spell", source=power, rule=ARCHETYPES, other=power, ends="end_of_turn", turns=turns),
        )
        events.append(
            _event(
                state,
                f"{who} lanza el hechizo «{name_es}» (dura {turns} turnos).",
                f"{who} casts the spell '{name_en}' (lasts {turns} turns).",
                ARCHETYPES,
                power=power,
                spell_turns=turns,
            )
        )
    if switch is not None:
        cond = Condition(switch.condition, source=power, rule=switch.rule, ends="manual")
        spell = state.condition("spell", other=power)
        if limited:
            # Paid for until the end of the holder's next turn; paying again then keeps it on.
            cond = replace(cond, rule=MODIFIERS, ends="end_of_turn", turns=2)
        elif spell is not None:
            cond = replace(cond, ends="end_of_turn", turns=spell.turns)  # ends with the spell
        state = with_condition(without_condition(state, switch.condition), cond)
        events.append(_switched_on_event(state, power, switch))
    return state, budget, events


def _switched_on_event(state: CombatantState, power: str, switch: Switch) -> Event:
    """The log line of a power switched on; Crecer says how much the character grows (seed l.325:
    "Su tamaño aumenta 1/2 metro x nivel")."""
    who = state.display_name
    name_es, name_en = _names(power)
    if power != GROWTH:
        return _event(
            state,
            f"{who} activa «{name_es}».",
            f"{who} switches on '{name_en}'.",
            switch.rule,
            power=power,
            active=True,
        )
    es, en = growth_texts(state.effective_level)
    return _event(
        state,
        f"{who} activa «{name_es}»: {es}.",
        f"{who} switches on '{name_en}': {en}.",
        switch.rule,
        power=power,
        active=True,
        grown_meters=growth_meters(state.effective_level),
    )


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
    "use_power",
]
