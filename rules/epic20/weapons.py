"""What an item of the sheet's equipment is as a weapon, read the same way by the sheet's derived
numbers (`derived.py`) and by the fight (`resolution/equipment.py`).

Fineza con un arma and Ojo agudo (MANIOBRAS DE COMBATE, seed l.667-669) name "un arma … a
elegir". Our reading (docs/rules-notes.md): the weapon is an item of the equipment, never an
attack power — the power list already sells the same thing for powers ("Ataque especial cuerpo
a cuerpo ágil … relacionado con la Agilidad, no la Corpulencia (Cuesta 1)", "Ataque especial a
distancia perceptivo … relacionado con la Percepción"), which a maneuver would make pointless.
The chosen weapon is the item the maneuver's `detail` names; without a detail, the first item
of the sheet that fits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.epic20.catalogue.types import AttackKind, Shape

from . import index
from .sheet import EquipmentEntry

FINESSE = "fineza-con-un-arma"
KEEN_EYE = "ojo-agudo"
CHOSEN_WEAPON_MANEUVERS = (FINESSE, KEEN_EYE)
BURST_POWER = "ataque-de-rafaga"


def attack_kind(item: EquipmentEntry) -> str | None:
    """ "melee" / "ranged" / "mental" / "emotional" for a weapon, None for what is no weapon.
    An item reproducing an attack power attacks as that power; an item with no power that is no
    armour or shield is a plain weapon, ranged when marked so (Reglas de equipo)."""
    power = index.POWERS.get(item.power) if item.power else None
    if power is not None:
        return power.attack_kind.value if power.attack_kind else None
    if item.armor or item.shield:
        return None
    return AttackKind.RANGED.value if item.ranged else AttackKind.MELEE.value


def is_burst(item: EquipmentEntry) -> bool:
    """ "arma de ráfaga": marked so, or reproducing the power Ataque de ráfaga."""
    return item.burst or item.power == BURST_POWER


def is_ranged(item: EquipmentEntry) -> bool:
    return item.ranged or attack_kind(item) == AttackKind.RANGED.value


def single_shot(item: EquipmentEntry) -> bool:
    """Ojo agudo: "que sólo realiza un ataque por turno, sin posibilidad de área, ni ráfagas"."""
    power = index.POWERS.get(item.power) if item.power else None
    shape = power.shape if power is not None else None
    return shape in (None, Shape.SINGLE) and not is_burst(item)


def fits(maneuver: str, item: EquipmentEntry) -> bool:
    """Fineza: "con un arma cuerpo a cuerpo que no sea a dos manos"; Ojo agudo: "con un arma a
    distancia … que sólo realiza un ataque por turno, sin posibilidad de área, ni ráfagas"."""
    kind = attack_kind(item)
    if maneuver == FINESSE:
        return kind == AttackKind.MELEE.value and not item.two_handed
    if maneuver == KEEN_EYE:
        return kind == AttackKind.RANGED.value and single_shot(item)
    return False


def chosen_weapon(maneuver: str, equipment: Sequence[EquipmentEntry], detail: str = "") -> str | None:
    """The name of the item "a elegir": the one `detail` names (case and spaces aside), if it
    fits; without a detail, the first item that fits; None when none does."""
    fitting = [item for item in equipment if fits(maneuver, item)]
    wanted = detail.strip().casefold()
    if wanted:
        return next((item.name for item in fitting if item.name.casefold() == wanted), None)
    return fitting[0].name if fitting else None


def chosen_weapons(
    maneuvers: Iterable[str], equipment: Sequence[EquipmentEntry], details: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Maneuver slug → the name of its chosen weapon, for the owned maneuvers that choose one."""
    details = details or {}
    owned = set(maneuvers)
    out = {}
    for maneuver in CHOSEN_WEAPON_MANEUVERS:
        if maneuver in owned:
            name = chosen_weapon(maneuver, equipment, details.get(maneuver, ""))
            if name is not None:
                out[maneuver] = name
    return out


def maneuver_details(entries: Iterable) -> dict[str, str]:
    """The sheet's maneuver details by slug (`ManeuverEntry.detail`)."""
    return {entry.slug: entry.detail for entry in entries if getattr(entry, "detail", "")}
