"""The shapes of the combat table's entries: a colour result, a combat type, and an entry with
an ability and a colour table of its own (defensive actions, special results)."""

from __future__ import annotations

from dataclasses import dataclass

from .ranks import COLOURS

MELEE, RANGED, WRESTLING, CHARGE = "melee", "ranged", "wrestling", "charge"
GROUPS = {
    MELEE: ("Cuerpo a cuerpo", "Melee", "fighting"),
    RANGED: ("A distancia", "Ranged", "agility"),
    WRESTLING: ("Lucha", "Wrestling", "strength"),
    CHARGE: ("Carga", "Charging", "endurance"),
}
ABILITIES = ("fighting", "agility", "strength", "endurance", "reason", "intuition", "psyche")
ABILITY_NAMES = {
    "fighting": ("Lucha", "Fighting"),
    "agility": ("Agilidad", "Agility"),
    "strength": ("Fuerza", "Strength"),
    "endurance": ("Resistencia", "Endurance"),
    "reason": ("Razón", "Reason"),
    "intuition": ("Intuición", "Intuition"),
    "psyche": ("Psique", "Psyche"),
}


@dataclass(frozen=True)
class ColourResult:
    colour: str
    effect: str  # miss, hit, slam, stun, kill, bullseye, partial-hold, hold, grab…
    text_es: str
    text_en: str

    def as_dict(self) -> dict:
        return {
            "colour": self.colour,
            "effect": self.effect,
            "text_es": self.text_es,
            "text_en": self.text_en,
        }


def _results(*rows: tuple[str, str, str]) -> tuple[ColourResult, ...]:
    return tuple(ColourResult(colour, *row) for colour, row in zip(COLOURS, rows, strict=True))


@dataclass(frozen=True)
class CombatType:
    slug: str
    name_es: str
    name_en: str
    group: str
    damage_rule: str  # strength, edged, weapon, thrown-edged, thrown-blunt, charge, none
    reduce_damage: bool  # "se puede reducir el daño"
    reduce_result: bool  # "se puede reducir… el resultado / el efecto"
    results: tuple[ColourResult, ...]
    rule: str

    @property
    def ability(self) -> str:
        return GROUPS[self.group][2]

    def result(self, colour: str) -> ColourResult:
        return self.results[COLOURS.index(colour)]

    def as_dict(self) -> dict:
        es, en, _ = GROUPS[self.group]
        return {
            "slug": self.slug,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "group": self.group,
            "group_es": es,
            "group_en": en,
            "ability": self.ability,
            "damage_rule": self.damage_rule,
            "reduce_damage": self.reduce_damage,
            "reduce_result": self.reduce_result,
            "results": [r.as_dict() for r in self.results],
            "rule": self.rule,
        }


@dataclass(frozen=True)
class Table4:
    """An entry with an ability and a colour table of its own (defensive actions, special results)."""

    slug: str
    name_es: str
    name_en: str
    ability: str
    results: tuple[ColourResult, ...]
    rule: str
    summary_es: str = ""
    summary_en: str = ""

    def result(self, colour: str) -> ColourResult:
        return self.results[COLOURS.index(colour)]

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "ability": self.ability,
            "summary_es": self.summary_es,
            "summary_en": self.summary_en,
            "results": [r.as_dict() for r in self.results],
            "rule": self.rule,
        }
