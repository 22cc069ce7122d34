"""Combat skill levels allocated in the phase ("El jugador debe indicar cómo se aplican los Niveles
de Combate antes de hacer la tirada de ataque", Niveles de combate): to VCO, to VCD, to damage
(two levels a damage class, hand-to-hand only) or to bounces (one level each, Ataque rebotando).

Which levels count for an attack: those for all combat (not mental: mental combat has its own),
those of the attack's kind, and those naming the attack. Levels put into VCD are taken narrowest
first (a level naming the attack, then hth or mental, then all), and defend as their scope lets
them (`sheet_rules.LEVEL_SCOPES`); ranged levels never defend.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .state import refuse

RULE = "Niveles de combate"


@dataclass(frozen=True)
class Allocation:
    ocv: int = 0
    dcv: dict = field(default_factory=dict)  # defensive scope → levels
    damage_classes: int = 0
    bounces: int = 0


def _entries_for(sheet: Mapping, kind: str, attack: str) -> list[tuple[str, int]]:
    """(defensive scope or "", levels) of every entry that applies to this attack, narrowest first."""
    named, typed, general = [], [], []
    for entry in sheet["combat_levels"]:
        scope, n = entry["applies_to"], entry["levels"]
        if scope == attack:
            named.append(("hth" if kind == "hth" else "mental" if kind == "mental" else "", n))
        elif scope == kind:
            typed.append(("" if kind == "ranged" else kind, n))
        elif scope == "all" and kind != "mental":
            general.append(("all", n))
    return named + typed + general


def allocate(
    sheet: Mapping, kind: str, attack: str, *, to_dcv: int = 0, to_damage: int = 0, bounces: int = 0
) -> Allocation:
    entries = _entries_for(sheet, kind, attack)
    total = sum(n for _, n in entries)
    if to_dcv + to_damage + bounces > total:
        raise refuse(
            "levels.too_many",
            f"Sólo hay {total} niveles de combate para este ataque.",
            f"Only {total} combat levels apply to this attack.",
            rule=RULE,
            path="/levels_dcv",
        )
    if to_damage and (kind != "hth" or to_damage % 2):
        raise refuse(
            "levels.damage",
            "Sólo con cuerpo a cuerpo, y de dos en dos niveles por clase de daño.",
            "Hand-to-hand only, two levels per damage class.",
            rule=RULE,
            path="/levels_damage",
        )
    if bounces and kind != "ranged":
        raise refuse(
            "levels.bounce",
            "Sólo rebota un ataque a distancia.",
            "Only a ranged attack bounces.",
            rule="Ataque rebotando",
            path="/bounces",
        )
    dcv: dict[str, int] = {}
    left = to_dcv
    for scope, n in entries:
        if not left:
            break
        if scope:
            take = min(n, left)
            dcv[scope] = dcv.get(scope, 0) + take
            left -= take
    if left:
        raise refuse(
            "levels.not_defensive",
            "Esos niveles no pueden ir a VCD (los de distancia no defienden).",
            "Those levels cannot go into DCV (ranged levels never defend).",
            rule=RULE,
            path="/levels_dcv",
        )
    return Allocation(
        ocv=total - to_dcv - to_damage - bounces, dcv=dcv, damage_classes=to_damage // 2, bounces=bounces
    )


def defensive(sheet: Mapping, to_dcv: int) -> dict:
    """Levels put into VCD by a defensive maneuver, from every entry that may defend."""
    dcv: dict[str, int] = {}
    left = to_dcv
    for entry in sorted(sheet["combat_levels"], key=lambda e: e["applies_to"] == "all"):
        scope = entry["applies_to"]
        kind = _named_kind(sheet, scope)
        defends = (
            "all" if scope == "all" else "hth" if kind == "hth" else "mental" if kind == "mental" else ""
        )
        if defends and left:
            take = min(entry["levels"], left)
            dcv[defends] = dcv.get(defends, 0) + take
            left -= take
    if left:
        raise refuse(
            "levels.not_defensive",
            "No hay tantos niveles que puedan ir a VCD.",
            "There are not that many levels that can go into DCV.",
            rule=RULE,
            path="/levels_dcv",
        )
    return dcv


def _named_kind(sheet: Mapping, scope: str) -> str:
    if scope in ("hth", "mental", "ranged"):
        return scope
    for attack in sheet["attacks"]:
        if attack["name"] == scope:
            return attack["kind"]
    return ""
