"""Epic20's catalogue as the builder lists it: the engine's entries by slug, each list in the
page's language (built once per language), the selects' options, and the note beside an entry
the current choices rule out."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rules.epic20.archetypes import ARCHETYPES
from rules.epic20.catalogue import CATALOGUE
from rules.epic20.catalogue.types import PowerCategory

from .. import selectors
from ..page_format import half
from .epic20_texts import description_of, name_of


def catalogue_maps() -> dict[str, dict]:
    return {
        "attributes": CATALOGUE.by_slug("attributes"),
        "skills": CATALOGUE.by_slug("skills"),
        "powers": CATALOGUE.by_slug("powers"),
        "advantages": CATALOGUE.by_slug("advantages"),
        "maneuvers": CATALOGUE.by_slug("maneuvers"),
        "complications": CATALOGUE.by_slug("complications"),
        "archetypes": {a.slug: a for a in ARCHETYPES},
    }


_MAPS: dict[str, dict] | None = None


def maps() -> dict[str, dict]:
    global _MAPS
    if _MAPS is None:
        _MAPS = catalogue_maps()
    return _MAPS


@cache
def catalogue_for(lang: str) -> dict[str, Any]:
    m = maps()

    def entry(e, **extra):
        return {"slug": e.slug, "name": name_of(e, lang), "description": description_of(e, lang), **extra}

    def read_on_demand(e, kind, **extra):
        """An entry whose rule text the builder loads when its `<details>` opens."""
        return entry(e, text_url=rule_text_url(kind, e.slug), **extra)

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
                read_on_demand(p, "power", cost=half(float(p.cost)), repeatable=p.repeatable, detail=p.detail)
                for p in powers
                if p.category is category
            ],
        }
        for category, label in category_names.items()
    ]
    modifiers = [
        read_on_demand(p, "modifier", cost=half(float(p.cost)))
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
        "advantages": [
            read_on_demand(a, "advantage", cost=half(float(a.cost)), detail=a.detail)
            for a in m["advantages"].values()
        ],
        "maneuvers": [read_on_demand(x, "maneuver") for x in m["maneuvers"].values()],
        "complications": [entry(c, detail=c.detail) for c in m["complications"].values()],
        "archetypes": archetypes,
        "archetypes_by_slug": {a["slug"]: a for a in archetypes},
    }


# --- The rule texts, read one at a time (`characters:rule_text`) ----------------------------------

RULE_TEXT_LISTS = {
    "power": "powers",
    "modifier": "modifiers",
    "advantage": "advantages",
    "maneuver": "maneuvers",
    "archetype": "archetypes",
}


def rule_text_url(kind: str, slug: str) -> str:
    return reverse("characters:rule_text", args=["epic20", kind, slug])


def rule_texts(kind: str, lang: str) -> dict | None:
    """The rule texts of one kind of catalogue entry (`RULE_TEXT_LISTS`), by slug in the
    catalogue's order, with the list's title; None for a kind the catalogue does not have."""
    if kind not in RULE_TEXT_LISTS:
        return None
    titles = {
        "power": _("Superpoderes"),
        "modifier": _("Modificadores de poderes"),
        "advantage": _("Ventajas"),
        "maneuver": _("Maniobras de combate"),
        "archetype": _("Arquetipos"),
    }
    entries = catalogue_for(lang)[RULE_TEXT_LISTS[kind]]
    return {
        "title": titles[kind],
        "texts": {e["slug"]: {"name": e["name"], "text": e["description"]} for e in entries},
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


def archetype_name(slug: str | None, lang: str) -> str:
    archetype = maps()["archetypes"].get(slug) if slug else None
    return name_of(archetype, lang) if archetype else ""


def avail_html(key: str, reason: str) -> str:
    """Why an entry is not available now; an empty, hidden note when it is (a later live check
    fills it in place)."""
    if not reason:
        return format_html('<small id="avail-{}" class="avail d-none"></small>', key)
    return format_html('<small id="avail-{}" class="avail text-warning-emphasis">{}</small>', key, reason)
