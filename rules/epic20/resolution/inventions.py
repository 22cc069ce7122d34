"""The Inventor's reserve (ARQUETIPOS › Inventor, seed l.417-419): "gana 2 ptos en la ventaja
equipo (que puede ser especial) pero no los asigna al principio de la partida. Los puede asignar
en cualquier momento, si tiene 1 hora de tiempo para trabajar en su laboratorio. Estos equipos
se pierden al final de la partida y se recupera la reserva, lista para la próxima partida."

Pure functions over the combatant's state: `invent` builds an item from the reserve (recorded as
an "invention" condition that lasts the session, plus the item in the equipment) and says so in
the log; `end_session` takes the inventions away and so refills the reserve. An hour in the lab
is no turn of a fight: `invent` is refused while a fight is on (`in_fight`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rules.core.errors import Refused
from rules.core.texts import plural
from rules.epic20.costs import equipment_cost
from rules.epic20.sheet import EquipmentEntry

from .equipment import equipment_states
from .state import CombatantState, Condition, Event, with_condition, without_condition

RULE = "ARQUETIPOS › Inventor"
INVENTOR = "inventor"
RESERVE = Fraction(2)
INVENTION = "invention"


def _refuse(code: str, es: str, en: str) -> Refused:
    return Refused(code, RULE, es, en)


def reserve_left(state: CombatantState) -> Fraction:
    """What is left of the 2 points this session (condition values are halves of a point)."""
    used = sum((Fraction(c.value, 2) for c in state.conditions if c.slug == INVENTION), Fraction(0))
    return RESERVE - used


def invent(
    state: CombatantState, item: EquipmentEntry, *, lab_hour: bool, in_fight: bool = False
) -> tuple[CombatantState, list[Event]]:
    """Assign part of the reserve to `item` (a parsed sheet item: kind, name, power, properties);
    it costs what the sheet would charge for it (a special item 1 or its power's cost, a mundane
    one ½, `costs.equipment_cost`)."""
    if state.archetype != INVENTOR:
        raise _refuse(
            "inventions.not_inventor",
            "Sólo el Inventor tiene esa reserva.",
            "Only the Inventor has that reserve.",
        )
    if in_fight or not lab_hour:
        raise _refuse(
            "inventions.needs_lab_hour",
            "Hace falta 1 hora de trabajo en el laboratorio (no en mitad de un combate).",
            "It takes 1 hour of work in the laboratory (not in the middle of a fight).",
        )
    name = item.name.strip()
    if not name or state.item(name) is not None:
        raise _refuse(
            "inventions.bad_name",
            "El invento necesita un nombre que no tenga ya otro objeto.",
            "The invention needs a name no other item has.",
        )
    cost = equipment_cost(item)
    left = reserve_left(state)
    if cost > left:
        raise _refuse(
            "inventions.reserve_exhausted",
            f"El invento cuesta {cost} y sólo quedan {left} puntos en la reserva.",
            f"The invention costs {cost} and only {left} points are left in the reserve.",
        )
    (made,) = equipment_states((replace(item, name=name),))
    mark = Condition(INVENTION, source=name, rule=RULE, value=int(cost * 2), ends="session")
    state = with_condition(replace(state, equipment=(*state.equipment, made)), mark, stack=True)
    left = reserve_left(state)
    who = state.display_name
    return state, [
        Event(
            "invention",
            f"{who} construye «{name}» en su laboratorio ({cost} {plural(cost, 'punto', 'puntos')}; quedan {left}).",
            f"{who} builds '{name}' in the laboratory ({cost} {plural(cost, 'point', 'points')}; {left} left).",
            RULE,
            actor=state.id,
            data={"item": name, "cost": str(cost), "reserve_left": str(left)},
        )
    ]


def end_session(state: CombatantState) -> tuple[CombatantState, list[Event]]:
    """ "Estos equipos se pierden al final de la partida y se recupera la reserva"."""
    invented = {c.source for c in state.conditions if c.slug == INVENTION}
    if not invented:
        return state, []
    kept = tuple(eq for eq in state.equipment if eq.name not in invented)
    state = without_condition(replace(state, equipment=kept), INVENTION)
    who = state.display_name
    return state, [
        Event(
            "invention",
            f"{who} pierde sus inventos al acabar la partida; la reserva vuelve a {RESERVE} puntos.",
            f"{who} loses the inventions at the end of the session; the reserve is back to {RESERVE} points.",
            RULE,
            actor=state.id,
            data={"lost": sorted(invented), "reserve_left": str(RESERVE)},
        )
    ]
