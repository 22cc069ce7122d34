"""An Anima sheet (docs/api.md "Anima sheet"): its checks, every problem at once, and its normal form.

The seed's numbers: the offensive and defensive capabilities (Atacar, Defenderse), initiative,
Puntos de Vida, the Dexterity modifier (the reload rule), Resistencia de Reflejos (area powers,
opportunity attacks), armour, weapons with Tamaño, damage, ranged, Recarga and an initiative
modifier, and the supernatural shields (Defenderse: "debe disponer de un escudo sobrenatural").
Optional keys the project adds: `perception` (range of powers), `movement` (Velocidad de
Movimiento, metres), `wielding` (the weapons in hand), `magic_shield`, `psychic_shield`, `powers`,
and for the Estado de Vida y Muerte `physical_resistance` (Resistencia Física; by default the
Resistencia de Reflejos), `constitution` (1–20, default 5) and `medicine` (Medicina, default 0).
`check` never raises on bad input."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.problems import Problem, is_one_line, one_line_problem, pointer

from .catalogue import ACTIONS, ATTACKING, DEFENDING, LIFE_AND_DEATH, NOTES, SIZES, SUPERNATURAL

REQUIRED = object()
SHEET_RULE = f"{ATTACKING}; {DEFENDING}"


@dataclass(frozen=True)
class Number:
    key: str
    low: int
    high: int
    default: object
    rule: str


NUMBERS = (
    Number("attack", 0, 999, REQUIRED, ATTACKING),
    Number("defense", 0, 999, REQUIRED, DEFENDING),
    Number("magic_projection", 0, 999, 0, SUPERNATURAL),
    Number("psychic_projection", 0, 999, 0, SUPERNATURAL),
    Number("initiative", -999, 999, REQUIRED, NOTES),
    Number("hit_points", 1, 99999, REQUIRED, "Las Consecuencias Críticas"),
    Number("dexterity_modifier", -10, 20, 0, ATTACKING),
    Number("reflex_resistance", 0, 999, 0, SUPERNATURAL),
    Number("armor", 0, 10, 0, SUPERNATURAL),
    Number("perception", 1, 20, 5, SUPERNATURAL),
    Number("movement", 1, 999, 20, ACTIONS),
    # Estado de Vida y Muerte (docs/rules-notes-anima.md): Resistencia Física for the check,
    # Constitución for the death limit (−5 × Constitución), Medicina for an ally's first aid.
    Number("physical_resistance", 0, 999, None, LIFE_AND_DEATH),
    Number("constitution", 1, 20, 5, LIFE_AND_DEATH),
    Number("medicine", 0, 999, 0, LIFE_AND_DEATH),
)
WEAPON_NUMBERS = (
    Number("damage", 0, 9999, REQUIRED, ATTACKING),
    Number("reload", 0, 50, 0, ATTACKING),
    Number("initiative", -999, 999, 0, ATTACKING),
)
POWER_NUMBERS = (
    Number("damage", 0, 9999, 0, SUPERNATURAL),
    Number("difficulty", 0, 9999, 0, SUPERNATURAL),
)
KNOWN_KEYS = {"system", "name", "defense_kind", "weapons", "wielding", "magic_shield", "psychic_shield",
              "powers", "concept", "notes"} | {n.key for n in NUMBERS}  # fmt: skip
POWER_KINDS = ("attack", "area", "passive")
POWER_CAPABILITIES = ("magic", "psychic")


class _Problems(list):
    def add(self, code: str, path: str, es: str, en: str, rule: str = SHEET_RULE) -> None:
        self.append(Problem(f"sheet.{code}", path, es, en, rule))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(data: Mapping, spec: Number, path: tuple, problems: _Problems):
    value = data.get(spec.key, spec.default)
    if value is None and spec.default is None:
        return None  # filled from another number once every number is read (`_fill_defaults`)
    where = pointer(*path, spec.key)
    if value is REQUIRED:
        problems.add("required", where, "Falta este número.", "This number is missing.", spec.rule)
        return None
    if not _is_int(value) or not spec.low <= value <= spec.high:
        problems.add(
            "out_of_range", where,
            f"Debe ser un número entero de {spec.low} a {spec.high}.",
            f"Must be a whole number from {spec.low} to {spec.high}.", spec.rule,
        )  # fmt: skip
        return None
    return value


def _flag(data: Mapping, key: str, path: tuple, problems: _Problems, rule: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        problems.add(
            "not_a_flag", pointer(*path, key), "Debe ser true o false.", "Must be true or false.", rule
        )
        return False
    return value


def _name(data: Mapping, path: tuple, problems: _Problems) -> str:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        problems.add("bad_name", pointer(*path, "name"), "Hace falta un nombre (hasta 100 letras).",
                     "A name is needed (up to 100 characters).")  # fmt: skip
        return ""
    if not is_one_line(name):
        problems.append(one_line_problem(pointer(*path, "name"), SHEET_RULE))
        return ""
    return name.strip()


def _weapon(data, index: int, problems: _Problems) -> dict | None:
    path = ("weapons", index)
    if not isinstance(data, Mapping):
        problems.add("not_an_object", pointer(*path), "Cada arma es un objeto.", "Each weapon is an object.")
        return None
    weapon = {"name": _name(data, path, problems), "size": data.get("size")}
    if not isinstance(weapon["size"], str) or weapon["size"] not in SIZES:
        problems.add("bad_size", pointer(*path, "size"), "Tamaño: small, medium o large.",
                     "Size: small, medium or large.", ATTACKING)  # fmt: skip
    weapon["ranged"] = _flag(data, "ranged", path, problems, ATTACKING)
    for spec in WEAPON_NUMBERS:
        weapon[spec.key] = _number(data, spec, path, problems)
    return weapon


def _power(data, index: int, problems: _Problems) -> dict | None:
    path = ("powers", index)
    if not isinstance(data, Mapping):
        problems.add("not_an_object", pointer(*path), "Cada poder es un objeto.", "Each power is an object.")
        return None
    power = {"name": _name(data, path, problems), "kind": data.get("kind", "attack"),
             "capability": data.get("capability", "magic")}  # fmt: skip
    if power["kind"] not in POWER_KINDS:
        problems.add("bad_power_kind", pointer(*path, "kind"), "Tipo: attack, area o passive.",
                     "Kind: attack, area or passive.", SUPERNATURAL)  # fmt: skip
    if power["capability"] not in POWER_CAPABILITIES:
        problems.add("bad_power_capability", pointer(*path, "capability"), "Capacidad: magic o psychic.",
                     "Capability: magic or psychic.", SUPERNATURAL)  # fmt: skip
    for spec in POWER_NUMBERS:
        power[spec.key] = _number(data, spec, path, problems)
    reach = data.get("range")
    if reach is not None and (not _is_int(reach) or not 0 < reach <= 100000):
        problems.add("bad_range", pointer(*path, "range"), "El alcance va en metros (1 a 100000) o null.",
                     "The range is in metres (1 to 100000) or null.", SUPERNATURAL)  # fmt: skip
        reach = None
    power["range"] = reach
    for key in ("fast", "armor_value", "lasting"):
        default = key == "fast"
        value = data.get(key, default)
        if not isinstance(value, bool):
            problems.add(
                "not_a_flag",
                pointer(*path, key),
                "Debe ser true o false.",
                "Must be true or false.",
                SUPERNATURAL,
            )
            value = default
        power[key] = value
    return power


def _unique_names(items: list, key: str, problems: _Problems) -> None:
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item and item["name"]:
            if item["name"].casefold() in seen or item["name"] == "unarmed":
                problems.add("duplicate_name", pointer(key, index, "name"), "Nombre repetido o reservado.",
                             "Name repeated or reserved.")  # fmt: skip
            seen.add(item["name"].casefold())


def _list(data: Mapping, key: str, parse, problems: _Problems) -> list:
    items = data.get(key, [])
    if not isinstance(items, list) or len(items) > 20:
        problems.add(
            "not_a_list", pointer(key), "Debe ser una lista (hasta 20).", "Must be a list (up to 20)."
        )
        return []
    parsed = [parse(item, i, problems) for i, item in enumerate(items)]
    _unique_names(parsed, key, problems)
    return [item for item in parsed if item is not None]


def _wielding(data: Mapping, weapons: list, problems: _Problems) -> list[str]:
    names = [w["name"] for w in weapons]
    default = names[:1]
    wielding = data.get("wielding", default)
    if not isinstance(wielding, list) or len(wielding) > 2 or any(w not in names for w in wielding):
        problems.add("bad_wielding", pointer("wielding"), "Hasta dos armas de la ficha en la mano.",
                     "Up to two of the sheet's weapons in hand.", ATTACKING)  # fmt: skip
        return default
    if len(set(wielding)) != len(wielding):
        problems.add(
            "bad_wielding",
            pointer("wielding"),
            "La misma arma dos veces.",
            "The same weapon twice.",
            ATTACKING,
        )
        return default
    return list(wielding)


def _fill_defaults(sheet: dict) -> None:
    """A sheet without Resistencia Física uses its Resistencia de Reflejos: in the published game
    both are the Presencia plus one characteristic's bonus (docs/rules-notes-anima.md)."""
    if sheet.get("physical_resistance") is None:
        sheet["physical_resistance"] = sheet.get("reflex_resistance")


