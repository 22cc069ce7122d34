"""Epic20's builder form, as plain data: the POSTed fields ↔ the docs/api.md sheet, and each
engine error placed next to the part of the form it is about (what the current choices make
unavailable is `epic20_availability`).

Nothing here checks a rule: the engine does, on the sheet built from the form, so the page and
the API judge a sheet the same way. The form only turns text into the sheet's types; whatever
it cannot read is passed on as written, and the engine's error lands next to that field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.epic20.sheet import EQUIPMENT_FLAGS

from ..sheets import json_number
from . import epic20_row_items as row_items
from .epic20_catalogue import maps

# Repeated rows of the form, each with its fields (in the order the sheet writes them).
ROW_SECTIONS: dict[str, tuple[str, ...]] = {
    "skills": ("skill", "specialty", "value"),
    "powers": ("power", "modifiers", "detail", "units", "throwing"),
    "advantages": ("advantage", "points", "detail"),
    "complications": ("complication", "detail"),
    # The optional properties the combat maneuvers read (EQUIPMENT_FLAGS) and a free-text detail.
    "equipment": ("kind", "name", "power", *EQUIPMENT_FLAGS, "detail"),
}
# Checkbox fields: "on" when ticked.
CHECKBOXES = frozenset({"throwing", *EQUIPMENT_FLAGS})
# The key field of each row: a row without it is a blank row, left out of the sheet.
ROW_KEY = {
    "skills": "skill",
    "powers": "power",
    "advantages": "advantage",
    "complications": "complication",
    "equipment": "name",
}
# The builder's catalogue lists (every power, advantage and maneuver), each drawn only once the
# player opens it ("show:power"): most of the page's weight, and most players open one or none.
# An open list is remembered by the form (a hidden `shown` field) from one live check to the next.
CATALOGUE_LISTS = ("power", "advantage", "maneuver")
MAX_ROWS = 60  # per section: more than any legal sheet needs; bounds the work per request
DEFAULT_LEVEL = 8  # NIVEL: "El nivel de un héroe típico inicial es 8."
ATTRIBUTE_VALUES = ("0", "0.5", "1")
_ROW_FIELD = re.compile(r"^(?P<section>[a-z]+)-(?P<index>\d{1,3})-(?P<field>[a-z_]+)$")


# --- Form → sheet ------------------------------------------------------------------------------


@dataclass
class Row:
    """One row of a repeated section, as the form shows it."""

    section: str
    index: int  # position in the form (0, 1, 2…)
    values: dict[str, Any]
    sheet_index: int | None = None  # position in the sheet's list; None for a blank row

    @property
    def slot(self) -> str:
        return f"{self.section}-{self.index}"


@dataclass
class BuilderForm:
    """The builder's fields, read from a POST (or from a stored sheet) and kept as the form
    shows them, with the sheet they make."""

    fields: dict[str, Any]
    rows: dict[str, list[Row]]
    maneuvers: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    maneuver_details: dict[str, str] = field(default_factory=dict)
    shown: frozenset[str] = frozenset()  # the catalogue lists open (CATALOGUE_LISTS)
    list_toggled: bool = False  # this request opened or closed a list (and changed nothing else)

    # -- building -------------------------------------------------------------------------------
    @classmethod
    def blank(cls) -> BuilderForm:
        fields = {"name": "", "concept": "", "level": str(DEFAULT_LEVEL), "archetype": ""}
        for slug in maps()["attributes"]:
            fields[f"attr-{slug}"] = "0.5"  # LISTA DE ATRIBUTOS: every attribute starts at ½
        return cls(fields=fields, rows={s: [] for s in ROW_SECTIONS}, maneuvers=[])

    @classmethod
    def from_post(cls, data) -> BuilderForm:
        fields = {key: str(data.get(key, "")) for key in ("name", "concept", "level", "archetype")}
        for slug in maps()["attributes"]:
            fields[f"attr-{slug}"] = str(data.get(f"attr-{slug}", ""))
        options = {key[len("opt-") :]: str(data.get(key, "")) for key in data if key.startswith("opt-")}
        rows = _posted_rows(data)
        maneuvers, details = _posted_maneuvers(data)
        shown = frozenset(str(name) for name in data.getlist("shown")) & frozenset(CATALOGUE_LISTS)
        return cls(
            fields=fields,
            rows=rows,
            maneuvers=maneuvers,
            options=options,
            maneuver_details=details,
            shown=shown,
        )

    @classmethod
    def from_sheet(cls, sheet: Mapping) -> BuilderForm:
        fields = {key: _field_text(sheet.get(key)) for key in ("name", "concept", "level", "archetype")}
        attributes = sheet.get("attributes") if isinstance(sheet.get("attributes"), Mapping) else {}
        for slug in maps()["attributes"]:
            fields[f"attr-{slug}"] = _field_text(attributes.get(slug))
        rows = {section: _sheet_rows(sheet, section) for section in ROW_SECTIONS}
        maneuvers, details = _sheet_maneuvers(sheet)
        raw_options = sheet.get("archetype_options")
        options = (
            {str(k): _field_text(v) for k, v in raw_options.items()}
            if isinstance(raw_options, Mapping)
            else {}
        )
        return cls(fields=fields, rows=rows, maneuvers=maneuvers, options=options, maneuver_details=details)

    # -- editing --------------------------------------------------------------------------------
    def apply(self, op: str) -> str | None:
        """Apply an add/remove button ("add:skills", "add:powers:volar", "remove:skills:2") or a
        catalogue list's ("show:power", "hide:maneuver"). Returns the section it changed, or None
        for an unknown operation or a list's."""
        parts = (op or "").split(":")
        if len(parts) == 2 and parts[0] in ("show", "hide") and parts[1] in CATALOGUE_LISTS:
            self.shown = self.shown | {parts[1]} if parts[0] == "show" else self.shown - {parts[1]}
            self.list_toggled = True
            return None
        if len(parts) in (2, 3) and parts[0] == "add" and parts[1] in ROW_SECTIONS:
            return self._add_row(parts[1], parts[2] if len(parts) == 3 else None)
        if len(parts) == 3 and parts[0] == "remove" and parts[1] in ROW_SECTIONS and parts[2].isdigit():
            return self._remove_row(parts[1], int(parts[2]))
        return None

    def _add_row(self, section: str, key: str | None) -> str:
        if len(self.rows[section]) < MAX_ROWS:
            self.rows[section].append(_new_row(section, len(self.rows[section]), key))
        return section

    def _remove_row(self, section: str, index: int) -> str:
        kept = [row for row in self.rows[section] if row.index != index]
        self.rows[section] = [Row(section=section, index=i, values=row.values) for i, row in enumerate(kept)]
        return section

    # -- the sheet --------------------------------------------------------------------------------
    def sheet(self) -> dict:
        """The docs/api.md sheet these fields describe; blank rows are left out (and remembered, so
        that errors find their row)."""
        m = maps()
        archetype = self.fields.get("archetype") or None
        sheet: dict[str, Any] = {
            "system": "epic20",
            "name": self.fields.get("name", "").strip(),
            "concept": self.fields.get("concept", "").strip(),
            "level": row_items.read_number(self.fields.get("level", "")),
            "archetype": archetype,
        }
        arch = m["archetypes"].get(archetype) if archetype else None
        if arch is not None and arch.options:
            chosen = {}
            for option in arch.options:
                raw = self.options.get(option.key)
                chosen[option.key] = _option_value(option, raw)
            sheet["archetype_options"] = chosen
        attributes = {}
        for slug in m["attributes"]:
            value = row_items.read_number(self.fields.get(f"attr-{slug}", ""))
            if value is not None:
                attributes[slug] = value
        sheet["attributes"] = attributes
        for section in ROW_SECTIONS:
            items = []
            for row in self.rows[section]:
                row.sheet_index = None
                item = _row_item(section, row.values, m)
                if item is None:
                    continue
                row.sheet_index = len(items)
                items.append(item)
            sheet[section] = items
        sheet["maneuvers"] = [
            {"maneuver": slug, "detail": self.maneuver_details[slug]}
            if self.maneuver_details.get(slug)
            else slug
            for slug in self.maneuvers
        ]
        # docs/api.md key order, so an export of a builder-made sheet reads like the documentation.
        order = (
            "system",
            "name",
            "concept",
            "level",
            "archetype",
            "archetype_options",
            "attributes",
            "skills",
            "powers",
            "advantages",
            "maneuvers",
            "complications",
            "equipment",
        )
        return {key: sheet[key] for key in order if key in sheet}

    # -- errors -----------------------------------------------------------------------------------
    def slot_for(self, path: str) -> str:
        """Where an error with this JSON pointer is shown: a row, a field, or the whole sheet."""
        parts = [p.replace("~1", "/").replace("~0", "~") for p in (path or "").split("/")[1:]]
        if not parts:
            return "sheet"
        head = parts[0]
        if head in SHEET_FIELD_SLOTS:
            return SHEET_FIELD_SLOTS[head]
        if head == "maneuvers":
            return self._maneuver_slot(parts[1:])
        if head in ROW_SECTIONS:
            return self._row_slot(head, parts[1:])
        return "sheet"

    def _maneuver_slot(self, rest: list[str]) -> str:
        """The checkbox of the maneuver at /maneuvers/<n>, or the maneuvers as a whole."""
        if rest and rest[0].isdigit() and int(rest[0]) < len(self.maneuvers):
            return f"maneuver-{self.maneuvers[int(rest[0])]}"
        return "maneuvers"

    def _row_slot(self, section: str, rest: list[str]) -> str:
        """The row (or its field) that wrote the sheet's item at /<section>/<n>, or the section."""
        if rest and rest[0].isdigit():
            for row in self.rows[section]:
                if row.sheet_index == int(rest[0]):
                    return _field_slot(row, rest[1:])
        return section

    def section_of(self, slot: str) -> str | None:
        head = slot.split("-")[0]
        if head in ROW_SECTIONS:
            return head
        if head == "maneuver" or slot == "maneuvers":
            return "maneuvers"
        return None


