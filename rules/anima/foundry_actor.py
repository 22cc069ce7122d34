"""An actor exported from Foundry VTT's Anima Beyond Fantasy system (its JSON) → an Anima sheet
and its import report (docs/api.md "Bring your characters").

The actor keeps each number twice, `base` and `final`; `final` is what its sheet shows once the
actor is prepared, and an export of an actor never prepared leaves it 0 beside a real base. So
a number is its `final`, or its `base` when the final is missing or 0 beside a base that is not.
What the site's sheet keeps (rules/anima/sheet.py): Atacar, the higher of Parada and Esquiva as
Defenderse (the seed's "Defenderse" is one capability, parada or esquiva), the projections,
initiative, Puntos de Vida, the Dexterity modifier, the Resistencia Física, the armour, the
weapons, Constitución, Percepción and the movement. The rest is listed in the report."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.imports import ImportedSheet, ImportReport, decode_text, read_json_document, refuse

from .foundry_numbers import _at, _int, value
from .foundry_weapons import weapons_from

SOURCE = "foundry-anima"
ACTOR_TYPES = frozenset({"character", "npc"})
# Armour types of the actor's Tabla de Armadura that a weapon's blow meets (filo, contundente,
# penetrante); the sheet keeps one armour number (0–10).
PHYSICAL_ARMOUR = ("cut", "impact", "thrust")
SKIPPED_PARTS = {
    "secondaries": ("Habilidades secundarias", "Secondary abilities"),
    "mystic": ("Magia (hechizos, zeon, convocatoria)", "Magic (spells, zeon, summoning)"),
    "psychic": ("Poderes psíquicos y disciplinas", "Psychic powers and disciplines"),
    "domine": ("Dominio del ki y técnicas", "Ki domination and techniques"),
}


def read_actor(raw: bytes) -> Mapping:
    data = read_json_document(decode_text(raw))
    system = data.get("system") if isinstance(data, Mapping) else None
    if not isinstance(system, Mapping) or not isinstance(system.get("combat"), Mapping):
        raise refuse(
            "not_foundry_anima",
            "No es un actor de Anima Beyond Fantasy de Foundry: le faltan «system» y su «combat».",
            "This is not a Foundry Anima Beyond Fantasy actor: it lacks “system” and its “combat”.",
        )
    if data.get("type") not in ACTOR_TYPES:
        raise refuse(
            "not_foundry_anima",
            "El archivo no es un actor (personaje o PNJ) de Anima Beyond Fantasy.",
            "The file is not an Anima Beyond Fantasy actor (character or NPC).",
        )
    return data


def clamp(number: int | None, low: int, high: int, default: int) -> int:
    return default if number is None else max(low, min(high, number))


def _defense(combat: Mapping, report: ImportReport) -> tuple[int, str]:
    block, dodge = value(combat.get("block")) or 0, value(combat.get("dodge")) or 0
    kind, best, other = ("dodge", dodge, block) if dodge > block else ("block", block, dodge)
    report.took(f"Defensa ({'esquiva' if kind == 'dodge' else 'parada'}) {best}")
    if other:
        name = "Parada" if kind == "dodge" else "Esquiva"
        report.approximate(
            f"{name} {other}",
            "La hoja guarda una sola defensa (Defenderse): se toma la mayor.",
            "The sheet keeps one defense (Defenderse): the higher is taken.",
        )
    return clamp(best, 0, 999, 0), kind


def _armour(combat: Mapping, report: ImportReport) -> int:
    table = _at(combat, "totalArmor", "at")
    table = table if isinstance(table, Mapping) else {}
    found = {key: value(table.get(key)) or 0 for key in table}
    physical = [found.get(key, 0) for key in PHYSICAL_ARMOUR]
    armour = clamp(min(physical), 0, 10, 0)
    if len(set(found.values())) > 1:
        listed = ", ".join(f"{k} {v}" for k, v in found.items())
        report.approximate(
            f"TA ({listed})",
            f"La hoja guarda una sola TA: se toma la menor de filo, contundente y penetrante ({armour}).",
            f"The sheet keeps one AT: the lowest of cut, impact and thrust is taken ({armour}).",
        )
    else:
        report.took(f"TA {armour}")
    return armour


def _numbers(system: Mapping, report: ImportReport) -> dict:
    chars = _at(system, "characteristics", "primaries") or {}
    second = _at(system, "characteristics", "secondaries") or {}
    combat = system["combat"]
    numbers = {
        "attack": clamp(value(combat.get("attack")), 0, 999, 0),
        "magic_projection": clamp(value(_at(system, "mystic", "magicProjection")), 0, 999, 0),
        "psychic_projection": clamp(value(_at(system, "psychic", "psychicProjection")), 0, 999, 0),
        "initiative": clamp(value(second.get("initiative")), -999, 999, 0),
        "hit_points": clamp(_int(_at(second, "lifePoints", "max")), 1, 99999, 1),
        "dexterity_modifier": clamp(_int(_at(chars, "dexterity", "mod")), -10, 20, 0),
        "physical_resistance": clamp(value(_at(second, "resistances", "physical")), 0, 999, 0),
        "constitution": clamp(_int(_at(chars, "constitution", "value")), 1, 20, 5),
        "perception": clamp(_int(_at(chars, "perception", "value")), 1, 20, 5),
        "movement": clamp(_int(_at(second, "movement", "maximum", "value")), 1, 999, 20),
    }
    numbers["reflex_resistance"] = numbers["physical_resistance"]
    report.approximate(
        f"RF {numbers['physical_resistance']}",
        "Anima Beyond Fantasy no tiene Resistencia de Reflejos: la hoja usa la Resistencia Física para ambas.",
        "Anima Beyond Fantasy has no Reflex Resistance: the sheet uses the Physical Resistance for both.",
    )
    for key, number in numbers.items():
        report.took(f"{key} {number}")
    return numbers


def _skipped(data: Mapping, system: Mapping, report: ImportReport) -> None:
    for key, (es, en) in SKIPPED_PARTS.items():
        if isinstance(system.get(key), Mapping) and system[key]:
            report.skip(
                es,
                f"La hoja de Anima del sitio no guarda: {es.lower()}.",
                f"The site's Anima sheet keeps no {en.lower()}.",
            )
    other = ("disease", "poison", "magic", "psychic")
    resist = _at(system, "characteristics", "secondaries", "resistances") or {}
    listed = ", ".join(f"{k} {value(resist.get(k))}" for k in other if k in resist)
    if listed:
        report.skip(f"Resistencias ({listed})", "La hoja solo guarda la Resistencia Física.",
                    "The sheet keeps only the Physical Resistance.")  # fmt: skip
    for item in data.get("items") or ():
        if isinstance(item, Mapping) and item.get("type") not in ("weapon", "armor"):
            name = str(item.get("name") or item.get("type") or "?")[:100]
            report.skip(
                f"{name} ({item.get('type')})",
                "La hoja no guarda este objeto.",
                "The sheet does not keep this item.",
            )


def parse(raw: bytes) -> ImportedSheet:
    data = read_actor(raw)
    system = data["system"]
    report = ImportReport(SOURCE)
    name = " ".join(str(data.get("name") or "").split())[:100] or "Personaje importado"
    sheet: dict = {"system": "anima", "name": name, **_numbers(system, report)}
    sheet["defense"], sheet["defense_kind"] = _defense(system["combat"], report)
    sheet["armor"] = _armour(system["combat"], report)
    strength = _int(_at(system, "characteristics", "primaries", "strength", "mod")) or 0
    sheet["weapons"], sheet["wielding"] = weapons_from(data, strength, report)
    _skipped(data, system, report)
    return ImportedSheet(sheet, report)
