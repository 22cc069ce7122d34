"""The phase's other actions: moving (half or full phase), Recovery, holding the phase, standing
up, picking a weapon up, escaping a grab, tracking a target to Set on it, and ending the phase."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT

from .. import clock
from ..derived import round_half_down
from ..phase import end_phase, spend
from ..recovery import recover
from ..state import drop_condition, has, refuse, spend_end
from . import contests
from .haymaker import target_moved
from .schemas import EndTurnInput, MoveInput, PickUpInput, TrackInput, read

HALF = 0.5


def _say(table: Table, actor: int, kind: str, es: str, en: str, rule: str, **extra) -> None:
    table.write(
        Entry(kind, {"text": {"es": es, "en": en}, "rule": rule, **extra}, actor=actor, round=table.round)
    )


def move(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """6E: a half move is a half-phase action, a full move the whole phase; 1 END per 5" (10m)."""
    c = table.combatant(actor)
    req = read(MoveInput, action)
    limit = c["sheet"]["movement"] * (1 if req["full"] else HALF)
    if req["inches"] > limit or has(c, "grabbed"):
        raise refuse(
            "move.too_far",
            f'Puede moverse como mucho {limit}" así.',
            f'They can move at most {limit}" so.',
            rule="6E Movement",
            path="/inches",
        )
    spend(c, 1 if req["full"] else HALF)
    spend_end(c, round_half_down(int(req["inches"]), 5), rule="6E Movement")
    c["velocity"] = req["inches"]
    target_moved(table, actor)
    _say(
        table,
        actor,
        "move",
        f'Se mueve {req["inches"]}".',
        f'Moves {req["inches"]}".',
        "6E Movement",
        inches=req["inches"],
        full=req["full"],
    )
    if c["spent"] >= 1:
        end_phase(table, dice, actor)


def recovery(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """6E Recovery: a full phase in which the character gets back REC STUN and END."""
    c = table.combatant(actor)
    spend(c, 1)
    recover(table, actor, c, rule="6E Recovery")
    end_phase(table, dice, actor)


def hold(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """6E Holding An Action: the phase waits; the character may use it in any later segment until
    their next phase (Ataques coordinados: "Esto puede requerir que los personajes más rápidos esperen")."""
    c = table.combatant(actor)
    if c["held"]:
        raise refuse(
            "hold.already",
            "Ya está aguantando la fase.",
            "The phase is already held.",
            rule="Ataques coordinados",
        )
    if c["spent"]:
        raise refuse(
            "hold.after_acting",
            "Sólo se aguanta una fase entera.",
            "Only a whole phase can be held.",
            rule="Ataques coordinados",
        )
    _say(table, actor, "hold", "Aguanta su fase.", "Holds the phase.", "Ataques coordinados")
    c["held"] = True  # cleared when their next phase comes up (clock.begin_phase)
    if table.state.get("current") == actor:
        clock.advance(table, dice)


def stand_up(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """6E: standing up is a half-phase action."""
    c = table.combatant(actor)
    if not has(c, "prone"):
        raise refuse("stand.not_prone", "No está en el suelo.", "They are not down.", rule="Objetivo tumbado")
    spend(c, HALF)
    drop_condition(c, "prone")
    _say(table, actor, "stand_up", "Se levanta.", "Stands up.", "Objetivo tumbado")
    if c["spent"] >= 1:
        end_phase(table, dice, actor)


def pick_up(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    c = table.combatant(actor)
    req = read(PickUpInput, action)
    if req["attack"] not in c["lost_attacks"]:
        raise refuse(
            "pick_up.not_lost",
            "Esa arma no está en el suelo.",
            "That weapon is not on the floor.",
            rule="Desarmar",
            path="/attack",
        )
    spend(c, HALF)
    c["lost_attacks"] = [a for a in c["lost_attacks"] if a != req["attack"]]
    _say(table, actor, "pick_up", f"Recoge {req['attack']}.", f"Picks up {req['attack']}.", "Desarmar")
    if c["spent"] >= 1:
        end_phase(table, dice, actor)


def escape(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    c = table.combatant(actor)
    if c["grabbed_by"] is None:
        raise refuse(
            "escape.not_grabbed", "Nadie le tiene agarrado.", "Nobody is holding them.", rule="Agarrar"
        )
    spend(c, HALF)
    payload: dict = {"rule": "Agarrar"}
    free = contests.escape(table, dice, actor, payload)
    payload["text"] = {
        "es": "Se suelta del agarre." if free else "No logra soltarse.",
        "en": "Breaks free of the grab." if free else "Fails to break free.",
    }
    table.write(Entry("escape", payload, actor=actor, target=payload["grabber"], round=table.round))
    end_phase(table, dice, actor)


def track(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """Establecerse without attacking: "debe pasar toda una fase de seguimiento del objetivo"."""
    c = table.combatant(actor)
    req = read(TrackInput, action)
    if table.combatant(req["target"]) is None or req["target"] == actor:
        raise refuse(
            "target.not_in_fight",
            "Ese objetivo no está en el combate.",
            "That target is not in the fight.",
            rule="Establecerse",
            path="/target",
        )
    spend(c, 1)
    c["set_on"] = req["target"]
    table.write(
        Entry(
            "track",
            {
                "text": {"es": "Se establece en su objetivo.", "en": "Sets on the target."},
                "rule": "Establecerse",
            },
            actor=actor,
            target=req["target"],
            round=table.round,
        )
    )
    end_phase(table, dice, actor)


def phase_now(table: Table) -> str:
    """The phase being played, as `end_turn` names it: "<turn>.<segment>"."""
    return f"{table.round}.{table.state.get('segment')}"


def end_turn(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    # An attack ends the phase by itself (004 "Comprobación de secuencia de combate": the
    # character's action ends the phase); a "Terminar la fase" sent for that phase must not end
    # the character's next one.
    asked = read(EndTurnInput, action)["phase"]
    if asked and asked != phase_now(table):
        raise refuse(
            "turn.phase_over",
            "Esa fase ya había terminado; la de ahora sigue en juego.",
            "That phase was already over; the current one is still on.",
            rule="Comprobación de secuencia de combate",
            path="/phase",
            kind=CONFLICT,
        )
    c = table.combatant(actor)
    if c["set_on"] is not None and c["spent"] == 0:
        c["set_on"] = None  # "perderá la bonificación si no ataca o rastrea el objetivo"
    _say(
        table,
        actor,
        "end_phase",
        "Termina su fase.",
        "Ends the phase.",
        "Comprobación de secuencia de combate",
    )
    end_phase(table, dice, actor)
