"""The seed's combat modifier table ("Los modificadores de combate"), its range table
("Tabla de modificador por distancia") and its encumbrance tables ("Estorbo").

Each modifier says how an action brings it in (`source`): "modifiers" (a slug in the attack's
`modifiers` list), a named field of the attack action, the attack itself, the target's state or
the sheet. `group`: modifiers of one group exclude each other (one size, one concealment…).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class CombatModifier:
    slug: str
    name_es: str
    name_en: str
    ocv: int | None
    dcv: int | None
    notes_es: str
    notes_en: str
    source: str = "modifiers"
    dcv_half: bool = False
    group: str = ""
    range_only: bool = False  # "Las penalizaciones sólo se aplican al alcance" (Lanzar objetos)
    rule: str = "Los modificadores de combate"


def _m(slug, es, en, ocv, dcv, notes_es, notes_en, **kw) -> CombatModifier:
    return CombatModifier(slug, es, en, ocv, dcv, notes_es, notes_en, **kw)


COMBAT_MODIFIERS: tuple[CombatModifier, ...] = (
    _m(
        "area-effect",
        "Área Efecto",
        "Area Effect",
        None,
        None,
        "El ataque debe golpear al hexágono VCD (3, excepto si adyacente)",
        "The attack must hit the hex: DCV 3 (0 if adjacent)",
        source="attack",
        rule="Ataques de efecto de área",
    ),
    _m(
        "autofire",
        "Fuego automático",
        "Autofire",
        0,
        0,
        "Más de un disparo; 1 objetivo/2",
        "More than one shot; 1 more hit per 2",
        source="shots",
        rule="Fuego automático",
    ),
    _m(
        "half-hidden",
        "Medio escondido",
        "Half hidden",
        -2,
        None,
        "Objetivo oculto: usar tabla de localización de impacto o -2",
        "Concealed target",
        group="concealment",
        rule="Objetivo oculto",
    ),
    _m(
        "head-and-shoulders",
        "Objetivo solo cabeza y hombros",
        "Only head and shoulders showing",
        -4,
        None,
        "Objetivo oculto",
        "Concealed target",
        group="concealment",
        rule="Objetivo oculto",
    ),
    _m(
        "bounce",
        "Ataque rebotando",
        "Bounce",
        None,
        None,
        "Requiere 1 Nivel de Combate por rebote; +1 a +3 de sorpresa",
        "Needs 1 combat level per bounce; +1 to +3 surprise",
        source="bounces",
        rule="Ataque rebotando",
    ),
    _m(
        "brace",
        "Apoyado",
        "Brace",
        2,
        None,
        "Sólo afecta ataques a distancia; Se puede combinar con establecer",
        "Ranged attacks only; combines with Set",
        source="brace",
        dcv_half=True,
        rule="Apoyado",
    ),
    _m(
        "coordinated",
        "Ataques coordinados",
        "Coordinated attacks",
        None,
        None,
        "Combinar el daño solo para aturdir",
        "Combine the damage only to stun",
        rule="Ataques coordinados",
    ),
    _m(
        "encumbrance",
        "Estorbo",
        "Encumbrance",
        None,
        None,
        "El atacante lleva demasiado peso: VCD -0 a -4",
        "The character carries too much weight: DCV -0 to -4",
        source="sheet",
        rule="Estorbo",
    ),
    _m(
        "explosion",
        "Explosiones",
        "Explosions",
        None,
        None,
        "Tratar como efecto de área",
        "Treat as area effect",
        source="attack",
        rule="Explosión",
    ),
    _m(
        "multiple-attackers",
        "Múltiples atacantes",
        "Multiple attackers",
        None,
        -1,
        "+1 VCO/cada atacante después del primero; deben coordinarse; mínimo 1/2 VCD",
        "+1 per attacker after the first; must coordinate; at least 1/2 DCV",
        source="attackers",
        rule="Ataques múltiples",
    ),
    _m(
        "off-hand",
        "Mano torpe",
        "Off hand",
        -3,
        None,
        "Si se usa dicha mano",
        "If that hand is used",
        rule="Mano mala",
    ),
    _m(
        "target-prone",
        "Objetivo tumbado",
        "Prone target",
        None,
        None,
        "Puede estar oculto: VCD x1/2",
        "May be concealed: DCV x1/2",
        source="state",
        dcv_half=True,
    ),
    _m(
        "set",
        "Establecerse",
        "Set",
        1,
        None,
        "Toma 1 fase completa",
        "Takes 1 full phase",
        source="maneuver",
        rule="Establecerse",
    ),
    _m(
        "spread",
        "Esparcir ráfaga de energía",
        "Spreading a blast",
        None,
        None,
        "Por cada objetivo, +1 VCO por cada -1d6",
        "+1 OCV per -1d6",
        source="spread",
        rule="Esparcir ráfaga de energía",
    ),
    _m(
        "surprise-maneuver",
        "Maniobra de sorpresa",
        "Surprise maneuver",
        None,
        None,
        "DJ decide +1 a +3",
        "GM decides +1 to +3",
        source="surprise_bonus",
        rule="Maniobra de sorpresa",
    ),
    _m(
        "surprised-in-combat",
        "Sorprendido en combate",
        "Surprised in combat",
        None,
        None,
        "VCD x1/2",
        "DCV x1/2",
        dcv_half=True,
        group="surprised",
        rule="Sorprendido",
    ),
    _m(
        "surprised-out-of-combat",
        "Sorprendido fuera de combate",
        "Surprised out of combat",
        None,
        None,
        "x2 daño ATU; VCD x1/2",
        "x2 STUN damage; DCV x1/2",
        dcv_half=True,
        group="surprised",
        rule="Sorprendido",
    ),
    _m(
        "size-1-hex",
        "Llena 1 hexágono",
        "Fills 1 hex",
        2,
        None,
        "Tamaño del objetivo",
        "Target size",
        group="size",
        rule="Tamaño del objetivo",
    ),
    _m(
        "size-2-hexes",
        "Llena 2 hexágonos",
        "Fills 2 hexes",
        4,
        None,
        "Tamaño del objetivo",
        "Target size",
        group="size",
        rule="Tamaño del objetivo",
    ),
    _m(
        "size-4-hexes",
        "Llena 4 hexágonos",
        "Fills 4 hexes",
        6,
        None,
        "Tamaño del objetivo",
        "Target size",
        group="size",
        rule="Tamaño del objetivo",
    ),
    _m(
        "size-half",
        "1/2 de tamaño humano",
        "1/2 human size",
        -2,
        None,
        "Tamaño del objetivo",
        "Target size",
        group="size",
        rule="Tamaño del objetivo",
    ),
    _m(
        "size-quarter",
        "1/4 de tamaño humano",
        "1/4 human size",
        -4,
        None,
        "Tamaño del objetivo",
        "Target size",
        group="size",
        rule="Tamaño del objetivo",
    ),
    _m(
        "size-eighth",
        "1/8 de tamaño humano",
        "1/8 human size",
        -6,
        None,
        "Tamaño del objetivo",
        "Target size",
        group="size",
        rule="Tamaño del objetivo",
    ),
    _m(
        "thrown-unbalanced",
        "Desequilibrado y no dinámico",
        "Unbalanced and unaerodynamic",
        -4,
        None,
        "Lanzar algo: sólo a distancia",
        "Thrown object: at range only",
        group="thrown",
        range_only=True,
        rule="Lanzar objetos",
    ),
    _m(
        "thrown-balanced-or-aerodynamic",
        "Equilibrado o aerodinámico",
        "Balanced or aerodynamic",
        -2,
        None,
        "Lanzar algo: sólo a distancia",
        "Thrown object: at range only",
        group="thrown",
        range_only=True,
        rule="Lanzar objetos",
    ),
    _m(
        "thrown-balanced-and-aerodynamic",
        "Equilibrado y aerodinámico",
        "Balanced and aerodynamic",
        0,
        None,
        "Lanzar algo",
        "Thrown object",
        group="thrown",
        range_only=True,
        rule="Lanzar objetos",
    ),
    _m(
        "target-hex",
        "Objetivo es un hexágono",
        "Target is a hex",
        None,
        None,
        "Debe golpear al hexágono VCD (3, excepto adyacentes)",
        "Must hit the hex: DCV 3 (0 adjacent)",
        rule="Ataques de efecto de área",
    ),
    _m(
        "unfamiliar-weapon",
        "Arma sin familiaridad",
        "Unfamiliar weapon",
        -3,
        None,
        "-3 VCO",
        "-3 OCV",
        rule="Arma sin familiaridad",
    ),
)

BY_SLUG: dict[str, CombatModifier] = {m.slug: m for m in COMBAT_MODIFIERS}
# The ones an attack names in its `modifiers` list; the others come from fields, the attack or state.
LISTED = frozenset(m.slug for m in COMBAT_MODIFIERS if m.source == "modifiers")

# "El VCD de un hexágono es 3, o 0 si el hexágono es adyacente." (Ataques de efecto de área)
HEX_DCV, ADJACENT_HEX_DCV = 3, 0
ADJACENT = 1  # inches: the target stands in the next hex

# "4" o menos -0 / 5" - 8" -2 / 9" - 16" -4 / … etc." (Tabla de modificador por distancia)
RANGE_TABLE = ((0, 4, 0), (5, 8, -2), (9, 16, -4), (17, 32, -6), (33, 64, -8), (65, 128, -10))


def range_penalty(inches) -> int:
    """−2 per doubling of the range beyond 4" (the table's "etc…" goes on doubling)."""
    r = Fraction(inches)
    if r <= 4:
        return 0
    limit, penalty = Fraction(4), 0
    while r > limit:
        limit *= 2
        penalty -= 2
    return penalty
