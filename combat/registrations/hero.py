"""Hero System: every part the site plugs in (docs/architecture.md, "Adding a system")."""

from __future__ import annotations

from pathlib import Path

import rules.hero
from characters.sheet_parts import SheetSchemaParts
from characters.system_pages import CharacterPages
from characters.systems import hero as pages
from characters.systems import hero_schema as sheet_schema
from combat.demos import hero as demo
from combat.systems.hero import PRESENTATION
from rules.hero.imports import IMPORT_FORMATS
from rules.hero.section_names import SECTIONS_EN, SECTIONS_ES
from rules.hero.system import SYSTEM
from rules.registration import SystemRegistration

REGISTRATION = SystemRegistration(
    engine=SYSTEM,
    presentation=PRESENTATION,
    pages=CharacterPages(
        builder_template="characters/hero/builder.html",
        sheet_template="characters/hero/sheet.html",
        form_blank=pages.form_blank,
        form_from_sheet=pages.form_from_sheet,
        form_from_post=pages.form_from_post,
        builder_view=pages.builder_view,
        sheet_view=pages.sheet_view,
    ),
    sheet_schema=SheetSchemaParts(sheet=sheet_schema.SHEET, derived=sheet_schema.DERIVED),
    demo=demo.load,
    section_names=SECTIONS_EN,
    section_names_es=SECTIONS_ES,
    import_formats=IMPORT_FORMATS,
    locale_dir=Path(rules.hero.__file__).parent / "locale",
)
