"""What the character pages show, computed once per request: catalogue entries in the page's
language, budget rows, derived numbers and the dice each skill rolls.
"""

from __future__ import annotations

import json
from collections import defaultdict
from decimal import Decimal
from functools import cache, lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from epic20site.access import can_delete_character, can_edit_character, is_character_gm
from rules.epic20.catalogue.types import PowerCategory
from rules.epic20.costs import equipment_cost
from rules.epic20.sheet import EquipmentEntry
from rules.epic20.validation import validate_sheet

from . import selectors
from .builder import BuilderForm, maps, unavailable
from .forms import campaign_choices
from .sheets import json_number

BUDGET_CATEGORIES = ("powers", "skills", "advantages", "maneuvers", "complications", "special_equipment")


def budget_label(key: str) -> str:
    return {
        "powers": _("Poderes"),
        "skills": _("Habilidades"),
        "advantages": _("Ventajas"),
        "maneuvers": _("Maniobras de combate"),
        "complications": _("Complicaciones"),
        "special_equipment": _("Equipo especial"),
    }.get(key, key)


def budget_short_label(key: str) -> str:
    """The budget bar's names, short enough for six on a phone."""
    return {
        "powers": _("Pod."),
        "skills": _("Hab."),
        "advantages": _("Vent."),
        "maneuvers": _("Man."),
        "complications": _("Compl."),
        "special_equipment": _("Eq. esp."),
    }.get(key, key)


