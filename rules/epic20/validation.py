"""Validate an Epic20 sheet: every problem at once, the budget and the derived numbers.

`validate_sheet(sheet, awards=..., waivers=...)` never raises, whatever it is given, and its
`Report.as_dict(lang)` is the body of `POST /api/v1/characters/validate/` (docs/api.md).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import checks, checks_gear, spending
from .archetypes import BY_SLUG as ARCHETYPES
from .budget import Awards, Budget, compute
from .derived import Derived, derive
from .grants import character, resolve
from .problems import Problem, named, pointer, problem
from .sheet import number, parse_sheet

logger = logging.getLogger(__name__)
ZERO = Fraction(0)
AWARD_CATEGORIES = ("powers", "skills", "advantages", "maneuvers", "levels")
BUDGET_RULES = {
    "powers": "LISTA DE PODERES",
    "skills": "LISTA DE HABILIDADES",
    "advantages": "LISTA DE VENTAJAS",
    "maneuvers": "MANIOBRAS DE COMBATE",
}


@dataclass(frozen=True)
class Report:
    valid: bool
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    waived: tuple[Problem, ...] = ()
    budget: Budget | None = None
    derived: Derived | None = None
    # The sheet as stored (`rules.systems.SheetReport.sheet`): empty, the site stores the sheet
    # keys it was sent (`characters.sheets.sheet_without_meta`).
    sheet: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self, lang: str = "es") -> dict:
        return {
            "valid": self.valid,
            "errors": [p.as_dict(lang) for p in self.errors],
            "warnings": [p.as_dict(lang) for p in self.warnings],
            "waivers": [p.as_dict(lang) for p in self.waived],
            "budget": _json(self.budget.as_dict()) if self.budget else {},
            "derived": self.derived.as_dict() if self.derived else {},
        }


def _json(value):
    """Fractions as JSON numbers: 2 rather than 2.0, ½ as 0.5."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, dict):
        return {key: _json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(item) for item in value]
    return value


def validate_sheet(sheet: Any, *, awards: Sequence[Mapping] = (), waivers: Sequence[Mapping] = ()) -> Report:
    try:
        return _validate(sheet, awards=awards, waivers=waivers)
    except Exception:  # the engine must answer every input; a bug here is logged, not raised
        logger.exception("Epic20 sheet validation failed unexpectedly")
        failure = problem("sheet.internal_error", "", "NIVEL")
        return Report(valid=False, errors=(failure,))


def _validate(sheet_data: Any, *, awards: Any = (), waivers: Any = ()) -> Report:
    sheet, errors = parse_sheet(sheet_data)
    if not isinstance(sheet_data, Mapping):
        return _not_a_sheet(errors)
    warnings: list[Problem] = []
    award_totals, award_warnings = _awards(awards)
    warnings += award_warnings
    archetype = ARCHETYPES.get(sheet.archetype) if sheet.archetype else None
    terms = archetype.with_options(dict(sheet.archetype_options)) if archetype else None
    if archetype is None and sheet.archetype_options:
        warnings.append(problem("archetype_options.ignored", "/archetype_options", "ARQUETIPOS"))
    else:
        option_errors, option_warnings = checks.archetype_options(sheet, archetype)
        errors += option_errors
        warnings += option_warnings
    level = sheet.level if sheet.level is not None else 0

    granted = resolve(sheet, terms)
    who = character(sheet, granted)
    errors += checks.attributes(sheet, terms)
    skill_errors, skill_warnings = checks.skills(sheet, granted)
    errors += skill_errors
    warnings += skill_warnings
    comp_errors, comp_warnings, have, required = checks.complications(sheet, terms, granted, who)
    errors += comp_errors
    warnings += comp_warnings

    spent, spend_warnings = spending.compute(sheet, terms, granted, level, (have, required))
    warnings += spend_warnings
    budget = compute(spent, terms, award_totals, level)
    power_errors, power_warnings = checks_gear.powers(sheet, terms, who, budget)
    errors += power_errors
    warnings += power_warnings
    advantage_errors, advantage_warnings = checks_gear.advantages(sheet, terms)
    errors += advantage_errors
    warnings += advantage_warnings
    errors += checks_gear.maneuvers(sheet, who)
    errors += checks_gear.equipment(sheet, terms)
    warnings += checks_gear.chosen_weapons(sheet)
    budget_errors, budget_warnings = _budget_problems(budget, terms)
    errors += budget_errors
    warnings += budget_warnings

    derived = derive(level, sheet.attributes, who, sheet.equipment, sheet.skills, terms)
    if derived.hit_points < derived.hit_points_uncapped:
        # Vida extra: "Los personajes jugadores están limitados a un máximo de tantos puntos de vida como su nivel".
        warnings.append(problem("powers.hit_points_capped", "/powers", "LISTA DE PODERES", level=level))

    waived_keys = _waiver_keys(waivers)
    kept = [p for p in errors if (p.code, p.path) not in waived_keys]
    waived = [p for p in errors if (p.code, p.path) in waived_keys]
    return Report(
        valid=not kept,
        errors=tuple(kept),
        warnings=tuple(warnings),
        waived=tuple(waived),
        budget=budget,
        derived=derived,
    )


