"""The order of play: initiative, rounds, whose turn it is, newcomers and leavers.

The seed gives no initiative roll (docs/rules-notes-anima.md, "Iniciativa"): the project rolls
Iniciativa + the weapons' modifier (Atacar: two weapons take "el modificador de Iniciativa más
perjudicial de ambas" and −2/−4) + 1D10 for every standing combatant at the start of each round,
as the published game rolls it every turn. Higher first; ties go to the higher base, then the
lower id."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT, INVALID, Refused

from . import life_death, reach
from .catalogue import ACTIONS, NOTES
from .combatant import ACTIVE, fresh_turn, name_of, roll_d10
from .derived import weapons_initiative, wielded

RULE = f"{NOTES} › Iniciativa"
# Actions a combatant may take outside its own turn (Las Acciones: free actions; Defenderse).
OUT_OF_TURN = frozenset({"counterattack", "opportunity_attack", "choose_defense"})
ANYTIME = frozenset({"start", "end", "set_results_table", "condition", "adjust", "engagement", "stabilise"})


def initiative_base(combatant: Mapping) -> int:
    sheet = combatant["sheet"]
    return int(sheet["initiative"]) + weapons_initiative(wielded(sheet, combatant.get("wielding") or []))


def _roll_one(table: Table, dice: DiceSource, cid: str) -> None:
    combatant = table.state["combatants"][cid]
    base = initiative_base(combatant)
    roll = roll_d10(dice, base)
    combatant["initiative"] = roll["total"]
    combatant["initiative_base"] = base
    name = combatant["name"]
    table.write(
        Entry("initiative", {
            "initiative_roll": roll, "initiative": roll["total"], "rule": RULE, "private": "actor",
            "text": {"es": f"Iniciativa de {name}: {roll['total']} ({base} + {roll['faces'][0]}).",
                     "en": f"Initiative of {name}: {roll['total']} ({base} + {roll['faces'][0]})."},
            "public_text": {"es": f"{name} tira su iniciativa.", "en": f"{name} rolls initiative."},
        }, actor=int(cid), round=table.round)
    )  # fmt: skip


def _sort_key(table: Table, cid: int) -> tuple:
    c = table.state["combatants"][str(cid)]
    return (-(c.get("initiative") or 0), -(c.get("initiative_base") or 0), cid)


def standing_ids(table: Table) -> list[int]:
    return [int(cid) for cid, c in table.combatants().items() if c.get("status") == ACTIVE]


def begin_turn(table: Table, cid: int | None) -> None:
    """A combatant's turn starts: its movement penalty ("hasta su siguiente turno") ends and its
    actions of the turn are whole again."""
    table.state["current"] = cid
    if cid is None:
        return
    combatant = table.state["combatants"][str(cid)]
    combatant["movement_penalty"] = 0
    combatant["turn_actions"] = fresh_turn()


def new_round(table: Table, dice: DiceSource) -> None:
    """A new turn of the seed (every standing combatant acts once): defenses, counterattacks and
    opportunity attacks "por turno" count again, whoever lies between life and death rolls its
    Resistencia Física, and initiative is rolled."""
    table.state["round"] = table.round + 1
    for combatant in table.combatants().values():
        combatant["defenses_this_round"] = 0
        combatant["counterattack_offer"] = None
        combatant["opportunity_offer"] = None
    table.write(
        Entry("round", {"rule": RULE, "text": {"es": f"Comienza el turno {table.round}.",
                                               "en": f"Round {table.round} begins."}}, round=table.round)
    )  # fmt: skip
    # Estado de Vida y Muerte: the checks come first, so whoever is stabilised rolls initiative.
    life_death.round_checks(table, dice)
    ids = sorted(standing_ids(table))
    for cid in ids:
        _roll_one(table, dice, str(cid))
    order = sorted(ids, key=lambda cid: _sort_key(table, cid))
    table.state["turn_order"] = order
    begin_turn(table, order[0] if order else None)


def _after_current(table: Table) -> list[int]:
    order = list(table.state.get("turn_order") or [])
    current = table.state.get("current")
    return order[order.index(current) + 1 :] if current in order else order


def advance(table: Table, dice: DiceSource, after: list[int] | None = None) -> None:
    """The turn passes to the next standing combatant in the order, or a new round begins."""
    for cid in _after_current(table) if after is None else after:
        combatant = table.combatant(cid)
        if combatant and combatant.get("status") == ACTIVE:
            begin_turn(table, cid)
            return
    new_round(table, dice)


def start(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    if table.status != "setup":
        raise Refused("encounter.already_started", ACTIONS, "El combate ya empezó.", "The fight has already started.",
                      kind=CONFLICT)  # fmt: skip
    if not standing_ids(table):
        raise Refused("encounter.nobody", ACTIONS, "No hay nadie en pie para combatir.",
                      "Nobody is standing to fight.", kind=INVALID)  # fmt: skip
    table.state["status"] = "active"
    table.write(
        Entry("start", {"rule": ACTIONS, "text": {"es": "Empieza el combate.", "en": "The fight begins."}})
    )
    new_round(table, dice)


def end(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    if table.status == "ended":
        raise Refused("encounter.already_ended", ACTIONS, "El combate ya terminó.", "The fight is already over.",
                      kind=CONFLICT)  # fmt: skip
    table.state["status"] = "ended"
    table.state["current"] = None
    table.write(
        Entry("end", {"rule": ACTIONS, "text": {"es": "Termina el combate.", "en": "The fight is over."}})
    )


def end_turn(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    if actor != table.state.get("current"):
        raise Refused("turn.not_yours", ACTIONS, "No es tu turno.", "It is not your turn.", kind=CONFLICT)
    name = name_of(table, actor)
    table.write(
        Entry("end_turn", {"rule": ACTIONS, "text": {"es": f"{name} termina su turno.", "en": f"{name} ends the turn."}},
              actor=actor, round=table.round)
    )  # fmt: skip
    advance(table, dice)


def join(table: Table, dice: DiceSource, cid: int) -> None:
    """A newcomer to a running fight rolls initiative and acts this round after the current
    combatant, in initiative order among those still to act (rules notes, "Recién llegados")."""
    if table.status != "active" or table.state["combatants"][str(cid)].get("status") != ACTIVE:
        return
    _roll_one(table, dice, str(cid))
    order = [c for c in table.state.get("turn_order") or [] if c != cid]
    current = table.state.get("current")
    split = order.index(current) + 1 if current in order else 0
    rest = sorted([*order[split:], cid], key=lambda c: _sort_key(table, c))
    table.state["turn_order"] = order[:split] + rest
    if current is None:
        begin_turn(table, table.state["turn_order"][0])


def remove(table: Table, dice: DiceSource, cid: int) -> None:
    combatant = table.state["combatants"].get(str(cid))
    if combatant is None:
        raise Refused("combatant.not_in_fight", ACTIONS, "Ese combatiente no está en el combate.",
                      "That combatant is not in the fight.", path="/combatant")  # fmt: skip
    was_current = table.state.get("current") == cid
    after = _after_current(table)
    reach.drop_all(table, cid)
    combatant["removed"] = True
    table.state["turn_order"] = [c for c in table.state.get("turn_order") or [] if c != cid]
    name = combatant["name"]
    table.write(Entry("removed", {"rule": ACTIONS, "text": {"es": f"{name} sale del combate.",
                                                           "en": f"{name} leaves the fight."}}, actor=cid))  # fmt: skip
    if was_current:
        table.state["current"] = None
        if table.status == "active":
            advance(table, dice, after)


def clock(state: Mapping) -> dict:
    return {"round": int(state.get("round") or 0), "current": state.get("current")}


def may_act(state: Mapping, actor, action: Mapping) -> bool:
    kind = action.get("type")
    if kind in ANYTIME:
        return True
    if state.get("status") != "active":
        return False
    combatant = (state.get("combatants") or {}).get(str(actor))
    if combatant is None or combatant.get("removed"):
        return False
    if kind == "end_turn":
        return actor == state.get("current")
    if kind == "first_aid" and action.get("target") == actor:
        return True  # `life_death.first_aid` refuses it and says why: nobody tends themselves
    if combatant.get("status") != ACTIVE:
        return False
    if kind == "counterattack":
        offer = combatant.get("counterattack_offer")
        return bool(offer) and offer.get("round") == state.get("round")
    if kind in OUT_OF_TURN:
        return True
    return actor == state.get("current")
