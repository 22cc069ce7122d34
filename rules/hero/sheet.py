"""Reading and checking a Hero sheet (docs/api.md "Hero sheet"): every problem at once, each with a
stable code, a JSON pointer, a message in Spanish and English and the rule it breaks. Never raises
on bad input: whatever the JSON, `check` answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.problems import Problem, is_one_line, one_line_problem, pointer

from .sheet_rules import (
    ATTACK_KIND_SLUGS,
    CHARACTERISTICS,
    DEFAULT_MOVEMENT,
    LEVEL_SCOPE_SLUGS,
    MAX_ATTACKS,
    MAX_CARRIED_KG,
    MAX_DICE,
    MAX_LEVELS,
    MAX_MOVEMENT,
    MAX_SHOTS,
    STRIKE,
)

RULE_SHEET = "Valores de combate y tiradas de ataque"
RULE_SPD = "6E Speed Chart"
RULE_LEVELS = "Niveles de combate"
RULE_POINTS = "6E Power Modifiers"
MAX_MODIFIERS = 10
MAX_MARTIAL_COST = 30


class Collector:
    def __init__(self):
        self.problems: list[Problem] = []

    def add(self, code: str, path: str, es: str, en: str, rule: str = RULE_SHEET) -> None:
        self.problems.append(Problem(code, path, es, en, rule))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _int_in(
    out: Collector,
    value,
    path: str,
    low: int,
    high: int,
    what: tuple[str, str],
    code: str,
    rule: str = RULE_SHEET,
) -> int | None:
    """An integer between `low` and `high`, or a problem (`<code>.not_integer` / `.out_of_range`)."""
    if value is None:  # left empty: say it is missing, not that it is no whole number
        out.add(f"{code}.not_integer", path, f"{what[0]}: falta.", f"{what[1]}: missing.", rule)
        return None
    if not _is_int(value):
        out.add(
            f"{code}.not_integer",
            path,
            f"{what[0]} debe ser un número entero.",
            f"{what[1]} must be a whole number.",
            rule,
        )
        return None
    if not low <= value <= high:
        out.add(
            f"{code}.out_of_range",
            path,
            f"{what[0]} debe estar entre {low} y {high} (es {value}).",
            f"{what[1]} must be between {low} and {high} (it is {value}).",
            rule,
        )
        return None
    return value


def _characteristics(out: Collector, raw) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        out.add(
            "characteristics.missing",
            "/characteristics",
            "Faltan las características.",
            "The characteristics are missing.",
        )
        return {}
    found: dict[str, int] = {}
    for key, es, en, low, high in CHARACTERISTICS:
        path = pointer("characteristics", key)
        if key not in raw:
            out.add(
                "characteristics.missing",
                path,
                f"Falta la característica {es}.",
                f"The {en} characteristic is missing.",
            )
            continue
        code = "spd" if key == "spd" else "characteristics"
        value = _int_in(
            out, raw[key], path, low, high, (es, en), code, RULE_SPD if key == "spd" else RULE_SHEET
        )
        if value is not None:
            found[key] = value
    return found


def _defenses(out: Collector, raw) -> dict[str, int]:
    found = {"pd": 0, "ed": 0}
    if raw is None:
        return found
    if not isinstance(raw, Mapping):
        out.add(
            "resistant_defenses.invalid",
            "/resistant_defenses",
            "Las defensas resistentes deben ser un objeto {pd, ed}.",
            "Resistant defenses must be an object {pd, ed}.",
        )
        return found
    for key, es, en in (("pd", "DF resistente", "Resistant PD"), ("ed", "DE resistente", "Resistant ED")):
        value = _int_in(
            out, raw.get(key, 0), pointer("resistant_defenses", key), 0, 300, (es, en), "resistant_defenses"
        )
        if value is not None:
            found[key] = value
    return found


def _bool(out: Collector, item: Mapping, key: str, path: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        out.add(
            "attacks.not_boolean",
            pointer(*path, key),
            f"«{key}» debe ser verdadero o falso.",
            f"“{key}” must be true or false.",
        )
        return False
    return value


def _plus_one_fits(out: Collector, flags: Mapping, path: tuple) -> bool:
    """6E Killing Attack damage classes: 1 DC is +1, 2 DC ½d6, 3 DC 1d6 (1d6+1 is 4 DC, 1½d6 5 DC).
    A +1 is a killing attack's leftover class: normal damage has none (a normal DC is a whole d6),
    and +1 with ½d6 would be 2 classes over the dice, which is the next whole die."""
    if not flags["plus_one"]:
        return True
    if not flags["killing"]:
        out.add(
            "attacks.plus_one_not_killing",
            pointer(*path, "plus_one"),
            "El +1 es de un ataque letal (una clase de daño letal).",
            "The +1 belongs to a killing attack (one killing damage class).",
            "6E Killing Attack",
        )
        return False
    if flags["half_die"]:
        out.add(
            "attacks.plus_one_and_half",
            pointer(*path, "plus_one"),
            "Un ataque lleva ½d6 o +1, no ambos: ½d6 y +1 son un dado más.",
            "An attack has ½d6 or +1, not both: ½d6 and +1 make one more die.",
            "6E Killing Attack",
        )
        return False
    return True


def _attack(out: Collector, item, index: int, names: set[str]) -> dict | None:
    path = ("attacks", index)
    if not isinstance(item, Mapping):
        out.add(
            "attacks.invalid",
            pointer(*path),
            "Cada ataque debe ser un objeto.",
            "Each attack must be an object.",
        )
        return None
    name = item.get("name")
    ok = _attack_name_fits(out, name, path, names)
    kind = item.get("kind")
    ok = _attack_kind_fits(out, kind, path) and ok
    flags = {
        key: _bool(out, item, key, path)
        for key in ("killing", "energy", "area", "explosion", "half_die", "plus_one")
    }
    dice, shots, end = _attack_numbers(out, item, path, flags)
    ok = _mental_fits(out, kind, flags, path) and ok
    ok = _plus_one_fits(out, flags, path) and ok
    priced = _pricing(out, item, path)
    if not ok or dice is None or shots is None or priced is None:
        return None
    names.add(name.strip())
    return {
        **priced,
        "name": name.strip(),
        "kind": kind,
        "dice": dice,
        **flags,
        "area": flags["area"] or flags["explosion"],
        "autofire": shots,
        "end": end,
    }


def _attack_name_fits(out: Collector, name, path: tuple, names: set[str]) -> bool:
    """A name of one line, up to 80 characters, not the Strike's nor another attack's."""
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        out.add(
            "attacks.name_missing",
            pointer(*path, "name"),
            "Cada ataque necesita un nombre (hasta 80 letras).",
            "Each attack needs a name (up to 80 characters).",
        )
        return False
    if not is_one_line(name):
        out.problems.append(one_line_problem(pointer(*path, "name"), RULE_SHEET))
        return False
    if name.strip() in names or name.strip() == STRIKE:
        out.add(
            "attacks.name_taken",
            pointer(*path, "name"),
            f"Ya hay un ataque llamado «{name}».",
            f"There is already an attack called “{name}”.",
        )
        return False
    return True


def _attack_kind_fits(out: Collector, kind, path: tuple) -> bool:
    """The attack's kind: hand-to-hand, ranged or mental."""
    if not isinstance(kind, str) or kind not in ATTACK_KIND_SLUGS:
        out.add(
            "attacks.unknown_kind",
            pointer(*path, "kind"),
            "El tipo de ataque debe ser hth, ranged o mental.",
            "The attack kind must be hth, ranged or mental.",
        )
        return False
    return True


