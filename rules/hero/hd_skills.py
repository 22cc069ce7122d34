"""Hero Designer skills: combat skill levels become the sheet's `combat_levels` ("Niveles de
combate"); every other skill, perk, talent and complication is listed as skipped."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from rules.core.imports import ImportReport

from .hd_modifiers import number
from .hd_powers import item_name
from .sheet_rules import MAX_LEVELS

# 6E1 Combat Skill Levels options → the sheet's scope ("Niveles de combate": all, hth, ranged).
COMBAT_SCOPES = {"ALL": "all", "HTH": "hth", "RANGED": "ranged", "HTHRANGED": "all"}
# 6E1 Mental Combat Skill Levels: "with all Mental Powers" applies to mental combat.
MENTAL_SCOPES = {"ALL": "mental", "BROAD": "mental"}
SECTION_WHY = {
    "SKILLS": ("La hoja de Hero no guarda habilidades.", "The Hero sheet keeps no skills."),
    "PERKS": ("La hoja de Hero no guarda beneficios.", "The Hero sheet keeps no perks."),
    "TALENTS": ("La hoja de Hero no guarda talentos.", "The Hero sheet keeps no talents."),
    "DISADVANTAGES": ("La hoja de Hero no guarda complicaciones.", "The Hero sheet keeps no complications."),
}


def combat_level(skill: Element, attacks: list[dict], report: ImportReport) -> dict | None:
    xmlid = (skill.get("XMLID") or "").upper()
    scopes = {"COMBAT_LEVELS": COMBAT_SCOPES, "MENTAL_COMBAT_LEVELS": MENTAL_SCOPES}.get(xmlid)
    if scopes is None:
        return None
    name, levels = item_name(skill), int(number(skill, "LEVELS"))
    option = (skill.get("OPTIONID") or skill.get("OPTION") or "").upper()
    scope = scopes.get(option)
    named = [
        a["name"] for a in attacks if a["name"].casefold() == (skill.get("NAME") or "").strip().casefold()
    ]
    if scope is None and named:
        scope = named[0]
    if scope is None or not 1 <= levels <= MAX_LEVELS:
        why = skill.get("OPTION_ALIAS") or option
        report.approximate(
            f"{name} +{levels} ({why})",
            "No se sabe a qué ataques de la hoja se aplican: no se importan (añádelos en el constructor).",
            "Which of the sheet's attacks they apply to is unknown: not imported (add them in the builder).",
        )
        return None
    report.took(f"{name} +{levels} ({scope})")
    return {"levels": levels, "applies_to": scope}


def skipped_section(section: Element | None, report: ImportReport) -> None:
    if section is None:
        return
    why_es, why_en = SECTION_WHY[section.tag]
    for element in section:
        xmlid = (element.get("XMLID") or "").upper()
        if xmlid in ("COMBAT_LEVELS", "MENTAL_COMBAT_LEVELS"):
            continue
        report.skip(item_name(element), why_es, why_en)
