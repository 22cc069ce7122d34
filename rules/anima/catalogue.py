"""The Anima catalogue: frozen data, every entry with its slug, the seed's Spanish name and an
English one. Where the seed names a table without giving it (Tabla de Ataques Apuntados, Tabla
de Zonas de Daño, the range by Percepción), the values are the project's reading, explained in
docs/rules-notes-anima.md; the results table of impact levels lives in `results`."""

from __future__ import annotations

from dataclasses import asdict, dataclass

ATTACKING = "Atacar"
ATTACK_TYPES = "Los Tipos de Ataque"
DEFENDING = "Defenderse"
SUPERNATURAL = "El Combate Sobrenatural"
CRITICAL = "Las Consecuencias Críticas"
ACTIONS = "Las Acciones"
# Where the seed is silent (its readings: docs/rules-notes-anima.md), a tag names the seed's section
# the reading belongs to: initiative under the actions, the state between life and death under the
# critical consequences that lead to it.
NOTES = "Las Acciones"
LIFE_AND_DEATH = f"{CRITICAL} › Estado de Vida y Muerte"
REACH = f"{ATTACK_TYPES} › Ataque de Oportunidad (alcance de 2 metros)"


@dataclass(frozen=True)
class WeaponSize:
    slug: str
    name_es: str
    name_en: str
    # Atacar: "por cada ataque que quiera añadir … (Pequeña -2, Mediana -3, Grande -4)".
    multiple_attack_penalty: int
    # Ataque de Oportunidad: "(+3 Pequeña, +1 Mediana, -1 Grande)".
    opportunity_modifier: int

    def as_dict(self) -> dict:
        return asdict(self)


WEAPON_SIZES = (
    WeaponSize("small", "Pequeña", "Small", 2, 3),
    WeaponSize("medium", "Mediana", "Medium", 3, 1),
    WeaponSize("large", "Grande", "Large", 4, -1),
)
SIZES = {size.slug: size for size in WEAPON_SIZES}
# An unarmed attack is a small weapon (reading: docs/rules-notes-anima.md, "Desarmado").
UNARMED_SIZE = "small"


@dataclass(frozen=True)
class Capability:
    """Atacar / Defenderse: the three offensive and the three defensive capabilities."""

    slug: str
    name_es: str
    name_en: str
    offensive_es: str
    defensive_es: str
    sheet_key: str  # the sheet's number used to attack (and, behind a shield, to defend)

    def as_dict(self) -> dict:
        return asdict(self)


CAPABILITIES = (
    Capability("attack", "Capacidad de Ataque", "Attack capability", "Capacidad de Ataque",
               "Capacidad de Defensa", "attack"),
    Capability("magic", "Capacidad Mágica", "Magic capability", "Capacidad Mágica",
               "Capacidad Mágica", "magic_projection"),
    Capability("psychic", "Capacidad Psiónica", "Psychic capability", "Capacidad Psiónica",
               "Capacidad Psiónica", "psychic_projection"),
)  # fmt: skip
CAPABILITY = {c.slug: c for c in CAPABILITIES}
SUPERNATURAL_CAPABILITIES = ("magic", "psychic")


@dataclass(frozen=True)
class Zone:
    """A zone of the body as the Tabla de Ataques Apuntados lists it (its `aim_penalty`). Where a
    Consecuencia Crítica lands unaimed is the Tabla de Zonas de Daño's, a table of its own
    (`DAMAGE_ZONE_FACES`): the hands can be aimed at, but a roll gives them no face."""

    slug: str
    name_es: str
    name_en: str
    aim_penalty: int
    near: str  # Desmembramiento of an aimed attack: "una zona cercana"
    kills: bool = False  # "En caso de tratarse de la cabeza, el personaje muere automáticamente"

    @property
    def faces(self) -> tuple[int, ...]:
        """The d10 faces of the Tabla de Zonas de Daño that land on this zone (none for a hand)."""
        return tuple(face for face, slug in DAMAGE_ZONE_FACES.items() if slug == self.slug)

    def as_dict(self) -> dict:
        data = asdict(self)
        data["faces"] = list(self.faces)
        return data