def _attack_numbers(out: Collector, item: Mapping, path: tuple, flags: Mapping) -> tuple:
    """(dice, autofire shots, END cost) of an attack; None for each that is out of bounds (END:
    also when not given)."""
    # "N½d6" (6E half die): `dice` whole dice plus a ½d6; a lone ½d6 is 0 whole dice. "Nd6+1" (6E's
    # killing damage class left over, `plus_one`): a lone +1 is 0 whole dice too.
    dice = _int_in(
        out,
        item.get("dice"),
        pointer(*path, "dice"),
        0 if flags["half_die"] or flags["plus_one"] else 1,
        MAX_DICE,
        ("El número de dados", "The number of dice"),
        "attacks.dice",
        "Maniobras de combate",
    )
    shots = _int_in(
        out,
        item.get("autofire", 0),
        pointer(*path, "autofire"),
        0,
        MAX_SHOTS,
        ("Los disparos de fuego automático", "Autofire shots"),
        "attacks.autofire",
        "Fuego automático",
    )
    end = item.get("end")
    if end is not None:
        end = _int_in(
            out, end, pointer(*path, "end"), 0, 100, ("El coste de AGU", "The END cost"), "attacks.end"
        )
    return dice, shots, end


def _mental_fits(out: Collector, kind, flags: Mapping, path: tuple) -> bool:
    """Combate mental: a mental attack does no killing damage."""
    if kind == "mental" and flags["killing"]:
        out.add(
            "attacks.mental_killing",
            pointer(*path, "killing"),
            "Un ataque mental no hace daño letal.",
            "A mental attack does no killing damage.",
            "Combate mental",
        )
        return False
    return True


