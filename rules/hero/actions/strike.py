"""One attack landing on one target: aim, the 3d6 roll, the hit and what it does ("Comprobación de
secuencia de combate" steps 1–7). The attack action (`attack`) lands it on each target its
maneuver reaches; a haymaker (`haymaker`) lands it at the end of the next segment."""

from __future__ import annotations

from rules.core.dice import DiceSource
from rules.core.encounter import Table

from ..derived import dice_label
from ..rolls import three_d6
from ..tohit import defence, hits, offence
from . import contests
from .hit import damage_target, hit_payload
from .prepare import Prepared


def aim_at(table: Table, p: Prepared, actor: int, target_id: int):
    attacker, target = table.combatant(actor), table.combatant(target_id)
    req = {**p.req, "target": target_id}
    aim = offence(
        attacker,
        target,
        p.weapon,
        p.maneuver,
        req,
        dice=p.dice,
        alloc=p.alloc,
        count=len(p.targets),
        hit_locations=bool(table.state.get("hit_locations")),
    )
    return defence(aim, target, p.weapon, req)


def autofire_hits(p: Prepared, roll_total: int, to_hit: int) -> int:
    """Fuego automático: "Por cada 2 puntos que la tirada de ataque tenga de diferencia con la tirada
    necesaria, el atacante golpea al objetivo una vez más. Un solo objetivo nunca puede ser golpeado
    más veces que «disparos»"; spread over several hexes, "Cada objetivo sólo puede ser alcanzado una vez"."""
    if p.req["shots"] <= 1 or p.req["spread_hexes"]:
        return 1
    return max(1, min(p.req["shots"], 1 + (to_hit - roll_total) // 2))


def _out_of_the_area(table: Table, p: Prepared, target_id: int) -> bool:
    """Tirarse al suelo: "permite al personaje salir de la mayoría de las explosiones y los ataques de
    efecto de área"."""
    hexed = p.weapon.area or "target-hex" in p.req["modifiers"]
    return hexed and bool(table.combatant(target_id)["effects"].get("dived"))


def shield_for(table: Table, target_id: int) -> int | None:
    """Who dived successfully to cover the target: "El personaje debe zambullirse a un punto entre el
    atacante y la víctima … Si tiene éxito, el personaje que se zambulle recibe el máximo daño"."""
    for cid, c in sorted(table.combatants().items(), key=lambda kv: int(kv[0])):
        if c["effects"].get("shielding") == target_id and c["status"] == "active":
            return int(cid)
    return None


def _shielded(table: Table, dice: DiceSource, p: Prepared, actor: int, target_id: int, diver: int) -> dict:
    table.combatant(diver)["effects"]["shielding"] = None  # one attack
    payload = hit_payload(diver, None, 0, 0, 0, True, [])
    payload.update(
        {
            "attack": p.weapon.name,
            "maneuver": p.maneuver.slug,
            "maneuver_es": p.maneuver.name_es,
            "maneuver_en": p.maneuver.name_en,
            "rule": "Tirarse al suelo",
            "private": "target",
            "aimed_at": target_id,
            "shielded_by": diver,
            "roll": {"sides": 6, "faces": [], "nonces": [], "total": 0},
        }
    )
    damage_target(table, dice, p, actor, diver, 0, payload, maximum=True)
    return payload


def attack_target(table: Table, dice: DiceSource, p: Prepared, actor: int, target_id: int) -> dict:
    diver = shield_for(table, target_id)
    if diver is not None:
        return _shielded(table, dice, p, actor, target_id, diver)
    aim = aim_at(table, p, actor, target_id)
    if p.maneuver.slug == "grab" and p.req["then"] and table.combatant(actor)["grabbing"] == target_id:
        thrown = None  # already held: "Ahora puede apretarlo o lanzarlo"
        hit = True
    else:
        thrown = three_d6(dice)
        hit = hits(thrown["total"], aim.to_hit)
    count = autofire_hits(p, thrown["total"], aim.to_hit) if thrown and hit else int(hit)
    payload = hit_payload(target_id, thrown, aim.ocv, aim.dcv, aim.to_hit, hit, aim.lines, count)
    payload.update(
        {
            "attack": p.weapon.name,
            "maneuver": p.maneuver.slug,
            "maneuver_es": p.maneuver.name_es,
            "maneuver_en": p.maneuver.name_en,
            "rule": p.maneuver.name_es,
            "private": "target",
            "dice_label": dice_label(p.dice, p.half, p.plus),
        }
    )
    if hit and _out_of_the_area(table, p, target_id):
        payload["dived_clear"] = (
            True  # "Si la tirada tiene éxito, el personaje estará en el hexágono designado"
        )
    elif hit:
        _effect(table, dice, p, actor, target_id, aim.ocv, payload, count)
    elif p.weapon.area and thrown:
        contests.scatter(dice, p, thrown["total"], aim.to_hit, payload)
    target = table.combatant(target_id)
    payload.setdefault("target_stun", target["stun"])
    payload.setdefault("target_body", target["hit_points"])
    payload.setdefault("target_end", target["end"])
    payload.setdefault("target_status", target["status"])
    return payload


def _effect(
    table, dice, p: Prepared, actor: int, target_id: int, ocv: int, payload: dict, count: int
) -> None:
    slug = p.maneuver.slug
    if slug == "disarm":
        contests.disarm(table, dice, p, actor, target_id, payload)
    elif slug == "grab":
        contests.grab(table, dice, p, actor, target_id, payload)
    elif slug == "cover":
        contests.cover(table, p, actor, target_id, payload)
    else:
        rolls = []
        for _ in range(count):
            one: dict = {}
            damage_target(table, dice, p, actor, target_id, ocv, one)
            rolls.append(one)
        payload.update(rolls[0])
        if count > 1:
            payload["damage"] = {
                "stun": sum(r.get("damage", {}).get("stun", 0) for r in rolls),
                "body": sum(r.get("damage", {}).get("body", 0) for r in rolls),
            }
            payload["autofire"] = rolls
            for key in ("target_stun", "target_body", "target_end", "target_status"):
                payload[key] = rolls[-1].get(key, payload.get(key))
