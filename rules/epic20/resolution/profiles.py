"""What an attack is made with: its kind, attack type, attribute, shape and damage.

ATACAR EN COMBATE and the FAQ "¿Cómo se calcula el valor de ataque?": the bonus is
nivel × (the lower of the attribute and the attack type), rounded down (REDONDEOS), with
attack types "sin armas" 0, "mundano" ½ and "especial" 1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.core.errors import Refused

from .powers_in_play import THROWN_OBJECT, thrown_attribute
from .state import READY, CombatantState, EquipmentState

UNARMED = "unarmed"
SPECIAL, MUNDANE, BARE = Fraction(1), Fraction(1, 2), Fraction(0)

# ATACAR EN COMBATE: the attribute each kind of attack uses by default.
KIND_ATTRIBUTE = {
    "melee": "corpulencia",
    "ranged": "agilidad",
    "mental": "inteligencia",
    "emotional": "presencia",
}
KIND_DAMAGE = {"melee": "physical", "ranged": "physical", "mental": "mental", "emotional": "emotional"}
ESCAPE_ATTRIBUTE = {"agarrar": "corpulencia", "controlar": "inteligencia"}  # Librarse de efectos


@dataclass(frozen=True)
class AttackProfile:
    slug: str  # power slug, "unarmed" or the equipment item's name
    kind: str
    attack_type: Fraction
    attribute: str
    shape: str = "single"  # "single" | "cone" | "area"
    damage: str | None = "physical"  # None: a progression or other non-damaging effect
    progression: tuple[str, ...] = ()
    escape_attribute: str | None = None
    penetrating: bool = False
    equipment: str | None = None  # the item used, if any (Reglas de equipo apply)
    burst: bool = False  # arma o ataque de ráfaga
    artillery: bool = False  # arma pesada de andador, nave, tanque…
    two_handed: bool = False
    reach: bool = False
    terror: bool = False  # "ataques de miedo/terror" (Sin miedo defends against them)
    unarmed: bool = False


def _kind_default(kind: str) -> str:
    if kind not in KIND_ATTRIBUTE:
        raise Refused(
            "attack.unknown_kind",
            "ATACAR EN COMBATE",
            f"Tipo de ataque desconocido: «{kind}».",
            f"Unknown attack kind '{kind}'.",
        )
    return KIND_ATTRIBUTE[kind]


def _from_power(power, kind: str, slug: str) -> dict:
    """Read a catalogue `Power` (duck-typed so the engine needs only its fields)."""
    if power is None:
        return {"attribute": _kind_default(kind), "damage": KIND_DAMAGE[kind]}
    progression = tuple(power.progression or ())
    escape = None
    if progression:
        escape = next((a for word, a in ESCAPE_ATTRIBUTE.items() if slug.startswith(word)), "corpulencia")
    return {
        "attribute": power.attribute or _kind_default(kind),
        "shape": str(power.shape or "single"),
        "damage": power.damage,
        "progression": progression,
        "escape_attribute": escape,
        "penetrating": bool(power.penetrating),
        "burst": slug == "ataque-de-rafaga",
        "terror": slug.startswith("ataque-de-terror"),
        "attack_type": MUNDANE if getattr(power, "mundane_attack", False) else SPECIAL,
    }


def _unarmed_profile(attacker: CombatantState, kind: str, attribute: str) -> AttackProfile:
    """Unarmed: melee only. Superfuerza "cuenta como ataque especial cuerpo a cuerpo … no necesita
    lucha sin armas"; Lucha sin armas: "no se le aplica 0 a los ataques, sino 1/2 nivel" (MANIOBRAS
    DE COMBATE)."""
    if kind != "melee":
        raise Refused(
            "attack.unarmed_not_melee",
            "ATACAR EN COMBATE",
            "Sin armas sólo se ataca cuerpo a cuerpo.",
            "Unarmed attacks are melee only.",
        )
    attack_type = (
        SPECIAL if attacker.has("superfuerza") else MUNDANE if attacker.has("lucha-sin-armas") else BARE
    )
    return AttackProfile(
        UNARMED, kind, attack_type, attribute, unarmed=True, penetrating=UNARMED in attacker.penetrating
    )


def _item_profile(
    attacker: CombatantState, item: EquipmentState, kind: str, powers: Mapping[str, object]
) -> AttackProfile:
    """An equipment item, ready to use (Reglas de equipo): special or mundane by its kind, with the
    power it carries, if any."""
    if item.status != READY:
        raise Refused(
            "equipment.not_ready",
            "Reglas de equipo",
            f"«{item.name}» no se puede usar ahora ({item.status}).",
            f"'{item.name}' cannot be used now ({item.status}).",
        )
    info = _from_power(powers.get(item.power) if item.power else None, kind, item.power or "")
    info["attack_type"] = SPECIAL if item.kind == "special" else MUNDANE
    return replace(
        AttackProfile(item.name, kind, info.pop("attack_type"), info.pop("attribute"), equipment=item.name),
        **{
            **info,
            "burst": info.get("burst", False) or item.burst,
            "penetrating": info.get("penetrating", False) or item.name in attacker.penetrating,
        },
        two_handed=item.two_handed,
        reach=item.reach,
    )


def _thrown_object_profile(attacker: CombatantState, kind: str, attribute: str) -> AttackProfile:
    """Throwing whatever is at hand: a mundane ranged attack with Agilidad (Superfuerza: "para
    arrojar objetos y hacer daño especial con ellos, comprar también el poder de ataque a
    distancia"); Masa de músculos throws with Corpulencia (powers_in_play.thrown_attribute)."""
    if kind != "ranged":
        raise Refused(
            "attack.thrown_is_ranged",
            "ATACAR EN COMBATE",
            "Arrojar un objeto es un ataque a distancia.",
            "Throwing an object is a ranged attack.",
        )
    return AttackProfile(THROWN_OBJECT, kind, MUNDANE, thrown_attribute(attacker, attribute))


def _power_profile(
    attacker: CombatantState, kind: str, slug: str, powers: Mapping[str, object]
) -> AttackProfile:
    """One of the attacker's powers, read from the catalogue when it is given."""
    info = _from_power(powers.get(slug), kind, slug)
    if slug in attacker.thrown and kind == "ranged":
        info["attribute"] = thrown_attribute(attacker, info["attribute"])  # a power used to throw
    return replace(
        AttackProfile(slug, kind, info.pop("attack_type", SPECIAL), info.pop("attribute")),
        **{**info, "penetrating": info.get("penetrating", False) or slug in attacker.penetrating},
    )


def profile_for(
    attacker: CombatantState, kind: str, with_: str, powers: Mapping[str, object] | None = None
) -> AttackProfile:
    """Build the profile of `with_`: "unarmed", one of the attacker's equipment names, or one
    of their power slugs. `powers` is the catalogue's powers by slug (optional: without it a
    power is a special single-target attack of its kind)."""
    powers = powers or {}
    attribute = _kind_default(kind)
    if with_ == UNARMED:
        return _unarmed_profile(attacker, kind, attribute)
    item = attacker.item(with_)
    if item is not None:
        return _item_profile(attacker, item, kind, powers)
    if with_ == THROWN_OBJECT:
        return _thrown_object_profile(attacker, kind, attribute)
    if with_ in attacker.powers:
        return _power_profile(attacker, kind, with_, powers)
    raise Refused(
        "attack.unknown_weapon",
        "ATACAR EN COMBATE",
        f"«{with_}» no es un poder ni un equipo de este personaje.",
        f"'{with_}' is neither a power nor an item of this character.",
    )


def attack_bonus(level: int, attribute: Fraction, attack_type: Fraction) -> int:
    """RESOLVER ACCIONES: "1d20 y sumando el nivel x (valor más bajo entre Atributo y Tipo de
    ataque)", rounded down (REDONDEOS)."""
    return math.floor(level * min(Fraction(attribute), Fraction(attack_type)))
