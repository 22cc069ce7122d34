"""Dying, stabilizing, death and Inmortalidad (FAQ "¿Cómo muere un personaje?")."""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import Refused
from rules.epic20.dice import DiceSource, roll_d20

from .damage import FAQ_DEATH, set_hit_points, status_event
from .sources import Source, net_superiority
from .state import ACTIVE, DYING, STABLE, UNCONSCIOUS, CombatantState, Event

NO_LOSS, STABILIZES = 10, 16


def dying_sources(state: CombatantState) -> list[Source]:
    """ "Con Corpulencia 0 la tirada se hace con Inferioridad. Con Corpulencia 1, con Superioridad."
    Difícil de matar "concede Superioridad a las tiradas de estabilizarse" (and the FAQ: "añade la
    Superioridad que le concede esa ventaja")."""
    out = []
    corpulencia = state.attribute("corpulencia")
    if corpulencia == 0:
        out.append(Source("corpulencia-0", -1, FAQ_DEATH, "Corpulencia 0", "Corpulencia 0"))
    elif corpulencia >= 1:
        out.append(Source("corpulencia-1", +1, FAQ_DEATH, "Corpulencia 1", "Corpulencia 1"))
    if "dificil-de-matar" in state.advantages:
        out.append(Source("dificil-de-matar", +1, "LISTA DE VENTAJAS", "Difícil de matar", "Hard to kill"))
    return out


def dying_check(state: CombatantState, dice: DiceSource) -> tuple[CombatantState, list[Event]]:
    """Each turn: "Pierde 1 punto de vida cada turno a menos que saque una tirada de 10+ en 1d20 …
    Si el resultado de esa tirada resulta en un 16+, además de no perder puntos de vida el
    personaje se estabiliza." A plain 1d20 (no bonus); a natural 1 always fails."""
    if state.status != DYING:
        raise Refused("dying.not_dying", FAQ_DEATH, "No está muriendo.", "Not dying.")
    sources = dying_sources(state)
    roll = roll_d20(dice, net_superiority(sources), 0)
    who = state.display_name
    if roll.total >= STABILIZES:
        state = replace(state, status=STABLE)
        es, en = f"{who} se estabiliza ({roll.total}).", f"{who} stabilizes ({roll.total})."
        public = (es, en)
    elif roll.total >= NO_LOSS and not roll.natural_1:
        es, en = f"{who} aguanta ({roll.total}).", f"{who} holds on ({roll.total})."
        public = (es, en)
    else:
        state = set_hit_points(state, state.hit_points - 1)
        es = f"{who} pierde 1 punto de vida ({roll.total}): {state.hit_points}."
        en = f"{who} loses 1 hit point ({roll.total}): {state.hit_points}."
        public = (f"{who} pierde 1 punto de vida ({roll.total}).", f"{who} loses 1 hit point ({roll.total}).")
    events = [
        Event(
            "dying_check",
            es,
            en,
            FAQ_DEATH,
            actor=state.id,
            roll=roll,
            sources=tuple(sources),
            data={"hit_points": state.hit_points, "status": state.status},
            private="actor",
            public=public,
        )
    ]
    if state.status not in (DYING,):
        events.append(status_event(state))
    return state, events


def stabilize(state: CombatantState, *, by: str | None = None) -> tuple[CombatantState, list[Event]]:
    """ "se le puede estabilizar con medicina dificultad 15 o superpoderes curativos" — the caller
    resolves the Medicina roll; healing powers stabilize through `damage.heal`."""
    if state.status != DYING:
        raise Refused("dying.not_dying", FAQ_DEATH, "No está muriendo.", "Not dying.")
    state = replace(state, status=STABLE)
    return state, [status_event(state, by)]


def next_day(state: CombatantState) -> CombatantState:
    """Inmortalidad: "al día siguiente despertará con 1 punto de vida, si no se le ha recuperado antes"."""
    if (
        "inmortalidad" in state.powers
        and state.hit_points <= 0
        and state.status in (UNCONSCIOUS, DYING, STABLE)
    ):
        return replace(state, hit_points=1, status=ACTIVE)
    return state
