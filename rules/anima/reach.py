"""Who is within 2 m of whom: the reach of the Ataque de Oportunidad ("Si un enemigo intentar salir
del alcance (2 metros) del personaje", Los Tipos de Ataque). The engine keeps no map, so it keeps
engagements instead (docs/rules-notes-anima.md, "Alcance de 2 m"): a melee attack engages the
attacker and its target; a movement that says it leaves the reach ends the mover's engagements
and gives each enemy it was engaged with the chance of an opportunity attack against it this
round; the GM sets or clears an engagement by hand. Each combatant's `engaged_with` lists the
others (both sides of an engagement always agree)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT, Refused

from .catalogue import REACH
from .combatant import DEAD, need

RULE = REACH


def engaged(combatant: Mapping) -> list[int]:
    return [int(c) for c in combatant.get("engaged_with") or []]


def _link(one: dict, other_id: int, on: bool) -> None:
    ids = set(engaged(one)) - {other_id}
    one["engaged_with"] = sorted(ids | {other_id} if on else ids)


def engage(table: Table, a: int, b: int) -> None:
    """A and B are within 2 m of each other (a melee attack, or the GM's hand)."""
    first, second = table.combatant(a), table.combatant(b)
    if first is None or second is None or int(a) == int(b):
        return
    _link(first, int(b), True)
    _link(second, int(a), True)


def disengage(table: Table, a: int, b: int) -> None:
    for one, other in ((a, b), (b, a)):
        found = (table.state.get("combatants") or {}).get(str(one))
        if found is not None and int(other) in engaged(found):
            _link(found, int(other), False)


def drop_all(table: Table, cid: int) -> None:
    """A combatant who leaves the fight or dies leaves every engagement."""
    combatant = (table.state.get("combatants") or {}).get(str(cid))
    for other in engaged(combatant or {}):
        disengage(table, cid, other)


def settle(table: Table) -> None:
    """After every action: the dead and the removed are engaged with nobody."""
    for cid, combatant in (table.state.get("combatants") or {}).items():
        if engaged(combatant) and (combatant.get("removed") or combatant.get("status") == DEAD):
            drop_all(table, int(cid))


def leave(table: Table, mover_id: int) -> list[int]:
    """The mover leaves the reach of everyone it was engaged with: each enemy among them (another
    side) may now make its opportunity attack against it this round. Returns those enemies."""
    mover = table.state["combatants"][str(mover_id)]
    offered = []
    for other_id in engaged(mover):
        disengage(table, mover_id, other_id)
        other = table.combatant(other_id)
        if other is None or other.get("side") == mover.get("side"):
            continue
        offer = other.get("opportunity_offer") or {}
        against = set(offer.get("against") or []) if offer.get("round") == table.round else set()
        other["opportunity_offer"] = {"against": sorted(against | {int(mover_id)}), "round": table.round}
        offered.append(other_id)
    return offered


def offered(attacker: Mapping, target_id: int, round_number: int) -> bool:
    offer = attacker.get("opportunity_offer") or {}
    return offer.get("round") == round_number and int(target_id) in (offer.get("against") or [])


def need_offer(table: Table, attacker: Mapping, target: Mapping, target_id: int) -> None:
    """Los Tipos de Ataque: only when the enemy leaves the attacker's 2 m reach."""
    if not offered(attacker, target_id, table.round):
        raise Refused(
            "opportunity.not_in_reach", RULE,
            f"{target['name']} no ha salido este turno del alcance (2 m) de {attacker['name']}: el Ataque "
            "de Oportunidad es solo contra un enemigo que estaba trabado con quien ataca y se aleja.",
            f"{target['name']} has not left {attacker['name']}'s reach (2 m) this round: an opportunity "
            "attack is only against an enemy who was engaged with the attacker and moves away.",
            path="/target", kind=CONFLICT,
        )  # fmt: skip


def _names(table: Table, ids) -> str:
    return ", ".join(table.state["combatants"][str(i)]["name"] for i in ids)


def write_leave(table: Table, mover_id: int, left: list[int], offered_to: list[int]) -> None:
    name = table.state["combatants"][str(mover_id)]["name"]
    es = f"{name} sale del alcance (2 m) de {_names(table, left)}."
    en = f"{name} leaves the reach (2 m) of {_names(table, left)}."
    if offered_to:
        es += f" Puede{'n' if len(offered_to) > 1 else ''} hacerle un Ataque de Oportunidad: {_names(table, offered_to)}."
        en += f" May make an opportunity attack: {_names(table, offered_to)}."
    table.write(
        Entry("leave_reach", {"left": left, "offered": offered_to, "rule": RULE, "text": {"es": es, "en": en}},
              actor=mover_id, round=table.round)
    )  # fmt: skip


def engagement(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """The GM's hand: A and B are (or are no longer) within 2 m of each other."""
    first = need(table, action.get("target"))
    second = need(table, action.get("other"), path="/other")
    a, b = int(action["target"]), int(action["other"])
    if a == b:
        raise Refused("engagement.same", RULE, "Hacen falta dos combatientes distintos.",
                      "Two different combatants are needed.", path="/other")  # fmt: skip
    on = action.get("on", True)
    (engage if on else disengage)(table, a, b)
    word_es, word_en = (
        ("trabados a menos de 2 m", "engaged within 2 m")
        if on
        else ("ya no están trabados", "no longer engaged")
    )
    table.write(
        Entry("engagement", {"on": on, "other": b, "rule": RULE,
                             "text": {"es": f"{first['name']} y {second['name']}: {word_es}.",
                                      "en": f"{first['name']} and {second['name']}: {word_en}."}},
              target=a, round=table.round)
    )  # fmt: skip
