"""Which attack and maneuver an attack action uses, and whether the attacker may use them now.

Shared by the attack's resolution and its odds, so both see the same numbers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from . import maneuvers
from .derived import attack_end, strength_end
from .sheet_rules import STRIKE
from .state import chars, has, refuse

RULE_MANEUVERS = "Maniobras de combate"


@dataclass(frozen=True)
class Weapon:
    """The attack used: the sheet's entry, or the plain strike (FUE/5 d6, "Golpear")."""

    name: str
    kind: str  # hth | ranged | mental
    dice: int
    killing: bool
    energy: bool
    area: bool
    explosion: bool
    autofire: int
    end: int
    strike: bool
    half: bool = False  # "N½d6": a half die beside the whole ones (6E)
    plus: bool = False  # "Nd6+1": a killing damage class left over (6E)


def weapon(c: Mapping, name: str) -> Weapon:
    if name == STRIKE:
        strength = chars(c)["str"]
        return Weapon(STRIKE, "hth", 0, False, False, False, False, 0, strength_end(strength), True)
    for attack in c["sheet"]["attacks"]:
        if attack["name"] == name:
            if name in c["lost_attacks"]:
                raise refuse(
                    "attack.lost",
                    f"«{name}» está en el suelo: hay que recogerlo.",
                    f"“{name}” is on the floor: it must be picked up.",
                    rule="Desarmar",
                    path="/attack",
                )
            return Weapon(
                name,
                attack["kind"],
                attack["dice"],
                attack["killing"],
                attack["energy"],
                attack["area"],
                attack["explosion"],
                attack["autofire"],
                attack_end(attack),
                False,
                bool(attack.get("half_die")),
                bool(attack.get("plus_one")),
            )
    raise refuse(
        "attack.unknown",
        f"La hoja no tiene el ataque «{name}».",
        f"The sheet has no attack “{name}”.",
        rule=RULE_MANEUVERS,
        path="/attack",
    )


def maneuver_for(slug: str | None, w: Weapon) -> maneuvers.Maneuver:
    slug = slug or "strike"
    m = maneuvers.get(slug)
    if m is None or not m.attack:
        raise refuse(
            "maneuver.unknown",
            f"«{slug}» no es una maniobra de ataque.",
            f"“{slug}” is not an attack maneuver.",
            rule=RULE_MANEUVERS,
            path="/maneuver",
        )
    if w.kind == "mental" and slug not in ("strike", "other-attacks"):
        raise refuse(
            "maneuver.not_mental",
            "Un ataque mental sólo admite Otros ataques.",
            "A mental attack only takes Other Attacks.",
            rule="Combate mental",
            path="/maneuver",
        )
    if m.hth_only and w.kind != "hth":
        raise refuse(
            "maneuver.hth_only",
            f"{m.name_es} es cuerpo a cuerpo.",
            f"{m.name_en} is hand-to-hand.",
            rule=RULE_MANEUVERS,
            path="/maneuver",
        )
    if m.ranged_only and w.kind != "ranged":
        raise refuse(
            "maneuver.ranged_only",
            f"{m.name_es} es para ataques a distancia.",
            f"{m.name_en} is for ranged attacks.",
            rule=RULE_MANEUVERS,
            path="/maneuver",
        )
    if m.slug == "pulled-punch" and w.killing:
        raise refuse(
            "maneuver.pulled_killing",
            "Un golpe aturdidor se da con daño normal.",
            "A pulled punch is made with normal damage.",
            rule="Golpe aturdidor",
            path="/maneuver",
        )
    return m


def check_can_attack(c: Mapping, w: Weapon, m: maneuvers.Maneuver) -> None:
    if has(c, "grabbed") and w.kind == "hth" and not w.strike:
        # "la mayoría de las armas de mano y los focos accesibles pasan a ser inútiles" (Agarrar)
        raise refuse(
            "attack.grabbed",
            "Agarrado: las armas de mano no sirven.",
            "Grabbed: hand-held weapons are useless.",
            rule="Agarrar",
            path="/attack",
        )
    if m.phase == 1 and c["spent"] > 0:
        raise refuse(
            "phase.needs_full",
            f"{m.name_es} necesita la fase entera.",
            f"{m.name_en} takes a full phase.",
            rule=RULE_MANEUVERS,
            path="/maneuver",
        )
    if m.slug == "snap-shot" and not has(c, "in-cover"):
        raise refuse(
            "maneuver.needs_cover",
            "Un golpe a traición empieza a cubierto.",
            "A snap shot starts from cover.",
            rule="Golpe a traición",
            path="/maneuver",
        )
