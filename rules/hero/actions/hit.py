"""What a hit does to its target: block and roll-with-the-punch rolls, hit location, damage
after defenses, stunned / unconscious / dying, knockback, and the damage a Move By or Move Through
does back to the attacker."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Table

from .. import locations
from ..damage import after_defenses, knockback_dice, maximum_damage, roll_damage, stun_doubled
from ..derived import combat_value
from ..knockback import knockback_damage, remember_knockback
from ..rolls import roll, three_d6
from ..state import add_condition, chars, drop_condition, update_status
from ..tohit import hits
from .prepare import Prepared


def block_roll(dice: DiceSource, target: dict, attacker_ocv: int) -> dict:
    """Bloquear: "el personaje debe tirar contra el VCO de su oponente (no VCD)"; "Cada tirada
    adicional se hace con -2 acumulativo, y si el personaje pierde alguna … no puede bloquear más"."""
    need = 11 + combat_value(chars(target)["dex"]) - attacker_ocv - 2 * target["effects"]["block_rolls"]
    thrown = three_d6(dice)
    ok = hits(thrown["total"], need)
    target["effects"]["block_rolls"] += 1
    if not ok:
        target["effects"]["blocking"] = False
    return {"roll": thrown, "needed": need, "success": ok}


def roll_with_punch(dice: DiceSource, target: dict, attacker_ocv: int) -> dict:
    """Rodar el golpe: "una tirada de ataque, contra la VCO de su atacante, con una penalización de -2"."""
    need = 11 + combat_value(chars(target)["dex"]) - 2 - attacker_ocv
    thrown = three_d6(dice)
    target["effects"]["rolling"] = False
    return {"roll": thrown, "needed": need, "success": hits(thrown["total"], need)}


def _location(table: Table, dice: DiceSource, p: Prepared):
    if not table.state.get("hit_locations") or p.weapon.area or p.weapon.kind == "mental":
        return None, None
    if p.req["location"]:
        return locations.BY_SLUG[p.req["location"]], None
    thrown = three_d6(dice)
    return locations.for_roll(thrown["total"]), thrown


def _coordinated(table: Table, target_id: int, stun_taken: int, body_for_kb: int) -> tuple[int, int]:
    """Ataques coordinados: "cualquier ATU que obtiene después de las defensas del objetivo se suma con
    el propósito de determinar si el objetivo es aturdido. A efectos de las reglas de caídas, también se
    determina en conjunto" (same segment): the STUN after defenses and the BODY for knockback so far."""
    coord = dict(table.state.get("coordination") or {})
    key, now = str(target_id), [table.round, table.state["segment"]]
    prior = coord.get(key) if (coord.get(key) or {}).get("at") == now else None
    stun = (prior["stun"] if prior else 0) + stun_taken
    body = (prior.get("body", 0) if prior else 0) + body_for_kb
    coord[key] = {"at": now, "stun": stun, "body": body}
    table.state["coordination"] = coord
    return stun, body


def _knockback(
    dice: DiceSource, target: dict, p: Prepared, body_for_kb: int, rolled_with: dict | None
) -> dict:
    if p.weapon.kind == "mental":
        return {"inches": None, "knocked_down": False}
    if rolled_with and rolled_with["success"]:
        # Rodar el golpe: "El atacante también lanza 1d6 para caída, puesto que es empujado."
        thrown = roll(dice, 1)
        add_condition(target, "prone")
        kb = {"roll": thrown, "inches": thrown["total"], "knocked_down": True}
    else:
        thrown = roll(dice, max(1, knockback_dice(p.weapon, target)))
        result = body_for_kb - thrown["total"]
        if result >= 0:
            add_condition(target, "prone")  # 6E: 0 is a Knockdown, more is Knockback (and the target falls)
        kb = {"roll": thrown, "inches": max(0, result), "knocked_down": result >= 0}
    kb["obstacle"] = p.obstacle
    kb["damage_taken"] = knockback_damage(dice, target, kb["inches"], p.obstacle)
    return kb