def _modifier_sum(out: Collector, item: Mapping, key: str, path: tuple):
    """An attack's summed Advantages or Limitations (6E1 Power Modifiers: quarters, 0 to +10)."""
    value = item.get(key)
    if value is None:
        return None
    if not _is_number(value) or not 0 <= value <= MAX_MODIFIERS or (value * 4) % 1:
        out.add(
            f"attacks.{key}",
            pointer(*path, key),
            f"«{key}» es la suma de los modificadores: de 0 a {MAX_MODIFIERS}, en cuartos.",
            f"“{key}” is the modifiers' sum: 0 to {MAX_MODIFIERS}, in quarters.",
            RULE_POINTS,
        )
        return False
    return value


def _pricing(out: Collector, item: Mapping, path: tuple) -> dict | None:
    """The optional keys that price an attack (rules/hero/costs.py): `advantages` and
    `limitations` (the sums of its modifiers), `martial_cost` (a Martial Arts maneuver's points)."""
    found = {}
    for key in ("advantages", "limitations"):
        value = _modifier_sum(out, item, key, path)
        if value is False:
            return None
        if value is not None:
            found[key] = value
    if item.get("martial_cost") is not None:
        cost = _int_in(
            out, item["martial_cost"], pointer(*path, "martial_cost"), 0, MAX_MARTIAL_COST,
            ("El coste de la maniobra", "The maneuver's cost"), "attacks.martial_cost", RULE_POINTS,
        )  # fmt: skip
        if cost is None:
            return None
        found["martial_cost"] = cost
    return found


def _attacks(out: Collector, raw) -> list[dict]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        out.add("attacks.invalid", "/attacks", "Los ataques deben ser una lista.", "Attacks must be a list.")
        return []
    if len(raw) > MAX_ATTACKS:
        out.add(
            "attacks.too_many",
            "/attacks",
            f"Como mucho {MAX_ATTACKS} ataques.",
            f"At most {MAX_ATTACKS} attacks.",
        )
        return []
    names: set[str] = set()
    return [a for i, item in enumerate(raw) if (a := _attack(out, item, i, names)) is not None]


