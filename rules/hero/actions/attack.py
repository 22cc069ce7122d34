"""The attack action (docs/api.md: `{"type": "attack", "actor", "target", "attack", "maneuver"?, "range"?}`):
"Comprobación de secuencia de combate" steps 1–7 for every target the maneuver reaches."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table

from .. import aim as aims
from ..derived import dice_label
from ..phase import end_phase
from ..rolls import three_d6
from ..state import add_condition, drop_condition, no_effects, spend_end
from ..tohit import defence, hits, offence
from . import contests, haymaker
from .hit import damage_target, hit_payload, summary
from .prepare import Prepared, prepare

RULE = "Comprobación de secuencia de combate"
# Maneuvers whose later targets are lost after a miss: "Si un personaje pierde cualquiera de las tiradas
# de ataque, no puede golpear a ninguno de los siguientes objetivos" (Barrido; Mover por likewise).
STOP_AFTER_MISS = ("sweep", "move-by")


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


def _after(table: Table, p: Prepared, actor: int) -> None:
    """What the maneuver leaves on the attacker until their next phase, and Set's target."""
    c = table.combatant(actor)
    braced = (p.maneuver.slug == "brace" or p.req["brace"]) and p.weapon.kind == "ranged"
    effects = no_effects()
    effects.update(
        {
            "maneuver": p.maneuver.slug,
            "dcv": p.maneuver.dcv or 0,
            "dcv_half": p.maneuver.dcv_half or braced,
            "dcv_levels": p.alloc.dcv,
        }
    )
    c["effects"] = effects
    if p.maneuver.slug == "snap-shot":
        # "el personaje está expuesto al fuego enemigo por un segmento completo. En el segmento después,
        # el personaje puede regresar a su cobertura"
        drop_condition(c, "in-cover")
        add_condition(c, "exposed")
        segment = table.state["segment"]
        c["exposed_until"] = [table.round + 1, 1] if segment == 12 else [table.round, segment + 1]
    # Establecerse: kept while the character attacks or tracks that target, lost otherwise.
    c["set_on"] = p.req["target"] if p.maneuver.slug == "set" or c["set_on"] == p.req["target"] else None


def resolve(table: Table, dice: DiceSource, action: Mapping, actor) -> None:
    p = prepare(table, actor, action)
    spend_end(table.combatant(actor), p.end)
    if p.maneuver.extra_segment:
        haymaker.declare(table, p, actor)
        _after(table, p, actor)
        end_phase(table, dice, actor)
        return
    for target_id in p.targets:
        payload = attack_target(table, dice, p, actor, target_id)
        payload["end_spent"] = p.end
        text, public = summary(payload)
        payload["text"], payload["public_text"] = text, public
        table.write(Entry("attack", payload, actor=actor, target=payload["target_id"], round=table.round))
        if not payload["hit"] and p.maneuver.slug in STOP_AFTER_MISS:
            break
    _after(table, p, actor)
    end_phase(table, dice, actor)


__all__ = ["aim_at", "aims", "resolve"]
