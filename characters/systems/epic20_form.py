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
from decimal import Decimal, InvalidOperation
from typing import Any

from rules.epic20.sheet import EQUIPMENT_FLAGS

from ..sheets import json_number
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
MAX_ROWS = 60  # per section: more than any legal sheet needs; bounds the work per request
DEFAULT_LEVEL = 8  # NIVEL: "El nivel de un héroe típico inicial es 8."
ATTRIBUTE_VALUES = ("0", "0.5", "1")
_ROW_FIELD = re.compile(r"^(?P<section>[a-z]+)-(?P<index>\d{1,3})-(?P<field>[a-z_]+)$")


# --- Form → sheet ------------------------------------------------------------------------------


def read_number(text: Any) -> Any:
    """ "8" → 8, "0.5" or "0,5" → 0.5, "" → None; anything else is kept as written so that the
    engine reports it where it is."""
    if not isinstance(text, str):
        return text
    cleaned = text.strip().replace(",", ".").replace("½", ".5")
    if cleaned == "":
        return None
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    try:
        number = Decimal(cleaned)
    except InvalidOperation:
        return text
    if not number.is_finite() or abs(number) > 10**9:
        return text
    if number == number.to_integral_value():
        return int(number)
    return float(number)


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
        by_section: dict[str, dict[int, dict[str, Any]]] = {s: {} for s in ROW_SECTIONS}
        for key in data:
            match = _ROW_FIELD.match(key)
            if not match or match["section"] not in ROW_SECTIONS:
                continue
            if match["field"] not in ROW_SECTIONS[match["section"]]:
                continue
            index = int(match["index"])
            if index >= MAX_ROWS * 2:
                continue
            row = by_section[match["section"]].setdefault(index, {})
            if match["field"] == "modifiers":
                row["modifiers"] = [str(v) for v in data.getlist(key)][:10]
            else:
                row[match["field"]] = str(data.get(key, ""))
        rows = {
            section: [
                Row(section=section, index=i, values=values)
                for i, (_index, values) in enumerate(sorted(found.items())[:MAX_ROWS])
            ]
            for section, found in by_section.items()
        }
        known = maps()["maneuvers"]
        chosen = {str(m) for m in data.getlist("maneuvers")}
        # Catalogue order, the order the checkboxes appear in; unknown slugs last, as sent.
        maneuvers = [slug for slug in known if slug in chosen]
        maneuvers += sorted(chosen - set(known))[:MAX_ROWS]
        details = {slug: str(data.get(f"maneuver-detail-{slug}", "")).strip() for slug in known}
        return cls(
            fields=fields,
            rows=rows,
            maneuvers=maneuvers,
            options=options,
            maneuver_details={slug: text for slug, text in details.items() if text},
        )

    @classmethod
    def from_sheet(cls, sheet: Mapping) -> BuilderForm:
        def text(value):
            if value is None:
                return ""
            if isinstance(value, bool):
                return "on" if value else ""
            if isinstance(value, float | int):
                return str(json_number(value))
            return str(value)

        fields = {
            "name": text(sheet.get("name")),
            "concept": text(sheet.get("concept")),
            "level": text(sheet.get("level")),
            "archetype": text(sheet.get("archetype")),
        }
        attributes = sheet.get("attributes") if isinstance(sheet.get("attributes"), Mapping) else {}
        for slug in maps()["attributes"]:
            fields[f"attr-{slug}"] = text(attributes.get(slug))
        rows: dict[str, list[Row]] = {}
        for section, names in ROW_SECTIONS.items():
            items = sheet.get(section) if isinstance(sheet.get(section), list) else []
            rows[section] = []
            for i, item in enumerate(items[:MAX_ROWS]):
                item = item if isinstance(item, Mapping) else {}
                values = {}
                for name in names:
                    value = item.get(name)
                    if name == "modifiers":
                        values[name] = [str(m) for m in value] if isinstance(value, list) else []
                    elif name in CHECKBOXES:
                        values[name] = _checkbox_text(value)
                    else:
                        values[name] = text(value)
                rows[section].append(Row(section=section, index=i, values=values))
        maneuvers, details = [], {}
        raw_maneuvers = sheet.get("maneuvers") if isinstance(sheet.get("maneuvers"), list) else []
        for item in raw_maneuvers[:MAX_ROWS]:
            if isinstance(item, Mapping):  # {"maneuver": slug, "detail": text}
                slug = str(item.get("maneuver", ""))
                if item.get("detail"):
                    details[slug] = text(item.get("detail"))
            else:
                slug = str(item)
            maneuvers.append(slug)
        raw_options = sheet.get("archetype_options")
        options = (
            {str(k): text(v) for k, v in raw_options.items()} if isinstance(raw_options, Mapping) else {}
        )
        return cls(fields=fields, rows=rows, maneuvers=maneuvers, options=options, maneuver_details=details)

    # -- editing --------------------------------------------------------------------------------
    def apply(self, op: str) -> str | None:
        """Apply an add/remove button ("add:skills", "add:powers:volar", "remove:skills:2").
        Returns the section it changed, or None for an unknown operation."""
        parts = (op or "").split(":")
        if len(parts) >= 2 and parts[0] == "add" and parts[1] in ROW_SECTIONS:
            section = parts[1]
            if len(self.rows[section]) >= MAX_ROWS:
                return section
            values = {name: ([] if name == "modifiers" else "") for name in ROW_SECTIONS[section]}
            if len(parts) == 3:
                values[ROW_KEY[section]] = parts[2]
            if section == "skills":
                values["value"] = "0.5"
            if section == "advantages":
                values["points"] = "1"
            if section == "equipment":
                values["kind"] = "mundane"
            self.rows[section].append(Row(section=section, index=len(self.rows[section]), values=values))
            return section
        if len(parts) == 3 and parts[0] == "remove" and parts[1] in ROW_SECTIONS and parts[2].isdigit():
            section, index = parts[1], int(parts[2])
            kept = [row for row in self.rows[section] if row.index != index]
            self.rows[section] = [
                Row(section=section, index=i, values=row.values) for i, row in enumerate(kept)
            ]
            return section
        return None

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
            "level": read_number(self.fields.get("level", "")),
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
            value = read_number(self.fields.get(f"attr-{slug}", ""))
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
        if head in ("name", "concept", "level"):
            return head
        if head in ("archetype", "archetype_options"):
            return "archetype"
        if head == "attributes":
            return "attributes"
        if head == "maneuvers":
            if len(parts) > 1 and parts[1].isdigit() and int(parts[1]) < len(self.maneuvers):
                return f"maneuver-{self.maneuvers[int(parts[1])]}"
            return "maneuvers"
        if head in ROW_SECTIONS:
            if len(parts) > 1 and parts[1].isdigit():
                for row in self.rows[head]:
                    if row.sheet_index == int(parts[1]):
                        return _field_slot(row, parts[2:])
            return head
        return "sheet"

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


