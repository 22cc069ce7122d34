"""Lookup dicts over the catalogue, built once at import so validation stays in microseconds."""

from __future__ import annotations

from rules.epic20.catalogue import CATALOGUE
from rules.epic20.catalogue.types import PowerCategory

ATTRIBUTES = CATALOGUE.by_slug("attributes")
SKILLS = CATALOGUE.by_slug("skills")
POWERS = CATALOGUE.by_slug("powers")
ADVANTAGES = CATALOGUE.by_slug("advantages")
MANEUVERS = CATALOGUE.by_slug("maneuvers")
COMPLICATIONS = CATALOGUE.by_slug("complications")
MODIFIERS = {slug: power for slug, power in POWERS.items() if power.category is PowerCategory.MODIFIER}

ATTRIBUTE_SLUGS = tuple(ATTRIBUTES)
