"""Hit locations, for an encounter whose GM turns them on (the seed's sequence, step 6a:
"Determinar usando localización de impacto"; "Objetivo oculto … Usar tabla de localización de
impacto"; "se da un valor para aplicar, si se decide apuntar … si no se obtiene la tirada,
directamente no se aplican daños").

The seed does not reproduce the table: this is the published Hero System 6th Edition Hit Location
Table (6E2 "Hit Locations"): 3d6 roll, STUNx (killing), N STUN (normal, before defenses), BODYx
(the BODY that gets through defenses) and the OCV modifier of a placed shot.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

H = Fraction(1, 2)


@dataclass(frozen=True)
class HitLocation:
    slug: str
    name_es: str
    name_en: str
    rolls: tuple[int, ...]
    stun_x: int
    n_stun: Fraction
    body_x: Fraction
    ocv: int


HIT_LOCATIONS: tuple[HitLocation, ...] = (
    HitLocation("head", "Cabeza", "Head", (3, 4, 5), 5, Fraction(2), Fraction(2), -8),
    HitLocation("hands", "Manos", "Hands", (6,), 1, H, H, -6),
    HitLocation("arms", "Brazos", "Arms", (7, 8), 2, H, H, -5),
    HitLocation("shoulders", "Hombros", "Shoulders", (9,), 3, Fraction(1), Fraction(1), -5),
    HitLocation("chest", "Pecho", "Chest", (10, 11), 3, Fraction(1), Fraction(1), -3),
    HitLocation("stomach", "Estómago", "Stomach", (12,), 4, Fraction(3, 2), Fraction(1), -7),
    HitLocation("vitals", "Órganos vitales", "Vitals", (13,), 4, Fraction(3, 2), Fraction(2), -8),
    HitLocation("thighs", "Muslos", "Thighs", (14,), 2, Fraction(1), Fraction(1), -4),
    HitLocation("legs", "Piernas", "Legs", (15, 16), 2, H, H, -6),
    HitLocation("feet", "Pies", "Feet", (17, 18), 1, H, H, -8),
)

BY_SLUG = {loc.slug: loc for loc in HIT_LOCATIONS}
BY_ROLL = {roll: loc for loc in HIT_LOCATIONS for roll in loc.rolls}


def for_roll(total: int) -> HitLocation:
    return BY_ROLL[total]