def _not_a_sheet(errors: list[Problem]) -> Report:
    """Nothing to check: the one problem, and the budget and numbers of an empty character."""
    sheet, _ = parse_sheet({})
    granted = resolve(sheet, None)
    who = character(sheet, granted)
    spent, _ = spending.compute(sheet, None, granted, 0, (0, 1))
    budget = compute(spent, None, Awards(), 0)
    derived = derive(0, sheet.attributes, who, (), (), None)
    return Report(valid=False, errors=tuple(errors), budget=budget, derived=derived)


def _awards(awards: Any) -> tuple[Awards, list[Problem]]:
    totals = dict.fromkeys(AWARD_CATEGORIES, ZERO)
    warnings: list[Problem] = []
    if not isinstance(awards, (list, tuple)):
        return Awards(), [problem("awards.invalid", "/awards", "ARQUETIPOS")] if awards else []
    for i, award in enumerate(awards):
        amount = number(award.get("amount")) if isinstance(award, Mapping) else None
        category = award.get("category") if isinstance(award, Mapping) else None
        if category not in totals or amount is None or amount < 0 or amount > 1000:
            warnings.append(problem("awards.invalid", pointer("awards", i), "ARQUETIPOS"))
            continue
        totals[category] += amount
    return Awards(**totals), warnings


def _waiver_keys(waivers: Any) -> set[tuple[str, str]]:
    keys: set[tuple[str, str]] = set()
    if isinstance(waivers, (list, tuple)):
        for waiver in waivers:
            if (
                isinstance(waiver, Mapping)
                and isinstance(waiver.get("code"), str)
                and isinstance(waiver.get("path"), str)
            ):
                keys.add((waiver["code"], waiver["path"]))
    return keys


def _budget_problems(budget: Budget, terms) -> tuple[list[Problem], list[Problem]]:
    errors: list[Problem] = []
    warnings: list[Problem] = []
    for category, rule in BUDGET_RULES.items():
        line = budget.line(category)
        over = line.spent > line.available or (category == "advantages" and budget.advantages_over)
        if over:
            errors.append(
                problem(
                    f"{category}.over_budget",
                    f"/{category}",
                    rule,
                    spent=line.spent,
                    available=line.available,
                )
            )
        elif line.spent < line.available:
            warnings.append(
                problem(f"{category}.unspent", f"/{category}", rule, left=line.available - line.spent)
            )
    special = budget.special_equipment
    if special.spent > special.available:
        errors.append(
            problem(
                "special_equipment.over_cap",
                "/equipment",
                "LISTA DE VENTAJAS",
                spent=special.spent,
                cap=budget.special_equipment_cap,
            )
        )
    if budget.sacrificed < budget.sacrifice_required:
        # "Debe sacrificar al menos la mitad de sus puntos en superpoderes".
        errors.append(
            problem(
                "archetype.must_sacrifice_half_powers",
                "/powers",
                "ARQUETIPOS",
                archetype=named(terms),
                required=budget.sacrifice_required,
                sacrificed=budget.sacrificed,
            )
        )
    return errors, warnings
