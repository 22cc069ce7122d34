"""Epic20, the site's first and default system: every part the site plugs in
(docs/architecture.md, "Adding a system")."""

from __future__ import annotations

from pathlib import Path

import rules.epic20
from characters.sheet_parts import SheetSchemaParts
from characters.system_pages import CharacterPages
from characters.systems import epic20 as pages
from characters.systems import epic20_catalogue
from characters.systems import epic20_schema as sheet_schema
from combat.demos import epic20 as demo
from combat.systems.epic20 import PRESENTATION
from rules.epic20.catalogue_json import catalogue_schema
from rules.epic20.section_names import SECTIONS_EN
from rules.epic20.system import SYSTEM
from rules.registration import SystemRegistration

CATALOGUE_DESCRIPTION = (
    "Attributes, skills, powers, archetypes, advantages, combat maneuvers and complications, "
    "each entry with its `slug`, `name_es` (as in the rule document), `name_en`, the rule text "
    "in both languages and the `rule` section it comes from. Costs are JSON numbers (0.5, 1.5)."
)

REGISTRATION = SystemRegistration(
    engine=SYSTEM,
    presentation=PRESENTATION,
    pages=CharacterPages(
        builder_template="characters/epic20/builder.html",
        sheet_template="characters/epic20/sheet.html",
        form_blank=pages.form_blank,
        form_from_sheet=pages.form_from_sheet,
        form_from_post=pages.form_from_post,
        builder_view=pages.builder_view,
        sheet_view=pages.sheet_view,
        awards_section=pages.AWARDS_SECTION,
        archetype_name=epic20_catalogue.archetype_name,
    ),
    sheet_schema=SheetSchemaParts(
        sheet=sheet_schema.SHEET,
        derived=sheet_schema.DERIVED,
        character_input=sheet_schema.CHARACTER_INPUT,
        stored=sheet_schema.STORED,
        character=sheet_schema.CHARACTER,
        budget=sheet_schema.BUDGET,
    ),
    demo=demo.load,
    rule_texts=epic20_catalogue.rule_texts,
    section_names=SECTIONS_EN,
    locale_dir=Path(rules.epic20.__file__).parent / "locale",
    catalogue_schema={
        **catalogue_schema(),
        "description": CATALOGUE_DESCRIPTION,
    },
    default=True,
)
