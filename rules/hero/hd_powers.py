"""Hero Designer powers and Martial Arts maneuvers → the attacks a Hero sheet models.

Attack powers (6E1): Blast (`ENERGYBLAST`), Hand-To-Hand Attack (`HANDTOHANDATTACK`), Killing
Attack Ranged and Hand-To-Hand (`RKA`, `HKA`), Mental Blast (`EGOATTACK`): their dice, their
Advantages and Limitations (`hd_modifiers`), their Active and Real Points (`costs`) and END.
Martial maneuvers that add damage classes to a Strike (`[NORMALDC]`) or to a killing blow
(`[KILLINGDC]`) become hand-to-hand attacks of those classes (the engine adds STR, as 6E does)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from xml.etree.ElementTree import Element

from rules.core.imports import ImportReport

from .costs import PER_DIE, active_points, real_points, round_cost
from .hd_modifiers import Modifiers, number, power_modifiers
from .sheet_rules import MAX_DICE, MAX_SHOTS

# XMLID → (kind, killing, die kind for its cost)
ATTACK_POWERS = {
    "ENERGYBLAST": ("ranged", False, "normal"),
    "HANDTOHANDATTACK": ("hth", False, "normal"),
    "RKA": ("ranged", True, "killing"),
    "HKA": ("hth", True, "killing"),
    "EGOATTACK": ("mental", False, "mental"),
}
AUTOFIRE_SHOTS = {"TWO": 2, "THREE": 3, "FIVE": 5, "TEN": 10, "TWENTY": 20, "FORTY": 40, "EIGHTY": 60}
LIMIT = Fraction(10)  # the sheet's bound on an attack's summed Advantages or Limitations


def item_name(element: Element) -> str:
    """The name the player gave it (`NAME`), else Hero Designer's (`ALIAS`), else its XMLID."""
    for key in ("NAME", "ALIAS", "XMLID"):
        text = " ".join((element.get(key) or "").split())
        if text:
            return text[:80]
    return "?"


@dataclass
class Attacks:
    """The attacks made so far, with unique names (the sheet refuses two of one name)."""

    rows: list[dict] = field(default_factory=list)
    names: set[str] = field(default_factory=lambda: {"strike"})

    def unique(self, name: str) -> str:
        candidate, n = name, 2
        while candidate.casefold() in self.names:
            suffix = f" ({n})"
            candidate, n = name[: 80 - len(suffix)] + suffix, n + 1
        self.names.add(candidate.casefold())
        return candidate


def _dice(power: Element, report: ImportReport, name: str) -> tuple[int, bool, bool]:
    """(whole dice, ½d6, +1) from LEVELS and the dice adders (6E1: +½d6, +1, +1d6−1)."""
    whole, half, plus = int(number(power, "LEVELS")), False, False
    for adder in power.findall("ADDER"):
        xmlid = (adder.get("XMLID") or "").upper()
        if xmlid == "PLUSONEHALFDIE":
            half = True
        elif xmlid == "PLUSONEPIP":
            plus = True
        elif xmlid == "MINUSONEPIP":
            half = True  # 1d6−1 and ½d6 are the same two damage classes (6E1 Killing Attack)
            report.approximate(
                name,
                "«+1d6−1» se guarda como ½d6: son las mismas clases de daño y el mismo coste.",
                "“+1d6−1” is kept as ½d6: the same damage classes and the same cost.",
            )
    return whole, half, plus


def _end(base: Fraction, mods: Modifiers) -> int:
    """6E1 Endurance: 1 END per 10 Active Points (Reduced Endurance itself not counted), at least
    1; ½ END halves it (at least 1), 0 END and Charges cost none."""
    if mods.charges or mods.end_option == "ZERO":
        return 0
    points = active_points(base, mods.advantages - mods.reduced_end)
    per = 20 if mods.end_option == "HALFEND" else 10
    return min(100, max(1, round_cost(Fraction(points, per))))


def _bounded(value: Fraction, what: str, name: str, report: ImportReport) -> Fraction:
    if value > LIMIT:
        report.approximate(
            name, f"{what} por encima de +10: se guarda +10.", f"{what} above +10: kept as +10."
        )
        return LIMIT
    return value


def attack_from_power(
    power: Element, extra_modifiers: list[Element], attacks: Attacks, report: ImportReport
) -> dict | None:
    """The sheet attack of one attack power, or None (then the report says why)."""
    xmlid = (power.get("XMLID") or "").upper()
    kind, killing, die = ATTACK_POWERS[xmlid]
    name = item_name(power)
    whole, half, plus = _dice(power, report, name)
    if not _sheet_takes_dice(whole, half, plus, name, report):
        return None
    plus = _kept_plus_one(plus, half, killing, name, report)
    mods = power_modifiers([*power.findall("MODIFIER"), *extra_modifiers])
    _report_unpriced(mods, name, report)
    base = whole * PER_DIE[die] + sum((number(a, "BASECOST") for a in power.findall("ADDER")), Fraction(0))
    area, explosion = _area_and_explosion(power)
    attack = {
        "name": attacks.unique(name),
        "kind": kind,
        "dice": whole,
        "killing": killing,
        "energy": (power.get("INPUT") or "").upper() == "ED",
        "area": area,
        "explosion": explosion,
        "half_die": half,
        "plus_one": plus,
        "autofire": _autofire(power),
        "end": _end(base, mods),
        "advantages": float(_bounded(mods.advantages, "Ventajas", name, report)),
        "limitations": float(_bounded(mods.limitations, "Limitaciones", name, report)),
    }
    active = active_points(base, mods.advantages)
    report.took(f"{attack['name']}: {xmlid} {_dice_text(whole, half, plus)} ({active} AP, "
                f"{real_points(active, mods.limitations)} RP)")  # fmt: skip
    return attack


