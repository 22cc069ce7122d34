"""The sheet a player submits (docs/api.md "Epic20 character sheets"), parsed into typed frozen data.

`parse_sheet` never raises: anything of the wrong type, out of shape or unknown becomes a
`Problem` with the JSON pointer of the offending value, and the entry is left out of the typed
`Sheet` so later checks only see entries they can reason about.

Optional keys beyond docs/api.md: `archetype_options` (object), per-power `units` (int ≥ 1, for
repeatable powers) and `throwing` (bool, a ranged power used to throw objects), per-advantage
`points`, maneuvers may be `{"maneuver": slug, "detail": text}` as well as bare slugs, and
equipment items may carry the booleans `shield`, `two_handed`, `reach`, `ranged`, `burst` and
`heavy` (EQUIPMENT_FLAGS) that the combat maneuvers read, `for_spaceship` (bought for the Nave espacial), and a free-text `detail`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from rules.core.problems import is_one_line, one_line_problem

from . import index
from .archetypes import BY_SLUG as ARCHETYPES
from .problems import Problem, named, pointer, problem

HALF = Fraction(1, 2)
ATTRIBUTE_VALUES = (Fraction(0), HALF, Fraction(1))
MAX_COUNT = 1000  # units / points beyond any budget: refused rather than computed
MAX_SKILL_VALUE = Fraction(2)  # RESOLVER ACCIONES names values up to 2 (Doble Superioridad)
MAX_TEXT = 500


@dataclass(frozen=True)
class SkillEntry:
    index: int
    slug: str
    value: Fraction
    specialty: str | None = None

    @property
    def key(self) -> str:
        return f"{self.slug}:{self.specialty}" if self.specialty else self.slug


@dataclass(frozen=True)
class PowerEntry:
    index: int
    slug: str
    modifiers: tuple[str, ...] = ()
    detail: str = ""
    units: int = 1
    throwing: bool = False
    modifier_positions: tuple[int, ...] = ()  # where each modifier sits in the submitted list


@dataclass(frozen=True)
class AdvantageEntry:
    index: int
    slug: str
    points: Fraction | None = None
    detail: str = ""


@dataclass(frozen=True)
class ManeuverEntry:
    index: int
    slug: str
    detail: str = ""


@dataclass(frozen=True)
class ComplicationEntry:
    index: int
    slug: str
    detail: str = ""


@dataclass(frozen=True)
class EquipmentEntry:
    index: int
    kind: str  # "special" | "mundane"
    name: str
    power: str | None = None
    armor: bool = False
    # Optional properties the combat maneuvers read (MANIOBRAS DE COMBATE, Reglas de equipo):
    shield: bool = False  # "un escudo embrazado" (Defensa con escudo)
    two_handed: bool = False  # "arma de cuerpo a cuerpo a dos manos" (Ataque brutal, Desarmar)
    reach: bool = False  # "alcance extendido (lanzas largas, alabardas, látigos)"
    ranged: bool = False  # an "arma a distancia" (Ataque sostenido, Ojo agudo, two ranged weapons)
    burst: bool = False  # "arma de ráfaga" (Ataque brutal de ráfaga, Ataque doble)
    heavy: bool = False  # "arma pesada (andador, nave espacial, etc)": ignores immunities and shields
    # Nave espacial: "puede comprar equipo especial para la nave espacial, que no cuenta para el
    # límite de nivel del equipo especial" (LISTA DE VENTAJAS).
    for_spaceship: bool = False
    detail: str = ""  # free text: what an item's immunity covers ("fuego"), a weapon's description


# The optional boolean keys of an equipment entry, in the order the builder shows them.
EQUIPMENT_FLAGS = ("armor", "shield", "two_handed", "reach", "ranged", "burst", "heavy", "for_spaceship")


@dataclass(frozen=True)
class Sheet:
    name: str = ""
    concept: str = ""
    level: int | None = None
    archetype: str | None = None
    archetype_options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    attributes: Mapping[str, Fraction] = field(default_factory=lambda: MappingProxyType({}))
    skills: tuple[SkillEntry, ...] = ()
    powers: tuple[PowerEntry, ...] = ()
    advantages: tuple[AdvantageEntry, ...] = ()
    maneuvers: tuple[ManeuverEntry, ...] = ()
    complications: tuple[ComplicationEntry, ...] = ()
    equipment: tuple[EquipmentEntry, ...] = ()


def number(value: Any) -> Fraction | None:
    """An exact number from JSON, or None: booleans, strings, NaN and infinities are not numbers."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(value)
    if isinstance(value, Fraction):
        return value
    return None


