"""The seed's table of combat maneuvers ("Maniobras de combate": Maniobra, Fase, VCO, VCD, Efecto).

`phase`: the part of a phase it takes (0, ½, 1). `ocv`/`dcv`: the table's modifier, None for its
dash ("Un guión en la tabla significa que la columna no es relevante"); `ocv_rule`/`dcv_half`
name the entries that are not a plain number ("-v/5", "-1/3d6", "x1/2"). `aborts`: the table's
"aborta" ("Un personaje puede perder la siguiente fase de acción para hacer esta maniobra fuera
de la fase"). `attack`: whether the maneuver is made with an attack roll against a target.
The DCV change lasts until the character's next phase (docs/rules-notes-hero.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Maneuver:
    slug: str
    name_es: str
    name_en: str
    phase: Fraction
    ocv: int | None
    dcv: int | None
    effect_es: str
    effect_en: str
    ocv_rule: str = ""  # "velocity" (−v/5) or "per-3d6" (−1 per 3d6)
    dcv_half: bool = False
    aborts: bool = False
    attack: bool = True
    hth_only: bool = False
    ranged_only: bool = False
    needs_autofire: bool = False
    extra_segment: bool = False  # the table's "†"


MANEUVERS: tuple[Maneuver, ...] = (
    Maneuver(
        "block",
        "Bloqueo",
        "Block",
        HALF,
        None,
        0,
        "Detiene los ataques, aborta",
        "Stops attacks, abort",
        aborts=True,
        attack=False,
    ),
    Maneuver(
        "brace",
        "Apoyado",
        "Brace",
        Fraction(0),
        2,
        None,
        "+2 para compensar las penalizaciones de distancia solamente.",
        "+2 only to offset range penalties.",
        dcv_half=True,
        ranged_only=True,
    ),
    Maneuver(
        "disarm",
        "Desarmar",
        "Disarm",
        HALF,
        -2,
        0,
        "Puede desarmar el objetivo; El atacante obtiene tirada de FUE contra FUE",
        "Can disarm the target; STR versus STR roll",
        hth_only=True,
    ),
    Maneuver(
        "dodge",
        "Esquivar",
        "Dodge",
        HALF,
        None,
        3,
        "Contra todos los ataques, aborta",
        "Against all attacks, abort",
        aborts=True,
        attack=False,
    ),
    Maneuver(
        "grab",
        "Agarrar",
        "Grab",
        HALF,
        -1,
        -2,
        "Agarrar, hacer FUE contra FUE",
        "Grab, STR versus STR",
        hth_only=True,
    ),
    Maneuver(
        "haymaker",
        "Directo",
        "Haymaker",
        HALF,
        0,
        -5,
        "x1 1/2 FUE antes de caídas",
        "x1½ STR before knockback",
        hth_only=True,
        extra_segment=True,
    ),
    Maneuver(
        "move-by",
        "Mover por",
        "Move By",
        HALF,
        -2,
        -2,
        "FUE/2 +v/5; Atacante recibe 1/3 del daño",
        "STR/2 + v/5; attacker takes 1/3 of the damage",
        hth_only=True,
    ),
    Maneuver(
        "move-through",
        "Mover a través",
        "Move Through",
        HALF,
        None,
        -3,
        "FUE + v/3; Atacante recibe 1/2 o daño completo",
        "STR + v/3; attacker takes 1/2 or full damage",
        ocv_rule="velocity",
        hth_only=True,
    ),
    Maneuver(
        "set",
        "Establecerse",
        "Set",
        Fraction(1),
        1,
        0,
        "+1 VCO contra el objetivo establecido",
        "+1 OCV against the target set on",
    ),
    Maneuver("strike", "Golpear", "Strike", HALF, 0, 0, "FUE o tipo de arma", "STR or weapon type"),
    Maneuver(
        "other-attacks",
        "Otros ataques",
        "Other Attacks",
        HALF,
        0,
        0,
        "Cualquier otro ataque no listado",
        "Any other attack not listed",
    ),
    Maneuver(
        "cover",
        "Cubrir",
        "Cover",
        HALF,
        -2,
        0,
        "Objetivo mantenido a punta de pistola",
        "Target held at gunpoint",
    ),
    Maneuver(
        "dive-for-cover",
        "Tirarse al suelo",
        "Dive for Cover",
        HALF,
        0,
        0,
        "Mueve al personaje, aborta",
        "Moves the character, abort",
        aborts=True,
        attack=False,
    ),
    Maneuver(
        "pulled-punch",
        "Golpe aturdidor",
        "Pulled Punch",
        HALF,
        None,
        0,
        "Golpe, daño ATU normal, daño de 1/2 BODY",
        "Strike, normal STUN damage, 1/2 BODY damage",
        ocv_rule="per-3d6",
    ),
    Maneuver(
        "roll-with-punch",
        "Rodar el golpe",
        "Roll With a Punch",
        HALF,
        -2,
        -2,
        "Tirada después de ser golpeado, recibir 1/2 ATU y BODY, aborta",
        "Roll after being hit, take 1/2 STUN and BODY, abort",
        aborts=True,
        attack=False,
    ),
    Maneuver(
        "snap-shot",
        "Golpe a traición",
        "Snap Shot",
        Fraction(1),
        -1,
        0,
        "Permite que el personaje vuelva a estar a cubierto",
        "Lets the character duck back into cover",
        ranged_only=True,
    ),
    Maneuver(
        "suppression-fire",
        "Fuego sostenido",
        "Suppression Fire",
        Fraction(1),
        -2,
        0,
        "Fuego continuo en uno o varios hexágonos, debe ser disparo automático",
        "Continuous fire on one or more hexes, must be autofire",
        needs_autofire=True,
        attack=False,
    ),
    Maneuver(
        "sweep",
        "Barrido",
        "Sweep",
        Fraction(1),
        -2,
        None,
        "alcanza múltiples objetivos en cuerpo a cuerpo",
        "hits several targets in hand-to-hand",
        dcv_half=True,
        hth_only=True,
    ),
)

BY_SLUG: dict[str, Maneuver] = {m.slug: m for m in MANEUVERS}
# Maneuvers an attack action may name (the rest are actions of their own).
ATTACK_MANEUVERS = frozenset(m.slug for m in MANEUVERS if m.attack)
DEFENSIVE_MANEUVERS = frozenset({"block", "dodge", "dive-for-cover", "roll-with-punch"})


def get(slug: str) -> Maneuver | None:
    return BY_SLUG.get(slug)
