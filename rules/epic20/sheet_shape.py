"""What the site asks of an Epic20 sheet besides the rules (docs/api.md "Epic20 character
sheets"): the columns the character lists show, and the JSON type of each value. Pure Python,
read by the site through the system seam (`Epic20.sheet_summary`, `Epic20.shape_problem`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Columns are a copy for lists; a value the column cannot hold never reaches the database.
_MAX_LEVEL_COLUMN = 2**31 - 1


def sheet_summary(sheet: Mapping) -> dict[str, Any]:
    """The sheet's level and archetype as the character list shows them: a whole level a column
    can hold (else 0) and the archetype's slug (else "")."""
    level = sheet.get("level")
    archetype = sheet.get("archetype")
    if isinstance(level, float) and level.is_integer():
        level = int(level)
    return {
        "level": level
        if isinstance(level, int) and not isinstance(level, bool) and 0 <= level <= _MAX_LEVEL_COLUMN
        else 0,
        "archetype": (archetype if isinstance(archetype, str) else "")[:80],
    }


# --- The JSON types of a sheet (docs/api.md), apart from the rules ----------------------------------------
# The engine reports wrong types as errors like any other; a GM may waive a rule, never a
# malformed value, so a sheet stored thanks to waivers is still the documented shape.


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _optional(check):
    return lambda value: value is None or check(value)


_TEXT = lambda value: isinstance(value, str)  # noqa: E731
_BOOL = lambda value: isinstance(value, bool)  # noqa: E731
_WHOLE = lambda value: _is_number(value) and float(value).is_integer()  # noqa: E731

_ROW_FIELDS: dict[str, dict[str, Any]] = {
    "skills": {"skill": _TEXT, "specialty": _optional(_TEXT), "value": _is_number},
    "powers": {
        "power": _TEXT,
        "modifiers": _optional(lambda v: isinstance(v, list) and all(isinstance(m, str) for m in v)),
        "detail": _optional(_TEXT),
        "units": _optional(_WHOLE),
        "throwing": _optional(_BOOL),
    },
    "advantages": {"advantage": _TEXT, "points": _optional(_is_number), "detail": _optional(_TEXT)},
    "complications": {"complication": _TEXT, "detail": _optional(_TEXT)},
    "equipment": {"kind": _TEXT, "name": _TEXT, "power": _optional(_TEXT), "armor": _optional(_BOOL)},
}
_REQUIRED_ROW_FIELDS = {"skills": ("skill", "value"), "powers": ("power",), "advantages": ("advantage",),
                        "complications": ("complication",), "equipment": ("kind", "name")}  # fmt: skip


_TOP_FIELDS: dict[str, Any] = {
    "system": _optional(_TEXT),
    "name": _TEXT,
    "concept": _optional(_TEXT),
    "level": _WHOLE,
    "archetype": _optional(_TEXT),
    "archetype_options": _optional(lambda v: isinstance(v, Mapping)),
    "attributes": lambda v: isinstance(v, Mapping) and all(_is_number(x) for x in v.values()),
}
_REQUIRED_TOP_FIELDS = ("name", "level", "attributes")


def shape_problem(sheet: Mapping) -> str | None:
    """The JSON pointer of the first value whose JSON type is not the documented one."""
    return _top_problem(sheet) or _rows_problem(sheet) or _maneuvers_problem(sheet)


def _top_problem(sheet: Mapping) -> str | None:
    for key, check in _TOP_FIELDS.items():
        if (key in sheet or key in _REQUIRED_TOP_FIELDS) and not check(sheet.get(key)):
            return f"/{key}"
    return None


def _rows_problem(sheet: Mapping) -> str | None:
    for section in _ROW_FIELDS:
        rows = sheet.get(section)
        if rows is None:
            continue
        if not isinstance(rows, list):
            return f"/{section}"
        for index, row in enumerate(rows):
            found = _row_problem(section, row)
            if found is not None:
                return f"/{section}/{index}{found}"
    return None


def _row_problem(section: str, row: Any) -> str | None:
    """The pointer, relative to the row, of its first value of the wrong type ("" for the row)."""
    if not isinstance(row, Mapping):
        return ""
    for name, check in _ROW_FIELDS[section].items():
        if (name in row or name in _REQUIRED_ROW_FIELDS[section]) and not check(row.get(name)):
            return f"/{name}"
    return None


def _maneuvers_problem(sheet: Mapping) -> str | None:
    maneuvers = sheet.get("maneuvers")
    if maneuvers is None:
        return None
    if not isinstance(maneuvers, list):
        return "/maneuvers"
    for index, item in enumerate(maneuvers):
        if not _is_maneuver(item):
            return f"/maneuvers/{index}"
    return None


def _is_maneuver(item: Any) -> bool:
    """A maneuver's slug, or a row with its slug and an optional detail."""
    return isinstance(item, str) or (
        isinstance(item, Mapping)
        and isinstance(item.get("maneuver"), str)
        and (item.get("detail") is None or isinstance(item.get("detail"), str))
    )
