"""A Hero Designer 6th edition character file (`.hdc`) → a Hero sheet and its import report.

The file is XML in UTF-16 with a byte-order mark or UTF-8 (`rules.core.imports.decode_text`),
read with defusedxml and no DTD at all (no entity of any kind, so no billion laughs and no
external entity). What the sheet keeps (docs/api.md "Hero sheet"): the characteristics as bought
(base + levels, 6E1 Characteristics; no figured characteristics in 6E), resistant defenses and
Mental Defense from Resistant Protection and Mental Defense, running as movement, combat skill
levels, and the attacks of `hd_powers`. Everything else is listed in the report."""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeXML
from defusedxml.common import DefusedXmlException

from rules.core.imports import ImportedSheet, ImportReport, decode_text, refuse

from .costs import CHARACTERISTIC_COSTS, characteristic_cost
from .derived import combat_value
from .hd_modifiers import number
from .hd_powers import ATTACK_POWERS, Attacks, attack_from_maneuver, attack_from_power, item_name
from .hd_skills import combat_level, skipped_section

SOURCE = "hero-designer"
SHEET_CHARACTERISTICS = (
    "str",
    "dex",
    "con",
    "body",
    "int",
    "ego",
    "pre",
    "pd",
    "ed",
    "spd",
    "rec",
    "end",
    "stun",
)
COMBAT_VALUES = (("ocv", "dex"), ("dcv", "dex"), ("omcv", "ego"), ("dmcv", "ego"))
RUNNING_BASE_M = 12  # 6E1 Running: 12m
DEFENSE_POWERS = frozenset({"FORCEFIELD", "ARMOR"})
SECTIONS = ("SKILLS", "PERKS", "TALENTS", "DISADVANTAGES")


