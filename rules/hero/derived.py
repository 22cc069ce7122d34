"""Numbers a sheet derives (docs/api.md: Hero `derived` has `ocv`, `dcv`, `ecv` and `phases`)."""

from __future__ import annotations

from collections.abc import Mapping

from . import spd
from .encumbrance import encumbrance, encumbrance_end
from .sheet_rules import STRIKE


def combat_value(characteristic: int) -> int:
    """ "Si el resultado de la división es una fracción, redondee al número entero más cercano; Para
    un DES de 20, VCO es 20/3 = 6,66, que redondea a 7." (Calculando VCO y VCD). A third never
    ends in a half, so "nearest" is never a tie."""
    return (characteristic + 1) // 3


def ocv(chars: Mapping) -> int:
    return combat_value(chars["dex"])


def dcv(chars: Mapping) -> int:
    return combat_value(chars["dex"])


def ecv(chars: Mapping) -> int:
    """ "Valor combate de voluntad (VCV) = VOL / 3" (Combate mental), rounded like VCO/VCD."""
    return combat_value(chars["ego"])


def strength_dice(strength: int) -> int:
    """ "el daño es FUE/5 del personaje en dados normales (1d6 por cada 5 FUE)" (Golpear): whole dice."""
    return max(0, strength) // 5


def round_half_down(numerator: int, denominator: int) -> int:
    """Nearest whole number, a half rounding down (6E: fractions .5 round in the character's favour)."""
    return (2 * numerator + denominator - 1) // (2 * denominator)


def strength_end(strength: int) -> int:
    """6E: 1 END per 10 STR used (at least 1 when any STR is used)."""
    return max(1, round_half_down(strength, 10)) if strength > 0 else 0


def active_points(attack: Mapping) -> int:
    """6E: a normal damage die costs 5 Active Points (Blast), a killing die 15 (Killing Attack)."""
    per_die = 15 if attack["killing"] else 5
    points = attack["dice"] * per_die
    if attack.get("area"):
        points = points * 2  # 6E Area Of Effect is at least +½; the engine reads +1 for a radius
    if attack.get("autofire"):
        points = points * 3 // 2  # 6E Autofire (5 shots) +½
    return points


def attack_end(attack: Mapping) -> int:
    """6E: 1 END per 10 Active Points (at least 1); a sheet may say its own `end`."""
    if attack.get("end") is not None:
        return attack["end"]
    return max(1, round_half_down(active_points(attack), 10))


def carried(sheet: Mapping) -> dict:
    dcv_mod, end_per_turn = encumbrance(sheet.get("carried_kg") or 0)
    return {"dcv": dcv_mod, "end_per_turn": encumbrance_end(end_per_turn, sheet["characteristics"]["str"])}


def derive(sheet: Mapping) -> dict:
    chars = sheet["characteristics"]
    attacks = {STRIKE: {"dice": strength_dice(chars["str"]), "end": strength_end(chars["str"])}}
    for attack in sheet["attacks"]:
        attacks[attack["name"]] = {"dice": attack["dice"], "end": attack_end(attack)}
    return {
        "ocv": ocv(chars),
        "dcv": dcv(chars),
        "ecv": ecv(chars),
        "phases": list(spd.phases(chars["spd"])),
        "strike_dice": strength_dice(chars["str"]),
        "encumbrance": carried(sheet),
        "attacks": attacks,
    }