def checkbox_value(text: Any) -> Any:
    """A checkbox field as the sheet's boolean: ticked ("on") is true, empty is false, and what
    no checkbox sends is passed on as written for the engine to refuse at its pointer."""
    if text in ("on", "true", "1", True):
        return True
    if text in ("", "off", "false", "0", None, False):
        return False
    return text


def _option_value(option, raw: str | None):
    """The option's value whose text the form sent (values may be strings, numbers, booleans)."""
    for choice in option.choices:
        if raw is not None and str(choice.value) == raw:
            return choice.value
    return option.default if raw in (None, "") else raw


def _row_item(section: str, values: dict[str, Any], m: dict) -> dict | None:
    key = values.get(ROW_KEY[section])
    if not key or (isinstance(key, str) and not key.strip()):
        return None
    if section == "skills":
        item: dict[str, Any] = {"skill": values["skill"]}
        skill = m["skills"].get(values["skill"])
        specialty = (values.get("specialty") or "").strip()
        if specialty or (skill is not None and skill.specialty):
            item["specialty"] = specialty
        item["value"] = read_number(values.get("value", ""))
        return item
    if section == "powers":
        item = {"power": values["power"], "modifiers": list(values.get("modifiers") or [])}
        detail = (values.get("detail") or "").strip()
        if detail:
            item["detail"] = detail
        units = read_number(values.get("units", ""))
        power = m["powers"].get(values["power"])
        if units is not None and (power is None or power.repeatable or units != 1):
            item["units"] = units
        if checkbox_value(values.get("throwing")) is not False:
            # ARQUETIPOS, Masa de músculos: a ranged power used to throw
            item["throwing"] = checkbox_value(values.get("throwing"))
        return item
    if section == "advantages":
        item = {"advantage": values["advantage"], "points": read_number(values.get("points", ""))}
        if item["points"] is None:
            item["points"] = 1
        detail = (values.get("detail") or "").strip()
        if detail:
            item["detail"] = detail
        return item
    if section == "complications":
        item = {"complication": values["complication"]}
        detail = (values.get("detail") or "").strip()
        if detail:
            item["detail"] = detail
        return item
    return _equipment_item(values)


def _equipment_item(values: dict[str, Any]) -> dict:
    """An equipment row as the sheet writes it: `armor` always, the other properties only when
    set (MANIOBRAS DE COMBATE reads them; an unset one is false), and the detail when written."""
    item: dict[str, Any] = {
        "kind": values.get("kind") or "mundane",
        "name": values["name"].strip(),
        "power": values.get("power") or None,
        "armor": checkbox_value(values.get("armor")),
    }
    for key in EQUIPMENT_FLAGS[1:]:
        value = checkbox_value(values.get(key))
        if value is not False:
            item[key] = value
    detail = (values.get("detail") or "").strip()
    if detail:
        item["detail"] = detail
    return item
