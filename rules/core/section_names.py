"""A rule tag in the reader's language, for every system the same way.

An engine tags what it decides with the section of its document it applies, as the document
(Spanish) names it: "Tipos de combate › Lucha › Sujeción", "Atacar; Defenderse". The API keeps
that tag as it is (docs/api.md: `rule` names the section of the rule document); the pages show
it in the reader's language. Each system names its sections in English in
`rules/<slug>/section_names.py` (`SECTIONS_EN`, Spanish heading → English heading), which its
registration hands on (`SystemRegistration.section_names`), so a system without one shows its tags
as written. Pure Python: no Django.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from rules.registration import registration

# The tags the shared declaring machinery writes in every system's log (`rules/core/ahead.py`,
# `rules/core/declarations.py`): site features, named in docs/api.md rather than in a seed.
CORE_SECTIONS_EN = {
    "Declaraciones por adelantado": "Declaring ahead",
    "Declaraciones": "Declarations",
    "Órdenes permanentes": "Standing orders",
    "Importar una ficha": "Importing a sheet",
}
# A document of the site a tag may point at ("docs/rules-notes-anima.md › Iniciativa"): a file
# name, the same in every language.
DOCUMENT = re.compile(r"docs/[\w./-]+\.md")
# What joins the names in one tag: "A › B", "A; B", "A: words", "(docs/api.md, MSH)".
_JOINERS = re.compile(r"[\s›;:,()]+")


def _pattern(names) -> re.Pattern:
    # Longest first, so "Tipos de combate" wins over "Combate" and a sub-section over its words.
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(r"(?<!\w)(" + alternatives + r")(?!\w)")


def sections_en(slug: str) -> Mapping[str, str]:
    """The English names of a system's sections (its registration's `section_names`) and of the
    shared ones; only the shared ones for a system with no table."""
    found = registration(slug)
    return {**CORE_SECTIONS_EN, **(found.section_names if found is not None else {})}


@cache
def _pattern_of(names: tuple[str, ...]) -> re.Pattern:
    return _pattern(names)


@cache
def sections_es(slug: str) -> Mapping[str, str]:
    """How a Spanish page names the tags a system writes in another language (Hero's "6E
    Movement", where the seed is silent and the engine cites the published rule): its
    registration's `section_names_es`, empty when every tag is already the document's heading."""
    found = registration(slug)
    return found.section_names_es if found is not None else {}


@cache
def _spanish_pattern(slug: str) -> re.Pattern | None:
    names = sections_es(slug)
    return _pattern(names) if names else None


def translate(rule: str, names: Mapping[str, str], pattern: re.Pattern | None = None) -> str:
    """`rule` with every section name of `names` in it replaced by its English name."""
    if not rule or not names:
        return rule or ""
    return (pattern or _pattern(names)).sub(lambda m: names[m.group(1)], rule)


def rule_label(rule: str, lang: str, slug: str) -> str:
    """A rule tag of system `slug` as the reader's language names its sections; words the table
    does not name stay as written, and Spanish readers get the tag as the engine wrote it but
    for the few tags a system writes in English (`sections_es`)."""
    if not rule:
        return ""
    if lang != "en":
        return translate(rule, sections_es(slug), _spanish_pattern(slug))
    names = sections_en(slug)
    return translate(rule, names, _pattern_of(tuple(sorted(names))))


def unnamed(rule: str, names: Mapping[str, str]) -> str:
    """What of `rule` no entry of `names` names (document file names need none): "" when the
    whole tag has an English reading. For the tests that walk every tag an engine writes."""
    rest = _pattern(names).sub(" ", rule) if names else rule
    return _JOINERS.sub(" ", DOCUMENT.sub(" ", rest)).strip()