# Fields of an equipment row whose errors are shown next to the field itself rather than under
# the row (`equipment.invalid_shield` at /equipment/0/shield, `equipment.burst_needs_ranged` at
# /equipment/0/burst…).
FIELD_SLOTS = {"equipment": frozenset({*EQUIPMENT_FLAGS, "detail"})}
# The sheet's single fields, each with the slot of the form where its errors are shown.
SHEET_FIELD_SLOTS = {
    "name": "name",
    "concept": "concept",
    "level": "level",
    "archetype": "archetype",
    "archetype_options": "archetype",
    "attributes": "attributes",
}


def _field_slot(row: Row, rest: list[str]) -> str:
    if rest and rest[0] in FIELD_SLOTS.get(row.section, ()):
        return f"{row.slot}-{rest[0]}"
    return row.slot


def _checkbox_text(value: Any) -> str:
    """A stored boolean as a checkbox shows it; anything else is kept as written, so that the
    engine's refusal (`equipment.invalid_shield`…) stays next to its field."""
    if value is True:
        return "on"
    if value is False or value is None:
        return ""
    return value if isinstance(value, str) else str(value)


def _option_value(option, raw: str | None):
    """The option's value whose text the form sent (values may be strings, numbers, booleans)."""
    for choice in option.choices:
        if raw is not None and str(choice.value) == raw:
            return choice.value
    return option.default if raw in (None, "") else raw


