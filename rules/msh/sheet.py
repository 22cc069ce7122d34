"""The MSH sheet (docs/api.md "Sheets"): parsing, validation with every problem at once, and the
derived numbers. Never raises on bad input.

Health defaults to Fighting + Agility + Strength + Endurance and Karma to Reason + Intuition +
Psyche when the sheet leaves them `null` (the published game's rule; docs/api.md). Abilities, Body
Armor, power ranks and weapon numbers are rank numbers from 0 (Shift 0) to `ranks.TOP`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.problems import Problem, is_one_line, one_line_problem, pointer
from rules.systems import SheetCheck

from .catalogue import ABILITIES, ABILITY_NAMES, COMBAT_TYPE
from .ranks import TOP, rank_of

RULE_SHEET = "Hoja de personaje"
RULE_TYPES = "Tipos de combate"
KEYS = ("system", "name", "abilities", "health", "karma", "body_armor", "powers", "weapons")
UNARMED = "unarmed"


@dataclass(frozen=True)
class Power:
    name: str
    rank: int
    combat_type: str


@dataclass(frozen=True)
class Weapon:
    name: str
    combat_type: str
    damage: int
    material: int


@dataclass(frozen=True)
class Sheet:
    name: str
    abilities: Mapping[str, int]
    health: int
    karma: int
    body_armor: int
    powers: tuple[Power, ...]
    weapons: tuple[Weapon, ...]


def _problem(code, path, es, en, rule=RULE_SHEET) -> Problem:
    return Problem(code, path, es, en, rule)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value, path, what_es, what_en, problems, *, nullable=False) -> int | None:
    """A rank number in 0..TOP, or a problem."""
    if value is None and nullable:
        return None
    if value is None:  # left empty: say it is missing, not that it is no whole number
        problems.append(_problem("number.not_integer", path, f"{what_es}: falta.", f"{what_en}: missing."))
        return None
    if not _is_int(value):
        problems.append(
            _problem(
                "number.not_integer",
                path,
                f"{what_es}: debe ser un número entero.",
                f"{what_en}: must be a whole number.",
            )
        )
        return None
    if not 0 <= value <= TOP:
        problems.append(
            _problem(
                "number.out_of_range",
                path,
                f"{what_es}: debe estar entre 0 y {TOP}.",
                f"{what_en}: must be between 0 and {TOP}.",
            )
        )
        return None
    return value


def _abilities(raw, problems) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        problems.append(
            _problem(
                "abilities.not_object",
                "/abilities",
                "Faltan las siete habilidades.",
                "The seven abilities are missing.",
            )
        )
        return {}
    out = {}
    for slug in ABILITIES:
        es, en = ABILITY_NAMES[slug]
        if slug not in raw:
            problems.append(
                _problem("ability.missing", pointer("abilities", slug), f"Falta {es}.", f"{en} is missing.")
            )
            continue
        value = _number(raw[slug], pointer("abilities", slug), es, en, problems)
        if value is not None:
            out[slug] = value
    for extra in raw:
        if extra not in ABILITIES:
            problems.append(
                _problem(
                    "ability.unknown",
                    pointer("abilities", extra),
                    f"«{extra}» no es una habilidad.",
                    f"'{extra}' is not an ability.",
                )
            )
    return out


def _name(item, path, seen, problems) -> str | None:
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(
            _problem("item.name_missing", path + "/name", "Falta el nombre.", "The name is missing.")
        )
        return None
    name = name.strip()
    if not is_one_line(name):
        problems.append(one_line_problem(path + "/name", RULE_SHEET))
        return None
    if name.lower() == UNARMED or name.lower() in seen:
        problems.append(
            _problem(
                "item.name_taken",
                path + "/name",
                f"El nombre «{name}» ya se usa o está reservado.",
                f"The name '{name}' is taken or reserved.",
            )
        )
        return None
    seen.add(name.lower())
    return name


def _combat_type(item, path, problems) -> str | None:
    slug = item.get("combat_type")
    if not isinstance(slug, str) or slug not in COMBAT_TYPE:
        problems.append(
            _problem(
                "item.combat_type_unknown",
                path + "/combat_type",
                f"Tipo de combate desconocido: «{slug}».",
                f"Unknown combat type: '{slug}'.",
                RULE_TYPES,
            )
        )
        return None
    return slug


def _list(raw, key, problems) -> list:
    """A sheet's list of powers or weapons (`[]` when the key is absent). `null` is no list: the
    sheet's shape (docs/api.md, "Their sheets") has a list there, empty or not."""
    if not isinstance(raw, list):
        problems.append(_problem(f"{key}.not_list", "/" + key, "Debe ser una lista.", "Must be a list."))
        return []
    return raw


