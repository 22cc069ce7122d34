"""One registration per game system: everything the site knows of a system, named in one typed
object, collected once at start-up, and the one place a system is found by its slug.

A system declares its `SystemRegistration` in `combat/registrations/<slug>.py`
(`REGISTRATION = SystemRegistration(...)`); `combat.apps.CombatConfig.ready` collects every module
of that package once (`combat.registrations.collect`). Only `engine` is required: every other
part has a declared default, so no reader looks a system's part up by a module name or probes it
with `getattr` (docs/architecture.md, "Adding a system").

Pure Python, like the rest of `rules/`: the parts that are Django's (pages, presentation, URLs)
are held here as values; this module imports none of their modules, so nothing below the apps
points up at them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any, Protocol


class Engine(Protocol):
    """What the registry reads of a system's engine (the whole of it: `rules.systems.GameSystem`,
    which this module does not import, so the registry stays under every part it holds)."""

    slug: str


_NONE: Mapping[str, Any] = MappingProxyType({})


def no_rule_texts(kind: str, lang: str) -> Mapping[str, Any] | None:
    """A system with no catalogue texts to open one by one: no kind has any."""
    return None


@dataclass(frozen=True, kw_only=True)
class SystemRegistration:
    """A game system as the site plugs it in. Every part but `engine` may be left out."""

    # The rules: a `rules.systems.GameSystem` (catalogue, sheet check, `combat`).
    engine: Engine
    # How its fights look (`combat.presentation.Presentation`); None: the generic presentation,
    # one form per action type drawn from its schema.
    presentation: Any | None = None
    # Its builder and sheet pages (`characters.system_pages.CharacterPages`); None: the site
    # answers "no pages for this system" (404) and offers no builder for it.
    pages: Any | None = None
    # Its sheets in the OpenAPI schema (`characters.sheet_parts.SheetSchemaParts`); None: its
    # sheets are described as open objects that name their `system`.
    sheet_schema: Any | None = None
    # Pages of its own under a campaign: a URLconf module with its own `app_name`.
    urls: ModuleType | None = None
    # `load(context)`: its demo campaign and fight (`manage.py load_demo`); None: no demo.
    demo: Callable[[Any], None] | None = None
    # `rule_texts(kind, lang)`: `{"title", "texts": {slug: {"name", "text"}}}` of one kind of
    # catalogue entry, opened one at a time from the builder (None for a kind it has not).
    rule_texts: Callable[[str, str], Mapping[str, Any] | None] = no_rule_texts
    # Its rule document's section names in English (Spanish heading → English heading).
    section_names: Mapping[str, str] = field(default_factory=lambda: _NONE)
    # How a Spanish page names the tags it writes in another language (Hero's "6E …" citations).
    section_names_es: Mapping[str, str] = field(default_factory=lambda: _NONE)
    # The folder of its own translation catalogues (`<dir>/en/LC_MESSAGES/django.po`).
    locale_dir: Path | None = None
    # Sheets it reads from other tools: format name → importer (the file's bytes → a sheet).
    import_formats: Mapping[str, Callable[[bytes], Any]] = field(default_factory=lambda: _NONE)
    # Its standing orders (what a combatant does when its turn passes unanswered); None: none.
    standing_orders: Any | None = None
    # Its catalogue (`GET /api/v1/rules/<slug>/catalogue/`) as a JSON schema of its own, whose
    # `description` the API's documentation shows; None: described from the data it serves.
    catalogue_schema: Mapping[str, Any] | None = None
    # The site's default system: a character or campaign that names none is of this one, and
    # the lists name it first. One registration says so.
    default: bool = False

    @property
    def slug(self) -> str:
        return self.engine.slug


_registered: dict[str, SystemRegistration] = {}


def register(registration: SystemRegistration) -> None:
    """Add a system: start-up does, for every module of `combat/registrations/`; so may a test."""
    _registered[registration.slug] = registration


def unregister(slug: str) -> None:
    _registered.pop(slug, None)


def registrations() -> dict[str, SystemRegistration]:
    """Every registered system, the default one first, then by slug."""
    order = sorted(_registered, key=lambda slug: (not _registered[slug].default, slug))
    return {slug: _registered[slug] for slug in order}


def registration(slug: str | None) -> SystemRegistration | None:
    """The registration of `slug`, or None when no system has that slug."""
    return _registered.get(slug or "")


def default_slug() -> str:
    """The slug of the default system ("" before any system is registered)."""
    return next((slug for slug, found in _registered.items() if found.default), "")


def slugs() -> Iterator[str]:
    return iter(registrations())
