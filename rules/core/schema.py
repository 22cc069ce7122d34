"""How an action type declares its input: a frozen dataclass whose fields use `param(...)`.

The site builds the action's validation, its serializer and its OpenAPI schema from it
(`combat.schemas`), so every system's actions are checked and documented the same way. The
field types allowed are those listed in `rules.core.encounter`'s docstring.
"""

from __future__ import annotations

import dataclasses
from typing import Any

# The request keys every action has, besides its own fields.
COMMON = ("type", "actor")


def param(
    default: Any = dataclasses.MISSING,
    *,
    help_en: str = "",
    min: int | float | None = None,
    max: int | float | None = None,
    max_length: int | None = None,
    pattern: str | None = None,
    pattern_code: str | None = None,
    min_items: int | None = None,
    max_items: int | None = None,
    name: str | None = None,
) -> Any:
    """A field of an action's input. `name`: the JSON key when it is no Python name ("with")."""
    metadata = {
        key: value
        for key, value in {
            "help_en": help_en,
            "min": min,
            "max": max,
            "max_length": max_length,
            "pattern": pattern,
            "pattern_code": pattern_code,
            "min_items": min_items,
            "max_items": max_items,
            "name": name,
        }.items()
        if value not in (None, "")
    }
    if isinstance(default, list):
        raise TypeError("use a tuple default or None for a list field")
    return dataclasses.field(default=default, metadata=metadata)


def json_name(field: dataclasses.Field) -> str:
    return (
        field.metadata.get("name")
        or field.metadata.get("json")
        or field.metadata.get("json_name")
        or field.name
    )


@dataclasses.dataclass(frozen=True)
class NoInput:
    """An action that takes nothing besides `type` (and `actor` where it needs one)."""