def _powers(raw, seen, problems) -> tuple[Power, ...]:
    out = []
    for i, item in enumerate(_list(raw, "powers", problems)):
        path = pointer("powers", i)
        if not isinstance(item, Mapping):
            problems.append(
                _problem("item.not_object", path, "Cada poder es un objeto.", "Each power is an object.")
            )
            continue
        name = _name(item, path, seen, problems)
        kind = _combat_type(item, path, problems)
        rank = _number(item.get("rank"), path + "/rank", "Rango del poder", "Power rank", problems)
        if None not in (name, kind, rank):
            out.append(Power(name, rank, kind))
    return tuple(out)


def _weapons(raw, seen, problems) -> tuple[Weapon, ...]:
    out = []
    for i, item in enumerate(_list(raw, "weapons", problems)):
        path = pointer("weapons", i)
        if not isinstance(item, Mapping):
            problems.append(
                _problem("item.not_object", path, "Cada arma es un objeto.", "Each weapon is an object.")
            )
            continue
        name = _name(item, path, seen, problems)
        kind = _combat_type(item, path, problems)
        damage = _number(item.get("damage"), path + "/damage", "Daño del arma", "Weapon damage", problems)
        material = _number(
            item.get("material"), path + "/material", "Material del arma", "Weapon material", problems
        )
        if None not in (name, kind, damage, material):
            out.append(Weapon(name, kind, damage, material))
    return tuple(out)


def _top_level(raw: Mapping, problems, warnings) -> str:
    if raw.get("system", "msh") != "msh":
        problems.append(
            _problem(
                "sheet.wrong_system", "/system", "Esta hoja no es de MSH.", "This sheet is not an MSH sheet."
            )
        )
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(_problem("name.missing", "/name", "Falta el nombre.", "The name is missing."))
        name = ""
    for key in raw:
        if key not in KEYS:
            warnings.append(
                _problem("sheet.unknown_key", pointer(key), f"Se ignora «{key}».", f"'{key}' is ignored.")
            )
    return name.strip()


def parse(raw: Any) -> tuple[Sheet | None, list[Problem], list[Problem]]:
    """The sheet, or None with every problem found; plus warnings."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    if not isinstance(raw, Mapping):
        problems.append(
            _problem("sheet.not_object", "", "La hoja debe ser un objeto.", "A sheet must be an object.")
        )
        return None, problems, warnings
    name = _top_level(raw, problems, warnings)
    abilities = _abilities(raw.get("abilities"), problems)
    health = _number(raw.get("health"), "/health", "Salud", "Health", problems, nullable=True)
    karma = _number(raw.get("karma"), "/karma", "Karma", "Karma", problems, nullable=True)
    armor = _number(raw.get("body_armor", 0), "/body_armor", "Armadura Corporal", "Body Armor", problems)
    seen: set[str] = set()
    powers = _powers(raw.get("powers", []), seen, problems)
    weapons = _weapons(raw.get("weapons", []), seen, problems)
    if problems:
        return None, problems, warnings
    a = abilities
    sheet = Sheet(
        name=name,
        abilities=abilities,
        health=health
        if health is not None
        else a["fighting"] + a["agility"] + a["strength"] + a["endurance"],
        karma=karma if karma is not None else a["reason"] + a["intuition"] + a["psyche"],
        body_armor=armor,
        powers=powers,
        weapons=weapons,
    )
    return sheet, problems, warnings


def derived(sheet: Sheet) -> dict:
    return {
        "ranks": {slug: rank_of(value).slug for slug, value in sheet.abilities.items()},
        "health": sheet.health,
        "karma": sheet.karma,
        "body_armor": sheet.body_armor,
        "body_armor_rank": rank_of(sheet.body_armor).slug,
        "powers": [{"name": p.name, "rank": rank_of(p.rank).slug} for p in sheet.powers],
    }


def normalised(raw: Mapping, sheet: Sheet) -> dict:
    """The sheet as stored and exported: keys in order, `health`/`karma` kept as given."""
    return {
        "system": "msh",
        "name": sheet.name,
        "abilities": {slug: sheet.abilities[slug] for slug in ABILITIES},
        "health": raw.get("health"),
        "karma": raw.get("karma"),
        "body_armor": sheet.body_armor,
        "powers": [{"name": p.name, "rank": p.rank, "combat_type": p.combat_type} for p in sheet.powers],
        "weapons": [
            {"name": w.name, "combat_type": w.combat_type, "damage": w.damage, "material": w.material}
            for w in sheet.weapons
        ],
    }


def check_sheet(raw: Any) -> SheetCheck:
    sheet, problems, warnings = parse(raw)
    if sheet is None:
        return SheetCheck(valid=False, errors=tuple(problems), warnings=tuple(warnings))
    return SheetCheck(
        valid=True,
        warnings=tuple(warnings),
        derived=derived(sheet),
        sheet=normalised(raw, sheet),
    )
