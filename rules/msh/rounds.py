"""The round, exactly as SECUENCIA DE COMBATE orders it:
1. "Se tira iniciativa" (per side, `initiative.py`);
2. "El bando defensor (menor iniciativa) declara sus acciones." then "El bando atacante (mayor
   iniciativa) declara sus acciones." — with more than two sides, from the lowest initiative up;
3. "El bando atacante hace sus acciones. Puede reservarse su acción para contrarrestar una
   acción del defensor." then "El bando defensor hace sus acciones."

Declarations go through `rules.core.declarations`. The defensive actions announced at the start
of the turn (Evadirse, Esquivar, Bloqueo, Interposición) are rolled first; then each side acts,
highest initiative first, in the order its members declared, each declaration followed by its
other action where the seed gives one (`follow_ups.py`); a held action (`hold`) resolves
just before the action of the combatant it counters (or after the defenders, if that one does
not act). When every combatant able to act has declared, or the GM closes the declarations,
the round resolves; its end ticks the timed effects and the next round rolls initiative.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import declarations as decl
from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table

from .combatant import DYING, can_act, effects, refresh
from .defenses import release
from .follow_ups import steps_of
from .initiative import roll_initiative
from .phase import ACT, DECLARE, SEQUENCE, round_state
from .specials import lose_endurance_rank

AT_START = ("evade", "dodge", "block", "interpose")  # "Se debe anunciar al principio del turno"
PER_TURN = ("dodge", "evade", "block_armor", "interpose", "effect_karma", "escaped", "away", "squeezed")


def open_round(table: Table, dice: DiceSource) -> None:
    """Initiative, then the declarations of the lowest side."""
    roll_initiative(table, dice)
    decl.open_round(table.state, table.round)
    msh = round_state(table.state)
    msh.update(phase=DECLARE, side=None)
    table.state["msh"] = msh
    next_declaring_side(table)


def able(table: Table, side: str) -> list[str]:
    return [cid for cid, c in table.combatants().items() if c.get("side") == side and can_act(c)]


def next_declaring_side(table: Table) -> str | None:
    """The lowest-initiative side with someone still to declare, set as the clock's side."""
    msh = round_state(table.state)
    for side in reversed(msh.get("sides") or []):
        if any(not decl.has_declared(table.state, cid) for cid in able(table, side)):
            msh["side"] = side
            table.state["msh"] = msh
            return side
    msh["side"] = None
    table.state["msh"] = msh
    return None


def may_declare(state: Mapping, cid: int) -> bool:
    msh = round_state(state)
    combatant = (state.get("combatants") or {}).get(str(cid)) or {}
    return (
        state.get("status") == "active"
        and msh.get("phase") == DECLARE
        and combatant.get("side") == msh.get("side")
        and can_act(combatant)
    )


def _side_of(table: Table, cid) -> str:
    return str((table.combatant(cid) or {}).get("side"))


def steps(table: Table) -> list[decl.Step]:
    """The order of resolution of the declared actions (see the module's docstring)."""
    declared = sorted(decl.declared(table.state).items(), key=lambda item: item[1]["order"])
    sides = round_state(table.state).get("sides") or []
    attackers = sides[0] if sides else None
    out = [
        decl.Step(int(cid), d["action"], "start") for cid, d in declared if d["action"]["type"] in AT_START
    ]
    holds = {int(cid): d["action"] for cid, d in declared if d["action"]["type"] == "hold"}
    for side in sides:
        out += _side_steps(table, declared, side, side != attackers, holds)
    out += [decl.Step(cid, _as_attack(h["action"]), "held") for cid, h in holds.items()]
    return out


def _side_steps(
    table: Table, declared: list, side: str, defending: bool, holds: dict[int, dict]
) -> list[decl.Step]:
    """ "El bando atacante hace sus acciones … El bando defensor hace sus acciones": one side's
    declarations in the order they were made, on a defending side each after the held actions
    that counter it (taken out of `holds`)."""
    out = []
    for cid, d in declared:
        action = d["action"]
        if _side_of(table, cid) != side or not _acts_in_turn(action):
            continue
        if defending:
            out += _holds_before(holds, int(cid))
        out += [decl.Step(int(cid), one, side) for one in steps_of(action)]
    return out