def _sheet_takes_dice(whole: int, half: bool, plus: bool, name: str, report: ImportReport) -> bool:
    """From ½d6 (or a lone +1) to the sheet's most dice; else the power is skipped."""
    if whole > MAX_DICE or (whole == 0 and not half and not plus):
        report.skip(
            name, "Sin dados válidos para la hoja (de ½d6 a 30d6).", "No dice the sheet takes (½d6 to 30d6)."
        )
        return False
    return True


def _kept_plus_one(plus: bool, half: bool, killing: bool, name: str, report: ImportReport) -> bool:
    """A +1 is kept only on a killing attack without a ½d6 (the sheet's 6E Killing Attack classes)."""
    if plus and not killing:
        report.approximate(
            name, "El +1 de un ataque normal no se guarda.", "A normal attack's +1 is not kept."
        )
        return False
    return plus and not half


def _report_unpriced(mods: Modifiers, name: str, report: ImportReport) -> None:
    """Each modifier of no known price is told (it is left out of the sums)."""
    for label in mods.unpriced:
        report.approximate(
            f"{name}: {label}",
            "Modificador sin precio conocido: no se suma.",
            "Modifier of unknown value: not added.",
        )


def _area_and_explosion(power: Element) -> tuple[bool, bool]:
    """An Area Of Effect modifier, and whether it is an Explosion."""
    area = any((m.get("XMLID") or "").upper() == "AOE" for m in power.findall("MODIFIER"))
    explosion = area and any(
        (a.get("XMLID") or "").upper() == "EXPLOSION"
        for m in power.findall("MODIFIER")
        for a in m.findall("ADDER")
    )
    return area, explosion


def _autofire(power: Element) -> int:
    for modifier in power.findall("MODIFIER"):
        if (modifier.get("XMLID") or "").upper() == "AUTOFIRE":
            option = (modifier.get("OPTIONID") or modifier.get("OPTION") or "").upper()
            return min(MAX_SHOTS, AUTOFIRE_SHOTS.get(option, 5))
    return 0


def _dice_text(whole: int, half: bool, plus: bool) -> str:
    if plus:
        return f"{whole}d6+1"
    return f"{whole or ''}½d6" if half else f"{whole}d6"


# Martial maneuver effects that deal damage the sheet models, by their damage token.
MARTIAL_DAMAGE = {"[NORMALDC]": False, "[KILLINGDC]": True}


def attack_from_maneuver(
    maneuver: Element, extra_dc: int, attacks: Attacks, report: ImportReport
) -> dict | None:
    """A Martial Arts maneuver that strikes: a hand-to-hand attack of its damage classes (plus the
    style's Extra DCs), costing the maneuver's own points (6E1 Martial Arts)."""
    name = item_name(maneuver)
    effect = (maneuver.get("EFFECT") or "").upper()
    killing = next((k for token, k in MARTIAL_DAMAGE.items() if token in effect), None)
    classes = int(number(maneuver, "DC")) + extra_dc
    if killing is None or classes <= 0:
        report.skip(
            name,
            f"Maniobra sin daño propio que la hoja modele ({maneuver.get('EFFECT') or '—'}).",
            f"A maneuver without damage of its own the sheet models ({maneuver.get('EFFECT') or '—'}).",
        )
        return None
    whole, half, plus = (
        (classes // 3, classes % 3 == 2, classes % 3 == 1) if killing else (classes, False, False)
    )
    attack = {
        "name": attacks.unique(name),
        "kind": "hth",
        "dice": min(whole, MAX_DICE),
        "killing": killing,
        "energy": False,
        "area": False,
        "explosion": False,
        "half_die": half,
        "plus_one": plus,
        "autofire": 0,
        "martial_cost": int(number(maneuver, "BASECOST")),
    }
    ocv, dcv = maneuver.get("OCV") or "+0", maneuver.get("DCV") or "+0"
    report.took(f"{attack['name']}: +{classes} DC ({int(number(maneuver, 'BASECOST'))} CP)")
    if (ocv, dcv) != ("+0", "+0"):
        report.approximate(
            attack["name"],
            f"Los modificadores de la maniobra (VCO {ocv}, VCD {dcv}) no se aplican: la hoja no guarda maniobras propias.",
            f"The maneuver's modifiers (OCV {ocv}, DCV {dcv}) are not applied: the sheet keeps no maneuvers of its own.",
        )
    return attack
