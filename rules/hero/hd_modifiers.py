"""The value of a Hero Designer power modifier (6E1 "Power Modifiers"), from the file's XML.

Hero Designer writes most modifiers with their value in `BASECOST` and their options as `ADDER`
children whose `BASECOST` adds to it (Focus OAF −1, Charges 8 −½ with Clips +½…). A few it
prices from their levels instead, which this module prices as 6E does:
- Area Of Effect (6E1 Area Of Effect): Radius +¼ up to 4m, Cone up to 8m, Line up to 16m,
  Surface up to 2m, Any Area for one 2m area; each doubling after that +¼ more. A Line's extra
  height or width +¼ for each doubling of the 2m it starts with;
- Penetrating +½ and Armor Piercing +¼ per level (6E1);
- Reduced Endurance on an Autofire power costs twice as much (6E1 Autofire).
A modifier worth more than 0 is an Advantage, less than 0 a Limitation."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from xml.etree.ElementTree import Element

QUARTER = Fraction(1, 4)
# AOE shape → the largest size (metres, or 2m areas for ANY) that is still +¼.
AREA_FIRST_STEP = {"RADIUS": 4, "CONE": 8, "LINE": 16, "SURFACE": 2, "ANY": 1}
AREA_SIZE_ADDERS = frozenset({"DOUBLEHEIGHT", "DOUBLEWIDTH"})
PER_LEVEL = {"PENETRATING": Fraction(1, 2), "ARMORPIERCING": Fraction(1, 4)}


def number(element: Element, key: str, default: float = 0.0) -> Fraction:
    """An attribute as an exact number (Hero Designer writes "-0.5", "1.0", "9"); 0 when absent or
    not a number."""
    raw = element.get(key)
    if raw is None:
        return Fraction(default)
    try:
        value = Fraction(raw.strip())
    except (ValueError, ZeroDivisionError):
        return Fraction(default)
    if abs(value) > 10**6:
        return Fraction(default)
    return value


def doublings(size: Fraction, first_step: int) -> int:
    """How many doublings past `first_step` it takes to reach `size` (0 when within it)."""
    if size <= first_step:
        return 0
    return math.ceil(math.log2(float(size) / first_step) - 1e-9)


def _selected_adders(modifier: Element) -> list[Element]:
    return [a for a in modifier.findall("ADDER") if (a.get("SELECTED") or "YES").upper() != "NO"]


def _area_value(modifier: Element) -> Fraction | None:
    shape = (modifier.get("OPTIONID") or modifier.get("OPTION") or "").upper()
    if shape not in AREA_FIRST_STEP:
        return None
    value = QUARTER * (1 + doublings(number(modifier, "LEVELS"), AREA_FIRST_STEP[shape]))
    for adder in _selected_adders(modifier):
        if adder.get("XMLID") in AREA_SIZE_ADDERS:
            value += QUARTER * max(1, doublings(number(adder, "LEVELS"), 2) or 1)
        else:
            value += number(adder, "BASECOST")
    return value


@dataclass(frozen=True)
class Valued:
    xmlid: str
    label: str
    value: Fraction | None  # None: this module cannot price it


def modifier_value(modifier: Element, *, autofire: bool) -> Valued:
    xmlid = (modifier.get("XMLID") or "").upper()
    label = modifier.get("ALIAS") or xmlid or "?"
    option = modifier.get("OPTION_ALIAS")
    if option:
        label = f"{label} ({option})"
    if xmlid == "AOE":
        return Valued(xmlid, label, _area_value(modifier))
    value = number(modifier, "BASECOST")
    if value == 0 and xmlid in PER_LEVEL:
        value = PER_LEVEL[xmlid] * max(1, int(number(modifier, "LEVELS")))
    value += sum((number(a, "BASECOST") for a in _selected_adders(modifier)), Fraction(0))
    if xmlid == "REDUCEDEND" and autofire:
        value *= 2
    return Valued(xmlid, label, value)


@dataclass(frozen=True)
class Modifiers:
    advantages: Fraction
    limitations: Fraction  # counted positive
    reduced_end: Fraction  # the part of the advantages that is Reduced Endurance
    end_option: str  # "", "HALFEND" or "ZERO"
    charges: bool
    unpriced: tuple[str, ...]
    labels: tuple[str, ...]


def power_modifiers(modifiers: list[Element]) -> Modifiers:
    """Sum a power's modifiers (its own and its list's) into Advantages and Limitations."""
    autofire = any((m.get("XMLID") or "").upper() == "AUTOFIRE" for m in modifiers)
    advantages = limitations = reduced = Fraction(0)
    end_option, charges, unpriced, labels = "", False, [], []
    for modifier in modifiers:
        valued = modifier_value(modifier, autofire=autofire)
        labels.append(valued.label)
        if valued.xmlid == "CHARGES":
            charges = True
        if valued.xmlid == "REDUCEDEND":
            end_option = (modifier.get("OPTIONID") or modifier.get("OPTION") or "").upper()
        if valued.value is None:
            unpriced.append(valued.label)
            continue
        if valued.value > 0:
            advantages += valued.value
            if valued.xmlid == "REDUCEDEND":
                reduced += valued.value
        else:
            limitations -= valued.value
    return Modifiers(advantages, limitations, reduced, end_option, charges, tuple(unpriced), tuple(labels))
