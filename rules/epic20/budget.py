"""The point budget of a sheet: what is available per category, what is spent, and the trades
of power points applied to cover overspends (LISTA DE PODERES, ARQUETIPOS, LISTA DE VENTAJAS).

Creation budget (the headings of each list): 3 power points, 4 skill points ("dos habilidades
con valor 1 y cuatro habilidades con valor 1/2"), 2 advantage points, 2 maneuvers, 1
complication; plus the archetype's changes and the GM's awards. Special equipment is capped at
1 point per 4 levels (LISTA DE VENTAJAS, Equipo especial); each point above the cap costs 1 whole
power point ("sin tener en cuenta el límite de equipo especial").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from . import index
from .archetype_types import Archetype
from .conversions import Deficit, cheapest

ZERO = Fraction(0)
BASE = {"powers": Fraction(3), "skills": Fraction(4), "advantages": Fraction(2), "maneuvers": Fraction(2)}
LEVELS_PER_SPECIAL_POINT = index.ADVANTAGES["equipo-especial"].levels_per_point or 4
CATEGORIES = ("powers", "skills", "advantages", "maneuvers", "complications", "special_equipment")


@dataclass(frozen=True)
class Line:
    available: Fraction
    spent: Fraction


@dataclass(frozen=True)
class Conversion:
    source: str  # always "powers"
    amount: Fraction
    to: str
    gained: Fraction
    archetype: str | None = None  # whose rate applied; None for the general rates

    def as_dict(self) -> dict:
        return {
            "from": self.source,
            "amount": self.amount,
            "to": self.to,
            "gained": self.gained,
            "archetype": self.archetype,
        }


@dataclass(frozen=True)
class Spending:
    """What the sheet spends per category, already net of free (granted) entries."""

    powers: Fraction = ZERO
    powers_not_at_creation: Fraction = ZERO  # "no se puede seleccionar durante la creación"
    powers_restricted: Fraction = ZERO  # spent on powers an archetype's restricted points may pay
    skills: Fraction = ZERO
    skill_grants: Fraction = ZERO  # archetype skill points found on the sheet (free)
    advantages: Fraction = ZERO  # including equipment within the special-equipment cap
    advantages_restricted_eligible: Fraction = ZERO  # ship, helper, equipment (Armero, Soldado)
    maneuvers: Fraction = ZERO
    special_equipment: Fraction = ZERO
    complications: int = 0
    complications_required: int = 1


@dataclass(frozen=True)
class Awards:
    powers: Fraction = ZERO
    skills: Fraction = ZERO
    advantages: Fraction = ZERO
    maneuvers: Fraction = ZERO
    levels: Fraction = ZERO


@dataclass(frozen=True)
class Budget:
    powers: Line
    skills: Line
    advantages: Line
    maneuvers: Line
    complications: Line
    special_equipment: Line
    conversions: tuple[Conversion, ...] = ()
    special_equipment_cap: int = 0
    sacrificed: Fraction = ZERO  # creation power points traded away
    sacrifice_required: Fraction = ZERO
    not_at_creation_uncovered: bool = False
    restricted_power_points_unused: Fraction = ZERO
    advantages_over: bool = False

    def line(self, category: str) -> Line:
        return getattr(self, category)

    def as_dict(self) -> dict:
        result: dict = {
            name: {"available": self.line(name).available, "spent": self.line(name).spent}
            for name in CATEGORIES
        }
        result["conversions"] = [conversion.as_dict() for conversion in self.conversions]
        return result


def special_equipment_cap(level: int, terms: Archetype | None) -> int:
    # LISTA DE VENTAJAS, Equipo especial: "1 pto por cada 4 niveles"; Armero +1, Parangón -1;
    # Vigilante: "No puede adquirir la ventaja «equipo especial»".
    if terms and "equipo-especial" in terms.forbidden_advantages:
        return 0
    return max(0, level // LEVELS_PER_SPECIAL_POINT + (terms.special_equipment_cap if terms else 0))


def compute(spending: Spending, terms: Archetype | None, awards: Awards, level: int) -> Budget:
    delta = _archetype_points(terms)
    # Creation pool: 3 points plus the archetype's. A restricted part (Cambiante) only pays the
    # powers it names; what it cannot pay is lost.
    creation = max(ZERO, BASE["powers"] + delta["powers"])
    restricted = sum((r.amount for r in terms.restricted_power_points), ZERO) if terms else ZERO
    restricted_used = min(restricted, spending.powers_restricted)
    creation_usable = creation - restricted + restricted_used
    awarded = _awarded_power_points(awards, terms)
    # Powers are paid from awarded points first, which leaves the creation points (the only ones
    # with archetype rates) for trades; a power barred at creation must be paid from awards.
    from_awards = min(spending.powers, awarded)
    from_creation = spending.powers - from_awards
    awarded_left = awarded - from_awards
    creation_left = max(ZERO, creation_usable - from_creation)

    cap = special_equipment_cap(level, terms)
    over_cap = max(ZERO, spending.special_equipment - cap)
    special_from_awards = min(over_cap, awarded_left)
    special_from_creation = min(over_cap - special_from_awards, creation_left)
    special_converted = special_from_awards + special_from_creation
    awarded_left -= special_from_awards
    creation_left -= special_from_creation

    creation_budget = {
        name: max(ZERO, BASE[name] + delta[name]) for name in ("skills", "advantages", "maneuvers")
    }
    available = {
        "skills": creation_budget["skills"] + awards.skills,
        "advantages": creation_budget["advantages"] + awards.advantages,
        "maneuvers": creation_budget["maneuvers"] + awards.maneuvers,
    }
    creation_units = int(creation_left * 2)
    awarded_units = int(awarded_left * 2)
    rates = terms.conversion_rates if terms else ()
    path = _trades(spending, available, creation_units, awarded_units, rates)
    sacrifice_required = creation / 2 if terms and terms.must_sacrifice_half_powers else ZERO
    if special_from_creation + Fraction(min(len(path), creation_units), 2) < sacrifice_required:
        # "Debe sacrificar al menos la mitad": when awarded skill, advantage or maneuver points
        # made the trades smaller, the history where creation paid for the purchases (and the
        # awards are still unspent) is the legal one.
        alternative = _trades(spending, creation_budget, creation_units, 0, rates)
        if len(alternative) > len(path):
            path = alternative
    conversions, gained = _summarise(path, creation_units, terms)
    creation_units_used = min(len(path), creation_units)
    package_converted = Fraction(len(path), 2)
    if special_converted:
        conversions.append(Conversion("powers", special_converted, "special_equipment", special_converted))

    restricted_gain = gained["restricted"]
    usable_restricted = min(restricted_gain, spending.advantages_restricted_eligible)
    advantages_available = available["advantages"] + gained["advantages"] + restricted_gain
    powers_available = creation_usable + awarded
    sacrificed = special_from_creation + Fraction(creation_units_used, 2)
    return Budget(
        powers=Line(powers_available, spending.powers + special_converted + package_converted),
        skills=Line(
            available["skills"] + gained["skills"] + spending.skill_grants,
            spending.skills + spending.skill_grants,
        ),
        advantages=Line(advantages_available, spending.advantages),
        maneuvers=Line(available["maneuvers"] + gained["maneuvers"], spending.maneuvers),
        complications=Line(Fraction(spending.complications_required), Fraction(spending.complications)),
        special_equipment=Line(Fraction(cap) + special_converted, spending.special_equipment),
        conversions=tuple(conversions),
        special_equipment_cap=cap,
        sacrificed=sacrificed,
        sacrifice_required=sacrifice_required,
        not_at_creation_uncovered=spending.powers_not_at_creation > awarded,
        restricted_power_points_unused=restricted - restricted_used,
        advantages_over=spending.advantages
        > available["advantages"] + gained["advantages"] + usable_restricted,
    )


def _archetype_points(terms: Archetype | None) -> dict[str, Fraction]:
    """The points the archetype adds to (or takes from) each creation budget (ARQUETIPOS)."""
    if not terms:
        return dict.fromkeys(BASE, ZERO)
    return {
        "powers": terms.power_points,
        "skills": terms.skill_points,
        "advantages": terms.advantage_points,
        "maneuvers": terms.maneuver_points,
    }


def _awarded_power_points(awards: Awards, terms: Archetype | None) -> Fraction:
    """The GM's power points, with the archetype's bonus. Mago: "ganará un nuevo punto de
    superpoder por cada 3 ptos de superpoderes nuevos"."""
    awarded = awards.powers
    if terms and terms.awarded_power_points_per_bonus:
        awarded += math.floor(awards.powers / terms.awarded_power_points_per_bonus)
    return awarded


