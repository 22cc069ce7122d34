"""The weapons of a Foundry Anima actor → the sheet's `weapons` and `wielding`.

A weapon's numbers: damage (its final; an actor never prepared has only the base, so a melee or
thrown weapon's base gets the Fuerza bonus the published game adds to it, and a weapon that shoots
ammunition with no damage of its own takes its ammunition's), Turno (initiative), Recarga for
ranged ones, and its Tamaño (small / medium / big → large). Names stay unique and never
"unarmed", the name the site keeps for fighting without a weapon."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.imports import ImportReport

from .foundry_numbers import _at, _int, value

MAX_WEAPONS = 20
SIZES = {"small": "small", "medium": "medium", "big": "large", "large": "large", "giant": "large"}


def _number(node, default: int = 0) -> int:
    found = value(node, None)
    return default if found is None else found


def _unique(name: str, taken: set[str]) -> str:
    candidate, n = name, 2
    while candidate.casefold() in taken or candidate == "unarmed":
        candidate, n = f"{name[:94]} ({n})", n + 1
    taken.add(candidate.casefold())
    return candidate


def _damage(
    system: Mapping, strength: int, ammo: tuple[str, int] | None, name: str, report: ImportReport
) -> int:
    """The final damage; else, for a weapon that shoots (shotType "shot") with none of its own,
    its ammunition's; else the base plus the Fuerza bonus for a melee or thrown weapon."""
    final, base = (
        _int(_at(system, "damage", "final", "value")),
        _int(_at(system, "damage", "base", "value")) or 0,
    )
    if final:
        return max(0, min(9999, final))
    ranged = _at(system, "isRanged", "value") is True
    if ranged and _at(system, "shotType", "value") == "shot":
        if not base and ammo is not None:
            report.approximate(
                f"{name}: daño {base}",
                f"Dispara munición: se toma el daño de «{ammo[0]}» ({ammo[1]}).",
                f"It shoots ammunition: the damage of “{ammo[0]}” is taken ({ammo[1]}).",
            )
            return max(0, min(9999, ammo[1]))
        return max(0, min(9999, base))
    if not strength:
        return max(0, min(9999, base))
    report.approximate(
        f"{name}: daño {base}",
        f"Daño final calculado: base {base} + bono de Fuerza {strength}.",
        f"Final damage worked out: base {base} + Strength bonus {strength}.",
    )
    return max(0, min(9999, base + strength))


def _ammo(data: Mapping) -> tuple[str, int] | None:
    """The actor's first ammunition with a damage of its own: (name, damage)."""
    for item in data.get("items") or ():
        if isinstance(item, Mapping) and item.get("type") == "ammo":
            damage = value(_at(item, "system", "damage"), None)
            if damage:
                return str(item.get("name") or "?")[:100], damage
    return None


def _weapon(
    item: Mapping, context: tuple[int, tuple[str, int] | None], taken: set[str], report: ImportReport
):
    system = item.get("system") if isinstance(item.get("system"), Mapping) else {}
    name = _unique(" ".join(str(item.get("name") or "Arma").split())[:100] or "Arma", taken)
    ranged = (
        bool((system.get("isRanged") or {}).get("value"))
        if isinstance(system.get("isRanged"), Mapping)
        else False
    )
    size_raw = (system.get("size") or {}).get("value") if isinstance(system.get("size"), Mapping) else None
    size = SIZES.get(str(size_raw), "medium")
    if str(size_raw) not in SIZES:
        report.approximate(
            f"{name}: tamaño {size_raw}",
            "Tamaño desconocido: se toma mediano.",
            "Unknown size: taken as medium.",
        )
    weapon = {
        "name": name,
        "size": size,
        "ranged": ranged,
        "damage": _damage(system, context[0], context[1], name, report),
        "reload": max(0, min(50, _number(system.get("reload")))) if ranged else 0,
        "initiative": max(-999, min(999, _number(system.get("initiative")))),
    }
    report.took(f"{name}: daño {weapon['damage']}, turno {weapon['initiative']}")
    return weapon, _at(system, "equipped", "value") is True


def weapons_from(data: Mapping, strength: int, report: ImportReport) -> tuple[list[dict], list[str]]:
    items = [i for i in data.get("items") or () if isinstance(i, Mapping) and i.get("type") == "weapon"]
    if not items:
        combat = data["system"]["combat"]
        items = [i for i in combat.get("weapons") or () if isinstance(i, Mapping)]
    taken: set[str] = set()
    weapons, wielding = [], []
    for item in items[:MAX_WEAPONS]:
        weapon, equipped = _weapon(item, (strength, _ammo(data)), taken, report)
        weapons.append(weapon)
        if equipped and len(wielding) < 2:
            wielding.append(weapon["name"])
    for item in items[MAX_WEAPONS:]:
        report.skip(
            str(item.get("name"))[:100], "La hoja guarda hasta 20 armas.", "The sheet keeps up to 20 weapons."
        )
    return weapons, wielding or [w["name"] for w in weapons[:1]]
