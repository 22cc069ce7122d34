"""The complete Epic20 catalogue: typed, frozen data read from the rule document.

`CATALOGUE` gathers every list; the lookup helpers return the entry with that slug, or None.
Archetypes live in `rules.epic20.archetypes` (they carry trade-offs); `epic20site/catalogue_api.py` serves them beside this.
"""

from __future__ import annotations

from .advantages import ADVANTAGES
from .attributes import ATTRIBUTES
from .complications import COMPLICATIONS
from .maneuvers import MANEUVERS
from .powers import POWERS
from .skills import SKILLS
from .types import Advantage, Attribute, Catalogue, Complication, Maneuver, Power, Skill

CATALOGUE = Catalogue(
    attributes=ATTRIBUTES,
    skills=SKILLS,
    powers=POWERS,
    advantages=ADVANTAGES,
    maneuvers=MANEUVERS,
    complications=COMPLICATIONS,
)

ATTRIBUTE_SLUGS: tuple[str, ...] = tuple(entry.slug for entry in ATTRIBUTES)

_ATTRIBUTES = CATALOGUE.by_slug("attributes")
_SKILLS = CATALOGUE.by_slug("skills")
_POWERS = CATALOGUE.by_slug("powers")
_ADVANTAGES = CATALOGUE.by_slug("advantages")
_MANEUVERS = CATALOGUE.by_slug("maneuvers")
_COMPLICATIONS = CATALOGUE.by_slug("complications")


def _lookup(entries: dict, slug: object):
    # Lookups take whatever a submitted sheet holds; a non-string is simply not a slug.
    return entries.get(slug) if isinstance(slug, str) else None


def attribute(slug: str) -> Attribute | None:
    return _lookup(_ATTRIBUTES, slug)


def skill(slug: str) -> Skill | None:
    return _lookup(_SKILLS, slug)


def power(slug: str) -> Power | None:
    return _lookup(_POWERS, slug)


def advantage(slug: str) -> Advantage | None:
    return _lookup(_ADVANTAGES, slug)


def maneuver(slug: str) -> Maneuver | None:
    return _lookup(_MANEUVERS, slug)


def complication(slug: str) -> Complication | None:
    return _lookup(_COMPLICATIONS, slug)


__all__ = [
    "ATTRIBUTE_SLUGS",
    "CATALOGUE",
    "advantage",
    "attribute",
    "complication",
    "maneuver",
    "power",
    "skill",
]