def read_xml(raw: bytes) -> Element:
    text = decode_text(raw)
    try:
        root = SafeXML.fromstring(text, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise refuse(
            "xml_forbidden",
            "El archivo declara entidades o un DTD: no se aceptan (protegen contra archivos maliciosos).",
            "The file declares entities or a DTD: they are not accepted (a guard against hostile files).",
        ) from None
    except (ParseError, ValueError):
        raise refuse(
            "xml_broken", "El archivo no es XML bien formado.", "The file is not well-formed XML."
        ) from None
    if root.tag != "CHARACTER":
        raise refuse(
            "not_hero_designer",
            "No es un personaje de Hero Designer (.hdc): falta el elemento CHARACTER.",
            "This is not a Hero Designer character (.hdc): there is no CHARACTER element.",
        )
    return root


def is_fifth_edition(root: Element) -> bool:
    """5th edition: a COM characteristic, or no OCV and a template not named 6E (Hero Designer's
    6E templates are named "…6E.hdt"; a 6E file always lists OCV)."""
    chars = root.find("CHARACTERISTICS")
    tags = {child.tag for child in chars} if chars is not None else set()
    return "COM" in tags or ("OCV" not in tags and "6E" not in (root.get("TEMPLATE") or "").upper())


def _characteristics(root: Element, report: ImportReport) -> dict[str, int]:
    bought = {key: base for key, (base, _cost) in CHARACTERISTIC_COSTS.items()}
    section = root.find("CHARACTERISTICS")
    for element in section if section is not None else ():
        key = element.tag.lower()
        if key in bought:
            bought[key] += int(number(element, "LEVELS"))
        elif key != "running":
            report.skip(
                f"{element.tag} +{int(number(element, 'LEVELS'))}",
                "La hoja de Hero no guarda esta característica.",
                "The Hero sheet does not keep this characteristic.",
            )
    return bought


def _powers_as_characteristics(root: Element, chars: dict[str, int], report: ImportReport) -> set[int]:
    """Characteristics bought in the Powers list add to the characteristic (6E1: a
    characteristic may be bought as a power); their cost stays in the power."""
    used = set()
    for power in root.iter("POWER"):
        key = (power.get("XMLID") or "").lower()
        if key in chars:
            chars[key] += int(number(power, "LEVELS"))
            used.add(id(power))
            report.approximate(
                item_name(power),
                f"Característica comprada como poder: se suma a {key.upper()}; su coste no entra en los puntos.",
                f"A characteristic bought as a power: added to {key.upper()}; its cost is not in the points.",
            )
    return used


def _combat_value_notes(chars: dict[str, int], report: ImportReport) -> None:
    """The document figures OCV/DCV from DEX and ECV from EGO ("VCO y VCD … DES/3", "VCV = VOL/3"):
    a 6E value bought apart from them is reported when it differs from what the sheet will use."""
    for key, source in COMBAT_VALUES:
        figured = combat_value(chars[source])
        if chars[key] == figured:
            report.took(f"{key.upper()} {chars[key]}")
            continue
        cost = characteristic_cost(key, chars[key])
        report.approximate(
            f"{key.upper()} {chars[key]}",
            f"Las reglas del sitio calculan este valor de {source.upper()}/3 (Calculando VCO y VCD; Combate "
            f"mental): la hoja usará {figured}; sus {cost} puntos no entran en los de la hoja.",
            f"The site's rules figure this value from {source.upper()}/3: the sheet will use {figured}; "
            f"its {cost} points are not in the sheet's.",
        )


def _defenses(root: Element, used: set[int], report: ImportReport) -> tuple[dict, int]:
    resistant, mental = {"pd": 0, "ed": 0}, 0
    for power in root.iter("POWER"):
        xmlid = (power.get("XMLID") or "").upper()
        if xmlid in DEFENSE_POWERS:
            resistant["pd"] += int(number(power, "PDLEVELS"))
            resistant["ed"] += int(number(power, "EDLEVELS"))
            mental += int(number(power, "MDLEVELS"))
        elif xmlid == "MENTALDEFENSE":
            mental += int(number(power, "LEVELS"))
        else:
            continue
        used.add(id(power))
        report.took(f"{item_name(power)}: {xmlid}")
    return {k: min(300, v) for k, v in resistant.items()}, min(300, mental)


def _list_modifiers(root: Element) -> dict[str, list[Element]]:
    """A power inside a list carries the list's modifiers too (Hero Designer's LIST)."""
    return {lst.get("ID") or "": lst.findall("MODIFIER") for lst in root.iter("LIST")}


def _frameworks(root: Element) -> dict[str, str]:
    return {
        fw.get("ID") or "": fw.tag
        for tag in ("MULTIPOWER", "ELEMENTAL_CONTROL", "VPP", "COMPOUNDPOWER")
        for fw in root.iter(tag)
    }


def _attacks(root: Element, used: set[int], report: ImportReport) -> list[dict]:
    attacks, lists, frameworks = Attacks(), _list_modifiers(root), _frameworks(root)
    for section in ("POWERS", "EQUIPMENT"):
        holder = root.find(section)
        for power in holder.iter("POWER") if holder is not None else ():
            if id(power) in used:
                continue
            xmlid = (power.get("XMLID") or "").upper()
            if xmlid not in ATTACK_POWERS:
                report.skip(item_name(power), *_unmodelled(xmlid))
                continue
            parent = power.get("PARENTID") or ""
            if parent in frameworks:
                report.approximate(
                    item_name(power),
                    f"En un marco ({frameworks[parent]}): sus puntos son los del poder suelto.",
                    f"Inside a framework ({frameworks[parent]}): its points are those of the power alone.",
                )
            attack = attack_from_power(power, lists.get(parent, []), attacks, report)
            if attack is not None:
                attacks.rows.append(attack)
    _maneuvers(root, attacks, report)
    _containers(root, report)
    return attacks.rows[:40]


def _containers(root: Element, report: ImportReport) -> None:
    """Frameworks cost their own points (a Multipower's reserve, a VPP's pool): not modelled."""
    for tag in ("MULTIPOWER", "ELEMENTAL_CONTROL", "VPP"):
        for framework in root.iter(tag):
            report.skip(item_name(framework), f"La hoja no modela marcos de poderes ({tag}).",
                        f"The sheet does not model power frameworks ({tag}).")  # fmt: skip


def _unmodelled(xmlid: str) -> tuple[str, str]:
    return (
        f"La hoja de Hero no modela este poder ({xmlid}).",
        f"The Hero sheet does not model this power ({xmlid}).",
    )


def _maneuvers(root: Element, attacks: Attacks, report: ImportReport) -> None:
    martial = root.find("MARTIALARTS")
    if martial is None:
        return
    extra = sum(int(number(e, "LEVELS")) for e in martial.iter("EXTRADC"))
    for element in martial:
        if element.tag == "MANEUVER":
            attack = attack_from_maneuver(element, extra, attacks, report)
            if attack is not None:
                attacks.rows.append(attack)
        elif element.tag != "EXTRADC":
            report.skip(item_name(element), "Elemento de artes marciales que la hoja no modela.",
                        "A Martial Arts element the sheet does not model.")  # fmt: skip
    if extra:
        report.took(f"+{extra} DC (Extra DC)")


def _movement(root: Element, report: ImportReport) -> float:
    running = RUNNING_BASE_M
    section = root.find("CHARACTERISTICS")
    element = section.find("RUNNING") if section is not None else None
    if element is not None:
        running += int(number(element, "LEVELS"))
    inches = max(1, min(200, running)) / 2
    report.took(f'RUNNING {running}m = {inches:g}"')
    return inches


def parse(raw: bytes) -> ImportedSheet:
    root = read_xml(raw)
    if is_fifth_edition(root):
        raise refuse(
            "fifth_edition",
            "Es un personaje de 5ª edición: el sitio importa solo la 6ª edición de Hero System.",
            "This is a 5th edition character: the site imports Hero System 6th edition only.",
        )
    report = ImportReport(SOURCE)
    chars = _characteristics(root, report)
    used = _powers_as_characteristics(root, chars, report)
    for key in SHEET_CHARACTERISTICS:
        report.took(f"{key.upper()} {chars[key]}")
    _combat_value_notes(chars, report)
    resistant, mental = _defenses(root, used, report)
    info = root.find("CHARACTER_INFO")
    name = " ".join(((info.get("CHARACTER_NAME") if info is not None else "") or "").split())[:100]
    sheet = {
        "system": "hero",
        "name": name or "Personaje importado",
        "characteristics": {key: chars[key] for key in SHEET_CHARACTERISTICS},
        "resistant_defenses": resistant,
        "mental_defense": mental,
        "movement": _movement(root, report),
        "attacks": _attacks(root, used, report),
    }
    sheet["combat_levels"] = [
        lvl for s in root.iter("SKILL") if (lvl := combat_level(s, sheet["attacks"], report))
    ]
    for section in SECTIONS:
        skipped_section(root.find(section), report)
    return ImportedSheet(sheet, report)