# Tabla de Ataques Apuntados: the published penalties divided by 10 (docs/rules-notes-anima.md).
ZONES = (
    Zone("right-leg", "Pierna derecha", "Right leg", -2, "left-leg"),
    Zone("left-leg", "Pierna izquierda", "Left leg", -2, "right-leg"),
    Zone("abdomen", "Abdomen", "Abdomen", -2, "torso"),
    Zone("torso", "Torso", "Torso", -1, "abdomen"),
    Zone("right-arm", "Brazo derecho", "Right arm", -2, "right-hand"),
    Zone("left-arm", "Brazo izquierdo", "Left arm", -2, "left-hand"),
    Zone("right-hand", "Mano derecha", "Right hand", -4, "right-arm"),
    Zone("left-hand", "Mano izquierda", "Left hand", -4, "left-arm"),
    Zone("head", "Cabeza", "Head", -6, "torso", kills=True),
)
ZONE = {zone.slug: zone for zone in ZONES}

# Tabla de Zonas de Daño on the seed's d10 ("lanzar 2D10 para determinar dos zonas", Las
# Consecuencias Críticas): the published location table (Core Exxet, a d100) scaled to ten faces.
# Trunk 01–50 (ribs, shoulder, chest, heart 35: torso 4 faces; stomach, kidneys 15: abdomen 1),
# each arm with its hand 10, each leg with its foot 10, head 91–100 (docs/rules-notes-anima.md).
DAMAGE_ZONE_FACES: dict[int, str] = {
    1: "right-leg",
    2: "left-leg",
    3: "abdomen",
    4: "torso",
    5: "torso",
    6: "torso",
    7: "torso",
    8: "right-arm",
    9: "left-arm",
    10: "head",
}


def zone_for_face(face: int) -> Zone:
    """Tabla de Zonas de Daño: the zone a d10 lands on."""
    if face not in DAMAGE_ZONE_FACES:
        raise ValueError(f"no zone for a d10 face of {face}")
    return ZONE[DAMAGE_ZONE_FACES[face]]


@dataclass(frozen=True)
class CriticalConsequence:
    slug: str
    name_es: str
    name_en: str
    min_percent: int  # of the maximum hit points lost in one hit
    zones: int  # how many zones are destroyed (1D10 / 2D10)
    max_hit_points_loss_percent: int  # "pierde un 10% de sus Puntos de Vida máximos" / "un 20%"
    kills: bool = False

    def as_dict(self) -> dict:
        return asdict(self)


# Las Consecuencias Críticas: "Amputación … 50% … o más", "Desmembramiento … 75% … o más",
# "Muerte Automática: El personaje pierde el 100% de sus Puntos de Vida". Highest first.
CRITICAL_CONSEQUENCES = (
    CriticalConsequence("death", "Muerte Automática", "Automatic death", 100, 0, 0, kills=True),
    CriticalConsequence("dismemberment", "Desmembramiento", "Dismemberment", 75, 2, 20),
    CriticalConsequence("amputation", "Amputación", "Amputation", 50, 1, 10),
)
CONSEQUENCE = {c.slug: c for c in CRITICAL_CONSEQUENCES}


@dataclass(frozen=True)
class CombatState:
    """An Estado de Combate. The seed gives Flanqueo's −4 to the defensive capability; the others
    are the published game's modifiers scaled to the d10 (docs/rules-notes-anima.md)."""

    slug: str
    name_es: str
    name_en: str
    attack: int
    defense: int
    # El Combate Sobrenatural: casting only suffers "Visión reducida y Ceguera"; a supernatural
    # defense only "Sorpresa, Visión reducida y Ceguera".
    applies_to_casting: bool
    applies_to_supernatural_defense: bool

    def as_dict(self) -> dict:
        return asdict(self)


COMBAT_STATES = (
    CombatState("flanked", "Flanqueo", "Flanked", 0, -4, False, False),
    CombatState("surprised", "Sorpresa", "Surprised", 0, -9, False, True),
    CombatState("reduced-vision", "Visión reducida", "Reduced vision", -3, -3, True, True),
    CombatState("blinded", "Ceguera", "Blinded", -10, -8, True, True),
    CombatState("prone", "Derribado", "Prone", -3, -3, False, False),
)
STATE = {s.slug: s for s in COMBAT_STATES}


@dataclass(frozen=True)
class PerceptionRange:
    """El Combate Sobrenatural: "Si un poder no tiene un alcance predeterminado … Dicho alcance
    depende de la Característica de Percepción"; the table is the project's (rules notes)."""

    min_perception: int
    max_perception: int | None
    metres: int

    def as_dict(self) -> dict:
        return asdict(self)


PERCEPTION_RANGES = (
    PerceptionRange(1, 3, 5),
    PerceptionRange(4, 5, 10),
    PerceptionRange(6, 7, 25),
    PerceptionRange(8, 9, 50),
    PerceptionRange(10, 11, 100),
    PerceptionRange(12, 13, 250),
    PerceptionRange(14, 15, 500),
    PerceptionRange(16, None, 1000),
)


