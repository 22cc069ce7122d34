"""Numbers a sheet derives (docs/api.md: Hero `derived` has `ocv`, `dcv`, `ecv` and `phases`)."""

from __future__ import annotations

from collections.abc import Mapping

from . import spd
from .costs import sheet_points
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


def strength_half(strength: int) -> bool:
    """6E Strength Table: a remainder of 3 or 4 STR over the fives gives ½d6 (STR 8: 1½d6, 13: 2½d6)."""
    return max(0, strength) % 5 >= 3


def strength_halves(strength: int) -> int:
    """STR damage counted in half dice (2 a d6, 1 for the ½d6)."""
    return 2 * strength_dice(strength) + int(strength_half(strength))


def dice_label(whole: int, half: bool, plus: bool = False) -> str:
    """ "3d6", "3½d6", "½d6", "1d6+1" (6E writes half dice and a leftover class so)."""
    if plus:
        return f"{whole}d6+1"
    if not half:
        return f"{whole}d6"
    return f"{whole or ''}½d6"


def round_half_down(numerator: int, denominator: int) -> int:
    """Nearest whole number, a half rounding down (6E: fractions .5 round in the character's favour)."""
    return (2 * numerator + denominator - 1) // (2 * denominator)


def strength_end(strength: int) -> int:
    """6E: 1 END per 10 STR used (at least 1 when any STR is used)."""
    return max(1, round_half_down(strength, 10)) if strength > 0 else 0


def active_points(attack: Mapping) -> int:
    """6E: a normal damage die costs 5 Active Points (Blast), a killing die 15 (Killing Attack)."""
    per_die = 15 if attack["killing"] else 5
    # ½d6: a killing ½d6 is 2 damage classes of 5 points (6E: RKA 1½d6 is 25 Active Points); a normal
    # ½d6 half a die's 5 points, rounded up (6E's STR 13 for 2½d6: 3 points over the 10 of 2d6).
    half = (10 if attack["killing"] else 3) if attack.get("half_die") else 0
    # 6E: a killing +1 is one damage class, 5 Active Points (HKA 1d6+1 is 20).
    plus = 5 if attack.get("plus_one") else 0
    points = attack["dice"] * per_die + half + plus
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
    strike = {"dice": strength_dice(chars["str"]), "half_die": strength_half(chars["str"])}
    attacks = {STRIKE: {**strike, "end": strength_end(chars["str"])}}
    for attack in sheet["attacks"]:
        attacks[attack["name"]] = {
            "dice": attack["dice"],
            "half_die": bool(attack.get("half_die")),
            "plus_one": bool(attack.get("plus_one")),
            "end": attack_end(attack),
        }
    return {
        "ocv": ocv(chars),
        "dcv": dcv(chars),
        "ecv": ecv(chars),
        "phases": list(spd.phases(chars["spd"])),
        "strike_dice": strength_dice(chars["str"]),
        "strike_half_die": strength_half(chars["str"]),
        "encumbrance": carried(sheet),
        "attacks": attacks,
        "points": sheet_points(sheet),
    }
