"""Hero's `CombatRules` (rules/systems.py): how the site builds, drives and reads a Hero fight."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import CombatantFacts, Table, Viewer
from rules.systems import CombatRules, SheetRefused

from . import clock as clocks
from . import odds as odds_module
from . import privacy
from .actions.registry import ACTIONS, may_act
from .sheet import parse
from .state import new_combatant


class HeroCombat(CombatRules):
    actions = ACTIONS

    def build_combatant(self, *, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
        normal, problems = parse(sheet)
        if problems:
            raise SheetRefused(problems)
        body = options.get("hit_points") if options else None
        if body is not None and (isinstance(body, bool) or not isinstance(body, int) or not 1 <= body <= 300):
            from rules.core.problems import Problem

            raise SheetRefused(
                [
                    Problem(
                        "options.hit_points",
                        "/hit_points",
                        "La CUE debe ser un entero de 1 a 300.",
                        "BODY must be a whole number from 1 to 300.",
                        "Valores de combate y tiradas de ataque",
                    )
                ]
            )
        return new_combatant(normal, body)

    def join(self, table: Table, dice: DiceSource, cid: int) -> None:
        """A newcomer to a running fight acts from the next segment its SPD gives it a phase in (the
        current segment's order was fixed when the segment began)."""
        return None

    def clock(self, state: Mapping) -> dict:
        return clocks.clock(state)

    def may_act(self, state: Mapping, actor: int | None, action: Mapping) -> bool:
        return may_act(state, actor, action)

    def remove(self, table: Table, dice: DiceSource, cid: int) -> None:
        state = table.state
        c = (state.get("combatants") or {}).get(str(cid))
        if c is None:
            return
        c["removed"] = True
        was_current = state.get("current") == cid
        if was_current and table.status == "active":
            clocks.advance(table, dice)
        state["turn_order"] = [x for x in state.get("turn_order") or [] if x != cid]
        if state.get("current") == cid:
            state["current"] = None

    def view_combatant(self, state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
        return privacy.view_combatant(state, facts, viewer=viewer)

    def view_event(self, event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
        return privacy.view_event(event, hidden=hidden, viewer=viewer)

    def odds(self, state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
        return odds_module.odds(state, request, viewer=viewer, hidden=hidden)
