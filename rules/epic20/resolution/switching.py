"""Switching powers on and off in play (LISTA DE PODERES; ARQUETIPOS › Mago, Tecnificado; Uso
limitado): `use_power` and its steps. What a switched-on power does is in `powers_in_play`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.epic20.narrative import GROWTH, growth_meters, growth_texts

from .powers_in_play import (
    ARCHETYPES,
    ARMOUR,
    MAGE,
    MODIFIERS,
    SWITCHES,
    TECH,
    Switch,
    _event,
    _names,
    _pay_limited,
    _refuse,
    _require_armour,
    _spell_turns,
    _unarmoured,
    is_on,
)
from .state import CombatantState, Condition, Event, with_condition, without_condition
from .turn import ActionBudget


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