def _backlash(attacker: dict, p: Prepared, rolled, knocked_down: bool) -> dict | None:
    """Mover por: "El personaje atacante también recibe un tercio del daño de ATU y CUE realizado";
    Mover a través: "la mitad … Si el ataque no derribo a su objetivo … el atacante recibe el daño
    completo"; either against the attacker's own DF (PD)."""
    if p.maneuver.slug == "move-by":
        share = (1, 3)
    elif p.maneuver.slug == "move-through":
        share = (1, 2) if knocked_down else (1, 1)
    else:
        return None
    pd = chars(attacker)["pd"] + attacker["sheet"]["resistant_defenses"]["pd"]
    stun = max(0, rolled.stun * share[0] // share[1] - pd)
    body = max(0, rolled.body * share[0] // share[1] - pd)
    attacker["stun"] -= stun
    attacker["hit_points"] -= body
    update_status(attacker)
    return {
        "share": f"{share[0]}/{share[1]}",
        "stun": stun,
        "body": body,
        "attacker_stun": attacker["stun"],
        "attacker_body": attacker["hit_points"],
    }


def damage_target(
    table: Table,
    dice: DiceSource,
    p: Prepared,
    attacker_id: int,
    target_id: int,
    ocv: int,
    payload: dict,
    *,
    maximum: bool = False,
) -> None:
    attacker, target = table.combatant(attacker_id), table.combatant(target_id)
    if _blocked(dice, target, p, attacker_id, ocv, payload):
        return
    rolled_with = (
        roll_with_punch(dice, target, ocv)
        if target["effects"]["rolling"] and p.weapon.kind == "hth"
        else None
    )
    location, location_roll = (None, None) if maximum else _location(table, dice, p)
    rolled = _damage_roll(dice, p, location, maximum)
    pulled = p.maneuver.slug == "pulled-punch"
    stun, body = _take_damage(target, p, rolled, location, pulled, rolled_with)
    body_for_kb = rolled.body // 2 if pulled else rolled.body
    counted, body_for_kb = _counted(table, p, target_id, stun, body_for_kb)
    stunned = _stunned(target, counted)
    stunned_before = "stunned" in target["conditions"]
    kb = _knockback(dice, target, p, body_for_kb, rolled_with)
    remember_knockback(table, target_id, attacker_id, kb, stunned_before)
    status = update_status(target)  # the knockback's own damage may have put the target down
    payload.update(
        {
            "damage_roll": rolled.roll,
            "half_die_roll": rolled.half_roll,
            "half_die_dropped": rolled.half_dropped,
            "plus_one": rolled.plus,
            "stun_rolled": rolled.stun,
            "body_rolled": rolled.body,
            "stun_multiplier": rolled.multiplier_roll,
            "dropped_dice": rolled.dropped or [],
            "location": location.slug if location else None,
            "location_roll": location_roll,
            "damage": {"stun": stun, "body": body},
            "stunned": stunned,
            "knockback": kb,
            "rolled_with_punch": rolled_with,
            "target_stun": target["stun"],
            "target_body": target["hit_points"],
            "target_end": target["end"],
            "target_status": status,
        }
    )
    back = _backlash(attacker, p, rolled, kb["knocked_down"])
    if back:
        payload["backlash"] = back


def _blocked(dice: DiceSource, target: dict, p: Prepared, attacker_id: int, ocv: int, payload: dict) -> bool:
    """Bloquear, against a hand-to-hand attack when the target is blocking: the block roll goes in
    `payload`; a block that succeeds stops the attack."""
    if not (target["effects"]["blocking"] and p.weapon.kind == "hth"):
        return False
    payload["block"] = block_roll(dice, target, ocv)
    if not payload["block"]["success"]:
        return False
    # "Si el personaje bloquea con éxito, no recibe daño y tampoco por lo tanto caídas."
    target["effects"]["block_first"] = [*target["effects"]["block_first"], attacker_id]
    payload["blocked"] = True
    return True


def _damage_roll(dice: DiceSource, p: Prepared, location, maximum: bool):
    """The attack's damage: the most its dice can do (`maximum`) or rolled, an explosion's dice
    dropped by the distance from its centre."""
    drop = p.req["distance_from_center"] if p.weapon.explosion else 0
    if maximum:
        return maximum_damage(p.dice, p.weapon, p.half, p.plus)
    return roll_damage(
        dice,
        p.dice,
        p.weapon,
        location,
        drop_highest=drop if not p.weapon.killing else drop // 3,
        half=p.half,
        plus=p.plus,
    )


def _take_damage(target: dict, p: Prepared, rolled, location, pulled: bool, rolled_with: dict | None):
    """The STUN and BODY after the target's defenses, taken off it: (stun, body)."""
    stun, body = after_defenses(
        target,
        p.weapon,
        rolled,
        location=location,
        pulled=pulled,
        surprised_out=stun_doubled(target, p.weapon, p.req["modifiers"]),
    )
    if rolled_with and rolled_with["success"]:
        stun, body = stun // 2, body // 2  # "solo recibe la mitad del daño, tanto en ATU, como en CUE"
    target["stun"] -= stun
    target["hit_points"] -= body
    if stun or body:
        drop_condition(target, "asleep")  # a blow that hurts wakes a sleeper (docs/rules-notes-hero.md)
    return stun, body


def _counted(table: Table, p: Prepared, target_id: int, stun: int, body_for_kb: int) -> tuple[int, int]:
    """The STUN that may stun the target and the BODY for knockback: this attack's own, or with
    the coordinated attacks' of the segment (`_coordinated`)."""
    if p.req["coordinated"]:
        return _coordinated(table, target_id, stun, body_for_kb)
    return stun, body_for_kb


def _stunned(target: dict, counted: int) -> bool:
    """Whether the blow stuns a target it found and left active, its status brought up to date."""
    was_active = target["status"] == "active"
    status = update_status(target)
    stunned = was_active and status == "active" and counted > chars(target)["con"]
    if stunned:
        add_condition(target, "stunned")  # the issue: "STUN above CON: stunned"
    return stunned


def hit_payload(
    target_id: int, roll_: dict, ocv: int, dcv: int, to_hit: int, hit: bool, lines: list, hits_count: int = 1
) -> dict:
    return {
        "target_id": target_id,
        "roll": roll_,
        "ocv": ocv,
        "dcv": dcv,
        "to_hit": to_hit,
        "hit": hit,
        "hits": hits_count if hit else 0,
        "modifiers": lines,
        "damage": {"stun": 0, "body": 0},
    }


INTO = {
    "ground": ("sin chocar con nada", "hitting nothing"),
    "wall": ("contra una pared", "into a wall"),
    "object": ("contra un objeto", "into an object"),
}


def _knockback_text(kb: Mapping, text: dict, public: dict) -> None:
    """6E Knockback damage, told after the attack's own: the dice after defenses privately, rolled
    in public (after defenses they would tell a hidden target's PD)."""
    taken = kb.get("damage_taken")
    if not taken:
        return
    into_es, into_en = INTO[taken["into"]]
    head_es = f'; despedido {kb["inches"]}" {into_es}'
    head_en = f'; knocked back {kb["inches"]}" {into_en}'
    d = taken["damage"]
    text["es"] += f"{head_es}, {d['stun']} ATU y {d['body']} CUE tras defensas"
    text["en"] += f"{head_en}, {d['stun']} STUN and {d['body']} BODY after defenses"
    public["es"] += f"{head_es}, {taken['stun_rolled']} ATU y {taken['body_rolled']} CUE tirados"
    public["en"] += f"{head_en}, {taken['stun_rolled']} STUN and {taken['body_rolled']} BODY rolled"
    obstacle = taken.get("obstacle") or {}
    if obstacle.get("broken"):
        for t in (text, public):
            t["es"] += ", y lo atraviesa"
            t["en"] += ", and goes through it"


def summary(payload: Mapping) -> tuple[dict, dict]:
    """(text, public_text) of one attack roll, the public one without the numbers a hidden
    combatant would give away (to_hit reveals DCV or OCV, damage after defenses reveals defenses)."""
    hit = payload["hit"]
    es_res, en_res = ("impacta", "hits") if hit else ("falla", "misses")
    head_es = f"Ataque con {payload['attack']} ({payload['maneuver_es']})"
    head_en = f"Attack with {payload['attack']} ({payload['maneuver_en']})"
    thrown = payload.get("roll") or {}
    if thrown.get("faces"):
        base_es, base_en = f"{head_es}: 3d6 = {thrown['total']}", f"{head_en}: 3d6 = {thrown['total']}"
        text = {
            "es": f"{base_es} contra {payload['to_hit']} o menos, {es_res}",
            "en": f"{base_en} against {payload['to_hit']} or less, {en_res}",
        }
        public = {"es": f"{base_es}, {es_res}", "en": f"{base_en}, {en_res}"}
    else:  # no roll: a held target squeezed, a covered one fired on, a shielding diver
        text = {"es": f"{head_es}: sin tirada, {es_res}", "en": f"{head_en}: no roll, {en_res}"}
        public = dict(text)
    if payload.get("blocked"):
        for t in (text, public):
            t["es"] += ", pero es bloqueado"
            t["en"] += ", but is blocked"
    elif hit and "stun_rolled" in payload:
        d = payload["damage"]
        text["es"] += f"; {d['stun']} ATU y {d['body']} CUE tras defensas"
        text["en"] += f"; {d['stun']} STUN and {d['body']} BODY after defenses"
        public["es"] += f"; {payload['stun_rolled']} ATU y {payload['body_rolled']} CUE tirados"
        public["en"] += f"; {payload['stun_rolled']} STUN and {payload['body_rolled']} BODY rolled"
        _knockback_text(payload.get("knockback") or {}, text, public)
    return {k: v + "." for k, v in text.items()}, {k: v + "." for k, v in public.items()}
