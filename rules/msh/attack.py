"""Resolving an attack (Procedimiento de combate): choose the combat type and its ability, roll
d100 on that ability's column after the column shifts, read the colour, apply the colour's
effect for the combat type (Tipos de combate), then Body Armor and the special results."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table

from . import specials
from .attack_input import Attack, check_attack, is_melee_or_wrestling
from .catalogue import COMBAT_TYPE, RANGED, CombatType
from .combatant import ability, effects, refresh
from .combined import combined
from .damage import after_armour, armour_against, pulled, raw_damage
from .dice import roll_column
from .phase import require_acting
from .ranks import at_most, colour_up, rank_of, shifted
from .shifts import column_shifts
from .texts import attack_texts

EVADE_RULE = "Acciones defensivas › Evadirse"
WRESTLING_RULE = "Tipos de combate › Lucha"
CHARGE_RULE = "Tipos de combate › Carga"


def rolled_table(attack: Attack) -> tuple[CombatType, str]:
    """The combat table read and the ability rolled. Golpe al suelo: "El resultado se determinaría
    como si fuese un ataque de fuerzas"; Onda de choque: "como si el personaje hubiese hecho una
    Carga… pero tirando Fuerza en vez de Resistencia"."""
    ct = attack.combat_type
    if attack.number("ground_material") is not None:
        if ct.slug == "energy":
            return COMBAT_TYPE["force"], ct.ability
        return COMBAT_TYPE["charging"], "strength"
    return ct, ct.ability


def _interposed(table: Table, attack: Attack, cid: int) -> int:
    """Interposición: a hero who passed its Agility roll takes the shot meant for someone else."""
    if attack.combat_type.group != RANGED:
        return cid
    for other_id, other in table.combatants().items():
        if (other.get("effects") or {}).get("interpose") == cid and int(other_id) != attack.actor:
            return int(other_id)
    return cid


def resolve_attack(table: Table, dice: DiceSource, action: Mapping, actor: int | None) -> None:
    require_acting(table.state)
    attack = check_attack(table, action, actor)
    me = table.combatant(attack.actor)
    targets = [_interposed(table, attack, cid) for cid in attack.targets]
    if is_squeeze(table, attack, targets[0]):
        _squeeze(table, attack, me, targets[0])
        return
    reasons = column_shifts(attack, me, table.combatant(targets[0]), table.round)
    combined_shift, combined_roll = combined(table, dice, attack, me)
    if combined_shift:
        reasons.append(combined_shift)
    read_on, ability_slug = rolled_table(attack)
    net = sum(r["shifts"] for r in reasons)
    column = shifted(rank_of(ability(me, ability_slug)), net)
    me["karma"] = int(me.get("karma") or 0) - attack.karma
    roll = roll_column(dice, column, karma=attack.karma, shifts=net)
    colour = colour_up(roll["colour"]) if attack.flag("point_blank") else roll["colour"]  # "sube un color"
    common = {
        "combat_type": attack.combat_type.slug,
        "with": attack.item["name"] if attack.item else "unarmed",
        "roll": roll,
        "column": column.slug,
        "shifts": net,
        "shift_reasons": reasons,
        "read_on": read_on.slug,
    }
    if combined_roll:
        common["combined_roll"] = combined_roll
    for cid in targets:
        outcome = apply_colour(table, dice, attack, me, cid, colour, read_on)
        payload = {**common, **outcome, "rule": read_on.rule, "private": "target"}
        payload.update(attack_texts(me, table.combatant(cid), attack, payload))
        table.write(Entry("attack", payload, actor=attack.actor, target=cid, round=table.round))


