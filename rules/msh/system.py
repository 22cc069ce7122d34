"""The MSH system on the seam (`rules.systems`): slug `msh`, d100 on the Universal Table."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import declarations as decl
from rules.core.dice import DiceSource
from rules.core.encounter import ActionType, CombatantFacts, Table, Viewer
from rules.systems import CombatRules, GameSystem, SheetCheck

from . import actions, combatant, odds, privacy, rounds, sheet
from .catalogue import catalogue
from .defenses import release
from .dice import roll_die
from .phase import DECLARE, round_state
from .sheet import check_sheet


class MshCombat(CombatRules):
    """How an MSH fight runs (`rules.systems.CombatRules`)."""

    actions: Mapping[str, ActionType] = actions.ACTIONS

    def build_combatant(self, *, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
        return combatant.build_combatant(cid=cid, name=name, side=side, sheet=sheet, options=options)

    def join(self, table: Table, dice: DiceSource, cid: int) -> None:
        """A newcomer takes its side's initiative; a new side rolls 1d10 and goes last."""
        newcomer = table.combatant(cid)
        if table.status != "active" or newcomer is None:
            return
        msh = round_state(table.state)
        side = str(newcomer.get("side"))
        if side not in (msh.get("sides") or []):
            roll = roll_die(dice, 10)
            msh["sides"] = [*(msh.get("sides") or []), side]
            msh["initiative"] = {**(msh.get("initiative") or {}), side: roll["total"]}
            table.state["msh"] = msh
        newcomer["initiative"] = (msh.get("initiative") or {}).get(side)
        if msh.get("phase") == DECLARE:
            rounds.next_declaring_side(table)

    def clock(self, state: Mapping) -> dict:
        msh = round_state(state)
        return {
            "round": int(state.get("round") or 0),
            "phase": msh.get("phase"),
            "side": msh.get("side"),
            "current": None,
        }

    def may_act(self, state: Mapping, actor: int | None, action: Mapping) -> bool:
        kind = action.get("type")
        if kind == "start":
            return state.get("status") == "setup"
        if kind == "end":
            return state.get("status") == "active"
        if kind == "resolve_round":
            return state.get("status") == "active" and decl.is_open(state)
        if kind == "declare":
            return actor is not None and rounds.may_declare(state, actor)
        return False  # everything else is declared, then resolved in the seed's order

    def remove(self, table: Table, dice: DiceSource, cid: int) -> None:
        gone = table.combatant(cid)
        if gone is None:
            return
        release(table, cid)
        for other_id, other in table.combatants().items():
            if (other.get("effects") or {}).get("held_by", {}).get("by") == int(cid):
                release(table, other_id)
        gone["removed"] = True
        by = dict((table.state.get(decl.KEY) or {}).get("by") or {})
        if by.pop(str(cid), None) is not None:
            table.state[decl.KEY] = {**table.state[decl.KEY], "by": by}
        if self._ready_to_resolve(table):
            actions.RESOLVE_ROUND.resolve(table, dice, {}, None)

    @staticmethod
    def _ready_to_resolve(table: Table) -> bool:
        """Taking out the last one who had not declared completes the declarations."""
        return (
            table.status == "active"
            and decl.is_open(table.state)
            and bool(decl.declared(table.state))
            and round_state(table.state).get("auto_resolve", True)
            and rounds.everyone_declared(table)
        )

    def view_combatant(self, state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
        return privacy.view_combatant(state, facts, viewer=viewer)

    def view_event(self, event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
        return privacy.view_event(event, hidden=hidden, viewer=viewer)

    def odds(self, state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
        return odds.odds(state, request, viewer=viewer, hidden=hidden)

    def view_declarations(
        self, state: Mapping, *, viewer: Viewer, facts: Mapping[int, CombatantFacts]
    ) -> list[dict]:
        return privacy.view_declarations(state, viewer=viewer, facts=facts)


class MshSystem(GameSystem):
    slug = "msh"
    name_es = "Marvel Super Heroes (tabla universal)"
    name_en = "Marvel Super Heroes (Universal Table)"
    dice = "1d100"
    # One line for the campaign form (seed 001, "SECUENCIA DE COMBATE" and the Universal Table).
    summary_es = "Superhéroes con 1d100 en la Tabla Universal: rangos, resultados por colores; cada bando declara y luego actúa."
    summary_en = "Superheroes on a d100 and the Universal Table: ranks, coloured results; each side declares, then acts."
    sheet_keys = frozenset(sheet.KEYS)

    def __init__(self) -> None:
        self.combat = MshCombat()

    def catalogue(self) -> Mapping:
        return catalogue()

    def check_sheet(self, sheet: Mapping, **history) -> SheetCheck:
        return check_sheet(sheet)


SYSTEM = MshSystem()