def _levels(out: Collector, raw, attack_names: set[str]) -> list[dict]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        out.add(
            "combat_levels.invalid",
            "/combat_levels",
            "Los niveles de combate deben ser una lista.",
            "Combat levels must be a list.",
            RULE_LEVELS,
        )
        return []
    found = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            out.add(
                "combat_levels.invalid",
                pointer("combat_levels", i),
                "Cada nivel debe ser un objeto.",
                "Each level entry must be an object.",
                RULE_LEVELS,
            )
            continue
        levels = _int_in(
            out,
            item.get("levels"),
            pointer("combat_levels", i, "levels"),
            1,
            MAX_LEVELS,
            ("Los niveles", "Levels"),
            "combat_levels",
            RULE_LEVELS,
        )
        scope = item.get("applies_to")
        if not isinstance(scope, str) or (scope not in LEVEL_SCOPE_SLUGS and scope not in attack_names):
            out.add(
                "combat_levels.unknown_scope",
                pointer("combat_levels", i, "applies_to"),
                "Los niveles se aplican a all, hth, ranged, mental o al nombre de un ataque de la hoja.",
                "Levels apply to all, hth, ranged, mental or the name of an attack on the sheet.",
                RULE_LEVELS,
            )
            continue
        if levels is not None:
            found.append({"levels": levels, "applies_to": scope})
    return found


def _optional_number(out: Collector, sheet: Mapping, key: str, default, high, names, rule=RULE_SHEET):
    value = sheet.get(key, default)
    if value is None:
        return default
    if not _is_number(value) or not 0 <= value <= high:
        out.add(
            f"{key}.out_of_range",
            pointer(key),
            f"{names[0]} debe ser un número entre 0 y {high}.",
            f"{names[1]} must be a number between 0 and {high}.",
            rule,
        )
        return default
    return value


# The top-level keys of a Hero sheet (`parse` fills every one of them; any other is dropped).
KEYS = frozenset(
    {
        "system",
        "name",
        "characteristics",
        "resistant_defenses",
        "mental_defense",
        "combat_levels",
        "range_levels",
        "movement",
        "carried_kg",
        "attacks",
    }
)


def parse(sheet: Any) -> tuple[dict, list[Problem]]:
    """The normalised sheet (defaults filled) and every problem found in `sheet`."""
    out = Collector()
    if not isinstance(sheet, Mapping):
        out.add("sheet.invalid", "", "La hoja debe ser un objeto JSON.", "The sheet must be a JSON object.")
        return {}, out.problems
    if sheet.get("system", "hero") != "hero":
        out.add(
            "sheet.wrong_system",
            "/system",
            "Esta hoja no es de Hero System.",
            "This sheet is not a Hero sheet.",
        )
    name = sheet.get("name")
    if not isinstance(name, str) or not name.strip():
        out.add("sheet.name_missing", "/name", "La hoja necesita un nombre.", "The sheet needs a name.")
    attacks = _attacks(out, sheet.get("attacks"))
    normal = {
        "system": "hero",
        "name": name.strip() if isinstance(name, str) else "",
        "characteristics": _characteristics(out, sheet.get("characteristics")),
        "resistant_defenses": _defenses(out, sheet.get("resistant_defenses")),
        "mental_defense": _optional_number(
            out, sheet, "mental_defense", 0, 300, ("La defensa mental", "Mental defense")
        ),
        "combat_levels": _levels(out, sheet.get("combat_levels"), {a["name"] for a in attacks}),
        "range_levels": _int_in(
            out,
            sheet.get("range_levels", 0),
            "/range_levels",
            0,
            MAX_LEVELS,
            ("Los niveles a distancia", "Range levels"),
            "range_levels",
            "Modificadores a distancia",
        )
        or 0,
        "movement": _optional_number(
            out, sheet, "movement", DEFAULT_MOVEMENT, MAX_MOVEMENT, ("El movimiento", "Movement")
        ),
        "carried_kg": _optional_number(
            out, sheet, "carried_kg", 0, MAX_CARRIED_KG, ("El peso llevado", "The weight carried"), "Estorbo"
        ),
        "attacks": attacks,
    }
    return normal, out.problems