def apply_colour(table, dice, attack: Attack, me: dict, cid: int, colour: str, read_on: CombatType) -> dict:
    target = table.combatant(cid)
    evade = (target.get("effects") or {}).get("evade") if is_melee_or_wrestling(attack.combat_type) else None
    if evade == "white" and colour == "white":
        colour = "green"  # Evadirse, blanco: "convierte un posible resultado blanco en uno verde"
    colour = at_most(colour, attack.action.get("max_colour"))
    effect = read_on.result(colour).effect
    out = {"colour": colour, "effect": effect, "hit": False, "damage": 0}
    if evade in ("green", "yellow", "red"):
        out.update(
            effect="evaded", evade_rule=EVADE_RULE
        )  # "El defensor esquiva y no recibe daño ese turno."
    elif effect == "overshoot":
        out.update(overshoot(dice, attack, me))
    elif effect == "miss":
        pass
    elif read_on.group == "wrestling":
        out.update(wrestle(table, attack, me, cid, effect))
    else:
        out.update(strike(dice, attack, me, target, effect))
    out["target_hit_points"] = target["hit_points"]
    out["target_status"] = target["status"]
    return out


def overshoot(dice: DiceSource, attack: Attack, me: dict) -> dict:
    """Carga, blanco (001 l.217-220): "Se pasa al menos un área de largo. Habría que tirar
    Agilidad para esquivar posibles obstáculos." With `obstacles` declared (the site keeps no
    map), the charger rolls Agility; green or better avoids them. What hitting them does the seed
    does not say: the GM narrates it (docs/rules-notes-msh.md)."""
    if not attack.flag("obstacles"):
        return {}
    roll = roll_column(dice, rank_of(ability(me, "agility")))
    roll["combatant"] = attack.actor
    return {
        "obstacle_roll": roll,
        "obstacles_avoided": roll["colour"] != "white",
        "obstacle_rule": CHARGE_RULE,
    }


def is_squeeze(table: Table, attack: Attack, cid: int) -> bool:
    """Sujeción, rojo: "El atacante puede, en el siguiente turno, infligir su Fuerza en daño": a
    grappling attack on the character it has held fast since an earlier turn, with no roll."""
    held = (table.combatant(cid).get("effects") or {}).get("held_by") or {}
    return (
        attack.combat_type.slug == "grappling"
        and held.get("by") == attack.actor
        and held.get("full")
        and int(held.get("round", table.round)) < table.round
    )


def _squeeze(table: Table, attack: Attack, me: dict, cid: int) -> None:
    """Sujeción, rojo: "El atacante puede, en el siguiente turno, infligir su Fuerza en daño"."""
    target = table.combatant(cid)
    damage = pulled(attack, ability(me, "strength"))
    dealt = after_armour(damage, target, "grappling")
    target["hit_points"] = max(0, target["hit_points"] - dealt)
    refresh(target)
    effects(me)["squeezed"] = table.round  # "… y hacer otra acción" (follow_ups.py)
    payload = {
        "combat_type": "grappling",
        "with": "unarmed",
        "effect": "squeeze",
        "colour": None,
        "hit": True,
        "damage": dealt,
        "target_hit_points": target["hit_points"],
        "target_status": target["status"],
        "rule": f"{WRESTLING_RULE} › Sujeción",
        "private": "target",
    }
    payload.update(attack_texts(me, target, attack, payload))
    table.write(Entry("attack", payload, actor=attack.actor, target=cid, round=table.round))


def _take_item(me: dict, target: dict, name: str, *, breaks: bool) -> dict:
    weapons = list(target.get("weapons") or [])
    item = next(w for w in weapons if w["name"].lower() == name.lower())
    target["weapons"] = [w for w in weapons if w is not item]
    if not breaks:
        me["weapons"] = [*(me.get("weapons") or []), item]
    return {"item": item["name"], "item_broken": breaks}


