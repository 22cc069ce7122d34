"""Damage ("Si el atacante golpea, determinar el daño y cualquier efecto de daño", sequence step 6).

The seed gives the dice (FUE/5 d6, the maneuvers' FUE/2 + v/5 …) but not how dice become STUN and
BODY; that is the published Hero System 6th Edition (6E2 "Determining Damage"):
- normal dice: STUN is the sum; BODY counts 0 for a 1, 2 for a 6, 1 otherwise;
- killing dice: BODY is the sum, STUN is BODY × 1d3 (6E's STUN Multiplier), or the hit location's
  STUNx when hit locations are on;
- defenses: PD/ED (plus resistant defenses) against normal damage; resistant defenses against a
  killing attack's BODY and PD/ED plus resistant against its STUN; mental defense against mental STUN.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.core.dice import DiceSource

from .aim import Weapon
from .derived import strength_dice
from .locations import HitLocation
from .maneuvers import Maneuver
from .rolls import roll
from .state import chars, has, refuse


def body_of_normal_die(face: int) -> int:
    return 0 if face == 1 else 2 if face == 6 else 1


def strength_for(attacker: Mapping, m: Maneuver) -> int:
    strength = chars(attacker)["str"]
    # Directo: "x1 1/2 FUE antes de caídas".
    return strength * 3 // 2 if m.slug == "haymaker" else strength


def damage_dice(attacker: Mapping, w: Weapon, m: Maneuver, req: Mapping, damage_classes: int) -> int:
    """How many d6 the attack throws (normal or killing as the weapon is)."""
    strength = strength_for(attacker, m)
    if m.slug == "move-by":
        dice = strength_dice(strength) // 2 + req["velocity"] // 5  # "FUE/2 +v/5"
    elif m.slug == "move-through":
        dice = strength_dice(strength) + req["velocity"] // 3  # "FUE + v/3"
    elif w.strike or (m.slug == "grab" and req.get("then")):
        dice = strength_dice(
            strength
        )  # Golpear: "FUE/5 del personaje en dados normales"; Agarrar: "daño FUE"
    elif w.kind == "hth" and not w.killing:
        dice = w.dice + strength_dice(strength)  # 6E Hand-To-Hand Attack adds to STR damage
    elif w.kind == "hth":
        # 6E: STR adds 1 DC per 5 STR to a hand-to-hand killing attack, at most doubling it (3 DC a die).
        dice = w.dice + min(strength_dice(strength), 3 * w.dice) // 3
    else:
        dice = w.dice
    base = dice
    # "Se pueden usar dos Niveles de Combate para aumentar el daño del arma una Clase de Daño, hasta el
    # máximo daño del arma": the engine reads "máximo" as 6E's cap, twice the weapon's classes.
    dice += damage_classes // 3 if w.killing else damage_classes
    dice = min(dice, 2 * base) if base else dice
    # Esparcir ráfaga de energía: "1d6 menos daño por cada +1 VCO" and "1d6 de daño por cada hexágono
    # que quiere llenar" (autofire spreads over hexes with shots instead).
    return dice - req.get("spread", 0) - (0 if w.autofire else req.get("spread_hexes", 0))


def is_blast(w: Weapon) -> bool:
    """ "Sólo las ráfagas de energía pueden propagarse": a ranged, normal, energy attack."""
    return w.energy and not w.killing and w.kind == "ranged" and not w.autofire


@dataclass
class Rolled:
    roll: dict
    stun: int
    body: int
    killing: bool
    multiplier_roll: dict | None = None
    dropped: list | None = None


def roll_damage(
    dice: DiceSource, count: int, w: Weapon, location: HitLocation | None, *, drop_highest: int = 0
) -> Rolled:
    """Throw the damage dice; an explosion's lost classes drop the highest dice first ("Los dados con
    resultado más elevado, siempre se restan primero", Explosión)."""
    thrown = roll(dice, count)
    faces = sorted(thrown["faces"], reverse=True)
    kept = faces[drop_highest:]
    if w.killing:
        body = sum(kept)
        if location is not None:
            return Rolled(thrown, body * location.stun_x, body, True, None, faces[:drop_highest])
        mult = roll(dice, 1, 3)  # 6E: STUN Multiplier 1d3
        return Rolled(thrown, body * mult["total"], body, True, mult, faces[:drop_highest])
    stun = sum(kept)
    body = sum(body_of_normal_die(f) for f in kept) if w.kind != "mental" else 0
    return Rolled(thrown, stun, body, False, None, faces[:drop_highest])


def maximum_damage(count: int, w: Weapon) -> Rolled:
    """Tirarse al suelo, shielding someone: "el personaje que se zambulle recibe el máximo daño para el
    ataque - no es necesario una tirada de ataque" (every die a 6, the 1d3 a 3; nothing is thrown)."""
    thrown = {"sides": 6, "faces": [], "nonces": [], "total": 0, "maximum": True}
    if w.killing:
        return Rolled(thrown, 6 * count * 3, 6 * count, True)
    return Rolled(thrown, 6 * count, 2 * count if w.kind != "mental" else 0, False)


def defenses(target: Mapping, w: Weapon) -> tuple[int, int]:
    """(against STUN, against BODY)."""
    c = chars(target)
    if w.kind == "mental":
        return int(target["sheet"].get("mental_defense") or 0), 0
    resistant = target["sheet"]["resistant_defenses"]["ed" if w.energy else "pd"]
    total = (c["ed"] if w.energy else c["pd"]) + resistant
    return total, (resistant if w.killing else total)


def after_defenses(
    target: Mapping,
    w: Weapon,
    rolled: Rolled,
    *,
    location: HitLocation | None,
    surprised_out: bool,
    pulled: bool,
) -> tuple[int, int]:
    stun, body = rolled.stun, rolled.body
    if pulled:
        body //= 2  # Golpe aturdidor: "la mitad de daño de CUE que haría normalmente"
    if location is not None and not w.killing:
        stun = int(stun * location.n_stun)  # 6E N STUN: before defenses, fractions down
    if surprised_out:
        stun *= 2  # Sorprendido: "El x2 a ATU se duplica antes de que se apliquen las defensas."
    against_stun, against_body = defenses(target, w)
    stun_taken = max(0, stun - against_stun)
    body_taken = max(0, body - against_body)
    if location is not None:
        body_taken = int(body_taken * Fraction(location.body_x))  # 6E BODYx: after defenses
    return stun_taken, body_taken


def knockback_dice(w: Weapon, target: Mapping) -> int:
    """6E Knockback: 2d6, one more for a killing attack, one fewer for a target in the air."""
    return 2 + (1 if w.killing else 0) - (1 if has(target, "flying") else 0)


def check_damage_input(w: Weapon, m: Maneuver, req: Mapping, dice: int) -> None:
    if req["spread"] and not is_blast(w):
        raise refuse(
            "spread.not_blast",
            "Sólo se esparce una ráfaga de energía.",
            "Only an energy blast spreads.",
            rule="Esparcir ráfaga de energía",
            path="/spread",
        )
    if dice < 1:
        raise refuse(
            "damage.no_dice",
            "Ese ataque no tiene dados de daño.",
            "That attack has no damage dice.",
            rule="Golpear",
            path="/spread" if req["spread"] or req["spread_hexes"] else "/attack",
        )
