"""What the sheet page shows of a stored character: its sections in the page's language, the
dice each skill rolls, its budget, awards and waivers, and who may do what with it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from . import selectors
from .access import can_delete_character, can_edit_character, is_character_gm
from .builder import maps
from .panels import budget_rows, conversion_rows, derived_rows, item_cost, item_cost_text
from .texts import description_of, dice_text, half, name_of


def _rows(sheet: dict, key: str) -> list[dict]:
    """The entries of a list section that are objects. A stored sheet is valid or had its
    errors waived by the GM, so it may hold anything the engine reported: show what makes
    sense, never fail on the rest."""
    value = sheet.get(key)
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def _number(value: Any) -> float | int:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else 0


def sheet_context(request, character) -> dict:
    lang = selectors.request_lang()
    m = maps()
    report = selectors.character_report(character, lang)
    sheet = character.sheet if isinstance(character.sheet, dict) else {}
    derived = report["derived"]

    def named(section, key):
        return m[section].get(key) if isinstance(key, str) else None

    attributes = []
    values = sheet.get("attributes") if isinstance(sheet.get("attributes"), dict) else {}
    labels = {1: _("destacable"), 0.5: _("normal"), 0: _("no desarrollado")}
    for slug, attribute in m["attributes"].items():
        value = values.get(slug)
        label = (
            labels.get(value, "") if isinstance(value, int | float) and not isinstance(value, bool) else ""
        )
        attributes.append({"name": name_of(attribute, lang), "value": half(value), "label": label})

    sheet_skill_values: dict[str, float] = {}
    for item in _rows(sheet, "skills"):
        slug, specialty = _text(item.get("skill")), _text(item.get("specialty")).strip()
        key = f"{slug}:{specialty}" if specialty else slug
        sheet_skill_values[key] = sheet_skill_values.get(key, 0) + _number(item.get("value"))
    skills = []
    for key, numbers in (derived.get("skills") or {}).items():
        slug, _sep, specialty = key.partition(":")
        skill = m["skills"].get(slug)
        name = name_of(skill, lang) if skill else slug
        skills.append(
            {
                "key": key,
                "name": f"{name} {specialty}".strip() if specialty else name,
                "attribute": name_of(m["attributes"][skill.attribute], lang) if skill else "",
                "value": half(sheet_skill_values.get(key, 0)),
                "trained": key in sheet_skill_values,
                "bonus": numbers.get("bonus"),
                "superiority": numbers.get("superiority"),
                "dice": dice_text(numbers.get("bonus", 0), numbers.get("superiority", 0)),
            }
        )
    skills.sort(key=lambda s: (not s["trained"], s["name"].lower()))

    powers = []
    for item in _rows(sheet, "powers"):
        power = named("powers", item.get("power"))
        modifiers = item.get("modifiers") if isinstance(item.get("modifiers"), list) else []
        powers.append(
            {
                "name": name_of(power, lang) if power else _text(item.get("power")),
                "description": description_of(power, lang) if power else "",
                "modifiers": [
                    name_of(named("powers", mod), lang) if named("powers", mod) else _text(mod)
                    for mod in modifiers
                ],
                "detail": _text(item.get("detail")),
                "units": item.get("units") if isinstance(item.get("units"), int) else None,
                "throwing": item.get("throwing") is True,
            }
        )
    advantages = []
    for item in _rows(sheet, "advantages"):
        advantage = named("advantages", item.get("advantage"))
        advantages.append(
            {
                "name": name_of(advantage, lang) if advantage else _text(item.get("advantage")),
                "points": half(item.get("points")) if item.get("points") is not None else "",
                "detail": _text(item.get("detail")),
            }
        )
    maneuvers = []
    for item in sheet.get("maneuvers") if isinstance(sheet.get("maneuvers"), list) else []:
        slug, detail = (item.get("maneuver"), item.get("detail")) if isinstance(item, dict) else (item, "")
        maneuver = named("maneuvers", slug)
        maneuvers.append(
            {"name": name_of(maneuver, lang) if maneuver else _text(slug), "detail": _text(detail)}
        )
    complications = []
    for item in _rows(sheet, "complications"):
        complication = named("complications", item.get("complication"))
        complications.append(
            {
                "name": name_of(complication, lang) if complication else _text(item.get("complication")),
                "detail": _text(item.get("detail")),
            }
        )
    terms = named("archetypes", sheet.get("archetype"))
    equipment = []
    for index, e in enumerate(_rows(sheet, "equipment")):
        power = named("powers", e.get("power"))
        cost = item_cost(e, index, terms)
        equipment.append(
            {
                "name": _text(e.get("name")),
                "kind": _("especial") if e.get("kind") == "special" else _("mundano"),
                "power": name_of(power, lang) if power else "",
                "armor": e.get("armor") is True,
                "cost": item_cost_text(e.get("kind") == "special", cost),
                "mundane_cost": 0 if e.get("kind") == "special" else cost,
            }
        )
    waived_messages = {(w["code"], w["path"]): w["message"] for w in report.get("waivers") or []}
    waivers = [
        {
            "waiver": w,
            "applies": w.campaign_id == character.campaign_id,
            "message": waived_messages.get((w.code, w.path), ""),
        }
        for w in character.waivers.all()
    ]
    archetype = named("archetypes", sheet.get("archetype"))
    return {
        "character": character,
        "sheet": sheet,
        "report": report,
        "archetype_name": name_of(archetype, lang) if archetype else "",
        "attributes": attributes,
        "skills": skills,
        "powers": powers,
        "advantages": advantages,
        "maneuvers": maneuvers,
        "complications": complications,
        "equipment": equipment,
        "budget_rows": budget_rows(report["budget"], sum(item["mundane_cost"] for item in equipment)),
        "conversions": conversion_rows(report["budget"]),
        "derived_rows": derived_rows(derived),
        "awards": list(character.awards.all()),
        "waivers": waivers,
        "is_owner": character.owner_id == request.user.pk,
        "is_gm": is_character_gm(request.user, character),
        "can_edit": can_edit_character(request.user, character),
        "can_delete": can_delete_character(request.user, character),
    }
