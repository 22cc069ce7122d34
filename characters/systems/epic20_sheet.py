"""What Epic20's sheet page shows of a stored character: its sections in the page's language, the
dice each skill rolls, its budget, awards and waivers, and who may do what with it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from rules.epic20.chosen_rolls import chosen_rolls
from rules.epic20.sheet import EQUIPMENT_FLAGS

from .. import selectors
from ..page_format import half, signed
from ..system_pages import SheetView
from .epic20_catalogue import maps
from .epic20_panels import budget_rows, conversion_rows, derived_rows, item_cost, item_cost_text
from .epic20_texts import description_of, dice_text, equipment_flag_label, name_of


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


def _named(section: str, key: Any):
    """The catalogue entry of `section` whose slug is `key`; None when `key` is not a slug."""
    return maps()[section].get(key) if isinstance(key, str) else None


def _name_or_text(entry, raw: Any, lang: str) -> str:
    """A catalogue entry's name, or what the sheet holds when it names no entry."""
    return name_of(entry, lang) if entry else _text(raw)


def sheet_view(request, character) -> SheetView:
    lang = selectors.request_lang()
    checked = selectors.character_validation(character)
    report = checked.as_dict(lang=lang)
    sheet = character.sheet if isinstance(character.sheet, dict) else {}
    derived = report["derived"]
    archetype = _named("archetypes", sheet.get("archetype"))
    equipment = equipment_rows(sheet, archetype, lang)
    waivers = _waiver_rows(character, report)
    own = {
        "sheet": sheet,
        "archetype_name": name_of(archetype, lang) if archetype else "",
        "attributes": _attribute_rows(sheet, lang),
        "skills": _skill_rows(sheet, derived, lang),
        "powers": _power_rows(sheet, lang),
        "advantages": _advantage_rows(sheet, lang),
        "maneuvers": maneuver_rows(sheet, lang),
        "complications": _complication_rows(sheet, lang),
        "equipment": equipment,
        "narrative": narrative_rows(checked.derived, lang),
        "budget_rows": budget_rows(report["budget"], sum(item["mundane_cost"] for item in equipment)),
        "conversions": conversion_rows(report["budget"]),
        "derived_rows": derived_rows(derived),
        "awards": list(character.awards.all()),
        "waivers": waivers,
    }
    return SheetView(report=report, own=own)


def _attribute_rows(sheet: dict, lang: str) -> list[dict]:
    """Each catalogue attribute with the sheet's value and the word for it (destacable…)."""
    values = sheet.get("attributes") if isinstance(sheet.get("attributes"), dict) else {}
    labels = {1: _("destacable"), 0.5: _("normal"), 0: _("no desarrollado")}
    rows = []
    for slug, attribute in maps()["attributes"].items():
        value = values.get(slug)
        label = (
            labels.get(value, "") if isinstance(value, int | float) and not isinstance(value, bool) else ""
        )
        rows.append({"name": name_of(attribute, lang), "value": half(value), "label": label})
    return rows


def _trained_skill_values(sheet: dict) -> dict[str, float]:
    """The points the sheet puts in each skill, by "slug" or "slug:specialty"."""
    values: dict[str, float] = {}
    for item in _rows(sheet, "skills"):
        slug, specialty = _text(item.get("skill")), _text(item.get("specialty")).strip()
        key = f"{slug}:{specialty}" if specialty else slug
        values[key] = values.get(key, 0) + _number(item.get("value"))
    return values


def _skill_rows(sheet: dict, derived: dict, lang: str) -> list[dict]:
    """Each skill the engine derived, with the dice it rolls: trained ones first, then by name."""
    trained = _trained_skill_values(sheet)
    rows = [_skill_row(key, numbers, trained, lang) for key, numbers in (derived.get("skills") or {}).items()]
    rows.sort(key=lambda s: (not s["trained"], s["name"].lower()))
    return rows


def _skill_row(key: str, numbers: dict, trained: dict[str, float], lang: str) -> dict:
    slug, _sep, specialty = key.partition(":")
    skill = maps()["skills"].get(slug)
    name = name_of(skill, lang) if skill else slug
    return {
        "key": key,
        "name": f"{name} {specialty}".strip() if specialty else name,
        "attribute": name_of(maps()["attributes"][skill.attribute], lang) if skill else "",
        "value": half(trained.get(key, 0)),
        "trained": key in trained,
        "bonus": numbers.get("bonus"),
        "superiority": numbers.get("superiority"),
        "dice": dice_text(numbers.get("bonus", 0), numbers.get("superiority", 0)),
    }


