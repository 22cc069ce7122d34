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
from .derived import strength_dice, strength_halves
from .locations import HitLocation
from .maneuvers import Maneuver
from .rolls import roll
from .state import chars, has, out_cold, refuse


def body_of_normal_die(face: int) -> int:
    return 0 if face == 1 else 2 if face == 6 else 1


def strength_for(attacker: Mapping, m: Maneuver) -> int:
    strength = chars(attacker)["str"]
    # Directo: "x1 1/2 FUE antes de caídas".
    return strength * 3 // 2 if m.slug == "haymaker" else strength


@dataclass(frozen=True)
class DamageDice:
    """How many d6 an attack throws: `whole` dice and maybe a ½d6 ("N½d6", 6E)."""

    whole: int
    half: bool = False
    plus: bool = False  # a killing damage class left over: +1 BODY ("1d6+1", 6E)

    @property
    def any(self) -> bool:
        return self.whole > 0 or self.half or self.plus


def _from_halves(halves: int) -> DamageDice:
    halves = max(0, halves)
    return DamageDice(halves // 2, bool(halves % 2))


def _from_classes(classes: int) -> DamageDice:
    """6E killing damage classes: 3 a d6, 2 more make the ½d6 (1½d6 is 5 DC), 1 more is +1 (1d6+1 is
    4 DC): a +1 to the BODY rolled, before the STUN Multiplier."""
    classes = max(0, classes)
    return DamageDice(classes // 3, classes % 3 == 2, classes % 3 == 1)


def _killing_dice(w: Weapon, strength: int, damage_classes: int) -> DamageDice:
    own = 3 * w.dice + 2 * int(w.half) + int(w.plus)
    if w.kind == "hth":
        # 6E: STR adds 1 DC per 5 STR to a hand-to-hand killing attack, at most doubling it.
        own += min(strength_dice(strength), own)
    # "Se pueden usar dos Niveles de Combate para aumentar el daño del arma una Clase de Daño, hasta el
    # máximo daño del arma": the engine reads "máximo" as 6E's cap, twice the weapon's classes.
    return _from_classes(min(own + damage_classes, 2 * own))


def _normal_halves(w: Weapon, m: Maneuver, req: Mapping, strength: int) -> int:
    """The normal dice in half dice (a d6 is 2): STR's own ½d6 counts (6E Strength Table)."""
    str_halves = strength_halves(strength)
    if m.slug == "move-by":
        return str_halves // 2 + 2 * (req["velocity"] // 5)  # "FUE/2 +v/5"
    if m.slug == "move-through":
        return str_halves + 2 * (req["velocity"] // 3)  # "FUE + v/3"
    if w.strike or (m.slug == "grab" and req.get("then")):
        return str_halves  # Golpear: "FUE/5 del personaje en dados normales"; Agarrar: "daño FUE"
    own = 2 * w.dice + int(w.half)
    return own + str_halves if w.kind == "hth" else own  # 6E Hand-To-Hand Attack adds to STR damage


def damage_dice(attacker: Mapping, w: Weapon, m: Maneuver, req: Mapping, damage_classes: int) -> DamageDice:
    """How many d6 the attack throws (normal or killing as the weapon is)."""
    strength = strength_for(attacker, m)
    # Esparcir ráfaga de energía: "1d6 menos daño por cada +1 VCO" and "1d6 de daño por cada hexágono
    # que quiere llenar" (autofire spreads over hexes with shots instead).
    spread = req.get("spread", 0) + (0 if w.autofire else req.get("spread_hexes", 0))
    if w.killing and not (w.strike or m.slug in ("move-by", "move-through")):
        found = _killing_dice(w, strength, damage_classes)
        return DamageDice(found.whole - spread, found.half, found.plus)
    base = _normal_halves(w, m, req, strength)
    halves = min(base + 2 * damage_classes, 2 * base) if base else 2 * damage_classes
    left = halves - 2 * spread
    return _from_halves(left) if left >= 0 else DamageDice(-1)


def is_blast(w: Weapon) -> bool:
    """ "Sólo las ráfagas de energía pueden propagarse": a ranged, normal, energy attack."""
    return w.energy and not w.killing and w.kind == "ranged" and not w.autofire


def half_die_stun(face: int) -> int:
    """6E ½d6: a d6 halved, rounding up (1–2: 1, 3–4: 2, 5–6: 3); killing BODY counts the same."""
    return (face + 1) // 2


def half_die_body(face: int) -> int:
    """6E: a normal ½d6 counts 0 BODY on 1–3 and 1 BODY on 4–6."""
    return 1 if face >= 4 else 0


@dataclass
class Rolled:
    roll: dict
    stun: int
    body: int
    killing: bool
    multiplier_roll: dict | None = None
    dropped: list | None = None
    half_roll: dict | None = None
    half_dropped: bool = False
    plus: bool = False  # the killing +1 counted in `body`


def _half_counts(half_roll: dict | None, killing: bool, mental: bool) -> tuple[int, int]:
    """(STUN, BODY) of the ½d6 of normal dice, or (BODY, BODY) of a killing one."""
    if not half_roll:
        return 0, 0
    face = half_roll["faces"][0]
    if killing:
        return half_die_stun(face), half_die_stun(face)
    return half_die_stun(face), 0 if mental else half_die_body(face)


def roll_damage(
    dice: DiceSource,
    count: int,
    w: Weapon,
    location: HitLocation | None,
    *,
    drop_highest: int = 0,
    half: bool = False,
    plus: bool = False,
) -> Rolled:
    """Throw the damage dice, the ½d6 as its own d6 (`half_roll`, re-checkable like any die); a
    killing +1 adds 1 BODY before the STUN Multiplier (6E "1d6+1"). An explosion's lost classes drop
    the highest dice first ("Los dados con resultado más elevado, siempre se restan primero",
    Explosión), the ½d6 and the +1 only once the whole dice are gone."""
    thrown = roll(dice, count)
    half_roll = {**roll(dice, 1), "half": True} if half else None
    faces = sorted(thrown["faces"], reverse=True)
    kept = faces[drop_highest:]
    half_dropped = half and drop_highest > count
    counted = None if half_dropped else half_roll
    extra_stun, extra_body = _half_counts(counted, w.killing, w.kind == "mental")
    dropped = faces[:drop_highest]
    if w.killing:
        counted_plus = plus and drop_highest <= count
        body = sum(kept) + extra_body + int(counted_plus)
        if location is not None:
            stun = body * location.stun_x
            return Rolled(thrown, stun, body, True, None, dropped, half_roll, half_dropped, counted_plus)
        mult = roll(dice, 1, 3)  # 6E: STUN Multiplier 1d3
        stun = body * mult["total"]
        return Rolled(thrown, stun, body, True, mult, dropped, half_roll, half_dropped, counted_plus)
    stun = sum(kept) + extra_stun
    body = (sum(body_of_normal_die(f) for f in kept) if w.kind != "mental" else 0) + extra_body
    return Rolled(thrown, stun, body, False, None, dropped, half_roll, half_dropped)


def maximum_damage(count: int, w: Weapon, half: bool = False, plus: bool = False) -> Rolled:
    """Tirarse al suelo, shielding someone: "el personaje que se zambulle recibe el máximo daño para el
    ataque - no es necesario una tirada de ataque" (every die a 6, the ½d6 a 3, the +1 a 1, the 1d3 a 3;
    nothing is thrown)."""
    thrown = {"sides": 6, "faces": [], "nonces": [], "total": 0, "maximum": True}
    extra = 3 if half else 0
    if w.killing:
        body = 6 * count + extra + int(plus)
        return Rolled(thrown, body * 3, body, True, plus=plus)
    body = 2 * count + (1 if half else 0) if w.kind != "mental" else 0
    return Rolled(thrown, 6 * count + extra, body, False)


def defenses(target: Mapping, w: Weapon) -> tuple[int, int]:
    """(against STUN, against BODY)."""
    c = chars(target)
    if w.kind == "mental":
        return int(target["sheet"].get("mental_defense") or 0), 0
    resistant = target["sheet"]["resistant_defenses"]["ed" if w.energy else "pd"]
    total = (c["ed"] if w.energy else c["pd"]) + resistant
    return total, (resistant if w.killing else total)


def stun_doubled(target: Mapping, w: Weapon, modifiers_named) -> bool:
    """Sorprendido: "Fuera de combate, x2 daño ATU", and "un personaje que está inconsciente o dormido
    recibirá x2 ATU" without anyone naming it. Once, however many apply; never for a mental attack
    ("Tampoco se aplican los modificadores de combate básicos", Combate mental)."""
    if "surprised-out-of-combat" in modifiers_named:
        return True
    return w.kind != "mental" and out_cold(target)


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


def check_damage_input(w: Weapon, m: Maneuver, req: Mapping, dice: DamageDice) -> None:
    if req["spread"] and not is_blast(w):
        raise refuse(
            "spread.not_blast",
            "Sólo se esparce una ráfaga de energía.",
            "Only an energy blast spreads.",
            rule="Esparcir ráfaga de energía",
            path="/spread",
        )
    if not dice.any or dice.whole < 0:
        raise refuse(
            "damage.no_dice",
            "Ese ataque no tiene dados de daño.",
            "That attack has no damage dice.",
            rule="Golpear",
            path="/spread" if req["spread"] or req["spread_hexes"] else "/attack",
        )
