"""What Epic20's builder page shows, computed once per request: the engine's report placed in
the form's error slots, the catalogue lists (remembered per rendering), the weapon a maneuver
chooses, and the whole builder context. The catalogue in the page's language is
`epic20_catalogue`; the sheet page's part is `epic20_sheet`; the budget and derived panels both
pages share are `epic20_panels`.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import lru_cache

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rules.epic20 import weapons
from rules.epic20.sheet import parse_sheet
from rules.epic20.validation import validate_sheet

from .. import selectors
from ..access import is_character_gm
from ..page_format import half
from ..sheets import json_number
from ..system_pages import BuilderView
from ..templatetags.character_tags import rule_label_filter
from .epic20_availability import unavailable
from .epic20_catalogue import catalogue_for, maps, rule_texts
from .epic20_form import CATALOGUE_LISTS, BuilderForm
from .epic20_panels import budget_rows, conversion_rows, derived_rows, equipment_costs
from .epic20_texts import equipment_flag_fields, name_of

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


def weapon_choices(sheet: dict, details: dict[str, str], lang: str) -> dict[str, tuple]:
    """For Fineza con un arma and Ojo agudo, the weapons of the sheet that fit them, as
    `(value, label)` pairs for the select of the maneuver's detail: "un arma … a elegir"
    (MANIOBRAS DE COMBATE), read by the engine's `weapons.item_fits` / `power_fits`. A detail
    that names none of them is kept as a last choice, marked, so that nothing is lost."""
    parsed, _problems = parse_sheet(sheet)
    m = maps()
    out = {}
    for maneuver in weapons.CHOSEN_WEAPON_MANEUVERS:
        choices = [(item.name, item.name) for item in parsed.equipment if weapons.item_fits(maneuver, item)]
        seen = set()
        for entry in parsed.powers:
            if entry.slug in seen or not weapons.power_fits(maneuver, entry.slug):
                continue
            seen.add(entry.slug)
            name = name_of(m["powers"][entry.slug], lang)
            choices.append((entry.slug, f"{name} ({entry.detail})" if entry.detail else name))
        detail = details.get(maneuver, "")
        if detail and weapons.chosen_weapon(maneuver, parsed.equipment, detail, parsed.powers) is None:
            choices.append((detail, _("%(name)s (no encaja)") % {"name": detail}))
        out[maneuver] = tuple(_dedupe(choices))
    return out


def _dedupe(choices):
    values = set()
    for value, label in choices:
        if value.casefold() not in values:
            values.add(value.casefold())
            yield value, label


def weapon_select_html(maneuver: str, choices, detail: str) -> str:
    """The select of the weapon a maneuver chooses; the empty choice lets the engine take the
    first that fits (`weapons.chosen_weapon`)."""
    wanted = detail.strip().casefold()
    selected = next((value for value, _label in choices if value.casefold() == wanted), "")
    first = _("— La primera que encaje —") if choices else _("— Ningún arma encaja todavía —")
    options = format_html('<option value="">{}</option>', first) + format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((value, mark_safe(" selected") if value == selected else "", label) for value, label in choices),
    )
    return format_html(
        '<label class="form-label small mb-0" for="maneuver-detail-{0}">{1}</label>'
        '<select class="form-select form-select-sm mb-1 weapon-select" id="maneuver-detail-{0}" '
        'name="maneuver-detail-{0}">{2}</select>',
        maneuver,
        _("Arma elegida"),
        options,
    )


# Where the lists' rule texts load (`epic20_catalogue.rule_texts`): each `<details>` asks for its
# text when first opened (`hx-get`, `hx-trigger="toggle once"`) into its `.rule-text`, in a queue
# of their own rather than the form's live checks; without JavaScript a link per kind leads to
# the texts.
_RULE_TEXTS = (
    '<div class="rule-texts" hx-target="find .rule-text" hx-swap="innerHTML" hx-sync="this:queue all">'
    "{links}{list}</div>"
)
_LIST_KINDS = {"power": ("power", "modifier"), "advantage": ("advantage",), "maneuver": ("maneuver",)}
# Indentation between tags, a third of the lists' bytes; a line break keeps the same spacing.
_INDENT = re.compile(r">[ \t]*\n\s*<")


def _rule_text_links(name: str, lang: str) -> str:
    links = format_html_join(
        " · ",
        '<a href="{}">{}</a>',
        (
            (reverse("characters:rule_texts", args=["epic20", kind]), rule_texts(kind, lang)["title"])
            for kind in _LIST_KINDS[name]
        ),
    )
    return format_html(
        '<noscript><p class="small mb-1">{}: {}</p></noscript>', _("Textos de las reglas"), links
    )


@lru_cache(maxsize=32)
def _catalogue_lists(
    lang: str, action: str, shown, blocked, chosen, details, errors, weapon_options=()
) -> dict[str, str]:
    """The builder's catalogue lists the player opened (`shown`; every power, advantage or
    maneuver, their rule texts loading when opened) and, of the maneuvers' list while it is
    closed, the maneuvers chosen: their boxes, details and weapons are part of the sheet. Each
    rendering is remembered for the values it shows: the same from one keystroke to the next
    unless the choices they show changed."""
    catalogue = catalogue_for(lang)
    chosen_maneuvers = frozenset(chosen)
    context = {
        "catalogue": catalogue,
        "maneuvers": (
            catalogue["maneuvers"]
            if "maneuver" in shown
            else [m for m in catalogue["maneuvers"] if m["slug"] in chosen_maneuvers]
        ),
        "action": action,
        "unavailable": dict(blocked),
        "chosen_maneuvers": chosen_maneuvers,
        "maneuver_details": dict(details),
        "slots": {slot: list(messages) for slot, messages in errors},
        "weapon_selects": {
            maneuver: weapon_select_html(maneuver, choices, dict(details).get(maneuver, ""))
            for maneuver, choices in weapon_options
        },
    }
    lists = {}
    with translation.override(lang):
        for name in CATALOGUE_LISTS:
            if name not in shown and not (name == "maneuver" and chosen):
                continue
            html = render_to_string(f"characters/epic20/builder.html#{name}-list", context)
            body = _INDENT.sub(">\n<", html.strip())
            links = _rule_text_links(name, lang) if name in shown else ""
            lists[name] = mark_safe(_RULE_TEXTS.format(links=links, list=body))
    return lists


def catalogue_lists(lang: str, action: str, form: BuilderForm, slots: dict, sheet: dict):
    """The lists as `_catalogue_lists` draws them; what is unavailable and which weapons fit are
    worked out only when a list shows any entry."""
    if not form.shown and not form.maneuvers:
        return {}
    maneuver_errors = tuple(
        sorted((slot, tuple(messages)) for slot, messages in slots.items() if slot.startswith("maneuver-"))
    )
    return _catalogue_lists(
        lang,
        action,
        tuple(sorted(form.shown)),
        tuple(sorted(unavailable(sheet, lang=lang).items())),
        tuple(sorted(form.maneuvers)),
        tuple(sorted(form.maneuver_details.items())),
        maneuver_errors,
        tuple(sorted(weapon_choices(sheet, form.maneuver_details, lang).items())),
    )


def builder_view(
    request, form: BuilderForm, character, *, saving: bool = False, live: bool = False
) -> BuilderView:
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
    costs, mundane_points = equipment_costs(form)
    catalogue = catalogue_for(lang)
    archetype = catalogue["archetypes_by_slug"].get(sheet.get("archetype") or "")
    action = reverse("characters:edit", args=[character.pk]) if character else reverse("characters:new")
    own = {
        "rows": form.rows,
        "chosen_maneuvers": set(form.maneuvers),
        # Shown above the search, which may hide them: the picks stay in view.
        "chosen_maneuver_list": [
            {"slug": slug, "name": name_of(maps()["maneuvers"][slug], lang)}
            for slug in form.maneuvers
            if slug in maps()["maneuvers"]
        ],
        "catalogue": catalogue,
        "archetype": archetype,
        "archetype_options": _options_with_values(archetype, form.options),
        "report": report,
        "row_flags": flags,
        "budget_rows": budget_rows(report["budget"], mundane_points),
        "conversions": conversion_rows(report["budget"]),
        "derived_rows": derived_rows(report["derived"]),
        "equipment_costs": costs,
        "attribute_fieldsets": attribute_fieldsets(
            lang, tuple(str(form.fields.get(f"attr-{a['slug']}", "")) for a in catalogue["attributes"])
        ),
        "skill_values": [(str(json_number(v / 2)), half(v / 2)) for v in range(5)],
        "can_waive": character is not None and is_character_gm(request.user, character),
        "catalogue_lists": catalogue_lists(lang, action, form, slots, sheet),
        "shown_lists": form.shown,
        "equipment_flags": equipment_flag_fields(),
    }
    own.update(_quiet_after_a_list_toggled(form, sheet, character, saving))
    return BuilderView(valid=report["valid"], errors=errors, slots=dict(slots), warnings=warnings, own=own)


def _quiet_after_a_list_toggled(form: BuilderForm, sheet: dict, character, saving: bool) -> dict:
    """Opening or closing a catalogue list is no change to the sheet: a new character's blank
    form stays as quiet as it opened (`builder_is_untouched`). Otherwise the usual rule holds."""
    if not form.list_toggled:
        return {}
    return {"untouched": character is None and not saving and _still_blank(form, sheet)}


def _still_blank(form: BuilderForm, sheet: dict) -> bool:
    """Nothing written, chosen or added yet: the blank form's sheet (`sheet`, this form's), and
    no row."""
    return not any(form.rows.values()) and sheet == BuilderForm.blank().sheet()


ATTRIBUTE_VALUES = (("0", "0"), ("0.5", "½"), ("1", "1"))


@lru_cache(maxsize=256)
def attribute_fieldsets(lang: str, chosen: tuple[str, ...]) -> str:
    """The five attributes' radio rows, drawn once per language and set of values chosen (the
    builder's template drew them with two nested loops on every render). Each row's legend
    carries the attribute's description as its title (LISTA DE ATRIBUTOS)."""
    rows = []
    for attribute, value in zip(catalogue_for(lang)["attributes"], chosen, strict=True):
        name = f"attr-{attribute['slug']}"
        options = format_html_join(
            "",
            '<span class="form-check form-check-inline mb-0"><input class="form-check-input" type="radio" '
            'name="{0}" id="{0}-{1}" value="{2}"{3}><label class="form-check-label" for="{0}-{1}">{4}'
            "</label></span>",
            (
                (name, i, option, mark_safe(" checked") if option == value else "", label)
                for i, (option, label) in enumerate(ATTRIBUTE_VALUES)
            ),
        )
        rows.append(
            format_html(
                '<fieldset class="d-flex flex-wrap align-items-center gap-3 mb-1"><legend class="col-form-label '
                'col-4 col-md-3 p-0 float-none mb-0" title="{}">{}</legend>{}</fieldset>',
                rule_label_filter(attribute["description"], "epic20"),
                attribute["name"],
                options,
            )
        )
    return mark_safe("".join(rows))


def _options_with_values(archetype: dict | None, chosen: dict) -> list[dict]:
    if not archetype:
        return []
    return [
        {**option, "value": chosen.get(option["key"]) or option["default"]} for option in archetype["options"]
    ]
