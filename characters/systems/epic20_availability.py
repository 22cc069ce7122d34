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
    out: dict[str, str] = {}
    with translation.override(lang):

        def attr_reason(requirements) -> str | None:
            for req in requirements:
                if not any(_attr(attributes, slug) >= req.minimum for slug in req.any_of):
                    names = [getattr(m["attributes"][s], name) for s in req.any_of if s in m["attributes"]]
                    if req.minimum == 1:
                        return _("Requiere atributo destacable: %(names)s") % {"names": _(" o ").join(names)}
                    return _("Requiere: %(names)s al menos ½") % {"names": _(" o ").join(names)}
            return None

        for slug, maneuver in m["maneuvers"].items():
            missing = [
                getattr(m["maneuvers"][r], name)
                for r in maneuver.requires
                if r not in chosen_maneuvers and r in m["maneuvers"]
            ]
            if missing:
                out[f"maneuver-{slug}"] = _("Requiere: %(names)s") % {"names": ", ".join(missing)}
                continue
            reason = attr_reason(maneuver.requires_attributes)
            if reason:
                out[f"maneuver-{slug}"] = reason
        forbidden = set(archetype.forbidden_advantages) if archetype else set()
        for slug, advantage in m["advantages"].items():
            if slug in forbidden:
                out[f"advantage-{slug}"] = _("Tu arquetipo no permite esta ventaja")
                continue
            reason = attr_reason(advantage.requires_attributes)
            if reason:
                out[f"advantage-{slug}"] = reason
        for slug, power in m["powers"].items():
            if not power.creation_allowed:
                out[f"power-{slug}"] = _("No se puede elegir durante la creación del personaje")
                continue
            missing = [
                getattr(m["powers"][r], name)
                for r in power.requires
                if r not in chosen_powers and r in m["powers"]
            ]
            if missing:
                out[f"power-{slug}"] = _("Requiere: %(names)s") % {"names": ", ".join(missing)}
        return out


def _attr(attributes: Mapping, slug: str):
    value = attributes.get(slug)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return -1
    return value
