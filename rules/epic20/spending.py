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
    warnings: list[Problem] = []
    restricted_powers = {slug for r in (terms.restricted_power_points if terms else ()) for slug in r.powers}
    included = included_entries(sheet)
    powers = not_at_creation = restricted = ZERO
    for entry in sheet.powers:
        if entry.index in granted.free_powers or entry.index in included or entry.slug in index.MODIFIERS:
            continue
        cost = power_cost(entry, terms)
        powers += cost
        if not index.POWERS[entry.slug].creation_allowed:
            not_at_creation += cost
        if entry.slug in restricted_powers:
            restricted += cost

    advantages = eligible = ZERO
    declared = {SPECIAL_EQUIPMENT: ZERO, MUNDANE_EQUIPMENT: ZERO}
    first_declared: dict[str, int] = {}
    hunted = spirit_hunter_weapons(sheet)
    for entry in sheet.advantages:
        if entry.index in granted.free_advantages:
            continue
        if entry.slug == SPIRIT_HUNTER and hunted:
            continue  # applied to a weapon: paid as the weapon's +1 (below), not as an advantage
        cost = advantage_cost(entry)
        if entry.slug in declared:
            declared[entry.slug] += cost
            first_declared.setdefault(entry.slug, entry.index)
            continue
        advantages += cost
        if entry.slug in RESTRICTED_ELIGIBLE:
            eligible += cost

    items = {SPECIAL_EQUIPMENT: ZERO, MUNDANE_EQUIPMENT: ZERO}
    ship_items = ZERO
    for item in sheet.equipment:
        cost = equipment_cost(item, terms, spirit_hunter=item.index in hunted)
        if item.for_spaceship and item.kind == "special":
            ship_items += cost  # Nave espacial: "no cuenta para el límite de nivel del equipo especial"
            continue
        items[SPECIAL_EQUIPMENT if item.kind == "special" else MUNDANE_EQUIPMENT] += cost
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
    special = charged[SPECIAL_EQUIPMENT]
    equipment_advantages = min(special, special_equipment_cap(level, terms)) + charged[MUNDANE_EQUIPMENT]
    equipment_advantages += ship_items
    advantages += equipment_advantages
    eligible += equipment_advantages

    skills = sum((entry.value for entry in sheet.skills), ZERO) - granted.skill_points
    maneuvers = sum(
        (index.MANEUVERS[e.slug].cost for e in sheet.maneuvers if e.index not in granted.free_maneuvers), ZERO
    )
    have, required = complications
    return (
        Spending(
            powers=powers,
            powers_not_at_creation=not_at_creation,
            powers_restricted=restricted,
            skills=skills,
            skill_grants=granted.skill_points,
            advantages=advantages,
            advantages_restricted_eligible=eligible,
            maneuvers=maneuvers,
            special_equipment=special,
            complications=have,
            complications_required=required,
        ),
        warnings,
    )
