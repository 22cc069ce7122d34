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
    powers = [p for p in m["powers"].values() if p.category is not PowerCategory.MODIFIER]
    archetypes = [_entry(a, lang, options=_archetype_options(a, lang)) for a in m["archetypes"].values()]
    return {
        "attributes": [_entry(a, lang) for a in m["attributes"].values()],
        "skills": [
            _entry(s, lang, specialty=s.specialty, attribute=name_of(m["attributes"][s.attribute], lang))
            for s in m["skills"].values()
        ],
        "power_groups": _power_groups(powers, lang),
        "powers": [_entry(p, lang, cost=half(float(p.cost)), repeatable=p.repeatable) for p in powers],
        "modifiers": [
            _read_on_demand(p, "modifier", lang, cost=half(float(p.cost)))
            for p in m["powers"].values()
            if p.category is PowerCategory.MODIFIER
        ],
        "advantages": [
            _read_on_demand(a, "advantage", lang, cost=half(float(a.cost)), detail=a.detail)
            for a in m["advantages"].values()
        ],
        "maneuvers": [_read_on_demand(x, "maneuver", lang) for x in m["maneuvers"].values()],
        "complications": [_entry(c, lang, detail=c.detail) for c in m["complications"].values()],
        "archetypes": archetypes,
        "archetypes_by_slug": {a["slug"]: a for a in archetypes},
    }


def _entry(e, lang: str, **extra) -> dict[str, Any]:
    return {"slug": e.slug, "name": name_of(e, lang), "description": description_of(e, lang), **extra}


def _read_on_demand(e, kind: str, lang: str, **extra) -> dict[str, Any]:
    """An entry whose rule text the builder loads when its `<details>` opens."""
    return _entry(e, lang, text_url=rule_text_url(kind, e.slug), **extra)


def _power_groups(powers: list, lang: str) -> list[dict[str, Any]]:
    """The powers (modifiers aside) under the heading of their category, in the builder's order."""
    category_names = {
        PowerCategory.ATTACK: _("Superataques"),
        PowerCategory.DEFENSE: _("Superdefensas"),
        PowerCategory.MOVEMENT: _("Superpoderes de movimiento"),
        PowerCategory.UTILITY: _("Superpoderes de utilidad"),
    }
    return [
        {
            "name": label,
            "powers": [
                _read_on_demand(
                    p, "power", lang, cost=half(float(p.cost)), repeatable=p.repeatable, detail=p.detail
                )
                for p in powers
                if p.category is category
            ],
        }
        for category, label in category_names.items()
    ]


def _archetype_options(archetype, lang: str) -> list[dict[str, Any]]:
    """The archetype's options, each with its default and its choices' labels (values as text)."""
    return [
        {
            "key": option.key,
            "default": str(option.default),
            "choices": [
                {"value": str(c.value), "label": c.label_en if lang == "en" else c.label_es}
                for c in option.choices
            ],
        }
        for option in archetype.options
    ]


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
