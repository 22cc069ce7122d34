"""STR against STR (Desarmar, Agarrar, escaping a grab), holding at gunpoint (Cubrir) and where a
missed area attack lands (Ataques de efecto de área)."""

from __future__ import annotations

from rules.core.dice import DiceSource
from rules.core.encounter import Table

from ..damage import body_of_normal_die, half_die_body, half_die_stun
from ..derived import strength_halves
from ..rolls import roll
from ..state import add_condition, chars, refuse
from .hit import damage_target
from .prepare import Prepared


def characteristic_dice(dice: DiceSource, halves: int) -> dict:
    """Normal dice counted in half dice (2 a d6, 1 the ½d6): the whole dice as one roll object, the ½d6
    as its own (`half_die_roll`, or None), with the `total` (the ½d6 halved up, 6E) and the `body`
    they count (a ½d6 is 0 BODY on 1–3, 1 on 4–6: 6E Normal Damage)."""
    halves = max(0, halves)
    thrown = roll(dice, halves // 2)
    half = {**roll(dice, 1), "half": True} if halves % 2 else None
    face = half["faces"][0] if half else None
    thrown["body"] = sum(body_of_normal_die(f) for f in thrown["faces"]) + (
        half_die_body(face) if half else 0
    )
    thrown["total"] += half_die_stun(face) if half else 0
    thrown["half_die_roll"] = half
    return thrown


def strength_roll(dice: DiceSource, c: dict) -> dict:
    """ "Ambos personajes lanzan 1d6 para cada 5 de FUE, luego cuentan el daño de CUE total" (Desarmar),
    with the ½d6 of a remainder of 3 or 4 (6E Strength Table), as every STR damage is rolled."""
    return characteristic_dice(dice, strength_halves(chars(c)["str"]))


def _target_weapon(target: dict, name) -> str:
    names = [a["name"] for a in target["sheet"]["attacks"] if a["name"] not in target["lost_attacks"]]
    if name not in names:
        raise refuse(
            "weapon.unknown",
            "El objetivo no lleva esa arma.",
            "The target does not carry that weapon.",
            rule="Desarmar",
            path="/weapon",
        )
    return name


def _wrench(dice: DiceSource, attacker: dict, target: dict, weapon: str, payload: dict, rule: str) -> bool:
    mine, theirs = strength_roll(dice, attacker), strength_roll(dice, target)
    # "Si el total de CUE del defensor es mayor o igual, entonces retiene su arma"
    won = mine["body"] > theirs["body"]
    payload.update(
        {
            "strength_roll": mine,
            "defender_strength_roll": theirs,
            "disarmed": won,
            "weapon": weapon,
            "rule": rule,
        }
    )
    if won:
        target["lost_attacks"] = [*target["lost_attacks"], weapon]
    return won


def disarm(table: Table, dice: DiceSource, p: Prepared, actor: int, target_id: int, payload: dict) -> None:
    attacker, target = table.combatant(actor), table.combatant(target_id)
    weapon = _target_weapon(target, p.req["weapon"])
    if _wrench(dice, attacker, target, weapon, payload, "Desarmar"):
        # "va volando a 1 o 2d6 hexágonos en la dirección del desarme (elección del jugador que desarmo)"
        payload["flies"] = roll(dice, p.req["fly_dice"])


def grab(table: Table, dice: DiceSource, p: Prepared, actor: int, target_id: int, payload: dict) -> None:
    attacker, target = table.combatant(actor), table.combatant(target_id)
    if p.req["weapon"]:
        # "puede elegir agarrar el arma de un objetivo … usar las reglas normales de agarre": the tussle is
        # settled in the same phase (docs/rules-notes-hero.md).
        _wrench(dice, attacker, target, _target_weapon(target, p.req["weapon"]), payload, "Agarrar")
        return
    attacker["grabbing"], target["grabbed_by"] = target_id, actor
    add_condition(attacker, "grabbing")
    add_condition(target, "grabbed")
    payload["grabbed"] = True
    if p.req["then"]:
        # "Ahora puede apretarlo o lanzarlo. Estas maniobras causan daño FUE normal del atacante"
        payload["then"] = p.req["then"]
        damage_target(table, dice, p, actor, target_id, payload["ocv"], payload)
        if p.req["then"] == "throw":
            release(table, actor)


def release(table: Table, grabber_id: int) -> None:
    grabber = table.combatant(grabber_id)
    held = grabber["grabbing"] if grabber else None
    if grabber:
        grabber["grabbing"] = None
        grabber["conditions"] = [x for x in grabber["conditions"] if x != "grabbing"]
    target = table.combatant(held) if held is not None else None
    if target:
        target["grabbed_by"] = None
        target["conditions"] = [x for x in target["conditions"] if x != "grabbed"]


def escape(table: Table, dice: DiceSource, actor: int, payload: dict) -> bool:
    """ "ambos personajes tienen 1d6 normal para cada 5 de FUE … para salir de un agarre, un personaje
    debe obtener más CUE que su atacante." (Agarrar)"""
    me = table.combatant(actor)
    grabber_id = me["grabbed_by"]
    grabber = table.combatant(grabber_id)
    mine, theirs = strength_roll(dice, me), strength_roll(dice, grabber)
    free = mine["body"] > theirs["body"]
    payload.update(
        {"strength_roll": mine, "grabber_strength_roll": theirs, "escaped": free, "grabber": grabber_id}
    )
    if free:
        release(table, grabber_id)
    return free


def cover(table: Table, p: Prepared, actor: int, target_id: int, payload: dict) -> None:
    """Cubrir: "Si el atacante consigue la tirada (pero no dispara) el objetivo está cubierto"."""
    target = table.combatant(target_id)
    target["covered_by"] = {
        "by": actor,
        "attack": p.weapon.name,
        "maneuver": "strike",
        "range": p.req["range"],
    }
    add_condition(target, "covered")
    payload["covered"] = True


def scatter(dice: DiceSource, p: Prepared, roll_total: int, to_hit: int, payload: dict) -> None:
    """ "el centro del efecto de área se desplaza del hexágono objetivo 1" por cada punto que de diferencia
    … la distancia máxima para aplicar, es la mitad de la distancia hasta el objetivo. El personaje debe
    lanzar 1d6 … para determinar la dirección del error." The GM says who the new centre catches."""
    miss_by = max(1, roll_total - to_hit)
    payload["scatter"] = {"inches": min(miss_by, p.req["range"] / 2), "direction": roll(dice, 1)}
