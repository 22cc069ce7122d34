"""Epic20 on the system seam (`rules.systems`): its catalogue, its sheets and its combat."""

from __future__ import annotations

from typing import Any

from rules.systems import GameSystem

from .catalogue_json import catalogue_json, catalogue_schema
from .sheet_shape import shape_problem, sheet_summary
from .validation import Report, validate_sheet

# The keys of an Epic20 sheet (docs/api.md names them), plus the optional ones the engine reads.
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


class Epic20(GameSystem):
    slug = "epic20"
    name_es = "Epic20"
    name_en = "Epic20"
    dice = "1d20"
    # One line for the campaign form (seed 000, "NIVEL" and "RESOLVER ACCIONES").
    summary_es = "Superhéroes con 1d20: nivel, atributos, poderes y maniobras de combate."
    summary_en = "Superheroes on a d20: level, attributes, powers and combat maneuvers."
    sheet_keys = SHEET_KEYS
    # The engine reads the keys it knows and passes over any other, so the site refuses a sheet
    # that names one before checking it (`characters.services`).
    ignores_unknown_keys = True

    def catalogue(self) -> dict:
        return catalogue_json()

    def catalogue_schema(self) -> dict:
        return catalogue_schema()

    def check_sheet(self, sheet: Any, **history: Any) -> Report:
        return validate_sheet(sheet, awards=history.get("awards") or (), waivers=history.get("waivers") or ())

    def sheet_summary(self, sheet: Any) -> dict:
        """The level and archetype the character lists show (`sheet_shape.sheet_summary`)."""
        return sheet_summary(sheet)

    def shape_problem(self, sheet: Any) -> str | None:
        """Where a value has a JSON type the sheet does not admit: a GM may waive a rule, never a
        malformed value (`sheet_shape.shape_problem`)."""
        return shape_problem(sheet)

    @property
    def tracking(self):
        """What counts per partida and per scene (`rules.epic20.tracking`)."""
        from .tracking import TRACKING

        return TRACKING

    @property
    def combat(self):
        from .encounter import COMBAT

        return COMBAT


SYSTEM = Epic20()
