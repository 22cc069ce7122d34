"""Small helpers about the sheet's JSON shape (API.md "Epic20 character sheets")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The keys API.md names, plus the optional ones the engine reads (API.md lets us add those).
BASE_SHEET_KEYS = (
    "system",
    "name",
    "concept",
    "level",
    "archetype",
    "attributes",
    "skills",
    "powers",
    "advantages",
    "maneuvers",
    "complications",
    "equipment",
)
OPTIONAL_SHEET_KEYS = ("archetype_options",)
SHEET_KEYS = frozenset(BASE_SHEET_KEYS + OPTIONAL_SHEET_KEYS)

# Columns are a copy for lists; a value the column cannot hold never reaches the database.
_MAX_LEVEL_COLUMN = 2**31 - 1


def sheet_without_meta(sheet: Mapping) -> dict:
    """The sheet as it is stored and exported: only sheet keys, in the order received."""
    return {key: value for key, value in sheet.items() if key in SHEET_KEYS}


def column_values(sheet: Mapping) -> dict[str, Any]:
    name = sheet.get("name")
    level = sheet.get("level")
    archetype = sheet.get("archetype")
    if isinstance(level, float) and level.is_integer():
        level = int(level)
    return {
        "name": (name.strip() if isinstance(name, str) else "")[:200],
        "level": level
        if isinstance(level, int) and not isinstance(level, bool) and 0 <= level <= _MAX_LEVEL_COLUMN
        else 0,
        "archetype": (archetype if isinstance(archetype, str) else "")[:80],
        "system": "epic20",
    }


def json_number(value: float | int) -> float | int:
    """½-step numbers as JSON writes them: 1 rather than 1.0, 0.5 as 0.5."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
