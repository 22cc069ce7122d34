"""Marvel Super Heroes: every part the site plugs in (docs/architecture.md, "Adding a system")."""

from __future__ import annotations

from pathlib import Path

import rules.msh
from characters.sheet_parts import SheetSchemaParts
from characters.system_pages import CharacterPages
from characters.systems import msh as pages
from characters.systems import msh_schema as sheet_schema
from combat.demos import msh as demo
from combat.systems.msh import PRESENTATION
from rules.msh.section_names import SECTIONS_EN
from rules.msh.system import SYSTEM
from rules.registration import SystemRegistration

REGISTRATION = SystemRegistration(
    engine=SYSTEM,
    presentation=PRESENTATION,
    pages=CharacterPages(
        builder_template="characters/msh/builder.html",
        sheet_template="characters/msh/sheet.html",
        form_blank=pages.form_blank,
        form_from_sheet=pages.form_from_sheet,
        form_from_post=pages.form_from_post,
        builder_view=pages.builder_view,
        sheet_view=pages.sheet_view,
    ),
    sheet_schema=SheetSchemaParts(sheet=sheet_schema.SHEET, derived=sheet_schema.DERIVED),
    demo=demo.load,
    section_names=SECTIONS_EN,
    locale_dir=Path(rules.msh.__file__).parent / "locale",
)