def is_half_step(value: Fraction) -> bool:
    return (value * 2).denominator == 1


def whole(value: Any) -> int | None:
    """An integer from JSON (8 or 8.0), or None."""
    exact = number(value)
    if exact is None or exact.denominator != 1:
        return None
    return int(exact)


class _Parser:
    def __init__(self, data: Mapping) -> None:
        self.data = data
        self.problems: list[Problem] = []

    def add(self, code: str, path: str, rule: str, **params) -> None:
        self.problems.append(problem(code, path, rule, **params))

    def text(self, container: Mapping, key: str, path: str, code: str, rule: str) -> str:
        value = container.get(key, "")
        if value is None:
            return ""
        if not isinstance(value, str):
            self.add(code, path, rule)
            return ""
        return value.strip()[:MAX_TEXT]

    def entries(self, key: str, rule: str) -> list[tuple[int, Any]]:
        value = self.data.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            self.add(f"{key}.invalid", pointer(key), rule)
            return []
        return list(enumerate(value))

    def slug_of(
        self, item: Mapping, key: str, area: str, index_: int, known: Mapping, rule: str
    ) -> str | None:
        slug = item.get(key)
        if not isinstance(slug, str) or slug not in known:
            self.add(f"{area}.unknown", pointer(area, index_, key), rule, slug=str(slug)[:80])
            return None
        return slug


def parse_sheet(data: Any) -> tuple[Sheet, list[Problem]]:
    if not isinstance(data, Mapping):
        return Sheet(), [problem("sheet.not_object", "", "LISTA DE ATRIBUTOS")]
    p = _Parser(data)
    system = data.get("system", "epic20")
    if system != "epic20":
        p.add("system.unsupported", "/system", "NIVEL")
    name = p.text(data, "name", "/name", "name.invalid", "NIVEL")
    if not name and "name.invalid" not in {x.code for x in p.problems}:
        p.add("name.required", "/name", "NIVEL")
    concept = p.text(data, "concept", "/concept", "concept.invalid", "NIVEL")
    sheet = Sheet(
        name=name,
        concept=concept,
        level=_level(p),
        archetype=_archetype(p),
        archetype_options=_archetype_options(p),
        attributes=_attributes(p),
        skills=_skills(p),
        powers=_powers(p),
        advantages=_advantages(p),
        maneuvers=_maneuvers(p),
        complications=_complications(p),
        equipment=_equipment(p),
    )
    return sheet, p.problems


def _level(p: _Parser) -> int | None:
    # NIVEL: from 0 (a child) to 40 (a major cosmic entity).
    if "level" not in p.data or p.data["level"] is None:
        p.add("level.required", "/level", "NIVEL")
        return None
    level = whole(p.data["level"])
    if level is None:
        p.add("level.invalid", "/level", "NIVEL")
        return None
    if not 0 <= level <= 40:
        p.add("level.out_of_range", "/level", "NIVEL")
        return None
    return level


def _archetype(p: _Parser) -> str | None:
    # ARQUETIPOS: "El jugador puede elegir un único arquetipo. Esta elección es opcional".
    value = p.data.get("archetype")
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        p.add("archetype.invalid", "/archetype", "ARQUETIPOS")
        return None
    if value not in ARCHETYPES:
        p.add("archetype.unknown", "/archetype", "ARQUETIPOS", slug=value[:80])
        return None
    return value


def _archetype_options(p: _Parser) -> Mapping[str, Any]:
    value = p.data.get("archetype_options")
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, Mapping):
        p.add("archetype_options.invalid", "/archetype_options", "ARQUETIPOS")
        return MappingProxyType({})
    # An option's value is one of the choices the archetype lists (ARQUETIPOS): a text or a
    # number (`archetype_types.OptionChoice.value`), never a list, an object or null.
    for key, choice in value.items():
        if not isinstance(choice, str | int | float):
            p.add("archetype_options.not_a_choice", pointer("archetype_options", str(key)), "ARQUETIPOS")
    return MappingProxyType({str(k): v for k, v in value.items() if isinstance(v, str | int | float)})