def _row_item(section: str, values: dict[str, Any], m: dict) -> dict | None:
    """A row's item as the sheet writes it; None for a blank row (no key field)."""
    key = values.get(ROW_KEY[section])
    if not key or (isinstance(key, str) and not key.strip()):
        return None
    return row_items.ROW_ITEMS[section](values, m)


# --- Reading the fields: a POST, a stored sheet ------------------------------------------------


def _row_field(key: str) -> re.Match | None:
    """The section, index and field a POSTed name stands for ("skills-0-value"); None for a name
    of no row field, or of a row past twice MAX_ROWS."""
    match = _ROW_FIELD.match(key)
    if not match or match["section"] not in ROW_SECTIONS:
        return None
    if match["field"] not in ROW_SECTIONS[match["section"]] or int(match["index"]) >= MAX_ROWS * 2:
        return None
    return match


def _posted_rows(data) -> dict[str, list[Row]]:
    """The POSTed rows of each section, in the order of their indices, renumbered from 0 and
    at most MAX_ROWS of them."""
    by_section: dict[str, dict[int, dict[str, Any]]] = {s: {} for s in ROW_SECTIONS}
    for key in data:
        match = _row_field(key)
        if match is None:
            continue
        row = by_section[match["section"]].setdefault(int(match["index"]), {})
        if match["field"] == "modifiers":
            row["modifiers"] = [str(v) for v in data.getlist(key)][:10]
        else:
            row[match["field"]] = str(data.get(key, ""))
    return {
        section: [
            Row(section=section, index=i, values=values)
            for i, (_index, values) in enumerate(sorted(found.items())[:MAX_ROWS])
        ]
        for section, found in by_section.items()
    }