def half(value: Any) -> str:
    """Numbers as players write them: 0.5 → "½", 1.5 → "1½", 2 → "2"."""
    if isinstance(value, Decimal):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "—" if value is None else str(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == 0.5:
        return "½" if whole == 0 else f"{int(whole)}½"
    return f"{value:g}"


def signed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "—"
    return f"{int(value):+d}"


def dice_text(bonus: int, superiority: int) -> str:
    """RESOLVER ACCIONES: Superioridad rolls one more d20 and keeps the highest, Inferioridad
    one more and keeps the lowest; they cancel out, so only the net count matters."""
    count = abs(superiority) + 1
    params = {"count": count, "bonus": signed(bonus)}
    if superiority > 0:
        return _("%(count)sd20, el mayor, %(bonus)s") % params
    if superiority < 0:
        return _("%(count)sd20, el menor, %(bonus)s") % params
    return _("1d20, %(bonus)s") % params


def name_of(entry, lang: str) -> str:
    return entry.name_en if lang == "en" else entry.name_es


def description_of(entry, lang: str) -> str:
    return entry.description_en if lang == "en" else entry.description_es


def archetype_name(slug: str | None, lang: str) -> str:
    archetype = maps()["archetypes"].get(slug) if slug else None
    return name_of(archetype, lang) if archetype else ""


# --- The catalogue, as the builder lists it (built once per language) ------------------------------


@cache
def catalogue_for(lang: str) -> dict[str, Any]:
    m = maps()

    def entry(e, **extra):
        return {"slug": e.slug, "name": name_of(e, lang), "description": description_of(e, lang), **extra}

    category_names = {
        PowerCategory.ATTACK: _("Superataques"),
        PowerCategory.DEFENSE: _("Superdefensas"),
        PowerCategory.MOVEMENT: _("Superpoderes de movimiento"),
        PowerCategory.UTILITY: _("Superpoderes de utilidad"),
    }
    powers = [p for p in m["powers"].values() if p.category is not PowerCategory.MODIFIER]
    power_groups = [
        {
            "name": label,
            "powers": [
                entry(p, cost=half(float(p.cost)), repeatable=p.repeatable, detail=p.detail)
                for p in powers
                if p.category is category
            ],
        }
        for category, label in category_names.items()
    ]
    modifiers = [
        entry(p, cost=half(float(p.cost)))
        for p in m["powers"].values()
        if p.category is PowerCategory.MODIFIER
    ]
    archetypes = []
    for a in m["archetypes"].values():
        options = [
            {
                "key": option.key,
                "default": str(option.default),
                "choices": [
                    {"value": str(c.value), "label": c.label_en if lang == "en" else c.label_es}
                    for c in option.choices
                ],
            }
            for option in a.options
        ]
        archetypes.append(entry(a, options=options))
    return {
        "attributes": [entry(a) for a in m["attributes"].values()],
        "skills": [
            entry(s, specialty=s.specialty, attribute=name_of(m["attributes"][s.attribute], lang))
            for s in m["skills"].values()
        ],
        "power_groups": power_groups,
        "powers": [entry(p, cost=half(float(p.cost)), repeatable=p.repeatable) for p in powers],
        "modifiers": modifiers,
        "advantages": [entry(a, cost=half(float(a.cost)), detail=a.detail) for a in m["advantages"].values()],
        "maneuvers": [entry(x) for x in m["maneuvers"].values()],
        "complications": [entry(c, detail=c.detail) for c in m["complications"].values()],
        "archetypes": archetypes,
        "archetypes_by_slug": {a["slug"]: a for a in archetypes},
    }


@cache
def _options_html(kind: str, lang: str) -> str:
    catalogue = catalogue_for(lang)
    if kind == "skills":
        return "".join(
            format_html('<option value="{}">{} ({})</option>', s["slug"], s["name"], s["attribute"])
            for s in catalogue["skills"]
        )
    if kind == "powers":
        return "".join(
            format_html('<optgroup label="{}">', group["name"])
            + "".join(
                format_html('<option value="{}">{} ({})</option>', p["slug"], p["name"], p["cost"])
                for p in group["powers"]
            )
            + "</optgroup>"
            for group in catalogue["power_groups"]
        )
    if kind == "equipment_powers":
        return "".join(
            format_html('<option value="{}">{}</option>', p["slug"], p["name"]) for p in catalogue["powers"]
        )
    if kind == "advantages":
        return "".join(
            format_html('<option value="{}">{} ({})</option>', a["slug"], a["name"], a["cost"])
            for a in catalogue["advantages"]
        )
    if kind == "complications":
        return "".join(
            format_html('<option value="{}" title="{}">{}</option>', c["slug"], c["description"], c["name"])
            for c in catalogue["complications"]
        )
    raise ValueError(kind)


def options_with_selected(kind: str, selected: Any) -> str:
    options = _options_html(kind, selectors.request_lang())
    if selected:
        marker = format_html('<option value="{}"', str(selected))
        options = options.replace(marker + ">", marker + " selected>", 1).replace(
            marker + " title=", marker + " selected title=", 1
        )
    return mark_safe(options)  # built from escaped parts; only " selected" was added


# --- Markup of the builder's error slots and catalogue notes ----------------------------------------


def error_slot_html(slot_id: str, messages) -> str:
    return format_html(
        '<div id="err-{}" class="field-errors">{}</div>',
        slot_id,
        format_html_join(
            "", '<div class="invalid-feedback d-block">{}</div>', ((m,) for m in messages or ())
        ),
    )


def avail_html(key: str, reason: str) -> str:
    return format_html(
        '<small id="avail-{}" class="avail text-warning-emphasis{}">{}</small>',
        key,
        "" if reason else " d-none",
        reason or "",
    )


def _number_or_zero(value: Any) -> float:
    return float(value) if isinstance(value, int | float | Decimal) and not isinstance(value, bool) else 0.0


def _budget_notes(budget: dict, equipment_points: float) -> dict[str, list[str]]:
    """What each line's numbers hide: power points traded away (LISTA DE PODERES: a power point
    "puede cambiarse" for skill, advantage or maneuver points), what those trades added, and the
    advantage points mundane equipment takes ("1 pto en equipo daría dos objetos mundanos",
    LISTA DE VENTAJAS)."""
    notes: dict[str, list[str]] = defaultdict(list)
    traded: dict[str, float] = defaultdict(float)
    gained: dict[str, float] = defaultdict(float)
    for conversion in budget.get("conversions") or []:
        traded[conversion.get("from", "")] += _number_or_zero(conversion.get("amount"))
        gained[conversion.get("to", "")] += _number_or_zero(conversion.get("gained"))
    for key, amount in traded.items():
        if amount:
            notes[key].append(_("%(amount)s convertido") % {"amount": half(amount)})
    for key, amount in gained.items():
        if amount:
            notes[key].append(_("+%(amount)s por conversión") % {"amount": half(amount)})
    if equipment_points:
        notes["advantages"].append(_("%(amount)s en equipo mundano") % {"amount": half(equipment_points)})
    return notes


def budget_rows(budget: dict, equipment_points: float = 0) -> list[dict]:
    notes = _budget_notes(budget, equipment_points)
    rows = []
    for key in BUDGET_CATEGORIES:
        line = budget.get(key) or {}
        available, spent = line.get("available", 0) or 0, line.get("spent", 0) or 0
        percent = (
            100
            if available <= 0 and spent > 0
            else (0 if available <= 0 else min(100, round(100 * spent / available)))
        )
        rows.append(
            {
                "key": key,
                "label": budget_label(key),
                "short": budget_short_label(key),
                "available": half(available),
                "spent": half(spent),
                "over": spent > available,
                "left": half(available - spent),
                "percent": percent,
                "notes": notes.get(key, []),
            }
        )
    return rows


def _points_of(category: str, amount: Any) -> str:
    """ "1 punto de poder", "½ punto de poder", "2 puntos de habilidad"."""
    text = half(amount)
    many = _number_or_zero(amount) > 1
    names = {
        "powers": (_("%(n)s punto de poder"), _("%(n)s puntos de poder")),
        "skills": (_("%(n)s de habilidad"), _("%(n)s de habilidad")),
        "advantages": (_("%(n)s de ventaja"), _("%(n)s de ventaja")),
        "maneuvers": (_("%(n)s maniobra"), _("%(n)s maniobras")),
        "special_equipment": (_("%(n)s de equipo especial"), _("%(n)s de equipo especial")),
    }
    one, several = names.get(category, ("%(n)s " + category, "%(n)s " + category))
    return (several if many else one) % {"n": text}


def conversion_rows(budget: dict) -> list[str]:
    """Each trade as the player reads it: "1 punto de poder → 2 de habilidad"."""
    rows = []
    archetypes = maps()["archetypes"]
    lang = selectors.request_lang()
    for c in budget.get("conversions") or []:
        text = f"{_points_of(c.get('from', ''), c.get('amount'))} → {_points_of(c.get('to', ''), c.get('gained'))}"
        archetype = archetypes.get(c.get("archetype") or "")
        if archetype is not None:
            text += " " + _("(tasa de %(name)s)") % {"name": name_of(archetype, lang)}
        rows.append(text)
    return rows


def derived_rows(derived: dict) -> list[dict]:
    attack = derived.get("attack_bonus") or {}
    return [
        {"key": "defense", "label": _("Defensa"), "value": derived.get("defense", "—")},
        {"key": "hit_points", "label": _("Puntos de vida"), "value": derived.get("hit_points", "—")},
        {
            "key": "hero_points_max",
            "label": _("Puntos de Héroe (máximo)"),
            "value": derived.get("hero_points_max", "—"),
        },
        {
            "key": "initiative_bonus",
            "label": _("Iniciativa"),
            "value": "1d20 " + signed(derived.get("initiative_bonus")),
        },
        {"key": "melee", "label": _("Ataque cuerpo a cuerpo"), "value": signed(attack.get("melee"))},
        {"key": "ranged", "label": _("Ataque a distancia"), "value": signed(attack.get("ranged"))},
        {"key": "mental", "label": _("Ataque mental"), "value": signed(attack.get("mental"))},
        {"key": "emotional", "label": _("Ataque emocional"), "value": signed(attack.get("emotional"))},
        {"key": "languages", "label": _("Lenguajes"), "value": derived.get("languages", "—")},
        {
            "key": "special_equipment_cap",
            "label": _("Máximo de equipo especial"),
            "value": derived.get("special_equipment_cap", "—"),
        },
    ]


# --- The builder ----------------------------------------------------------------------------------


def _row_flags(form: BuilderForm) -> dict[str, str]:
    """What decides the variable part of a row (a specialty box, a units box…)."""
    m = maps()
    flags = {}
    for row in form.rows["skills"]:
        skill = m["skills"].get(row.values.get("skill"))
        flags[row.slot] = "s" if skill is not None and skill.specialty else ""
    archetype = m["archetypes"].get(form.fields.get("archetype") or "")
    # ARQUETIPOS, Masa de músculos: no ranged powers "salvo para arrojar objetos".
    throws = archetype is not None and archetype.forbid_ranged_powers
    for row in form.rows["powers"]:
        power = m["powers"].get(row.values.get("power"))
        flags[row.slot] = "".join(
            (
                "r" if power is not None and power.repeatable else "",
                "t" if throws and power is not None and power.attack_kind == "ranged" else "",
            )
        )
    return flags


@lru_cache(maxsize=256)
def _checked(key: str):
    """The engine's report, remembered per process: a builder often sends the same form twice
    (an `input` and then a `change` event), and reports are immutable."""
    sheet, awards, waivers = json.loads(key)
    return validate_sheet(sheet, awards=awards, waivers=waivers)


def shown_rule(problem: dict) -> str:
    """The rule section shown after an error. A sheet needs a name, but no section of the
    document asks for one (the engine files it under NIVEL): the page shows no section there."""
    return "" if problem.get("path") == "/name" else problem.get("rule") or ""


def item_cost(values, index: int, terms) -> float:
    """What one equipment item costs. LISTA DE VENTAJAS: "1 pto en equipo daría dos objetos
    mundanos" (½ each); a special item is 1 special-equipment point or its power's cost when
    higher (the engine's `equipment_cost`, which also doubles defensive items for the Artista
    marcial)."""
    power = values.get("power") if isinstance(values.get("power"), str) else None
    power = power if power in maps()["powers"] else None
    entry = EquipmentEntry(
        index=index,
        kind="special" if values.get("kind") == "special" else "mundane",
        name=str(values.get("name") or ""),
        power=power,
        armor=values.get("armor") in ("on", "true", "1", True),
    )
    return float(equipment_cost(entry, terms))


def item_cost_text(special: bool, cost: float) -> str:
    if special:
        return _("%(n)s de equipo especial") % {"n": half(cost)}
    return _("%(n)s de ventaja") % {"n": half(cost)}


def equipment_costs(form: BuilderForm) -> tuple[dict[str, str], float]:
    """What each equipment row costs, by row slot, and the advantage points mundane items take.
    Call after `form.sheet()`: a row without a name is not in the sheet and costs nothing yet."""
    terms = maps()["archetypes"].get(form.fields.get("archetype") or "")
    costs, mundane = {}, 0.0
    for row in form.rows["equipment"]:
        if row.sheet_index is None:
            continue
        special = row.values.get("kind") == "special"
        cost = item_cost(row.values, row.sheet_index, terms)
        costs[row.slot] = item_cost_text(special, cost)
        mundane += 0 if special else cost
    return costs, mundane


CATALOGUE_LISTS = ("power", "advantage", "maneuver")


@lru_cache(maxsize=32)
def _catalogue_lists(lang: str, action: str, live: bool, blocked, chosen, details, errors) -> dict[str, str]:
    """The builder's catalogue lists (every power, advantage and maneuver with its rule text):
    most of the page, and the same from one keystroke to the next unless the choices they show
    changed, so each rendering is remembered for the values it shows."""
    context = {
        "catalogue": catalogue_for(lang),
        "action": action,
        "live": live,
        "unavailable": dict(blocked),
        "chosen_maneuvers": frozenset(chosen),
        "maneuver_details": dict(details),
        "slots": {slot: list(messages) for slot, messages in errors},
    }
    with translation.override(lang):
        return {
            name: mark_safe(render_to_string(f"characters/epic20/builder.html#{name}-list", context))
            for name in CATALOGUE_LISTS
        }


def catalogue_lists(lang: str, action: str, live: bool, form: BuilderForm, blocked: dict, slots: dict):
    maneuver_errors = tuple(
        sorted((slot, tuple(messages)) for slot, messages in slots.items() if slot.startswith("maneuver-"))
    )
    return _catalogue_lists(
        lang,
        action,
        live,
        tuple(sorted(blocked.items())),
        tuple(sorted(form.maneuvers)),
        tuple(sorted(form.maneuver_details.items())),
        maneuver_errors,
    )


def builder_context(
    request, form: BuilderForm, character, *, campaign: str = "", saving: bool = False, live: bool = False
) -> dict:
    lang = selectors.request_lang()
    sheet = form.sheet()
    awards, waivers = [], []
    if character is not None:
        awards = [a.as_engine_award() for a in character.awards.all()]
        waivers = [w.as_engine_waiver() for w in selectors.applicable_waivers(character)]
    report = _checked(json.dumps([sheet, awards, waivers], sort_keys=True)).as_dict(lang=lang)
    slots: dict[str, list[str]] = defaultdict(list)
    errors = []
    for problem in report["errors"]:
        slot = form.slot_for(problem["path"])
        slots[slot].append(problem["message"])
        errors.append({**problem, "slot": slot, "rule": shown_rule(problem)})
    warnings = [{**w, "slot": form.slot_for(w["path"])} for w in report["warnings"]]
    flags = _row_flags(form)
    blocked = unavailable(sheet, lang=lang)
    costs, mundane_points = equipment_costs(form)
    catalogue = catalogue_for(lang)
    archetype = catalogue["archetypes_by_slug"].get(sheet.get("archetype") or "")
    action = reverse("characters:edit", args=[character.pk]) if character else reverse("characters:new")
    context = {
        "form": form,
        "fields": form.fields,
        "rows": form.rows,
        "chosen_maneuvers": set(form.maneuvers),
        # Shown above the search, which may hide them: the picks stay in view.
        "chosen_maneuver_list": [
            {"slug": slug, "name": name_of(maps()["maneuvers"][slug], lang)}
            for slug in form.maneuvers
            if slug in maps()["maneuvers"]
        ],
        "character": character,
        "catalogue": catalogue,
        "archetype": archetype,
        "archetype_options": _options_with_values(archetype, form.options),
        "report": report,
        "valid": report["valid"],
        "errors": errors,
        "warnings": warnings,
        "slots": dict(slots),
        "row_flags": flags,
        "unavailable": blocked,
        "budget_rows": budget_rows(report["budget"], mundane_points),
        "conversions": conversion_rows(report["budget"]),
        "derived_rows": derived_rows(report["derived"]),
        "equipment_costs": costs,
        "saving": saving,
        "attribute_values": [("0", "0"), ("0.5", "½"), ("1", "1")],
        "skill_values": [(str(json_number(v / 2)), half(v / 2)) for v in range(5)],
        "campaign": campaign,
        # Only the whole page shows it: a callable, so a live check never runs the query.
        "campaign_choices": (lambda: campaign_choices(request.user)) if character is None else [],
        "can_waive": character is not None and is_character_gm(request.user, character),
        "action": action,
        "live": live,
        "catalogue_lists": catalogue_lists(lang, action, live, form, blocked, slots),
    }
    return context


def _options_with_values(archetype: dict | None, chosen: dict) -> list[dict]:
    if not archetype:
        return []
    return [
        {**option, "value": chosen.get(option["key"]) or option["default"]} for option in archetype["options"]
    ]


# --- The sheet page ---------------------------------------------------------------------------------


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
