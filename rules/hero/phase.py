"""Whose moment it is, and what taking part of a phase costs ("El jugador decide qué acción
realizar en la fase del personaje … Después la fase del personaje termina", ¿Cómo funciona el
combate?). Half-phase actions (a half move) leave the rest of the phase; any maneuver ends it;
a full-phase one needs all of it. A held phase (6E Holding An Action) may be used later, in any
segment until the character's next phase, without passing the action on."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.core.dice import DiceSource
from rules.core.encounter import Table

from . import clock
from .state import chars, refuse

RULE = "Comprobación de secuencia de combate"


def in_phase(state: Mapping, actor) -> bool:
    if actor is None:
        return False
    c = (state.get("combatants") or {}).get(str(actor))
    if c is None or c.get("removed") or c["status"] != "active":
        return False
    return state.get("current") == actor or bool(c.get("held"))


def acts_on_ego(state: Mapping, actor, action: Mapping) -> bool:
    """Combate mental: "Un personaje que utiliza un poder mental utiliza su VOL en lugar de su DES para
    determinar cuándo actúa el personaje en la Fase": one still to act in this segment may attack with a
    mental attack before the one acting now, if its EGO is above that one's DEX."""
    if action.get("type") != "attack" or actor is None:
        return False
    combatants = state.get("combatants") or {}
    c, now = combatants.get(str(actor)), combatants.get(str(state.get("current")))
    if (
        c is None
        or now is None
        or c.get("removed")
        or c["status"] != "active"
        or actor == state.get("current")
    ):
        return False
    mental = {a["name"] for a in c["sheet"]["attacks"] if a["kind"] == "mental"}
    waiting = actor in (state.get("turn_order") or [])
    return waiting and action.get("attack") in mental and chars(c)["ego"] > chars(now)["dex"]


def spend(c: dict, part) -> None:
    part = Fraction(part)
    if Fraction(c["spent"]) + part > 1:
        raise refuse(
            "phase.no_time",
            "No queda fase suficiente para eso.",
            "Not enough of the phase is left for that.",
            rule=RULE,
        )
    total = Fraction(c["spent"]) + part
    c["spent"] = float(total) if total.denominator != 1 else int(total)


def end_phase(table: Table, dice: DiceSource, actor: int) -> None:
    """The character's phase is over: the action passes on (unless a held phase was used)."""
    c = table.combatant(actor)
    c["spent"] = 1
    c["acted_in"] = [table.round, table.state["segment"]]
    if table.state.get("current") == actor:
        clock.advance(table, dice)
    else:
        c["held"] = False
        # a phase taken early on EGO (acts_on_ego) is no longer waiting in the segment's order
        table.state["turn_order"] = [cid for cid in table.state.get("turn_order") or [] if cid != actor]


def acted_this_segment(table: Table, c: Mapping) -> bool:
    return c.get("acted_in") == [table.round, table.state["segment"]]