@dataclass(frozen=True)
class Checked:
    sheet: dict
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]


def check(data) -> Checked:
    """Every problem of a submitted sheet, and the sheet in its normal form (defaults filled)."""
    problems = _Problems()
    if not isinstance(data, Mapping):
        problems.add("not_an_object", "", "La ficha es un objeto JSON.", "The sheet is a JSON object.")
        return Checked({}, tuple(problems), ())
    if data.get("system", "anima") != "anima":
        problems.add(
            "wrong_system",
            pointer("system"),
            "Esta ficha no es de Anima.",
            "This sheet is not an Anima sheet.",
        )
    sheet: dict = {"system": "anima", "name": _name(data, (), problems)}
    for spec in NUMBERS:
        sheet[spec.key] = _number(data, spec, (), problems)
    _fill_defaults(sheet)
    sheet["defense_kind"] = data.get("defense_kind", "block")
    if sheet["defense_kind"] not in ("block", "dodge"):
        problems.add("bad_defense_kind", pointer("defense_kind"), "Defensa: block (parada) o dodge (esquiva).",
                     "Defense: block or dodge.", DEFENDING)  # fmt: skip
    sheet["weapons"] = _list(data, "weapons", _weapon, problems)
    sheet["wielding"] = _wielding(data, sheet["weapons"], problems)
    for key in ("magic_shield", "psychic_shield"):
        sheet[key] = _flag(data, key, (), problems, DEFENDING)
    sheet["powers"] = _list(data, "powers", _power, problems)
    for key in ("concept", "notes"):
        text = data.get(key, "")
        if not isinstance(text, str) or len(text) > 2000:
            problems.add(
                "bad_text", pointer(key), "Texto de hasta 2000 letras.", "Text of up to 2000 characters."
            )
            text = ""
        if text:
            sheet[key] = text
    warnings = _Problems()
    for key in sorted(set(data) - KNOWN_KEYS):
        warnings.add("unknown_key", pointer(key), "Clave desconocida: se ignora.", "Unknown key: ignored.")
    return Checked(sheet, tuple(problems), tuple(warnings))