def range_for_perception(perception: int) -> int:
    for row in PERCEPTION_RANGES:
        if perception >= row.min_perception and (
            row.max_perception is None or perception <= row.max_perception
        ):
            return row.metres
    raise ValueError(f"no range for Percepción {perception}")


@dataclass(frozen=True)
class Modifier:
    """A fixed number the seed gives, served so pages and clients show the same rule."""

    slug: str
    name_es: str
    name_en: str
    value: int
    rule: str

    def as_dict(self) -> dict:
        return asdict(self)


DRAW_PENALTY = -4  # Atacar: "en el mismo turno en el que desenfunda o equipa su arma … -4"
EXTRA_WEAPON_PENALTY = -4  # Atacar: "ataque extra … con su arma adicional … -4"
FAST_PROJECTILE_PENALTY = -6  # El Combate Sobrenatural: "Proyectiles Rápidos … -6"
DEFENSE_STEP = -2  # Defenderse: "en el momento de recibir el tercer ataque … -2" acumulativo
FREE_DEFENSES = 2
MOVE_STEP = -2  # Las Acciones: "-2 a toda acción … por cada cuarto … adicional"
TWO_WEAPONS_SAME_SIZE = -2  # Atacar: "-2 a su Iniciativa si ambas armas son del mismo Tamaño"
TWO_WEAPONS_OTHER_SIZE = -4  # "… o -4 si no lo son"
ATTACKS_PER_POINTS = 10  # Atacar: "Por cada 10 puntos … puede realizar un ataque extra"
RELOAD_STEP_POINTS = 10  # "Por cada 10 puntos … la Recarga se reduce en un punto"
MAX_RELOAD_FOR_MULTIPLE = 5  # "Recarga mayor que 5 … solo puede realizar un ataque por turno"
AREA_LEVEL_STEP = 3  # El Combate Sobrenatural: "un Nivel de Impacto adicional por cada 3 puntos"
OPPORTUNITY_REACH_M = 2  # Ataque de Oportunidad: "salir del alcance (2 metros)"

MODIFIERS = (
    Modifier("draw", "Desenfundar o equipar el arma", "Drawing or readying the weapon", DRAW_PENALTY, ATTACKING),
    Modifier("extra-weapon", "Arma adicional", "Additional weapon", EXTRA_WEAPON_PENALTY, ATTACKING),
    Modifier("fast-projectile", "Proyectiles Rápidos", "Fast projectiles", FAST_PROJECTILE_PENALTY, SUPERNATURAL),
    Modifier("third-defense", "Tercera defensa y siguientes", "Third defense and later", DEFENSE_STEP, DEFENDING),
    Modifier("extra-movement", "Cuarto de Velocidad adicional", "Extra quarter of speed", MOVE_STEP, ACTIONS),
    Modifier("two-weapons-same-size", "Dos armas del mismo Tamaño", "Two weapons of one size",
             TWO_WEAPONS_SAME_SIZE, ATTACKING),
    Modifier("two-weapons-other-size", "Dos armas de distinto Tamaño", "Two weapons of different sizes",
             TWO_WEAPONS_OTHER_SIZE, ATTACKING),
)  # fmt: skip


@dataclass(frozen=True)
class AttackType:
    slug: str
    name_es: str
    name_en: str
    action: str  # the category of action it takes (Las Acciones)

    def as_dict(self) -> dict:
        return asdict(self)


ATTACK_TYPE_LIST = (
    AttackType("full-attack", "Ataque Completo", "Full attack", "complex"),
    AttackType("counterattack", "Contraataque", "Counterattack", "free"),
    AttackType("opportunity-attack", "Ataque de Oportunidad", "Opportunity attack", "free"),
    AttackType("supernatural-attack", "Ataque sobrenatural", "Supernatural attack", "free"),
)

POWER_KINDS = (
    {"slug": "attack", "name_es": "Ataque", "name_en": "Attack"},
    {"slug": "area", "name_es": "Área", "name_en": "Area"},
    {"slug": "passive", "name_es": "Pasivo", "name_en": "Passive"},
)
DEFENSE_KINDS = (
    {"slug": "block", "name_es": "Bloqueo", "name_en": "Block"},
    {"slug": "dodge", "name_es": "Esquiva", "name_en": "Dodge"},
)
STATUSES = (
    {"slug": "active", "name_es": "En pie", "name_en": "Standing"},
    {"slug": "dying", "name_es": "Estado de Vida y Muerte", "name_en": "Between life and death"},
    {"slug": "dead", "name_es": "Muerto", "name_en": "Dead"},
)