def _attributes(p: _Parser) -> Mapping[str, Fraction]:
    rule = "LISTA DE ATRIBUTOS"
    value = p.data.get("attributes")
    if not isinstance(value, Mapping):
        p.add("attributes.invalid", "/attributes", rule)
        return MappingProxyType({})
    parsed: dict[str, Fraction] = {}
    for key, raw in value.items():
        if key not in index.ATTRIBUTES:
            p.add("attributes.unknown", pointer("attributes", key), rule, slug=str(key)[:80])
            continue
        exact = number(raw)
        if exact not in ATTRIBUTE_VALUES:
            p.add(
                "attributes.invalid_value",
                pointer("attributes", key),
                rule,
                attribute=named(index.ATTRIBUTES[key]),
            )
            continue
        parsed[key] = exact
    for slug, attribute in index.ATTRIBUTES.items():
        if slug not in value:
            p.add("attributes.missing", pointer("attributes", slug), rule, attribute=named(attribute))
    return MappingProxyType(parsed)


def _skills(p: _Parser) -> tuple[SkillEntry, ...]:
    rule = "LISTA DE HABILIDADES"
    result = []
    for i, item in p.entries("skills", rule):
        if not isinstance(item, Mapping):
            p.add("skills.invalid_entry", pointer("skills", i), rule)
            continue
        slug = p.slug_of(item, "skill", "skills", i, index.SKILLS, rule)
        value = number(item.get("value"))
        if value is None or value < 0 or value > MAX_SKILL_VALUE or not is_half_step(value):
            p.add("skills.invalid_value", pointer("skills", i, "value"), rule)
            value = None
        specialty = p.text(
            item, "specialty", pointer("skills", i, "specialty"), "skills.invalid_specialty", rule
        )
        if slug is None or value is None:
            continue
        result.append(SkillEntry(i, slug, value, specialty or None))
    return tuple(result)


def _powers(p: _Parser) -> tuple[PowerEntry, ...]:
    rule = "LISTA DE PODERES"
    result = []
    for i, item in p.entries("powers", rule):
        if not isinstance(item, Mapping):
            p.add("powers.invalid_entry", pointer("powers", i), rule)
            continue
        slug = p.slug_of(item, "power", "powers", i, index.POWERS, rule)
        modifiers, positions = _modifiers(p, item, i)
        detail = p.text(item, "detail", pointer("powers", i, "detail"), "powers.invalid_detail", rule)
        units = 1
        if item.get("units") is not None:
            units = whole(item["units"])
            if units is None or not 1 <= units <= MAX_COUNT:
                p.add("powers.invalid_units", pointer("powers", i, "units"), rule)
                units = 1
        throwing = item.get("throwing", False)
        if not isinstance(throwing, bool):
            p.add("powers.invalid_throwing", pointer("powers", i, "throwing"), "ARQUETIPOS")
            throwing = False
        if slug is not None:
            result.append(PowerEntry(i, slug, modifiers, detail, units, throwing, positions))
    return tuple(result)


