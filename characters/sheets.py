"""Small helpers about a sheet's JSON as the site stores it. What a system's sheet holds is the
system's to say, through the seam (`rules.systems.GameSystem`): its `sheet_keys`, whether its
engine `ignores_unknown_keys`, its `sheet_summary` (the list's columns) and its `shape_problem`
(a value of the wrong JSON type). This module names no system."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.registration import default_slug
from rules.systems import GameSystem

# What the columns hold for a system whose sheet has no level or archetype.
_NO_SUMMARY = {"level": 0, "archetype": ""}


def sheet_without_meta(sheet: Mapping, system: GameSystem) -> dict:
    """The sheet as it is stored and exported, in the order received: only its system's sheet
    keys when its engine ignores the others (they were refused before: `ignores_unknown_keys`);
    otherwise everything but the request's `campaign`, since that engine refuses keys its sheet
    does not have."""
    if system.ignores_unknown_keys:
        return {key: value for key, value in sheet.items() if key in system.sheet_keys}
    return {key: value for key, value in sheet.items() if key != "campaign"}


def column_values(sheet: Mapping, system: GameSystem) -> dict[str, Any]:
    """The character's columns (a copy for lists): its name and system, and what its system's
    `sheet_summary` says of its level and archetype."""
    name = sheet.get("name")
    summarize = system.sheet_summary
    return {
        "name": (name.strip() if isinstance(name, str) else "")[:200],
        **(summarize(sheet) if summarize is not None else _NO_SUMMARY),
        "system": sheet.get("system") if isinstance(sheet.get("system"), str) else default_slug(),
    }


def shape_problem(sheet: Mapping, system: GameSystem) -> str | None:
    """The JSON pointer of the first value whose JSON type is not the one its system documents
    (its `shape_problem`), or None. A system that takes no waivers need not say."""
    find = system.shape_problem
    return find(sheet) if find is not None else None


def json_number(value: float | int) -> float | int:
    """½-step numbers as JSON writes them: 1 rather than 1.0, 0.5 as 0.5."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
