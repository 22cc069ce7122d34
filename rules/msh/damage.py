"""Each combat type's damage (Tipos de combate) and the Body Armor that reduces it."""

from __future__ import annotations

from collections.abc import Mapping

from .attack_input import Attack
from .combatant import ability, protection

PHYSICAL = ("blunt", "edged", "thrown-edged", "thrown-blunt", "grappling", "grabbing", "charging")


def item_damage(item: Mapping | None) -> int:
    if item is None:
        return 0
    return int(item.get("damage", item.get("rank", 0)))


def item_material(item: Mapping | None) -> int:
    if item is None:
        return 0
    return int(item.get("material", item.get("rank", 0)))


def raw_damage(attack: Attack, me: Mapping) -> int:
    """The damage before Body Armor, by the combat type's rule."""
    strength = ability(me, "strength")
    rule = attack.combat_type.damage_rule
    ground = attack.number("ground_material")
    if ground is not None:
        # Golpe al suelo: "El daño recibido equivaldría a esta Fuerza" (the ground's material).
        return ground
    if rule == "strength":
        return strength  # Contundente: "pierde tanta Salud como la Fuerza del atacante"
    if rule == "edged":
        # Cortante: "como mínimo el daño del arma, pero pueden llegar a hacer el daño del material del
        # arma, con el límite máximo de la Fuerza del atacante"
        return max(item_damage(attack.item), min(item_material(attack.item), strength))
    if rule == "weapon":
        return item_damage(attack.item)  # Disparos: "Hacen el daño del arma, ni más ni menos"
    if rule == "thrown-edged":
        # "el daño del objeto, el del material del que está hecho o la Fuerza del lanzador, el que sea menor"
        return min(item_damage(attack.item), item_material(attack.item), strength)
    if rule == "thrown-blunt":
        # "la Fuerza del lanzador o del material del objeto, el que sea menor"
        material = attack.number("material")
        return min(strength, material if material is not None else item_material(attack.item))
    if rule == "charge":
        # Carga: "la Resistencia o la Armadura Corporal, lo que sea mayor… dos puntos de daño más por cada área"
        return max(ability(me, "endurance"), int(me.get("body_armor") or 0)) + 2 * (
            attack.number("areas") or 0
        )
    return 0


def pulled(attack: Attack, damage: int) -> int:
    """Ataques moderados: the attacker may deal less (`max_damage`) where its type allows it."""
    cap = attack.number("max_damage")
    return damage if cap is None else min(damage, cap)


def armour_against(target: Mapping, combat_type: str) -> int:
    """Body Armor; a Bloqueo only "contra ataques físicos: Cuerpo a cuerpo, objetos arrojados, sujeciones"."""
    if combat_type in PHYSICAL:
        return protection(target)
    return int(target.get("body_armor") or 0)


def after_armour(damage: int, target: Mapping, combat_type: str) -> int:
    return max(0, damage - armour_against(target, combat_type))
