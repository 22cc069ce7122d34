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


def translate(rule: str, names: Mapping[str, str], pattern: re.Pattern | None = None) -> str:
    """`rule` with every section name of `names` in it replaced by its English name."""
    if not rule or not names:
        return rule or ""
    return (pattern or _pattern(names)).sub(lambda m: names[m.group(1)], rule)


def rule_label(rule: str, lang: str, slug: str) -> str:
    """A rule tag of system `slug` as the reader's language names its sections; words the table
    does not name stay as written, and Spanish readers get the tag as the engine wrote it."""
    if lang != "en" or not rule:
        return rule or ""
    names = sections_en(slug)
    return translate(rule, names, _pattern_of(tuple(sorted(names))))


def unnamed(rule: str, names: Mapping[str, str]) -> str:
    """What of `rule` no entry of `names` names (document file names need none): "" when the
    whole tag has an English reading. For the tests that walk every tag an engine writes."""
    rest = _pattern(names).sub(" ", rule) if names else rule
    return _JOINERS.sub(" ", DOCUMENT.sub(" ", rest)).strip()
