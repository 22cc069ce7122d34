"""The GM's actions: start (combat begins on segment 12), end, a condition the table decides
(prone, in cover, hidden, stunned, flying) and a correction of STUN, BODY or END (knockback into a
wall, a fall, a house rule) that the log keeps with its reason."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table
from rules.core.errors import CONFLICT

from .. import clock
from ..knockback import LAST, amend_knockback, amendable, obstacle_of
from ..state import add_condition, chars, combatant_or_refuse, drop_condition, refuse, update_status
from .hit import INTO
from .schemas import (
    AdjustInput,
    ConditionInput,
    KnockbackObstacleInput,
    StartInput,
    TieInput,
    read,
)


def start(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    if table.status != "setup":
        raise refuse(
            "encounter.already_started",
            "El combate ya empezó.",
            "The fight has already started.",
            rule="6E Speed Chart",
            kind=CONFLICT,
        )
    if not table.combatants():
        raise refuse(
            "encounter.empty",
            "No hay nadie en el combate.",
            "Nobody is in the fight.",
            rule="Comprobación de secuencia de combate",
            kind=CONFLICT,
        )
    req = read(StartInput, action)
    table.state["hit_locations"] = bool(req["hit_locations"])
    table.state["coordination"] = {}
    table.write(
        Entry(
            "start",
            {
                "text": {
                    "es": "Empieza el combate en el segmento 12.",
                    "en": "The fight begins on segment 12.",
                },
                "rule": "6E Speed Chart",
                "hit_locations": table.state["hit_locations"],
            },
            round=1,
        )
    )
    clock.start(table, dice)


def end(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    table.state["status"] = "ended"
    table.state["current"] = None
    table.write(
        Entry(
            "end",
            {
                "text": {"es": "Termina el combate.", "en": "The fight is over."},
                "rule": "Comprobación de secuencia de combate",
            },
            round=table.round,
        )
    )


def set_condition(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    req = read(ConditionInput, action)
    c = combatant_or_refuse(table, req["target"], path="/target", role="target")
    (add_condition if req["on"] else drop_condition)(c, req["condition"])
    table.write(
        Entry(
            "condition",
            {
                "text": {
                    "es": f"{'Pone' if req['on'] else 'Quita'} «{req['condition']}».",
                    "en": f"{'Sets' if req['on'] else 'Clears'} “{req['condition']}”.",
                },
                "rule": "Los modificadores de combate",
                "condition": req["condition"],
                "on": req["on"],
            },
            target=req["target"],
            round=table.round,
        )
    )


def reorder_tie(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """The GM settles a DEX tie: 6E leaves it to a roll or to the GM, and the engine's own order
    (higher SPD, then who joined first; rules/hero/clock.py) stands until the GM changes it."""
    req = read(TieInput, action)
    first = combatant_or_refuse(table, req["first"], path="/first", role="first")
    second = combatant_or_refuse(table, req["second"], path="/second", role="second")
    if req["first"] == req["second"]:
        raise refuse(
            "tie.same",
            "Elige a dos combatientes distintos.",
            "Choose two different combatants.",
            rule=clock.RULE_TIME,
            path="/second",
        )
    if chars(first)["dex"] != chars(second)["dex"] or first.get("removed") or second.get("removed"):
        raise refuse(
            "tie.not_tied",
            "Esos dos no empatan en DES: actúa antes quien tiene más DES.",
            "Those two do not tie on DEX: the higher DEX acts first.",
            rule=clock.RULE_TIME,
            path="/second",
        )
    clock.put_before(table.state, req["first"], req["second"])
    table.write(
        Entry(
            "tie_order",
            {
                "text": {
                    "es": "El director cambia el orden de un empate de DES.",
                    "en": "The GM changes the order of a DEX tie.",
                },
                "rule": clock.RULE_TIME,
                "first": req["first"],
                "second": req["second"],
            },
            target=req["first"],
            round=table.round,
        )
    )


def adjust(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    req = read(AdjustInput, action)
    c = combatant_or_refuse(table, req["target"], path="/target", role="target")
    c["stun"] = min(c["stun_max"], c["stun"] + req["stun"])
    c["hit_points"] = min(c["hit_points_max"], c["hit_points"] + req["body"])
    c["end"] = max(0, min(c["end_max"], c["end"] + req["end"]))
    status = update_status(c)
    table.write(
        Entry(
            "adjust",
            {
                "text": {
                    "es": f"El DJ ajusta ATU {req['stun']:+d}, CUE {req['body']:+d}, AGU {req['end']:+d}. {req['reason']}".strip(),
                    "en": f"The GM adjusts STUN {req['stun']:+d}, BODY {req['body']:+d}, END {req['end']:+d}. {req['reason']}".strip(),
                },
                "public_text": {
                    "es": f"El DJ ajusta el estado. {req['reason']}".strip(),
                    "en": f"The GM adjusts the state. {req['reason']}".strip(),
                },
                "private": "target",
                "rule": "Comprobación de secuencia de combate",
                "stun": c["stun"],
                "body": c["hit_points"],
                "end": c["end"],
                "status": status,
            },
            target=req["target"],
            round=table.round,
        )
    )


def _amend_texts(inches: int, taken: dict) -> tuple[dict, dict]:
    into_es, into_en = INTO[taken["into"]]
    d = taken["damage"]
    head_es = f'El DJ corrige la caída: despedido {inches}" {into_es}'
    head_en = f'The GM amends the knockback: knocked back {inches}" {into_en}'
    through = (taken.get("obstacle") or {}).get("broken")
    tail_es, tail_en = (
        (", y lo atraviesa." if through else "."),
        (", and goes through it." if through else "."),
    )
    text = {
        "es": f"{head_es}: {d['stun']} ATU y {d['body']} CUE tras defensas{tail_es}",
        "en": f"{head_en}: {d['stun']} STUN and {d['body']} BODY after defenses{tail_en}",
    }
    public = {
        "es": f"{head_es}: {taken['stun_rolled']} ATU y {taken['body_rolled']} CUE tirados{tail_es}",
        "en": f"{head_en}: {taken['stun_rolled']} STUN and {taken['body_rolled']} BODY rolled{tail_en}",
    }
    return text, public


def knockback_obstacle(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    """6E Knockback: right after an attack that knocked a target back, the GM says what it hit; the
    knockback's damage is rolled again into that obstacle in place of what the attack rolled
    (docs/rules-notes-hero.md). Only the knockbacks of the last action may be amended, once each."""
    req = read(KnockbackObstacleInput, action)
    target = combatant_or_refuse(table, req["target"], path="/target", role="target")
    records = amendable(table.state)
    record = records.get(str(req["target"]))
    if record is None:
        raise refuse(
            "knockback.nothing_to_amend",
            "Ese combatiente no salió despedido en la última acción.",
            "That combatant was not knocked back in the last action.",
            rule="6E Knockback",
            path="/target",
            kind=CONFLICT,
        )
    obstacle = obstacle_of(req)
    replaced = {"into": record["into"], "damage": dict(record["damage"])}
    taken = amend_knockback(dice, target, record, obstacle)
    del records[str(req["target"])]
    table.state[LAST] = records
    text, public = _amend_texts(record["inches"], taken)
    table.write(
        Entry(
            "knockback_obstacle",
            {
                "text": text,
                "public_text": public,
                "rule": "6E Knockback",
                "private": "target",
                "attacker": record["by"],
                "knockback": {
                    "inches": record["inches"],
                    "obstacle": obstacle,
                    "damage_taken": taken,
                    "replaced": replaced,
                },
                "target_stun": target["stun"],
                "target_body": target["hit_points"],
                "target_status": target["status"],
            },
            target=req["target"],
            round=table.round,
        )
    )