def _trades(spending: Spending, available: dict, creation_units: int, awarded_units: int, rates) -> list:
    deficit = Deficit(
        skills=max(ZERO, spending.skills - available["skills"]),
        advantages=max(ZERO, spending.advantages - available["advantages"]),
        restricted_eligible=spending.advantages_restricted_eligible,
        maneuvers=max(ZERO, spending.maneuvers - available["maneuvers"]),
    )
    return cheapest(deficit, creation_units, awarded_units, rates)[0]


def _summarise(path, creation_units: int, terms: Archetype | None):
    """Group the applied rates into conversion lines. A rate that buys two things (Espía: ½ skill
    point and 1 advantage) yields one line per thing; the power points go on the first line."""
    counts: dict = {}
    for n, rate in enumerate(path):
        key = (rate, bool(rate.key) and n < creation_units)
        counts[key] = counts.get(key, 0) + 1
    conversions: list[Conversion] = []
    gained = {"skills": ZERO, "advantages": ZERO, "restricted": ZERO, "maneuvers": ZERO}
    for (rate, archetypal), count in counts.items():
        who = terms.slug if archetypal and terms else None
        amount = Fraction(count, 2)
        outputs = [
            ("skills", rate.skills, "skills"),
            ("advantages", rate.advantages, "restricted" if rate.restricted_advantages else "advantages"),
            ("maneuvers", rate.maneuvers, "maneuvers"),
        ]
        for to, per_unit, bucket in outputs:
            if per_unit:
                conversions.append(Conversion("powers", amount, to, per_unit * count, who))
                gained[bucket] += per_unit * count
                amount = ZERO
    return conversions, gained
