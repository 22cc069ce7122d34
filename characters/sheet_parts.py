"""A system's sheets in the OpenAPI schema, as its registration hands them on
(`rules.registration.SystemRegistration.sheet_schema`), and what a system that describes none
gets: open objects that name their `system` (docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# A JSON schema (dict) or a serializer class.
Described = dict | type


@dataclass(frozen=True, kw_only=True)
class SheetSchemaParts:
    """`sheet` and `derived` (required), and, when the system has serializers of its own, the
    character's input, its stored sheet and the stored character; each None part is made from
    `sheet` (`characters.sheet_schemas`)."""

    sheet: Described
    derived: Described
    character_input: Described | None = None
    stored: Described | None = None
    character: Described | None = None
    # The point budget a report of its sheets shows (a serializer); None: it has none.
    budget: Described | None = None


def open_parts(slug: str) -> SheetSchemaParts:
    """A system that describes no sheet: its sheet is an object that names its system and may
    hold any other key; its derived numbers an object of any keys."""
    sheet: dict[str, Any] = {
        "type": "object",
        "description": f"A {slug} sheet: this system describes no keys of its own.",
        "properties": {"system": {"type": "string", "enum": [slug]}},
        "required": ["system"],
        "additionalProperties": True,
    }
    derived = {
        "type": "object",
        "description": "Derived numbers of a system that describes none.",
        "additionalProperties": True,
    }
    return SheetSchemaParts(sheet=sheet, derived=derived)
