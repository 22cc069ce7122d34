"""Time in a Hero fight: a turn of 12 segments, the characters whose SPD gives them a phase in a
segment acting in DEX order, recovery after segment 12, and combat starting on segment 12.

State keys (beside `rules.core.fold`'s): `round` is the turn, `segment` the segment, `turn_order`
the combatants still to act in this segment (the current one first) and `current` who acts.
Tie-break inside a segment (the seed is silent; 6E leaves a tie to a roll or to the GM): higher DEX
first ("los personajes deben atacar en la misma DES", Ataques coordinados); among equal DEX, the
order the GM set (`reorder_tie`, each one's `tie_rank`), then higher SPD, then whoever joined the
fight first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table

from . import recovery
from .state import add_condition, chars, drop_condition, has, no_effects

RULE_TIME = "6E Speed Chart"
START_SEGMENT = 12  # 6E: "Combat always begins on Segment 12"
# Unconscious characters with STUN down to −10 recover on each of their phases (6E "Recovering
# From Unconsciousness"); further down they wait for the post-segment 12 recovery.
PHASE_RECOVERY_FLOOR = -10


UNRANKED = 10**6  # after everyone the GM put in order (a newcomer of the same DEX comes after them)


def order_key(cid: str, c: Mapping) -> tuple:
    rank = c.get("tie_rank")
    return (-chars(c)["dex"], UNRANKED if rank is None else rank, -chars(c)["spd"], int(cid))


def dex_ties(state: Mapping) -> list[list[int]]:
    """The groups of two or more combatants in the fight with the same DEX, each in acting order."""
    groups: dict[int, list[tuple]] = {}
    for cid, c in (state.get("combatants") or {}).items():
        if not c.get("removed"):
            groups.setdefault(chars(c)["dex"], []).append((order_key(cid, c), int(cid)))
    return [[cid for _, cid in sorted(g)] for _, g in sorted(groups.items(), reverse=True) if len(g) > 1]


def put_before(state: dict, first: int, second: int) -> None:
    """The GM's order of a DEX tie: `first` just before `second`, the rest of the tie as it was.
    Whoever is still to act in this segment follows the new order at once."""
    group = next(g for g in dex_ties(state) if first in g and second in g)
    group.remove(first)
    group.insert(group.index(second), first)
    for rank, cid in enumerate(group):
        state["combatants"][str(cid)]["tie_rank"] = rank
    order = list(state.get("turn_order") or [])
    head = order[:1] if order and order[0] == state.get("current") else []
    fresh = segment_order(state, state["segment"]) if state.get("segment") else []
    place = {cid: i for i, cid in enumerate(fresh)}
    state["turn_order"] = head + sorted(order[len(head) :], key=lambda cid: place.get(cid, len(place)))


def segment_order(state: Mapping, segment: int) -> list[int]:
    """Who has a phase in `segment`, in acting order, with a successful blocker moved before the
    attacker it blocked ("el personaje que bloquea automáticamente será el que deba atacar primero,
    independientemente del valor de DES", Bloquear)."""
    found = [
        (order_key(cid, c), int(cid))
        for cid, c in (state.get("combatants") or {}).items()
        if not c.get("removed") and segment in c["phases"] and c["status"] != "dead"
    ]
    order = [cid for _, cid in sorted(found)]
    for cid in list(order):
        c = state["combatants"][str(cid)]
        for rival in c["effects"].get("block_first", []):
            if rival in order and order.index(rival) < order.index(cid):
                order.remove(cid)
                order.insert(order.index(rival), cid)
    return order


def _lost(table: Table, cid: int, c: dict, code: str, es: str, en: str, rule: str) -> None:
    table.write(
        Entry(
            code,
            {"text": {"es": es, "en": en}, "rule": rule, "segment": table.state["segment"]},
            actor=cid,
            round=table.round,
        )
    )


def begin_phase(table: Table, dice: DiceSource, cid: int) -> bool:
    """What happens as a combatant's phase comes up; True when they act in it."""
    c = table.combatant(cid)
    if c is None or c["status"] in ("dead", "dying"):
        return False
    c["held"] = False
    if c["lose_next_phase"]:
        # "Un personaje puede perder la siguiente fase de acción para hacer esta maniobra fuera de la
        # fase" (Maniobras de combate, Abortar): the aborted maneuver's effect lasts through it.
        c["lose_next_phase"] = False
        _lost(
            table,
            cid,
            c,
            "phase_lost",
            "Pierde esta fase por haber abortado.",
            "Loses this phase for having aborted.",
            "Maniobras de combate",
        )
        return False
    c["effects"] = no_effects()
    c["spent"] = 0
    c["suppressing"] = None  # Fuego sostenido: "Puede durar hasta la siguiente fase de acción"
    if c["velocity"]:
        c["velocity"] = 0
    if has(c, "stunned"):
        # 6E Stunned: the character's next phase is spent recovering from being stunned.
        drop_condition(c, "stunned")
        _lost(
            table,
            cid,
            c,
            "stun_recovered",
            "Se recupera del aturdimiento y pierde la fase.",
            "Recovers from being stunned and loses the phase.",
            "6E Stunned",
        )
        return False
    if c["status"] == "unconscious":
        if c["stun"] >= PHASE_RECOVERY_FLOOR:
            recovery.recover(table, cid, c, rule="6E Recovering From Unconsciousness")
        return False
    return True


# What happens as a segment ends, before the next begins: the haymakers declared in it land then
# ("Directo": "el golpe no se producirá hasta el final del segmento 7"). The action that declares
# them registers it (`actions.haymaker`), so the clock imports no action.
AT_SEGMENT_END: list[Callable[[Table, DiceSource], None]] = []


def at_segment_end(step: Callable[[Table, DiceSource], None]) -> Callable[[Table, DiceSource], None]:
    if step not in AT_SEGMENT_END:
        AT_SEGMENT_END.append(step)
    return step


def _next_segment(table: Table, dice: DiceSource) -> None:
    state = table.state
    for land in AT_SEGMENT_END:
        land(table, dice)
    _back_into_cover(table)
    if state["segment"] == 12:
        recovery.post_segment_12(table)
        state["round"] = table.round + 1
        state["segment"] = 1
    else:
        state["segment"] += 1


def _back_into_cover(table: Table) -> None:
    """Golpe a traición: exposed for the segment after the shot, back in cover once it ends."""
    now = [table.round, table.state["segment"]]
    for c in table.combatants().values():
        until = c.get("exposed_until")
        if until == now:
            c["exposed_until"] = None
            drop_condition(c, "exposed")
            add_condition(c, "in-cover")


def advance(table: Table, dice: DiceSource) -> None:
    """Pass the action on: the next combatant of this segment who can act, else the next segment."""
    state = table.state
    order = list(state.get("turn_order") or [])
    if order and order[0] == state.get("current"):
        order.pop(0)
    for _ in range(12 * 4):
        while order:
            cid = order[0]
            if begin_phase(table, dice, cid):
                state["current"], state["turn_order"] = cid, order
                return
            order.pop(0)
        _next_segment(table, dice)
        order = segment_order(state, state["segment"])
    state["current"], state["turn_order"] = None, []  # nobody can act in four turns: the GM ends it


def pass_on_from_the_fallen(table: Table, dice: DiceSource) -> None:
    """The one whose phase it is may be struck down out of their own hand (Fuego sostenido's
    automatic attack, Cubrir, a held or aborted attack, a mental attack on EGO, the GM's adjustment):
    stunned, unconscious, dying or dead, they cannot finish the phase (6E Stunned, Unconsciousness, Dying; the
    document: "la fase del personaje termina, y el DJ pasa a la fase de acción del siguiente
    personaje", ¿Cómo funciona el combate?), so the action passes on to the next who can act."""
    state = table.state
    current = state.get("current")
    if state.get("status") != "active" or current is None:
        return
    c = table.combatant(current)
    if c is None or c.get("removed") or c["status"] != "active" or has(c, "stunned"):
        # 6E Stunned: a stunned character can take no actions; its next phase is spent recovering.
        advance(table, dice)


def start(table: Table, dice: DiceSource) -> None:
    state = table.state
    state["status"] = "active"
    state["round"] = 1
    state["segment"] = START_SEGMENT
    state["turn_order"] = segment_order(state, START_SEGMENT)
    state["current"] = None
    order = list(state["turn_order"])
    while order:
        if begin_phase(table, dice, order[0]):
            state["current"], state["turn_order"] = order[0], order
            return
        order.pop(0)
    state["turn_order"] = []
    advance(table, dice)


def clock(state: Mapping) -> dict:
    """docs/api.md: `{"turn", "segment", "current"}`, plus what the SPD grid draws."""
    combatants = state.get("combatants") or {}
    current = state.get("current")
    acting = combatants.get(str(current)) if current is not None else None
    return {
        "turn": state.get("round") or 0,
        "segment": state.get("segment"),
        "current": current,
        "order": list(state.get("turn_order") or []),
        "spent": acting["spent"] if acting else None,
        "held": sorted(int(cid) for cid, c in combatants.items() if c.get("held") and not c.get("removed")),
        "chart": [
            {"combatant": int(cid), "spd": c["spd"], "dex": chars(c)["dex"], "segments": list(c["phases"])}
            for cid, c in sorted(combatants.items(), key=lambda kv: order_key(*kv))
            if not c.get("removed")
        ],
    }
