"""The typed, frozen shapes of the Epic20 catalogue (docs/design.md: "The catalogue is data").

Every entry carries `slug` (from `rules.text.slugify(name_es)` unless two names collide),
`name_es` exactly as the rule document writes it, `name_en`, the rule text in both languages
(`description_es` is taken from the document; `description_en` is our translation) and `rule`,
the section of `seeds/000_600e539ed550f0dc.txt` it comes from.

Costs and attribute values are `fractions.Fraction` (½ is `Fraction(1, 2)`), so budgets add
up exactly; the API renders them as JSON numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

HALF = Fraction(1, 2)
ONE = Fraction(1)
ZERO = Fraction(0)


class AttackKind(StrEnum):
    """The four kinds of attack and the attribute each uses by default (ATACAR EN COMBATE)."""

    MELEE = "melee"  # Corpulencia
    RANGED = "ranged"  # Agilidad
    MENTAL = "mental"  # Inteligencia
    EMOTIONAL = "emotional"  # Presencia


class PowerCategory(StrEnum):
    """The headings of LISTA DE PODERES."""

    ATTACK = "superataque"
    DEFENSE = "superdefensa"
    MOVEMENT = "movimiento"
    UTILITY = "utilidad"
    MODIFIER = "modificador"


class Shape(StrEnum):
    """How many targets an attack power reaches."""

    SINGLE = "single"
    CONE = "cone"  # Ataque de ráfaga (optional use), cono cuerpo a cuerpo
    AREA = "area"  # área circular


@dataclass(frozen=True)
class AttributeRequirement:
    """`any_of` attributes, at least one of which must have value >= `minimum`
    (1 = destacable). `forbid_zero`: none of them may be *no desarrollado*.
    Example: "Requiere que la Inteligencia o la Percepción sea atributo destacable"
    → AttributeRequirement(any_of=("inteligencia", "percepcion")).
    """

    any_of: tuple[str, ...]
    minimum: Fraction = ONE


@dataclass(frozen=True)
class Attribute:
    slug: str
    name_es: str
    name_en: str
    attack_kind: AttackKind | None
    description_es: str
    description_en: str
    rule: str = "LISTA DE ATRIBUTOS"


@dataclass(frozen=True)
class Skill:
    slug: str
    name_es: str
    name_en: str
    attribute: str  # attribute slug
    specialty: bool  # Estudios de…, Conocimientos de…, Ejerce de…: free-text specialty
    description_es: str
    description_en: str
    rule: str = "LISTA DE HABILIDADES"


@dataclass(frozen=True)
class Power:
    slug: str
    name_es: str
    name_en: str
    category: PowerCategory
    cost: Fraction  # per unit (per limb, per sense, per extra life…)
    description_es: str
    description_en: str
    attribute: str | None = None  # linked attribute slug for attacks and rolled powers
    attack_kind: AttackKind | None = None  # melee / ranged / mental / emotional
    shape: Shape | None = None
    progression: tuple[str, ...] = ()  # degrees in order (SUPERPODERES CON PROGRESIÓN)
    requires: tuple[str, ...] = ()  # power slugs that must also be on the sheet
    includes: tuple[str, ...] = ()  # power slugs this one includes ("incluye el poder anterior")
    repeatable: bool = False  # may be bought several times (Vida extra, Supersentidos…)
    creation_allowed: bool = True  # False: "no se puede seleccionar durante la creación"
    damage: str | None = None  # "physical" | "mental" | "emotional" | None (no damage)
    penetrating: bool = False
    rule: str = "LISTA DE PODERES"
    # Added after the first draft (all optional):
    area_cost: Fraction | None = None  # modifier cost on area/cone attacks ("Ataque penetrante": +1)
    modifies: tuple[str, ...] = ()  # for modifiers: power slugs it may be added to; () = any power
    detail: bool = False  # the player must say what (which sense, element, attribute, movement…)
    mundane_attack: bool = False  # its attack is mundane (½), not special (1): "Convertirse en gas nocivo"


@dataclass(frozen=True)
class Advantage:
    slug: str
    name_es: str
    name_en: str
    cost: Fraction  # per unit
    description_es: str
    description_en: str
    requires_attributes: tuple[AttributeRequirement, ...] = ()
    repeatable: bool = False  # several points may be put in it (Equipo, Base secreta…)
    detail: bool = False  # takes a free-text detail (Influencia en…, Equipo…)
    rule: str = "LISTA DE VENTAJAS"
    levels_per_point: int | None = None  # at most one point per this many levels (Equipo especial: 4)


@dataclass(frozen=True)
class Maneuver:
    slug: str
    name_es: str
    name_en: str
    description_es: str
    description_en: str
    family: str  # maneuvers of one family do not stack (FAQ: "nombre similar")
    tier: int = 1
    requires: tuple[str, ...] = ()  # maneuver slugs (the previous tier, "Retrasar acción"…)
    requires_attributes: tuple[AttributeRequirement, ...] = ()
    cost: Fraction = ONE  # one maneuver slot
    rule: str = "MANIOBRAS DE COMBATE"
    # FAQ "¿Se pueden acumular las maniobras de combate?": similar names (usually the same first
    # word) do not stack in one action: "ataque brutal" with "ataque a fondo" is refused.
    stack_group: str = ""  # slug of the first word of the name; "" = unknown


@dataclass(frozen=True)
class Complication:
    slug: str
    name_es: str
    name_en: str
    description_es: str
    description_en: str
    detail: bool = False  # "Vulnerabilidad a «algo»", "Fobia"… take a free-text detail
    rule: str = "COMPLICACIONES"
    includes: tuple[str, ...] = ()  # complication slugs it includes ("Monstruoso" → "llamativo")


@dataclass(frozen=True)
class Catalogue:
    attributes: tuple[Attribute, ...]
    skills: tuple[Skill, ...]
    powers: tuple[Power, ...]
    advantages: tuple[Advantage, ...]
    maneuvers: tuple[Maneuver, ...]
    complications: tuple[Complication, ...]
    archetypes: tuple = field(default=())  # rules.epic20.archetypes.Archetype

    def by_slug(self, kind: str) -> dict:
        return {entry.slug: entry for entry in getattr(self, kind)}
