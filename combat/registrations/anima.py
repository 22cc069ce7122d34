"""Anima: every part the site plugs in (docs/architecture.md, "Adding a system")."""

from __future__ import annotations

from pathlib import Path

import rules.anima
from characters.sheet_parts import SheetSchemaParts
from characters.system_pages import CharacterPages
from characters.systems import anima as pages
from characters.systems import anima_schema as sheet_schema
from combat.demos import anima as demo
from combat.systems import anima_urls
from combat.systems.anima import PRESENTATION
from rules.anima.imports import IMPORT_FORMATS
from rules.anima.section_names import SECTIONS_EN
from rules.anima.system import SYSTEM
from rules.registration import SystemRegistration

REGISTRATION = SystemRegistration(
    engine=SYSTEM,
    presentation=PRESENTATION,
    pages=CharacterPages(
        builder_template="characters/anima/builder.html",
        sheet_template="characters/anima/sheet.html",
        form_blank=pages.form_blank,
        form_from_sheet=pages.form_from_sheet,
        form_from_post=pages.form_from_post,
        builder_view=pages.builder_view,
        sheet_view=pages.sheet_view,
    ),
    sheet_schema=SheetSchemaParts(sheet=sheet_schema.SHEET, derived=sheet_schema.DERIVED),
    urls=anima_urls,
    demo=demo.load,
    section_names=SECTIONS_EN,
    import_formats=IMPORT_FORMATS,
    locale_dir=Path(rules.anima.__file__).parent / "locale",
)
