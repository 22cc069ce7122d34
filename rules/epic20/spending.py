"""What a sheet spends in each category, net of what the archetype gives for free.

Equipment (LISTA DE VENTAJAS, Equipo especial / Equipo mundano): the `equipment` items are what
the player bought. Their cost is charged once, to the advantage budget: a special item takes 1
special-equipment point (or its power's cost when higher), two mundane items take 1 point. The
"Equipo especial" / "Equipo mundano" entries in `advantages` name the same purchase; each
category is charged the larger of the two, never both, so a sheet may list the advantage with
its points, the items, or both. Special-equipment points within the cap are paid from the
advantage budget; above the cap each costs 1 power point (see `budget`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from . import index
from .archetype_types import Archetype
from .budget import Spending, special_equipment_cap
from .checks_gear import included_entries
from .costs import (
    MUNDANE_EQUIPMENT,
    SPECIAL_EQUIPMENT,
    SPIRIT_HUNTER,
    advantage_cost,
    equipment_cost,
    power_cost,
    spirit_hunter_weapons,
)
from .grants import Granted
from .problems import Problem, fmt, pointer, problem
from .sheet import Sheet

ZERO = Fraction(0)
# Armero: "las ventajas a usar únicamente en nave espacial o equipo … o ayudante (droide)".
RESTRICTED_ELIGIBLE = ("nave-espacial", "ayudante")


def compute(
    sheet: Sheet, terms: Archetype | None, granted: Granted, level: int, complications: tuple[int, int]
) -> tuple[Spending, list[Problem]]:
    powers = _power_spending(sheet, terms, granted)
    hunted = spirit_hunter_weapons(sheet)
    advantages = _advantage_spending(sheet, granted, hunted)
    items, ship_items = _equipment_items(sheet, terms, hunted)
    charged, warnings = _charged_equipment(advantages.declared, advantages.first_declared, items)
    special = charged[SPECIAL_EQUIPMENT]
    equipment_advantages = min(special, special_equipment_cap(level, terms)) + charged[MUNDANE_EQUIPMENT]
    equipment_advantages += ship_items

    skills = sum((entry.value for entry in sheet.skills), ZERO) - granted.skill_points
    maneuvers = sum(
        (index.MANEUVERS[e.slug].cost for e in sheet.maneuvers if e.index not in granted.free_maneuvers), ZERO
    )
    have, required = complications
    return (
        Spending(
            powers=powers.total,
            powers_not_at_creation=powers.not_at_creation,
            powers_restricted=powers.restricted,
            skills=skills,
            skill_grants=granted.skill_points,
            advantages=advantages.total + equipment_advantages,
            advantages_restricted_eligible=advantages.eligible + equipment_advantages,
            maneuvers=maneuvers,
            special_equipment=special,
            complications=have,
            complications_required=required,
        ),
        warnings,
    )


@dataclass
class _PowerSpending:
    total: Fraction = ZERO
    not_at_creation: Fraction = ZERO  # "no se puede seleccionar durante la creación"
    restricted: Fraction = ZERO  # spent on powers an archetype's restricted points may pay


def _power_spending(sheet: Sheet, terms: Archetype | None, granted: Granted) -> _PowerSpending:
    """What the powers cost, leaving out free ones, those a bigger power includes and modifiers
    listed alone (LISTA DE PODERES)."""
    restricted_powers = {slug for r in (terms.restricted_power_points if terms else ()) for slug in r.powers}
    included = included_entries(sheet)
    spent = _PowerSpending()
    for entry in sheet.powers:
        if entry.index in granted.free_powers or entry.index in included or entry.slug in index.MODIFIERS:
            continue
        cost = power_cost(entry, terms)
        spent.total += cost
        if not index.POWERS[entry.slug].creation_allowed:
            spent.not_at_creation += cost
        if entry.slug in restricted_powers:
            spent.restricted += cost
    return spent


@dataclass
class _AdvantageSpending:
    total: Fraction = ZERO  # equipment apart
    eligible: Fraction = ZERO  # what an archetype's restricted advantage points may pay
    # What the "Equipo especial" / "Equipo mundano" advantages declare, and the first entry of each.
    declared: dict[str, Fraction] = field(
        default_factory=lambda: {SPECIAL_EQUIPMENT: ZERO, MUNDANE_EQUIPMENT: ZERO}
    )
    first_declared: dict[str, int] = field(default_factory=dict)


def _advantage_spending(sheet: Sheet, granted: Granted, hunted: frozenset[int]) -> _AdvantageSpending:
    """What the advantages cost, leaving out free ones and Cazador de espíritus when applied to a
    weapon; the equipment advantages are only declared (see the module's docstring)."""
    spent = _AdvantageSpending()
    for entry in sheet.advantages:
        if entry.index in granted.free_advantages:
            continue
        if entry.slug == SPIRIT_HUNTER and hunted:
            continue  # applied to a weapon: paid as the weapon's +1 (below), not as an advantage
        cost = advantage_cost(entry)
        if entry.slug in spent.declared:
            spent.declared[entry.slug] += cost
            spent.first_declared.setdefault(entry.slug, entry.index)
            continue
        spent.total += cost
        if entry.slug in RESTRICTED_ELIGIBLE:
            spent.eligible += cost
    return spent


def _equipment_items(
    sheet: Sheet, terms: Archetype | None, hunted: frozenset[int]
) -> tuple[dict[str, Fraction], Fraction]:
    """What the items cost per equipment advantage, and what the spaceship's special items cost."""
    items = {SPECIAL_EQUIPMENT: ZERO, MUNDANE_EQUIPMENT: ZERO}
    ship_items = ZERO
    for item in sheet.equipment:
        cost = equipment_cost(item, terms, spirit_hunter=item.index in hunted)
        if item.for_spaceship and item.kind == "special":
            ship_items += cost  # Nave espacial: "no cuenta para el límite de nivel del equipo especial"
            continue
        items[SPECIAL_EQUIPMENT if item.kind == "special" else MUNDANE_EQUIPMENT] += cost
    return items, ship_items


def _charged_equipment(
    declared: dict[str, Fraction], first_declared: dict[str, int], items: dict[str, Fraction]
) -> tuple[dict[str, Fraction], list[Problem]]:
    """Each equipment category is charged the larger of the advantage's points and the items'
    cost (LISTA DE VENTAJAS), with a warning where both are given and differ."""
    warnings: list[Problem] = []
    charged = {}
    for slug in declared:
        charged[slug] = max(declared[slug], items[slug])
        if declared[slug] and items[slug] and declared[slug] != items[slug]:
            warnings.append(
                problem(
                    "equipment.advantage_mismatch",
                    pointer("advantages", first_declared[slug]),
                    "LISTA DE VENTAJAS",
                    declared=fmt(declared[slug]),
                    items=fmt(items[slug]),
                    charged=fmt(charged[slug]),
                )
            )
    return charged, warnings
