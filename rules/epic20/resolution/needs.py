"""Necesita un elemento para subsistir (COMPLICACIONES, seed l.881): "debe dormir rodeado de cierto
elemento o recibe 1 pto de daño que no puede ser sanado hasta haber logrado este tipo de sueño".

`sleep` is the night the GM records: without the element the character takes 1 point of damage
that no healing (rest, Contacto curativo, a hero point) restores; the first night with the
element lifts the block, and the points heal as any other from then on.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import Refused

from .damage import take_damage
from .state import DEAD, CombatantState, Event

NEEDS_ELEMENT = "necesita-un-elemento-para-subsistir"
RULE = "COMPLICACIONES › Necesita un elemento para subsistir"


def _element(state: CombatantState) -> str:
    return ", ".join(state.details.get(NEEDS_ELEMENT, ())) or "su elemento"


def sleep(state: CombatantState, *, with_element: bool) -> tuple[CombatantState, list[Event]]:
    """One night's sleep of a character with the complication."""
    if NEEDS_ELEMENT not in state.complications:
        raise Refused(
            "needs.no_complication",
            RULE,
            f"{state.display_name} no necesita ningún elemento para subsistir.",
            f"{state.display_name} needs no element to subsist.",
        )
    if state.status == DEAD:
        raise Refused("needs.dead", RULE, "Los muertos no duermen.", "The dead do not sleep.")
    who, element = state.display_name, _element(state)
    if with_element:
        healed = replace(state, unhealable_damage=0)
        return healed, [
            Event(
                "element_sleep",
                f"{who} duerme rodeado de {element}: su daño ya puede sanar.",
                f"{who} sleeps surrounded by {element}: its damage can heal again.",
                RULE,
                actor=state.id,
                data={"with_element": True, "unhealable_damage": 0},
            )
        ]
    hurt, events = take_damage(state, 1, "physical", source="needs-element")
    hurt = replace(hurt, unhealable_damage=state.unhealable_damage + 1)
    return hurt, [
        Event(
            "element_sleep",
            f"{who} duerme sin {element}: pierde 1 pv que no sanará hasta dormir con ello.",
            f"{who} sleeps without {element}: loses 1 hp that will not heal until it sleeps with it.",
            RULE,
            actor=state.id,
            data={"with_element": False, "unhealable_damage": hurt.unhealable_damage},
        ),
        *events,
    ]
