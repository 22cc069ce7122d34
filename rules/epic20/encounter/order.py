"""Epic20's order of play (INICIATIVA; Tipos de acciones en el turno): initiative, whose turn it
is, the end of a turn and of a round, delaying (MANIOBRAS DE COMBATE › Retrasar acción), a
newcomer's place in the order, the end of the fight."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.dice import DiceSource
from rules.epic20.resolution import initiative, lifecycle
from rules.epic20.resolution.state import ACTIVE, DEAD
from rules.epic20.resolution.turn import ActionBudget

from .codec import decode_dataclass, encode
from .table import Epic20Table


def start(
    table: Epic20Table, dice: DiceSource, *, surprising: Iterable[int] = (), charging: Iterable[int] = ()
) -> None:
    """Roll initiative for everyone (INICIATIVA) and begin round 1; with `surprising`, those act
    first and everyone else is unaware until their own turn (FAQ, sorpresa)."""
    states = [table.states[cid] for cid in sorted(table.states, key=int)]
    rolls, events = initiative.roll_initiative(states, dice, charging=[str(c) for c in charging])
    normal = [int(c) for c in initiative.turn_order(rolls)]
    surprising = {str(c) for c in surprising}
    table.folded["status"] = "active"
    table.folded["round"] = 1
    table.say("encounter_started")
    table.emit(events)
    for r in rolls:
        data = table.folded["combatants"][r.combatant]
        data["initiative"] = r.total
        data["initiative_roll"] = encode(r)
    table.folded["initiative_order"] = normal
    if surprising:
        order = [int(c) for c in initiative.surprise_round_order(rolls, surprising)]
        for cid, state in table.states.items():
            if cid not in surprising:
                table.put(initiative.mark_unaware(state))
        table.say("surprise", names=[table.name(c) for c in order if str(c) in surprising])
    else:
        order = normal
    table.folded["turn_order"] = order
    table.folded["surprise_round"] = bool(surprising)
    table.put(*lifecycle.new_round(table.states.values()))
    table.say("round_started", number=1)
    table.folded["current"] = None
    advance(table, dice, from_index=-1)


def _begin_turn(table: Epic20Table, cid: str, dice: DiceSource) -> bool:
    """Begin `cid`'s turn; True when they can act (otherwise their turn ends at once)."""
    delayed = dict((table.folded.get("turn") or {}).get("delayed") or {})
    table.folded["current"] = int(cid)
    if cid in delayed:
        budget = decode_dataclass(ActionBudget, delayed.pop(cid))
        turn = dict(table.folded.get("turn") or {})
        turn["delayed"] = delayed
        table.folded["turn"] = turn
        table.set_budget(budget)
        table.say("turn_resumed", actor=cid, name=table.name(cid))
        return True
    table.say("turn_started", actor=cid, name=table.name(cid))
    begun = lifecycle.start_turn(table.states[cid], dice)
    table.put(begun.state)
    table.emit(begun.events)
    table.set_budget(begun.budget)
    if begun.state.status != ACTIVE:
        table.say("turn_skipped", actor=cid, name=table.name(cid))
        table.put(lifecycle.end_turn(table.states[cid]))
        return False
    return True


def _new_round(table: Epic20Table) -> None:
    table.folded["round"] = table.round + 1
    if table.folded.get("surprise_round"):
        table.folded["surprise_round"] = False
    order = [c for c in table.folded.get("initiative_order") or table.order if str(c) in table.states]
    table.folded["turn_order"] = order
    turn = dict(table.folded.get("turn") or {})
    turn["delayed"] = {}
    table.folded["turn"] = turn
    table.put(*lifecycle.new_round(table.states.values()))
    table.say("round_started", number=table.round)


def advance(table: Epic20Table, dice: DiceSource, *, from_index: int | None = None) -> None:
    """Pass the turn to the next combatant in the order who can act, starting new rounds as
    the order runs out. Stops after one full pass when nobody can act."""
    order = table.order
    if from_index is None:
        current = table.folded.get("current")
        from_index = order.index(current) if current in order else -1
    index = from_index
    for _attempt in range(max(1, len(order)) + 1):
        index += 1
        if index >= len(table.order):
            _new_round(table)
            index = 0
        order = table.order
        if not order:
            break
        cid = str(order[index])
        state = table.get(cid)
        if state is None or state.status == DEAD:
            continue
        if _begin_turn(table, cid, dice):
            return
    table.folded["current"] = None
    table.set_budget(None)


def end_turn(table: Epic20Table, dice: DiceSource) -> None:
    cid = table.current
    if cid is not None and cid in table.states:
        table.put(lifecycle.end_turn(table.states[cid]))
        table.say("turn_ended", actor=cid, name=table.name(cid))
    advance(table, dice)


def delay(table: Epic20Table, dice: DiceSource, *, other: int, where: str) -> None:
    """Retrasar acción: the current combatant moves to just before or after `other`, keeping what
    is left of their turn for when it comes back."""
    cid = table.current
    order = [str(c) for c in table.order]
    index = order.index(cid)
    new_order = initiative.delay_action(table.states[cid], order, str(other), where)
    table.folded["turn_order"] = [int(c) for c in new_order]
    if not table.folded.get("surprise_round"):
        table.folded["initiative_order"] = [int(c) for c in new_order]
    turn = dict(table.folded.get("turn") or {})
    delayed = dict(turn.get("delayed") or {})
    if turn.get("budget"):
        delayed[cid] = turn["budget"]
    turn["delayed"] = delayed
    table.folded["turn"] = turn
    table.say("delayed", actor=cid, target=other, name=table.name(cid))
    # Whoever now stands where the delaying combatant stood acts next.
    table.folded["current"] = None
    advance(table, dice, from_index=index - 1)


def insert_in_order(table: Epic20Table, cid: str, roll: initiative.InitiativeRoll) -> None:
    """A combatant joining a running fight takes its place by initiative in later rounds."""
    key = roll.sort_key()
    placed = []
    inserted = False
    for other in table.folded.get("initiative_order") or []:
        data = (table.folded.get("combatants") or {}).get(str(other)) or {}
        other_roll = data.get("initiative_roll")
        other_key = (
            decode_dataclass(initiative.InitiativeRoll, other_roll).sort_key() if other_roll else (0, 0, "")
        )
        if not inserted and key < other_key:
            placed.append(int(cid))
            inserted = True
        placed.append(other)
    if not inserted:
        placed.append(int(cid))
    table.folded["initiative_order"] = placed


def end_fight(table: Epic20Table) -> None:
    table.put(*(lifecycle.end_combat(s) for s in table.states.values()))
    table.folded["status"] = "ended"
    table.folded["current"] = None
    table.set_budget(None)
    table.say("encounter_ended")