def _posted_maneuvers(data) -> tuple[list[str], dict[str, str]]:
    """The ticked maneuvers, in catalogue order (the order the checkboxes appear in) and unknown
    slugs last, as sent; and the details written for them."""
    known = maps()["maneuvers"]
    chosen = {str(m) for m in data.getlist("maneuvers")}
    maneuvers = [slug for slug in known if slug in chosen]
    maneuvers += sorted(chosen - set(known))[:MAX_ROWS]
    details = {slug: str(data.get(f"maneuver-detail-{slug}", "")).strip() for slug in known}
    return maneuvers, {slug: text for slug, text in details.items() if text}


def _field_text(value: Any) -> str:
    """A stored sheet's value as a text field shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else ""
    if isinstance(value, float | int):
        return str(json_number(value))
    return str(value)


def _sheet_rows(sheet: Mapping, section: str) -> list[Row]:
    """The rows of a stored sheet's section (at most MAX_ROWS); an item that is not an object
    shows as a blank row."""
    items = sheet.get(section) if isinstance(sheet.get(section), list) else []
    return [
        Row(section=section, index=i, values=_sheet_row_values(item, ROW_SECTIONS[section]))
        for i, item in enumerate(items[:MAX_ROWS])
    ]


def _sheet_row_values(item: Any, names: tuple[str, ...]) -> dict[str, Any]:
    item = item if isinstance(item, Mapping) else {}
    return {name: _sheet_field_value(name, item.get(name)) for name in names}


def _sheet_field_value(name: str, value: Any) -> Any:
    """A row field of a stored sheet as the form shows it: the modifiers as a list of slugs, a
    checkbox as "on" or "", anything else as text."""
    if name == "modifiers":
        return [str(m) for m in value] if isinstance(value, list) else []
    if name in CHECKBOXES:
        return _checkbox_text(value)
    return _field_text(value)


def _sheet_maneuvers(sheet: Mapping) -> tuple[list[str], dict[str, str]]:
    """A stored sheet's maneuvers (at most MAX_ROWS), and the details written for them."""
    maneuvers, details = [], {}
    raw_maneuvers = sheet.get("maneuvers") if isinstance(sheet.get("maneuvers"), list) else []
    for item in raw_maneuvers[:MAX_ROWS]:
        if isinstance(item, Mapping):  # {"maneuver": slug, "detail": text}
            slug = str(item.get("maneuver", ""))
            if item.get("detail"):
                details[slug] = _field_text(item.get("detail"))
        else:
            slug = str(item)
        maneuvers.append(slug)
    return maneuvers, details


# --- Editing: the add and remove buttons -------------------------------------------------------

# What a new row of a section starts with, besides blank fields and the key field's value.
NEW_ROW_DEFAULTS: dict[str, dict[str, str]] = {
    "skills": {"value": "0.5"},
    "advantages": {"points": "1"},
    "equipment": {"kind": "mundane"},
}


def _new_row(section: str, index: int, key: str | None) -> Row:
    """A new row of `section`, its key field set to `key` (as "add:powers:volar" asks)."""
    values: dict[str, Any] = {name: ([] if name == "modifiers" else "") for name in ROW_SECTIONS[section]}
    if key is not None:
        values[ROW_KEY[section]] = key
    values.update(NEW_ROW_DEFAULTS.get(section, {}))
    return Row(section=section, index=index, values=values)
