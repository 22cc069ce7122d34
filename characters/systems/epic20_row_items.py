"""How each row of Epic20's builder form is written into the sheet (docs/api.md), and the form's
text read as the sheet's numbers and booleans. Nothing here checks a rule: what cannot be read is
passed on as written, for the engine to refuse at its pointer."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from rules.epic20.sheet import EQUIPMENT_FLAGS


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


def checkbox_value(text: Any) -> Any:
    """A checkbox field as the sheet's boolean: ticked ("on") is true, empty is false, and what
    no checkbox sends is passed on as written for the engine to refuse at its pointer."""
    if text in ("on", "true", "1", True):
        return True
    if text in ("", "off", "false", "0", None, False):
        return False
    return text


def _skill_item(values: dict[str, Any], m: dict) -> dict:
    """A skill row: the specialty when written or when the skill has one, and the points."""
    item: dict[str, Any] = {"skill": values["skill"]}
    skill = m["skills"].get(values["skill"])
    specialty = (values.get("specialty") or "").strip()
    if specialty or (skill is not None and skill.specialty):
        item["specialty"] = specialty
    item["value"] = read_number(values.get("value", ""))
    return item


def _power_item(values: dict[str, Any], m: dict) -> dict:
    """A power row: its modifiers, detail, units (unless the single unit of a power that cannot
    be repeated) and whether it is thrown."""
    item = {"power": values["power"], "modifiers": list(values.get("modifiers") or [])}
    _add_detail(item, values)
    units = read_number(values.get("units", ""))
    power = m["powers"].get(values["power"])
    if units is not None and (power is None or power.repeatable or units != 1):
        item["units"] = units
    if checkbox_value(values.get("throwing")) is not False:
        # ARQUETIPOS, Masa de músculos: a ranged power used to throw
        item["throwing"] = checkbox_value(values.get("throwing"))
    return item


def _advantage_item(values: dict[str, Any], m: dict) -> dict:
    """An advantage row: its points (1 when left empty) and detail."""
    item = {"advantage": values["advantage"], "points": read_number(values.get("points", ""))}
    if item["points"] is None:
        item["points"] = 1
    _add_detail(item, values)
    return item


def _complication_item(values: dict[str, Any], m: dict) -> dict:
    item = {"complication": values["complication"]}
    _add_detail(item, values)
    return item


# How each section writes a row's item.
ROW_ITEMS = {
    "skills": _skill_item,
    "powers": _power_item,
    "advantages": _advantage_item,
    "complications": _complication_item,
    "equipment": lambda values, _m: _equipment_item(values),
}


def _add_detail(item: dict[str, Any], values: dict[str, Any]) -> None:
    """The row's detail, when written, as the item's next key."""
    detail = (values.get("detail") or "").strip()
    if detail:
        item["detail"] = detail


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
    _add_detail(item, values)
    return item
