"""Numbers a sheet gives at once (Atacar, Defenderse, El Combate Sobrenatural): attacks a turn,
reload after the reduction, the initiative modifier of the weapons in hand, the defensive
capabilities the character may use and the range of its powers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .catalogue import (
    ATTACKS_PER_POINTS,
    MAX_RELOAD_FOR_MULTIPLE,
    RELOAD_STEP_POINTS,
    TWO_WEAPONS_OTHER_SIZE,
    TWO_WEAPONS_SAME_SIZE,
    UNARMED_SIZE,
    range_for_perception,
)

UNARMED = {
    "name": "unarmed",
    "size": UNARMED_SIZE,
    "damage": 10,
    "ranged": False,
    "reload": 0,
    "initiative": 0,
}


def attacks_allowed(final_attack: int) -> int:
    """Atacar: "Por cada 10 puntos que tenga un personaje en su Capacidad de Ataque final, puede
    realizar un ataque extra"."""
    return 1 + max(0, final_attack) // ATTACKS_PER_POINTS


def reload_after_reduction(reload: int, attack: int, dexterity_modifier: int) -> int:
    """Atacar: "Por cada 10 puntos … en Capacidad de Ataque, sin aplicar penalizadores adicionales,
    la Recarga se reduce en un punto … hasta una reducción máxima equivalente al modificador de
    Destreza … La Recarga puede reducirse hasta 0"."""
    reduction = min(max(0, attack) // RELOAD_STEP_POINTS, max(0, dexterity_modifier))
    return max(0, reload - reduction)


def reload_allows_multiple(reduced_reload: int) -> bool:
    """ "Si un arma tiene un valor de Recarga mayor que 5 después de aplicar esta reducción … solo
    puede realizar un ataque por turno"."""
    return reduced_reload <= MAX_RELOAD_FOR_MULTIPLE


def weapon_named(sheet: Mapping, name: str) -> dict | None:
    if name == "unarmed":
        return dict(UNARMED)
    return next((dict(w) for w in sheet.get("weapons") or [] if w["name"] == name), None)


def power_named(sheet: Mapping, name: str) -> dict | None:
    return next((dict(p) for p in sheet.get("powers") or [] if p["name"] == name), None)


def weapons_initiative(weapons: Sequence[Mapping]) -> int:
    """Atacar: "Cuando un personaje combate con dos armas, aplica siempre el modificador de
    Iniciativa más perjudicial de ambas (no se suman), además de un penalizador adicional de -2 …
    si ambas armas son del mismo Tamaño, o -4 si no lo son"."""
    if not weapons:
        return 0
    if len(weapons) == 1:
        return int(weapons[0].get("initiative") or 0)
    worst = min(int(w.get("initiative") or 0) for w in weapons)
    same = weapons[0]["size"] == weapons[1]["size"]
    return worst + (TWO_WEAPONS_SAME_SIZE if same else TWO_WEAPONS_OTHER_SIZE)


def wielded(sheet: Mapping, names: Sequence[str]) -> list[dict]:
    return [w for w in (weapon_named(sheet, n) for n in names) if w is not None]


def defensive_capabilities(sheet: Mapping) -> dict[str, int]:
    """Defenderse: Capacidad de Defensa always; Capacidad Mágica or Psiónica only behind a shield
    ("el personaje debe disponer de un escudo sobrenatural")."""
    out = {"defense": int(sheet["defense"])}
    if sheet.get("magic_shield"):
        out["magic"] = int(sheet["magic_projection"])
    if sheet.get("psychic_shield"):
        out["psychic"] = int(sheet["psychic_projection"])
    return out


def derived(sheet: Mapping) -> dict:
    weapons = sheet.get("weapons") or []
    in_hand = wielded(sheet, sheet.get("wielding") or [])
    return {
        "attacks_per_turn": attacks_allowed(sheet["attack"]),
        "initiative": sheet["initiative"] + weapons_initiative(in_hand),
        "weapons_initiative_modifier": weapons_initiative(in_hand),
        "defenses": defensive_capabilities(sheet),
        "power_range": range_for_perception(sheet["perception"]),
        "movement_quarter": sheet["movement"] / 4,
        "reload": {
            w["name"]: reload_after_reduction(w["reload"], sheet["attack"], sheet["dexterity_modifier"])
            for w in weapons
            if w["ranged"]
        },
    }
