"""The typed, frozen shape of an Epic20 archetype (ARQUETIPOS).

An archetype is data: how it changes the creation budget, which attribute choices it requires
or forbids, what it grants for free, which trades of power points it offers and which costs it
multiplies. `rules.epic20.validation` reads these fields; nothing here knows about sheets.

Deliberately free of catalogue imports: the catalogue lists the archetypes, so this module must
be importable before it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

ZERO = Fraction(0)
HALF = Fraction(1, 2)
ONE = Fraction(1)


class GrantKind(StrEnum):
    POWER = "power"
    ADVANTAGE = "advantage"
    MANEUVER = "maneuver"
    COMPLICATION = "complication"


class MultiplierTarget(StrEnum):
    """What a cost multiplier applies to."""

    ALL_POWERS = "powers"  # Vigilante: "Los superpoderes le cuestan el doble"
    SUPERDEFENSES = "superdefenses"  # Artista Marcial: "las superdefensas"
    DEFENSIVE_EQUIPMENT = "defensive_equipment"  # Artista Marcial: "equipo mundano o especial defensivo"
    POWER_BASE = "power_base"  # Monstruo: Superprotección "con el coste reducido a 1/2"


@dataclass(frozen=True)
class AttributeConstraint:
    """At least one of `any_of` must have `value` (1 destacable, 0 no desarrollado); with
    `forbidden`, none of them may have it."""

    any_of: tuple[str, ...]
    value: Fraction
    forbidden: bool = False


@dataclass(frozen=True)
class Grant:
    """Something the archetype gives for free (a power, an advantage, a maneuver) or imposes
    (a complication). `match` words pick which entry of the sheet is the granted one when the
    grant has a detail ("Supermovimiento: correr")."""

    kind: GrantKind
    slug: str
    detail_es: str = ""
    detail_en: str = ""
    match: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillGrant:
    """Free skill points that must go to one of `any_of` (Explorador)."""

    any_of: tuple[str, ...]
    amount: Fraction
    specialty: str | None = None


@dataclass(frozen=True)
class ConversionRate:
    """What ½ power point sacrificed buys. `restricted_advantages`: the advantages gained may
    only be spent on a spaceship, equipment or a helper (Armero, Soldado)."""

    key: str
    skills: Fraction = ZERO
    advantages: Fraction = ZERO
    maneuvers: Fraction = ZERO
    restricted_advantages: bool = False


@dataclass(frozen=True)
class CostMultiplier:
    target: MultiplierTarget
    factor: Fraction
    slug: str = ""  # the power, for POWER_BASE


@dataclass(frozen=True)
class RestrictedPowerPoints:
    """Power points that may only be spent on `powers` (Cambiante: ½ on a shape-changing power)."""

    amount: Fraction
    powers: tuple[str, ...]


@dataclass(frozen=True)
class OptionChoice:
    value: Any
    label_es: str
    label_en: str
    overrides: tuple[tuple[str, Any], ...] = ()  # Archetype fields replaced by this choice


@dataclass(frozen=True)
class ArchetypeOption:
    """A choice the archetype offers, stored in the sheet's `archetype_options[key]`."""

    key: str
    choices: tuple[OptionChoice, ...]
    default: Any

    def choice(self, value: Any) -> OptionChoice | None:
        for choice in self.choices:
            if choice.value == value and type(choice.value) is type(value):
                return choice
        return None


@dataclass(frozen=True)
class Archetype:
    slug: str
    name_es: str
    name_en: str
    description_es: str
    description_en: str
    rule: str = "ARQUETIPOS"
    # LISTA DE ATRIBUTOS: two destacables, one no desarrollado; Inventor has one destacable.
    destacables: int = 2
    attribute_constraints: tuple[AttributeConstraint, ...] = ()
    # Points gained (+) or lost (-) per category at creation.
    power_points: Fraction = ZERO
    skill_points: Fraction = ZERO
    advantage_points: Fraction = ZERO
    maneuver_points: Fraction = ZERO
    extra_complications: int = 0  # chosen complications on top of the initial one
    grants: tuple[Grant, ...] = ()
    skill_grants: tuple[SkillGrant, ...] = ()
    conversion_rates: tuple[ConversionRate, ...] = ()  # offered besides the general ones
    cost_multipliers: tuple[CostMultiplier, ...] = ()
    must_sacrifice_half_powers: bool = False
    special_equipment_cap: int = 0  # added to the cap of 1 per 4 levels
    forbidden_advantages: tuple[str, ...] = ()
    required_powers: tuple[tuple[str, ...], ...] = ()  # each group: at least one on the sheet
    forbid_ranged_powers: bool = False  # Masa de músculos, except powers used to throw things
    throwing_attribute: str | None = None  # Masa de músculos throws with Corpulencia
    restricted_power_points: tuple[RestrictedPowerPoints, ...] = ()
    unarmored_mundane_armor: bool = False
    awarded_power_points_per_bonus: int = 0  # Mago: +1 power point per 3 awarded
    equipment_reserve: Fraction = ZERO  # Inventor: assigned in play, not on the sheet
    options: tuple[ArchetypeOption, ...] = ()
    traits_es: tuple[str, ...] = ()  # what changes play but not the sheet's numbers
    traits_en: tuple[str, ...] = ()

    def with_options(self, chosen: dict[str, Any] | None = None) -> Archetype:
        """The archetype's terms once the options are chosen (defaults for the missing or
        invalid ones)."""
        chosen = chosen or {}
        terms = self
        for option in self.options:
            choice = option.choice(chosen.get(option.key, option.default)) or option.choice(option.default)
            if choice and choice.overrides:
                terms = replace(terms, **dict(choice.overrides))
        return terms