def _acts_in_turn(action: Mapping) -> bool:
    """Whether a declaration resolves in its side's turn: not a held action (it resolves with the
    action it counters) nor one announced at the start of the turn (rolled first), save a Dodge
    followed by another action."""
    if action["type"] == "hold":
        return False
    return action["type"] not in AT_START or (action["type"] == "dodge" and bool(action.get("then")))


def _holds_before(holds: dict[int, dict], cid: int) -> list[decl.Step]:
    """ "Puede reservarse su acción para contrarrestar una acción del defensor"."""
    found = [holder for holder, hold in holds.items() if hold.get("before") == cid]
    return [decl.Step(holder, _as_attack(holds.pop(holder)["action"]), "held") for holder in found]


def _as_attack(action: Mapping) -> dict:
    """A held action is an attack (its schema says so)."""
    return {**action, "type": "attack"}


def begin_acting(table: Table) -> None:
    msh = round_state(table.state)
    sides = msh.get("sides") or []
    msh.update(phase=ACT, side=sides[0] if sides else None)
    table.state["msh"] = msh


def before_step(table: Table, step: decl.Step) -> None:
    msh = round_state(table.state)
    msh["side"] = _side_of(table, step.cid)
    table.state["msh"] = msh


def can_still_act(state: Mapping, cid: int) -> bool:
    return can_act((state.get("combatants") or {}).get(str(cid)) or {})


def _expire(combatant: dict, round_number: int) -> None:
    mark = effects(combatant)
    for key in PER_TURN:
        mark.pop(key, None)
    for key in ("stunned", "unconscious"):
        if key in mark and int(mark[key]) <= round_number:
            mark.pop(key)
    for key in ("aimed",):
        if key in mark and int(mark[key]) <= round_number:
            mark.pop(key)
    if (mark.get("bonus_cs") or {}).get("round", 0) <= round_number:
        mark.pop("bonus_cs", None)


def end_round(table: Table, dice: DiceSource) -> None:
    """The turn's effects end; the dying lose a rank; holds of fallen holders end; next round."""
    for cid, combatant in table.combatants().items():
        _expire(combatant, table.round)
        mark = effects(combatant)
        if combatant.get("status") == DYING and int(mark.get("dying", table.round)) < table.round:
            # Muerte, blanco: "pierde un rango en Resistencia cada turno"
            dead = lose_endurance_rank(combatant)
            table.write(_dying_entry(table, int(cid), combatant, dead))
        refresh(combatant)
    for cid, combatant in table.combatants().items():
        holder = (combatant.get("effects") or {}).get("held_by", {}).get("by")
        if holder is not None and not can_still_act(table.state, holder):
            release(table, cid)
    table.state["round"] = table.round + 1
    table.write(
        Entry(
            "round_end",
            {
                "text": {"es": f"Empieza el asalto {table.round}.", "en": f"Round {table.round} begins."},
                "rule": SEQUENCE,
            },
            round=table.round,
        )
    )
    open_round(table, dice)


def _dying_entry(table: Table, cid: int, combatant: dict, dead: bool) -> Entry:
    name = combatant.get("name", f"#{cid}")
    es = f"{name} pierde un rango de Resistencia" + (" y muere." if dead else ".")
    en = f"{name} loses an Endurance rank" + (" and dies." if dead else ".")
    return Entry(
        "dying",
        {
            "endurance": combatant["abilities"]["endurance"],
            "status": combatant["status"],
            "text": {"es": es, "en": en},
            "public_text": {"es": f"{name} se muere.", "en": f"{name} is dying."},
            "private": "actor",
            "rule": "Resultados Especiales de la Tabla de Combate › Muerte",
        },
        actor=cid,
        round=table.round,
    )


def everyone_declared(table: Table) -> bool:
    return next_declaring_side(table) is None