def _power_rows(sheet: dict, lang: str) -> list[dict]:
    rows = []
    for item in _rows(sheet, "powers"):
        power = _named("powers", item.get("power"))
        modifiers = item.get("modifiers") if isinstance(item.get("modifiers"), list) else []
        rows.append(
            {
                "name": _name_or_text(power, item.get("power"), lang),
                "description": description_of(power, lang) if power else "",
                "modifiers": [_name_or_text(_named("powers", mod), mod, lang) for mod in modifiers],
                "detail": _text(item.get("detail")),
                "units": item.get("units") if isinstance(item.get("units"), int) else None,
                "throwing": item.get("throwing") is True,
            }
        )
    return rows


def _advantage_rows(sheet: dict, lang: str) -> list[dict]:
    return [
        {
            "name": _name_or_text(_named("advantages", item.get("advantage")), item.get("advantage"), lang),
            "points": half(item.get("points")) if item.get("points") is not None else "",
            "detail": _text(item.get("detail")),
        }
        for item in _rows(sheet, "advantages")
    ]


def _complication_rows(sheet: dict, lang: str) -> list[dict]:
    return [
        {
            "name": _name_or_text(
                _named("complications", item.get("complication")), item.get("complication"), lang
            ),
            "detail": _text(item.get("detail")),
        }
        for item in _rows(sheet, "complications")
    ]


def _waiver_rows(character, report: dict) -> list[dict]:
    """The character's waivers, whether each applies in its current campaign, and the message
    of the error it waives."""
    waived_messages = {(w["code"], w["path"]): w["message"] for w in report.get("waivers") or []}
    return [
        {
            "waiver": w,
            "applies": w.campaign_id == character.campaign_id,
            "message": waived_messages.get((w.code, w.path), ""),
        }
        for w in character.waivers.all()
    ]


def maneuver_rows(sheet: dict, lang: str) -> list[dict]:
    """Each maneuver with its detail; Fineza con un arma and Ojo agudo with the weapon they chose
    and the bonus an attack with it rolls in a fight (`rules.epic20.chosen_rolls`)."""
    m = maps()
    rolls = {roll.maneuver: roll for roll in chosen_rolls(sheet)}
    rows = []
    for item in sheet.get("maneuvers") if isinstance(sheet.get("maneuvers"), list) else []:
        slug, detail = (item.get("maneuver"), item.get("detail")) if isinstance(item, dict) else (item, "")
        slug = slug if isinstance(slug, str) else _text(slug)  # a stored sheet may hold anything
        maneuver = m["maneuvers"].get(slug)
        rows.append(
            {
                "slug": slug,
                "name": name_of(maneuver, lang) if maneuver else _text(slug),
                "detail": _text(detail),
                "weapon": _chosen_weapon_text(rolls.get(slug), lang),
            }
        )
    return rows


def _chosen_weapon_text(roll, lang: str) -> str:
    if roll is None:
        return ""
    power = maps()["powers"].get(roll.weapon)
    weapon = name_of(power, lang) if power else roll.weapon
    if roll.bonus is None:
        return weapon
    kind = _("cuerpo a cuerpo") if roll.kind == "melee" else _("a distancia")
    attribute = maps()["attributes"].get(roll.attribute)
    return _("%(weapon)s (ataque %(kind)s %(bonus)s, con %(attribute)s)") % {
        "weapon": weapon,
        "kind": kind,
        "bonus": signed(roll.bonus),
        "attribute": name_of(attribute, lang) if attribute else roll.attribute,
    }


def equipment_rows(sheet: dict, terms, lang: str) -> list[dict]:
    """Each item with its kind, power, properties (Reglas de equipo, MANIOBRAS DE COMBATE), detail
    and cost."""
    rows = []
    for index, e in enumerate(_rows(sheet, "equipment")):
        power = maps()["powers"].get(e.get("power")) if isinstance(e.get("power"), str) else None
        cost = item_cost(e, index, terms)
        rows.append(
            {
                "name": _text(e.get("name")),
                "kind": _("especial") if e.get("kind") == "special" else _("mundano"),
                "power": name_of(power, lang) if power else "",
                "armor": e.get("armor") is True,
                "properties": [equipment_flag_label(key) for key in EQUIPMENT_FLAGS if e.get(key) is True],
                "detail": _text(e.get("detail")),
                "cost": item_cost_text(e.get("kind") == "special", cost),
                "mundane_cost": 0 if e.get("kind") == "special" else cost,
            }
        )
    return rows


def narrative_rows(derived, lang: str) -> list[dict]:
    """The narrative numbers the sheet implies (`Derived.narrative`: Crecer's size, Excelente
    atleta's doubled movement, Masa de músculos' lifting, Ayudante's level, Base secreta's size),
    in the page's language with the section they come from."""
    notes = derived.narrative if derived is not None else ()
    return [
        {"slug": note.slug, "text": note.text_en if lang == "en" else note.text_es, "rule": note.rule}
        for note in notes
    ]
