"""The numbers a sheet implies (docs/api.md `derived`): defense, hit points, hero points, initiative,
special-equipment cap, languages, attack bonus per kind and every skill's roll.

Each is the character's standing value, outside any particular situation: situational
modifiers (surprise, running Velocista, Disminuirse's stealth…) belong to resolution.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain

from rules.epic20.catalogue.types import AttackKind

from . import index, narrative, weapons
from .archetype_types import Archetype
from .budget import special_equipment_cap
from .costs import LIMITED_USE
from .grants import Character
from .sheet import EquipmentEntry, SkillEntry

ZERO, HALF, ONE = Fraction(0), Fraction(1, 2), Fraction(1)
UNARMED, MUNDANE, SPECIAL = (
    ZERO,
    HALF,
    ONE,
)  # RESOLVER ACCIONES: "sin armas" (0), "mundano" (1/2), "especial" (1)
DEFAULT_ATTRIBUTE = {
    kind: attribute.slug for attribute in index.ATTRIBUTES.values() if (kind := attribute.attack_kind)
}
DEFENSIVE_POWERS = ("superproteccion", "superesquiva")
SHIELD_MANEUVER = "defensa-con-escudo"
# MANIOBRAS DE COMBATE, Iniciativa mejorada: +4, then "+6 en lugar de +4", then "+8 en lugar de +6".
INITIATIVE_TIERS = {"iniciativa-mejorada": 4, "iniciativa-mejorada-2": 6, "iniciativa-mejorada-3": 8}
# Advantages (and Superfuerza) that give Superioridad to a skill's rolls.
SKILL_SUPERIORITY = {
    "excelente-atleta": (
        "acrobacias",
        "atletismo",
    ),  # "Gana superioridad en tiradas de acrobacias y atletismo"
    "excelente-piloto": ("vehiculos",),  # "Gana superioridad en tiradas de pilotaje de vehículos"
    "intimidante": ("intimidacion",),  # "Gana Superioridad en tiradas de intimidar"
}
# Superfuerza: "hace tiradas de fuerza «que no son de ataque» con Superioridad, por ejemplo para
# trepar, saltar…": climbing and jumping are Atletismo rolls.
POWER_SKILL_SUPERIORITY = {"superfuerza": ("atletismo",)}


@dataclass(frozen=True)
class Derived:
    defense: int
    hit_points: int
    hit_points_uncapped: int
    hero_points_max: int
    initiative_bonus: int
    special_equipment_cap: int
    languages: int
    attack_bonus: Mapping[str, int | None]
    skills: Mapping[str, Mapping[str, int]]
    # Crecer's size and the other narrative numbers (narrative.py); not part of docs/api.md's shape.
    narrative: tuple = ()

    def as_dict(self) -> dict:
        return {
            "defense": self.defense,
            "hit_points": self.hit_points,
            "hero_points_max": self.hero_points_max,
            "initiative_bonus": self.initiative_bonus,
            "special_equipment_cap": self.special_equipment_cap,
            "languages": self.languages,
            "attack_bonus": dict(self.attack_bonus),
            "skills": {key: dict(value) for key, value in self.skills.items()},
        }

    def narrative_dicts(self) -> list[dict]:
        """The narrative notes as JSON, for the sheet page (kept out of `as_dict`, whose keys are
        the REST contract's)."""
        return [note.as_dict() for note in self.narrative]


def net_superiority(superiorities: int, inferiorities: int) -> int:
    """RESOLVER ACCIONES: "La superioridad y la inferioridad se contrarrestan"."""
    return superiorities - inferiorities


def attribute_bonus(value: Fraction, level: int) -> int:
    # RESOLVER ACCIONES: 0 if no desarrollado, "1/2 nivel" if normal, the level if destacable.
    return math.floor(value * level)


def derive(
    level: int,
    attributes: Mapping[str, Fraction],
    who: Character,
    equipment: Sequence[EquipmentEntry],
    skills: Sequence[SkillEntry],
    terms: Archetype | None,
) -> Derived:
    attrs = {slug: attributes.get(slug, HALF) for slug in index.ATTRIBUTES}
    hit_points, uncapped = _hit_points(level, who)
    return Derived(
        defense=_defense(level, who, equipment, terms),
        hit_points=hit_points,
        hit_points_uncapped=uncapped,
        hero_points_max=level // 2,  # PUNTOS DE HÉROE: "El máximo … es de 1/2 nivel"
        initiative_bonus=_initiative(level, attrs, who),
        special_equipment_cap=special_equipment_cap(level, terms),
        languages=_languages(attrs, who),
        attack_bonus=_attack_bonus(level, attrs, who, equipment, terms),
        skills=_skills(level, attrs, who, skills),
        narrative=tuple(
            narrative.notes(
                level, who.power_slugs, who.advantages, terms.slug if terms else None, who.advantage_points
            )
        ),
    )


def _defense(level: int, who: Character, equipment: Sequence[EquipmentEntry], terms: Archetype | None) -> int:
    # DEFENDERSE EN COMBATE: 10 + ½ nivel, plus the single best defense: mundane ¼ nivel,
    # special ½ nivel, at least 1 either way.
    # Armour is an item marked `armor` or one reproducing Superprotección/Superesquiva.
    armour = [item for item in equipment if item.armor or item.power in DEFENSIVE_POWERS]
    mundane = any(item.kind == "mundane" for item in armour)
    # Artista Marcial, Bravo, Granuja: unarmoured, they count as wearing mundane armour. Defensa con
    # escudo (seed l.741): "Usar esta maniobra cuenta como estar usando armadura (ver arquetipos como
    # Artista Marcial, Bravo, Granuja…)": a shield with the maneuver is armour for them.
    unarmoured = not armour and not shield_counts_as_armour(who.maneuvers, equipment)
    mundane = mundane or bool(terms and terms.unarmored_mundane_armor and unarmoured)
    special = any(item.kind == "special" for item in armour) or any(
        entry.slug in DEFENSIVE_POWERS and LIMITED_USE not in entry.modifiers for entry in who.powers
    )
    best = 0
    if mundane:
        best = max(1, level // 4)
    if special:
        best = max(best, max(1, level // 2))
    return 10 + level // 2 + best


def shield_counts_as_armour(maneuvers, equipment) -> bool:
    """Defensa con escudo "cuenta como estar usando armadura" (seed l.741): a sheet with the
    maneuver and a shield uses it whenever it is hit, so it always counts."""
    return SHIELD_MANEUVER in maneuvers and any(item.shield for item in equipment)


def _hit_points(level: int, who: Character) -> tuple[int, int]:
    # DAÑO EN COMBATE: "1/2 nivel puntos de vida, con máximo de 4 … no pueden ser menores de 1".
    base = max(1, min(4, level // 2))
    # Vida extra: "gana 1 pto de vida … limitados a un máximo de tantos puntos de vida como su
    # nivel"; Grande: "ganando 1 pto de vida adicional".
    extra = sum(
        entry.units
        for entry in who.powers
        if entry.slug == "vida-extra" and LIMITED_USE not in entry.modifiers
    )
    extra += 1 if "grande" in who.advantages else 0
    if not extra:
        return base, base
    return max(base, min(base + extra, level)), base + extra


def _initiative(level: int, attrs: Mapping[str, Fraction], who: Character) -> int:
    # INICIATIVA: 1d20 + Agilidad × nivel; Calculador rápido: "usa la Inteligencia en lugar de la
    # Agilidad" (the better of the two: no one buys it to roll worse).
    value = attrs["agilidad"]
    if "calculador-rapido" in who.advantages:
        value = max(value, attrs["inteligencia"])
    tiers = [bonus for slug, bonus in INITIATIVE_TIERS.items() if slug in who.maneuvers]
    return math.floor(value * level) + max(tiers, default=0)


def _languages(attrs: Mapping[str, Fraction], who: Character) -> int:
    # LISTA DE VENTAJAS, Lingüista: "1 lenguaje, o 2 si la Inteligencia es un atributo normal o 3
    # si la inteligencia es atributo destacable"; Lingüista "gana 8 lenguajes extra".
    base = {ZERO: 1, HALF: 2, ONE: 3}.get(attrs["inteligencia"], 1)
    return base + (8 if "linguista" in who.advantages else 0)


def _attack_bonus(level, attrs, who: Character, equipment, terms: Archetype | None) -> dict[str, int | None]:
    """RESOLVER ACCIONES: "nivel x (valor más bajo entre Atributo y Tipo de ataque)", with the
    best way the character has of attacking each way."""
    best: dict[str, Fraction | None] = {kind.value: None for kind in AttackKind}
    chosen = weapons.chosen_weapons(who.maneuvers, equipment, who.maneuver_details, who.powers)
    attacks = chain(
        _unarmed_attacks(attrs, who),
        _power_attacks(attrs, who, chosen, terms),
        _item_attacks(attrs, equipment, chosen),
        _maneuver_attacks(attrs, who),
    )
    for kind, attribute_value, attack_type in attacks:
        value = min(attribute_value, attack_type)
        current = best[kind.value]
        best[kind.value] = value if current is None else max(current, value)
    return {kind: None if value is None else math.floor(value * level) for kind, value in best.items()}


# One way of attacking: its kind, the attribute's value and the attack type's (RESOLVER ACCIONES).
_Attack = tuple[AttackKind, Fraction, Fraction]


def _unarmed_attacks(attrs, who: Character) -> Iterator[_Attack]:
    """ATACAR EN COMBATE: anyone can punch, unarmed (0)."""
    yield AttackKind.MELEE, attrs["corpulencia"], UNARMED
    if "lucha-sin-armas" in who.maneuvers:
        yield AttackKind.MELEE, attrs["corpulencia"], MUNDANE  # "no se le aplica 0 … sino 1/2 nivel"


def _power_attacks(
    attrs, who: Character, chosen: Mapping[str, str], terms: Archetype | None
) -> Iterator[_Attack]:
    """The character's attacking powers: "mundano" (1/2) or "especial" (1)."""
    for entry in who.powers:
        power = index.POWERS[entry.slug]
        if power.attack_kind is None:
            continue
        attack_type = MUNDANE if power.mundane_attack else SPECIAL
        value = _chosen(attrs, entry.slug, chosen, _power_attribute(attrs, power, entry.throwing, terms))
        yield power.attack_kind, value, attack_type


def _power_attribute(attrs, power, throwing: bool, terms: Archetype | None) -> Fraction:
    """The attribute a power attacks with: its own, else its kind's."""
    value = attrs[power.attribute or DEFAULT_ATTRIBUTE.get(power.attack_kind, "corpulencia")]
    if throwing and terms and terms.throwing_attribute:
        value = attrs[terms.throwing_attribute]  # Masa de músculos throws with Corpulencia
    return value


def _item_attacks(attrs, equipment, chosen: Mapping[str, str]) -> Iterator[_Attack]:
    """The character's weapons: special items are "especial" (1) unless they reproduce a mundane
    attack, the rest "mundano" (1/2)."""
    for item in equipment:
        kind = weapons.attack_kind(item)
        if kind is None:
            continue
        power = index.POWERS.get(item.power) if item.power else None
        mundane_power = power is not None and power.mundane_attack
        attack_type = SPECIAL if item.kind == "special" and not mundane_power else MUNDANE
        yield AttackKind(kind), _item_attribute(attrs, item, power, chosen), attack_type


def _maneuver_attacks(attrs, who: Character) -> Iterator[_Attack]:
    """MANIOBRAS DE COMBATE: Desmoralizar is "un ataque mundano … basado en Presencia"; Agotar "un
    ataque mundano … basado en Inteligencia"."""
    if "desmoralizar" in who.maneuvers:
        yield AttackKind.EMOTIONAL, attrs["presencia"], MUNDANE
    if "agotar" in who.maneuvers:
        yield AttackKind.MENTAL, attrs["inteligencia"], MUNDANE


def _item_attribute(attrs, item, power, chosen: Mapping[str, str]) -> Fraction:
    """The attribute a weapon item attacks with: its power's or its kind's, or Agilidad /
    Percepción when it is the weapon Fineza con un arma / Ojo agudo chose (weapons.py, the same
    reading as the fight's `resolution.attack`)."""
    kind = weapons.attack_kind(item)
    value = attrs[
        (power.attribute if power else None) or DEFAULT_ATTRIBUTE.get(AttackKind(kind), "corpulencia")
    ]
    return _chosen(attrs, item.name, chosen, value)


def _chosen(attrs, name: str, chosen: Mapping[str, str], value: Fraction) -> Fraction:
    """Agilidad for the weapon Fineza con un arma chose, Percepción for Ojo agudo's."""
    if chosen.get(weapons.FINESSE) == name:
        value = max(value, attrs["agilidad"])
    if chosen.get(weapons.KEEN_EYE) == name:
        value = max(value, attrs["percepcion"])
    return value


def _skills(level: int, attrs, who: Character, entries: Sequence[SkillEntry]) -> dict[str, dict[str, int]]:
    values: dict[str, tuple[str, Fraction]] = {slug: (slug, ZERO) for slug in index.SKILLS}
    for entry in entries:
        values[entry.key] = (entry.slug, entry.value)
    boosted = _boosted_skills(who)
    knows_a_bit = "sabe-un-poco-de-todo" in who.advantages
    big = "grande" in who.advantages
    bonus = {slug: attribute_bonus(value, level) for slug, value in attrs.items()}
    result = {}
    for key, (slug, value) in values.items():
        skill = index.SKILLS[slug]
        superiorities, inferiorities = _value_rolls(value)
        superiorities += boosted.get(slug, 0)
        if knows_a_bit and skill.attribute == "inteligencia":
            inferiorities = 0  # Sabe un poco de todo: "nunca tiene Inferioridad" on Inteligencia skills
        net = net_superiority(superiorities, inferiorities)
        if big and slug == "sigilo":
            net = min(net, 0)  # Grande: "No puede tirar nunca más de 1d20 en tiradas de sigilo"
        result[key] = {"bonus": bonus[skill.attribute], "superiority": net}
    return result


def _boosted_skills(who: Character) -> dict[str, int]:
    """How many Superioridades the character's advantages and powers give each skill's rolls
    (SKILL_SUPERIORITY, POWER_SKILL_SUPERIORITY)."""
    granting = [
        *(skills for advantage, skills in SKILL_SUPERIORITY.items() if advantage in who.advantages),
        *(skills for power, skills in POWER_SKILL_SUPERIORITY.items() if power in who.power_slugs),
    ]
    return dict(Counter(slug for skills in granting for slug in skills))


def _value_rolls(value: Fraction) -> tuple[int, int]:
    """RESOLVER ACCIONES: 0 = Inferioridad, ½ = 1d20, 1 = Superioridad, 2 = Doble Superioridad.
    The Superioridades and Inferioridades a skill's value gives."""
    halves = value.numerator * 2 // value.denominator
    superiorities = 2 if halves >= 4 else 1 if halves >= 2 else 0
    inferiorities = 1 if halves == 0 else 0
    return superiorities, inferiorities
