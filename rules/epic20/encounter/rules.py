"""Epic20's combat on the system seam (`rules.systems.CombatRules`): one combatant acts at a
time, in initiative order (INICIATIVA); the GM and a few maneuvers act any time."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import CombatantFacts, Table, Viewer
from rules.core.errors import Refused
from rules.core.fold import ORDER_KEYS
from rules.epic20.resolution import initiative
from rules.systems import CombatRules, FightAward

from . import odds as attack_odds
from . import order, privacy
from .codec import encode
from .combatants import build_combatant, dump
from .table import Epic20Table
from .types import ACTION_TYPES, is_any_time


class Epic20Combat(CombatRules):
    actions = ACTION_TYPES

    def build_combatant(self, *, cid: int, name: str, side: str, sheet: Mapping, options: Mapping) -> dict:
        state = build_combatant(
            cid=cid,
            name=name,
            side=side,
            sheet=sheet,
            minion=bool(options.get("minion")),
            hit_points=options.get("hit_points"),
        )
        return {**dump(state), "initiative": None}

    def fight_award(self, request: Mapping) -> FightAward | None:
        """The GM's hero points given in a fight (PUNTOS DE HÉROE: "Se ganan puntos de Héroe a
        discreción del Director") are the partida's awards too."""
        if request.get("type") != "award_hero_point":
            return None
        return FightAward(combatant=request.get("target"), amount=int(request.get("points") or 1))

    def join(self, table: Table, dice: DiceSource, cid: int) -> None:
        """In a running fight the newcomer rolls initiative and takes its place from the next round."""
        if table.status != "active":
            return
        epic = Epic20Table.from_state(table.state, commitment=table.commitment)
        rolls, events = initiative.roll_initiative([epic.get(cid)], dice)
        epic.emit(events)
        epic.folded["combatants"][str(cid)].update(
            {"initiative": rolls[0].total, "initiative_roll": encode(rolls[0])}
        )
        order.insert_in_order(epic, str(cid), rolls[0])
        table.state = epic.result()
        table.entries.extend(epic.entries)

    def remove(self, table: Table, dice: DiceSource, cid: int) -> None:
        """The combatant leaves every order; if it was acting, the turn passes on."""
        epic = Epic20Table.from_state(table.state, commitment=table.commitment)
        was_current = epic.current == str(cid)
        index = epic.order.index(cid) if cid in epic.order else -1
        del epic.states[str(cid)]
        epic.folded["combatants"][str(cid)] = {**epic.folded["combatants"][str(cid)], "removed": True}
        for key in ORDER_KEYS:
            epic.folded[key] = [c for c in epic.folded.get(key) or [] if c != cid]
        if was_current and table.status == "active":
            epic.folded["current"] = None
            order.advance(epic, dice, from_index=index - 1)
        table.state = epic.result()
        table.entries.extend(epic.entries)

    def clock(self, state: Mapping) -> dict:
        return {"round": int(state.get("round") or 0), "current": state.get("current")}

    def may_act(self, state: Mapping, actor: int | None, action: Mapping) -> bool:
        kind = action.get("type")
        if actor is None or not ACTION_TYPES[kind].needs_actor or is_any_time(kind, action):
            return True
        return state.get("current") == actor

    def view_combatant(self, state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
        return privacy.view_combatant(state, facts, viewer=viewer)

    def view_event(self, event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
        return privacy.view_event(event, hidden=hidden, viewer=viewer)

    def view_refusal(self, exc: Refused, *, hidden_target: bool) -> Refused:
        return privacy.view_refusal(exc, hidden_target=hidden_target)

    def odds(self, state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
        return attack_odds.odds(state, request, viewer=viewer, hidden=hidden)
