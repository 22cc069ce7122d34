"""What a sheet's weapons are, read the same way by the sheet's derived numbers (`derived.py`) and
by the fight (`resolution/equipment.py`, `resolution/attack.py`).

Fineza con un arma and Ojo agudo (MANIOBRAS DE COMBATE, seed l.667-669) work "con un arma … a
elegir". Our reading (docs/rules-notes.md): a weapon is an item of the equipment or an attack
power — LISTA DE PODERES (l.227): "Por defecto, estos poderes no son intrínsecos del personaje
sino que provienen de equipo especial extraordinario que no falla y si es desarmado vuelve a la
mano" — but not the body itself (Superfuerza, Crecer). "A elegir" is one: the weapon the
maneuver's `detail` names (an item's name, a power's slug or name, or the power's own detail),
otherwise the first that fits, items before powers, in sheet order.
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
# The body is no weapon: Superfuerza "no se aplican penalizadores por el hecho de atacar con las
# manos desnudas"; Crecer "cuenta como Superfuerza".
BODY_POWERS = frozenset({"superfuerza", "crecer"})


def attack_kind(item: EquipmentEntry) -> str | None:
    """ "melee" / "ranged" / "mental" / "emotional" for a weapon item, None for what is no weapon.
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


def _single_shot(power_slug: str | None, burst: bool) -> bool:
    """Ojo agudo: "que sólo realiza un ataque por turno, sin posibilidad de área, ni ráfagas"."""
    power = index.POWERS.get(power_slug) if power_slug else None
    shape = power.shape if power is not None else None
    return shape in (None, Shape.SINGLE) and not burst and power_slug != BURST_POWER


def _fits(maneuver: str, kind: str | None, two_handed: bool, single_shot: bool) -> bool:
    """Fineza: "con un arma cuerpo a cuerpo que no sea a dos manos"; Ojo agudo: "con un arma a
    distancia … que sólo realiza un ataque por turno, sin posibilidad de área, ni ráfagas"."""
    if maneuver == FINESSE:
        return kind == AttackKind.MELEE.value and not two_handed and single_shot
    if maneuver == KEEN_EYE:
        return kind == AttackKind.RANGED.value and single_shot
    return False


def item_fits(maneuver: str, item: EquipmentEntry) -> bool:
    single = _single_shot(item.power, is_burst(item))
    return _fits(maneuver, attack_kind(item), item.two_handed, single)


def power_fits(maneuver: str, slug: str) -> bool:
    power = index.POWERS.get(slug)
    if power is None or power.attack_kind is None or slug in BODY_POWERS:
        return False
    return _fits(maneuver, power.attack_kind.value, False, _single_shot(slug, False))


def _names_of_power(entry) -> set[str]:
    power = index.POWERS[entry.slug]
    return {entry.slug, power.name_es.casefold(), (getattr(entry, "detail", "") or "").casefold()} - {""}


def chosen_weapon(
    maneuver: str, equipment: Sequence[EquipmentEntry], detail: str = "", powers: Sequence = ()
) -> str | None:
    """The weapon "a elegir": an item's name or a power's slug. The one `detail` names (case and
    spaces aside), if it fits; without a detail, the first that fits; None when none does.
    `powers`: the sheet's `PowerEntry`s (or bare slugs)."""
    entries = [p if hasattr(p, "slug") else _Bare(p) for p in powers]
    items = [item for item in equipment if item_fits(maneuver, item)]
    attacks = [p for p in entries if power_fits(maneuver, p.slug)]
    wanted = detail.strip().casefold()
    if wanted:
        item = next((i.name for i in items if i.name.casefold() == wanted), None)
        return item or next((p.slug for p in attacks if wanted in _names_of_power(p)), None)
    if items:
        return items[0].name
    return attacks[0].slug if attacks else None


class _Bare:
    def __init__(self, slug: str):
        self.slug, self.detail = slug, ""


def chosen_weapons(
    maneuvers: Iterable[str],
    equipment: Sequence[EquipmentEntry],
    details: Mapping[str, str] | None = None,
    powers: Sequence = (),
) -> dict[str, str]:
    """Maneuver slug → its chosen weapon (item name or power slug), for the owned maneuvers that
    choose one and have a weapon to choose."""
    details = details or {}
    owned = set(maneuvers)
    out = {}
    for maneuver in CHOSEN_WEAPON_MANEUVERS:
        if maneuver in owned:
            name = chosen_weapon(maneuver, equipment, details.get(maneuver, ""), powers)
            if name is not None:
                out[maneuver] = name
    return out


def maneuver_details(entries: Iterable) -> dict[str, str]:
    """The sheet's maneuver details by slug (`ManeuverEntry.detail`)."""
    return {entry.slug: entry.detail for entry in entries if getattr(entry, "detail", "")}
