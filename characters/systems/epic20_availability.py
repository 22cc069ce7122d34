"""What an Epic20 builder's current choices rule out, and why: a maneuver or power whose
prerequisite is missing, an attribute too low, an advantage the archetype forbids, a power not
allowed at creation. The builder marks those catalogue entries; the engine still judges the sheet."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from django.utils import translation
from django.utils.translation import gettext as _

from rules.epic20.catalogue import CATALOGUE

from .epic20_catalogue import maps


def unavailable(sheet: Mapping, *, lang: str) -> dict[str, str]:
    """`{"maneuver-<slug>" | "advantage-<slug>" | "power-<slug>": why}` for the catalogue
    entries the sheet's current choices do not allow (missing prerequisite, attribute too low,
    archetype forbids it, not at creation)."""
    attributes = sheet.get("attributes") if isinstance(sheet.get("attributes"), Mapping) else {}
    chosen_maneuvers = set()
    for item in sheet.get("maneuvers") if isinstance(sheet.get("maneuvers"), list) else []:
        slug = item.get("maneuver") if isinstance(item, Mapping) else item
        if isinstance(slug, str):
            chosen_maneuvers.add(slug)
    chosen_powers = set()
    for row in sheet.get("powers") if isinstance(sheet.get("powers"), list) else []:
        if isinstance(row, Mapping) and isinstance(row.get("power"), str):
            chosen_powers.add(row["power"])
    archetype = sheet.get("archetype") if isinstance(sheet.get("archetype"), str) else None
    m = maps()
    values = tuple(_attr(attributes, slug) for slug in m["attributes"])
    # Only prerequisites matter, so the answer is cached on them: a live check pays nothing.
    relevant_maneuvers = frozenset(chosen_maneuvers & _REQUIRED["maneuvers"])
    relevant_powers = frozenset(chosen_powers & _REQUIRED["powers"])
    return _unavailable(lang, values, relevant_maneuvers, relevant_powers, archetype)


_REQUIRED = {
    "maneuvers": frozenset(r for x in CATALOGUE.maneuvers for r in x.requires),
    "powers": frozenset(r for x in CATALOGUE.powers for r in x.requires),
}


@lru_cache(maxsize=512)
def _unavailable(lang, values, chosen_maneuvers, chosen_powers, archetype_slug) -> dict[str, str]:
    m = maps()
    name = "name_en" if lang == "en" else "name_es"
    attributes = dict(zip(m["attributes"], values, strict=True))
    archetype = m["archetypes"].get(archetype_slug) if archetype_slug else None
    with translation.override(lang):
        return {
            **_maneuver_reasons(attributes, chosen_maneuvers, name),
            **_advantage_reasons(attributes, archetype, name),
            **_power_reasons(chosen_powers, name),
        }


def _maneuver_reasons(attributes: Mapping, chosen_maneuvers, name: str) -> dict[str, str]:
    """A maneuver needs the maneuvers it builds on, then the attributes it asks for."""
    m = maps()
    out = {}
    for slug, maneuver in m["maneuvers"].items():
        missing = _missing_names(maneuver.requires, chosen_maneuvers, m["maneuvers"], name)
        if missing:
            out[f"maneuver-{slug}"] = _requires_text(missing)
            continue
        reason = _attribute_reason(maneuver.requires_attributes, attributes, name)
        if reason:
            out[f"maneuver-{slug}"] = reason
    return out


def _advantage_reasons(attributes: Mapping, archetype, name: str) -> dict[str, str]:
    """An advantage must not be one the archetype forbids, and needs the attributes it asks for."""
    forbidden = set(archetype.forbidden_advantages) if archetype else set()
    out = {}
    for slug, advantage in maps()["advantages"].items():
        if slug in forbidden:
            out[f"advantage-{slug}"] = _("Tu arquetipo no permite esta ventaja")
            continue
        reason = _attribute_reason(advantage.requires_attributes, attributes, name)
        if reason:
            out[f"advantage-{slug}"] = reason
    return out


def _power_reasons(chosen_powers, name: str) -> dict[str, str]:
    """A power must be allowed at creation, and needs the powers it builds on."""
    m = maps()
    out = {}
    for slug, power in m["powers"].items():
        if not power.creation_allowed:
            out[f"power-{slug}"] = _("No se puede elegir durante la creación del personaje")
            continue
        missing = _missing_names(power.requires, chosen_powers, m["powers"], name)
        if missing:
            out[f"power-{slug}"] = _requires_text(missing)
    return out


def _missing_names(requires, chosen, entries: Mapping, name: str) -> list[str]:
    """The names of the catalogue entries required and not chosen."""
    return [getattr(entries[r], name) for r in requires if r not in chosen and r in entries]


def _requires_text(names: list[str]) -> str:
    return _("Requiere: %(names)s") % {"names": ", ".join(names)}


def _attribute_reason(requirements, attributes: Mapping, name: str) -> str | None:
    """Why the attributes fall short of the first requirement they miss; None when they meet all."""
    m = maps()
    for req in requirements:
        if not any(_attr(attributes, slug) >= req.minimum for slug in req.any_of):
            names = [getattr(m["attributes"][s], name) for s in req.any_of if s in m["attributes"]]
            if req.minimum == 1:
                return _("Requiere atributo destacable: %(names)s") % {"names": _(" o ").join(names)}
            return _("Requiere: %(names)s al menos ½") % {"names": _(" o ").join(names)}
    return None


def _attr(attributes: Mapping, slug: str):
    value = attributes.get(slug)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return -1
    return value
