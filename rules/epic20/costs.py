"""What each entry of a sheet costs, exactly (fractions), before any budget is drawn up."""

from __future__ import annotations

import math
from fractions import Fraction

from rules.epic20.catalogue.types import Power, PowerCategory, Shape

from . import index
from .archetype_types import Archetype, MultiplierTarget
from .sheet import AdvantageEntry, EquipmentEntry, PowerEntry

ONE = Fraction(1)
HALF = Fraction(1, 2)
LIMITED_USE = "uso-limitado"
SPECIAL_EQUIPMENT = "equipo-especial"
MUNDANE_EQUIPMENT = "equipo-mundano"
EQUIPMENT_ADVANTAGES = (SPECIAL_EQUIPMENT, MUNDANE_EQUIPMENT)
SPACESHIP = "nave-espacial"


def modifier_cost(modifier: Power, power: Power) -> Fraction:
    # LISTA DE PODERES, Ataque penetrante: "+1/2 si el ataque no es de área o +1 si el ataque es
    # de área". A cone is an area too: the rules call it "un área con forma de cono".
    if modifier.area_cost is not None and power.shape in (Shape.AREA, Shape.CONE):
        return modifier.area_cost
    return modifier.cost


def multiplier(terms: Archetype | None, target: MultiplierTarget, slug: str = "") -> Fraction:
    factor = ONE
    if terms is not None:
        for entry in terms.cost_multipliers:
            if entry.target is target and (not entry.slug or entry.slug == slug):
                factor *= entry.factor
    return factor


def power_cost(entry: PowerEntry, terms: Archetype | None = None) -> Fraction:
    power = index.POWERS[entry.slug]
    # Monstruo: "superprotección con el coste reducido a 1/2" replaces the base cost.
    cost = power.cost * entry.units * multiplier(terms, MultiplierTarget.POWER_BASE, entry.slug)
    for slug in entry.modifiers:
        if slug != LIMITED_USE and slug in index.MODIFIERS:
            cost += modifier_cost(index.MODIFIERS[slug], power)
    if LIMITED_USE in entry.modifiers:
        # Uso limitado: "divide entre 3 su coste. El coste mínimo es 1. … se redondea hacia arriba".
        cost = max(ONE, Fraction(math.ceil(cost / 3)))
    # ARQUETIPOS, Vigilante: "Los superpoderes le cuestan el doble"; Artista Marcial: "le cuestan el
    # doble de puntos las superdefensas". Both double what anyone else would pay.
    cost *= multiplier(terms, MultiplierTarget.ALL_POWERS)
    if power.category is PowerCategory.DEFENSE:
        cost *= multiplier(terms, MultiplierTarget.SUPERDEFENSES)
    return cost


def advantage_cost(entry: AdvantageEntry) -> Fraction:
    """The points an advantage takes. Repeatable advantages take their `points` (default: one
    unit); the others take their cost."""
    advantage = index.ADVANTAGES[entry.slug]
    if advantage.repeatable:
        return entry.points if entry.points is not None else advantage.cost
    if entry.slug == SPACESHIP and entry.points == advantage.cost + 1:
        # Nave espacial: "Gastando 1 pto de equipo adicional puede convertirse en carguero ligero".
        return entry.points
    return advantage.cost


def advantage_points_valid(entry: AdvantageEntry) -> bool:
    advantage = index.ADVANTAGES[entry.slug]
    if entry.points is None:
        return True
    if advantage.repeatable:
        return entry.points >= advantage.cost
    return entry.points == advantage_cost(entry)


def is_defensive(item: EquipmentEntry) -> bool:
    power = index.POWERS.get(item.power) if item.power else None
    # A shield is "equipo … defensivo" too (Artista Marcial pays it double, seed l.411).
    return item.armor or item.shield or (power is not None and power.category is PowerCategory.DEFENSE)


SPIRIT_HUNTER = "cazador-de-espiritus"


def spirit_hunter_weapons(sheet) -> frozenset[int]:
    """The equipment items (by index) Cazador de espíritus is tied to: "Esta ventaja se puede
    aplicar a un arma concreta lo que incrementa su coste de equipo en 1" (LISTA DE VENTAJAS) —
    the advantage's detail names the weapon, read as the fight reads it (damage_types)."""
    from .resolution.damage_types import matches, words

    details = [e.detail for e in sheet.advantages if e.slug == SPIRIT_HUNTER and e.detail]
    return frozenset(
        item.index
        for item in sheet.equipment
        for detail in details
        if matches(detail, words(item.name)) or matches(item.name, words(detail))
    )


def equipment_cost(
    item: EquipmentEntry, terms: Archetype | None = None, *, spirit_hunter: bool = False
) -> Fraction:
    """Special items take 1 special-equipment point, or the cost of the power they reproduce
    when higher; mundane items take ½ advantage point ("1 pto en equipo daría dos objetos
    mundanos", LISTA DE VENTAJAS)."""
    if item.kind == "special":
        power = index.POWERS.get(item.power) if item.power else None
        cost = max(ONE, power.cost) if power is not None else ONE
    else:
        cost = HALF
    if is_defensive(item):
        # Artista Marcial: "le cuestan el doble de puntos … el equipo mundano o especial defensivo".
        cost *= multiplier(terms, MultiplierTarget.DEFENSIVE_EQUIPMENT)
    if spirit_hunter:
        cost += ONE  # Cazador de espíritus "incrementa su coste de equipo en 1"
    return cost