def wrestle(table: Table, attack: Attack, me: dict, cid: int, effect: str) -> dict:
    target = table.combatant(cid)
    stronger = ability(me, "strength") > ability(target, "strength")
    if effect in ("partial-hold", "hold"):
        # amarillo: "Si la Fuerza del atacante es superior, el objetivo queda completamente paralizado."
        full = effect == "hold" or stronger
        effects(target)["held_by"] = {"by": attack.actor, "full": full, "round": table.round}
        effects(me)["holding"] = cid
        refresh(target)
        refresh(me)
        return {"hit": True, "held": "full" if full else "partial"}
    name = str(attack.action.get("item"))
    if effect == "grab-if-stronger" and not stronger:
        return {"effect": "miss"}  # "Si no, es un fallo."
    material = next(w["material"] for w in target["weapons"] if w["name"].lower() == name.lower())
    breaks = effect == "grab-break" and ability(me, "strength") > material  # "lo rompe"
    return {"hit": True, **_take_item(me, target, name, breaks=breaks)}


def strike(dice: DiceSource, attack: Attack, me: dict, target: dict, effect: str) -> dict:
    """A damaging colour: damage, Body Armor, the colour's special result, then Health at 0."""
    karma_allowed = not attack.flag("surprise")  # Sorprender: "no puede añadir Karma a ninguna tirada"
    called = attack.action.get("called_shot") or ""
    out: dict = {"hit": True}
    if effect == "bullseye" and called in ("disarm", "stun"):
        return {**out, **_trick_shot(dice, attack, me, target, called, karma_allowed)}
    damage = pulled(attack, raw_damage(attack, me))
    armour = armour_against(target, attack.combat_type.slug)
    dealt = max(0, damage - armour)
    before = target["hit_points"]
    target["hit_points"] = max(0, before - dealt)
    refresh(target)
    out.update(damage=dealt, damage_before_armour=damage, armour=armour)
    special = _special(dice, attack, me, target, effect, damage, armour, karma_allowed)
    if special:
        out["effect_roll"] = special
    if before > 0 and target["hit_points"] == 0:
        out["zero_health_roll"] = _health_zero(dice, attack, target, karma_allowed)
    return out


def _special(dice, attack, me, target, effect, damage, armour, karma_allowed) -> dict | None:
    if effect not in ("slam", "stun", "kill") or not specials.applies(damage, armour):
        return None
    if effect == "slam":
        return specials.slam(dice, target, ability(me, "strength"), karma_allowed=karma_allowed)
    if effect == "stun":
        # "Únicamente se puede aturdir si el daño del ataque es superior a la Resistencia del objetivo."
        if damage <= ability(target, "endurance"):
            return None
        return specials.stun(dice, target, round_number=attack.round, karma_allowed=karma_allowed)
    return specials.kill(
        dice, target, attack.combat_type.slug, round_number=attack.round, karma_allowed=karma_allowed
    )


def _health_zero(dice, attack: Attack, target: dict, karma_allowed: bool) -> dict:
    """Contundente: "Si la salud llega a 0, el defensor queda KO." Otherwise Muerte "También ha de
    tirarse cuando la Salud llega a cero, en tal caso, si no hay pérdida de Resistencia, el
    objetivo pasará 1d10 turnos inconsciente"."""
    if attack.combat_type.slug == "blunt" or (target.get("effects") or {}).get("dying"):
        return specials.knock_out(dice, target, round_number=attack.round)
    roll = specials.kill(
        dice, target, attack.combat_type.slug, round_number=attack.round, karma_allowed=karma_allowed
    )
    if roll["effect"] != "dying":
        roll["ko_roll"] = specials.knock_out(dice, target, round_number=attack.round)
    return roll


def _trick_shot(dice, attack: Attack, me: dict, target: dict, called: str, karma_allowed: bool) -> dict:
    """A distancia: "Los resultados de diana pueden incluir desarmar al enemigo o dejarlo aturdido,
    si el atacante lo desea, si no supera una tirada de Resistencia"."""
    if called == "disarm":
        return {
            "effect": "disarm",
            **_take_item({}, target, str(attack.action["item"]), breaks=True),
            "item_broken": False,
        }
    return {
        "effect": "trick-stun",
        "effect_roll": specials.stun(dice, target, round_number=attack.round, karma_allowed=karma_allowed),
    }