def _modifiers(p: _Parser, item: Mapping, i: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    rule = "LISTA DE PODERES"
    raw = item.get("modifiers", [])
    if raw is None:
        return (), ()
    if not isinstance(raw, list):
        p.add("powers.invalid_modifiers", pointer("powers", i, "modifiers"), rule)
        return (), ()
    modifiers: list[str] = []
    positions: list[int] = []
    for j, slug in enumerate(raw):
        if not isinstance(slug, str) or slug not in index.MODIFIERS:
            p.add("powers.unknown_modifier", pointer("powers", i, "modifiers", j), rule, slug=str(slug)[:80])
        elif slug in modifiers:
            p.add("powers.duplicate_modifier", pointer("powers", i, "modifiers", j), rule)
        else:
            modifiers.append(slug)
            positions.append(j)
    return tuple(modifiers), tuple(positions)


def _advantages(p: _Parser) -> tuple[AdvantageEntry, ...]:
    rule = "LISTA DE VENTAJAS"
    result = []
    for i, item in p.entries("advantages", rule):
        if not isinstance(item, Mapping):
            p.add("advantages.invalid_entry", pointer("advantages", i), rule)
            continue
        slug = p.slug_of(item, "advantage", "advantages", i, index.ADVANTAGES, rule)
        points = None
        if item.get("points") is not None:
            points = number(item["points"])
            if points is None or points <= 0 or points > MAX_COUNT or not is_half_step(points):
                p.add("advantages.invalid_points", pointer("advantages", i, "points"), rule)
                points = None
        detail = p.text(item, "detail", pointer("advantages", i, "detail"), "advantages.invalid_detail", rule)
        if slug is not None:
            result.append(AdvantageEntry(i, slug, points, detail))
    return tuple(result)


def _maneuvers(p: _Parser) -> tuple[ManeuverEntry, ...]:
    rule = "MANIOBRAS DE COMBATE"
    result = []
    for i, item in p.entries("maneuvers", rule):
        detail = ""
        if isinstance(item, Mapping):
            detail = p.text(
                item, "detail", pointer("maneuvers", i, "detail"), "maneuvers.invalid_detail", rule
            )
            item = item.get("maneuver")
        if not isinstance(item, str) or item not in index.MANEUVERS:
            p.add("maneuvers.unknown", pointer("maneuvers", i), rule, slug=str(item)[:80])
            continue
        result.append(ManeuverEntry(i, item, detail))
    return tuple(result)


def _complications(p: _Parser) -> tuple[ComplicationEntry, ...]:
    rule = "COMPLICACIONES"
    result = []
    for i, item in p.entries("complications", rule):
        if not isinstance(item, Mapping):
            p.add("complications.invalid_entry", pointer("complications", i), rule)
            continue
        slug = p.slug_of(item, "complication", "complications", i, index.COMPLICATIONS, rule)
        detail = p.text(
            item, "detail", pointer("complications", i, "detail"), "complications.invalid_detail", rule
        )
        if slug is not None:
            result.append(ComplicationEntry(i, slug, detail))
    return tuple(result)


def _equipment(p: _Parser) -> tuple[EquipmentEntry, ...]:
    rule = "Reglas de equipo"
    result = []
    for i, item in p.entries("equipment", rule):
        if not isinstance(item, Mapping):
            p.add("equipment.invalid_entry", pointer("equipment", i), rule)
            continue
        kind = item.get("kind")
        if kind not in ("special", "mundane"):
            p.add("equipment.invalid_kind", pointer("equipment", i, "kind"), rule)
            kind = None
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            p.add("equipment.invalid_name", pointer("equipment", i, "name"), rule)
            name = ""
        elif not is_one_line(name):
            p.problems.append(one_line_problem(pointer("equipment", i, "name"), rule))
            name = ""
        name = name.strip()[:MAX_TEXT]
        power = item.get("power")
        if power is not None and (not isinstance(power, str) or power not in index.POWERS):
            p.add("equipment.unknown_power", pointer("equipment", i, "power"), rule, slug=str(power)[:80])
            power = None
        flags = _equipment_flags(p, item, i, rule)
        detail = p.text(item, "detail", pointer("equipment", i, "detail"), "equipment.invalid_detail", rule)
        if kind is not None and _flags_agree(p, flags, i):
            result.append(EquipmentEntry(i, kind, name, power, **flags, detail=detail))
    return tuple(result)


def _equipment_flags(p: _Parser, item: Mapping, i: int, rule: str) -> dict[str, bool]:
    """Each optional property is true or false; anything else is refused at its own pointer."""
    flags = {}
    for key in EQUIPMENT_FLAGS:
        value = item.get(key, False)
        if not isinstance(value, bool):
            p.add(f"equipment.invalid_{key}", pointer("equipment", i, key), "Reglas de equipo", key=key)
            value = False
        flags[key] = value
    return flags


# Properties that describe different things and cannot sit on one item (MANIOBRAS DE COMBATE):
# a burst weapon shoots ("arma de ráfaga … (de distancia)"), a reach weapon is "de cuerpo a
# cuerpo con alcance extendido", and a shield is "embrazado" on one arm, no two-handed weapon.
FLAG_CONFLICTS = (
    ("burst", "ranged", True, "equipment.burst_needs_ranged"),
    ("reach", "ranged", False, "equipment.reach_is_melee"),
    ("shield", "two_handed", False, "equipment.shield_two_handed"),
    ("shield", "ranged", False, "equipment.shield_ranged"),
)


def _flags_agree(p: _Parser, flags: Mapping[str, bool], i: int) -> bool:
    ok = True
    for flag, other, needed, code in FLAG_CONFLICTS:
        if flags[flag] and flags[other] is not needed:
            p.add(code, pointer("equipment", i, flag), "MANIOBRAS DE COMBATE")
            ok = False
    return ok
