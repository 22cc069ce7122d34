"""The plain, frozen data resolution takes and returns: combatants, conditions, events.

Nothing here knows about the database: the encounter app builds a `CombatantState` from a
sheet plus what happened so far, calls a resolution function, stores the new state and appends
the returned events to the turn log (docs/design.md "State and the turn log").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

from rules.epic20.dice import Roll

from .sources import Source

HALF = Fraction(1, 2)
ATTRIBUTES = ("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia")

# Combatant status (DAÑO EN COMBATE; FAQ "¿Cómo muere un personaje?" and daño emocional).
ACTIVE = "active"
UNCONSCIOUS = "unconscious"  # 0 hit points
FLED = "fled"  # 0 hit points with emotional damage: flees or surrenders
DYING = "dying"  # negative hit points, losing 1 per turn
STABLE = "stable"  # negative hit points, no longer losing them
DEAD = "dead"
DOWN = frozenset({UNCONSCIOUS, DYING, STABLE, DEAD})  # helpless: finishing blows get Superioridad

# Where a combatant is in the round, for stun timing (ATURDIMIENTO) and surprise.
WAITING, ACTING, DONE = "waiting", "acting", "done"

# Powers in play (powers_in_play.py): what a switched-on power grants while its condition lasts.
# Crecer: "cuenta como Superfuerza pero sólo al estar crecido. Gana la maniobra «interponerse»"
# (LISTA DE PODERES › Superpoderes de utilidad).
GRANTED_WHILE_ON = {"grown": frozenset({"superfuerza", "interponerse"})}

# Equipment status (Reglas de equipo).
READY = "ready"
BROKEN = "broken"  # needs a full turn to reactivate
UNUSABLE = "unusable"  # useless for the rest of the session
DROPPED = "dropped"  # disarmed: on the floor
LOST, STOLEN, DESTROYED = "lost", "stolen", "destroyed"


@dataclass(frozen=True)
class Condition:
    """A timed state on a combatant.

    `ends`: "start_of_turn" / "end_of_turn" (of the holder, after `turns` of them), or "scene",
    "session", "combat", "manual". `by` is who caused it, `other` whom it refers to (the aimed-at
    target, the studied enemy…), `value` a number (tier, count).
    """

    slug: str
    source: str = ""
    rule: str = ""
    by: str | None = None
    other: str | None = None
    value: int = 0
    ends: str = "end_of_turn"
    turns: int = 1


@dataclass(frozen=True)
class EquipmentState:
    """One item of the sheet's `equipment` and what happened to it (Reglas de equipo)."""

    name: str
    kind: str = "mundane"  # "special" | "mundane"
    power: str | None = None  # power slug the item reproduces, if any
    armor: bool = False
    shield: bool = False  # escudo embrazado (Defensa con escudo)
    two_handed: bool = False
    burst: bool = False  # arma de ráfaga
    reach: bool = False  # alcance extendido (Ataque manteniendo la distancia)
    ranged: bool = False
    status: str = READY
    # Arma pesada "(andador, nave espacial, etc)": immunities do not apply (Superdefensas' Nota),
    # nor Defensa con escudo; its attacks are `AttackProfile.artillery`.
    heavy: bool = False
    # The maneuvers that chose this item as their weapon "a elegir" (Fineza con un arma, Ojo
    # agudo; rules.epic20.weapons). Empty on every item: each item that fits counts.
    chosen_for: frozenset[str] = frozenset()
    # The elements or energies a shield is immune to ("a menos que el escudo tenga inmunidad contra
    # ese tipo de ataques", Defensa con escudo), from the sheet's Inmunidad detail on the item.
    immune_to: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProgressionEffect:
    """Accumulated degrees of a progression power on its victim (SUPERPODERES CON PROGRESIÓN)."""

    power: str
    by: str
    by_level: int
    degrees: int
    steps: tuple[str, ...]
    escape_attribute: str
    maintained: bool = True  # a fresh or maintained effect skips the next fade
    grab: bool = False  # a grab (Escapismo and Superfuerza help to escape it)


@dataclass(frozen=True)
class SkillStat:
    """One skill's roll as the sheet derives it (docs/api.md `derived.skills`): `bonus` from the linked
    attribute and `superiority`, the net count its value and the character's advantages give.
    `attribute` lets resolution redo the bonus when the level or attribute changes in play;
    `value` is only shown in the log."""

    bonus: int
    superiority: int
    attribute: str = ""
    value: Fraction | None = None


def _frozen(mapping: Mapping | None) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class CombatantState:
    """Everything resolution needs to know about one combatant, as plain data.

    `attributes` are 0, ½ or 1 (Fractions); `powers`, `maneuvers`, `advantages` and
    `complications` are catalogue slugs; `penetrating` names the attacks (power slugs or
    equipment names) that carry the "Ataque penetrante" modifier; `attack_bonus` is the sheet's
    derived best bonus per attack kind (used by Defensa con escudo to compare attack values);
    `skills` is the sheet's derived roll of every skill (key: slug, or "<slug>:<specialty>");
    `name` is what event texts call the combatant (its id when empty).
    """

    id: str
    level: int
    hit_points: int
    hit_points_max: int
    name: str = ""
    side: str = ""
    attributes: Mapping[str, Fraction] = field(
        default_factory=lambda: _frozen(dict.fromkeys(ATTRIBUTES, HALF))
    )
    powers: frozenset[str] = frozenset()
    maneuvers: frozenset[str] = frozenset()
    advantages: frozenset[str] = frozenset()
    complications: frozenset[str] = frozenset()
    archetype: str | None = None
    penetrating: frozenset[str] = frozenset()
    # Powers in play (powers_in_play.py): Uso limitado's hero point price by power slug, and the
    # ranged powers the sheet marks as throwing objects (Masa de músculos throws with Corpulencia).
    limited: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    thrown: frozenset[str] = frozenset()
    # Powers put away with the form that has them: a Tecnificado out of its armour ("forma sin
    # superpoderes") keeps its powers here, and none of them counts until it puts it back on.
    stowed_powers: frozenset[str] = frozenset()
    attack_bonus: Mapping[str, int | None] = field(default_factory=lambda: _frozen({}))
    # The weapon (item name or power slug) Fineza con un arma and Ojo agudo chose "a elegir",
    # by maneuver slug (rules.epic20.weapons.chosen_weapons). Empty: items marked
    # `EquipmentState.chosen_for` count, else every weapon of the right kind.
    chosen_weapons: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    skills: Mapping[str, SkillStat] = field(default_factory=lambda: _frozen({}))
    equipment: tuple[EquipmentState, ...] = ()
    minion: bool = False
    defense_penalty: int = 0
    conditions: tuple[Condition, ...] = ()
    progressions: tuple[ProgressionEffect, ...] = ()
    hero_points: int = 0
    hero_point_uses_this_turn: int = 0
    status: str = ACTIVE
    emotional_damage: int = 0
    # Necesita un elemento para subsistir (COMPLICACIONES): hit points lost for sleeping without the
    # element, which "no puede ser sanado hasta haber logrado este tipo de sueño" (needs.py).
    unhealable_damage: int = 0
    level_drain: int = 0
    attribute_drain: Mapping[str, Fraction] = field(default_factory=lambda: _frozen({}))
    turn: str = WAITING
    # The sheet's free-text details by slug (powers, advantages, complications), read by
    # damage_types.py: what an immunity or a "Vulnerabilidad a «algo»" covers ("fuego", "táser"),
    # the weapon Cazador de espíritus is tied to, an attack power's description ("rayo de fuego").
    details: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _frozen({}))

    def __post_init__(self):
        for name in ("attributes", "attack_bonus", "attribute_drain", "skills", "limited", "chosen_weapons"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        for name in (
            "powers",
            "maneuvers",
            "advantages",
            "complications",
            "penetrating",
            "thrown",
            "stowed_powers",
        ):
            object.__setattr__(self, name, frozenset(getattr(self, name)))
        details = {k: (v,) if isinstance(v, str) else tuple(v) for k, v in self.details.items()}
        object.__setattr__(self, "details", _frozen(details))

    # --- derived, read-only -------------------------------------------------------------
    @property
    def effective_level(self) -> int:
        """Debilitar nivel lowers the level (LISTA DE PODERES); never below 0."""
        return max(0, self.level - self.level_drain)

    def attribute(self, slug: str) -> Fraction:
        """Debilitar «Atributo»: ½ per damage, never below 0."""
        base = Fraction(self.attributes.get(slug, HALF))
        return max(Fraction(0), base - Fraction(self.attribute_drain.get(slug, 0)))

    @property
    def hero_points_max(self) -> int:
        """PUNTOS DE HÉROE: "El máximo … es de 1/2 nivel" (rounded down, REDONDEOS)."""
        return self.level // 2

    def has(self, slug: str) -> bool:
        """Owns the maneuver, power or advantage, or gained the maneuver for this turn with a
        hero point (PUNTOS DE HÉROE: "Ganar 1 maniobra de combate durante 1 turno")."""
        return (
            slug in self.maneuvers
            or slug in self.powers
            or slug in self.advantages
            or any(c.slug == "borrowed-maneuver" and c.source == slug for c in self.conditions)
            or any(slug in GRANTED_WHILE_ON.get(c.slug, ()) for c in self.conditions)
        )

    def condition(self, slug: str, other: str | None = None) -> Condition | None:
        for cond in self.conditions:
            if cond.slug == slug and (other is None or cond.other == other):
                return cond
        return None

    def item(self, name: str) -> EquipmentState | None:
        return next((eq for eq in self.equipment if eq.name == name), None)

    @property
    def conscious(self) -> bool:
        return self.status in (ACTIVE, FLED)

    @property
    def display_name(self) -> str:
        """What event texts call the combatant: its name, or its id when it has none."""
        return self.name or self.id


def with_condition(state: CombatantState, cond: Condition, *, stack: bool = False) -> CombatantState:
    """Add a condition; without `stack`, one of the same slug and `other` is replaced by the
    longer-lasting of the two (ATURDIMIENTO: "Este estado no se acumula")."""
    if stack:
        return replace(state, conditions=(*state.conditions, cond))
    old = state.condition(cond.slug, cond.other)
    if old is None:
        return replace(state, conditions=(*state.conditions, cond))
    keep = cond if (cond.turns, cond.value) >= (old.turns, old.value) else old
    return replace(state, conditions=tuple(keep if c is old else c for c in state.conditions))


def without_condition(state: CombatantState, slug: str, other: str | None = None) -> CombatantState:
    kept = tuple(c for c in state.conditions if not (c.slug == slug and (other is None or c.other == other)))
    return replace(state, conditions=kept)


def with_item(state: CombatantState, item: EquipmentState) -> CombatantState:
    return replace(state, equipment=tuple(item if eq.name == item.name else eq for eq in state.equipment))


@dataclass(frozen=True)
class Event:
    """One entry for the turn log (docs/api.md "An event"). `data` carries the type's own fields
    (`target_defense`, `hit`, `margin`, `damage`…); `sources` every Superioridad/Inferioridad
    that went into `roll`, each with where it came from."""

    type: str
    text_es: str
    text_en: str
    rule: str
    actor: str | None = None
    target: str | None = None
    roll: Roll | None = None
    sources: tuple[Source, ...] = ()
    data: Mapping = field(default_factory=lambda: _frozen({}))
    # The texts without the numbers a GM keeps behind the screen (an NPC's defense, hit points or
    # hero points), for readers who may not see them: `(text_es, text_en)`, or None when the
    # texts hold none. `private` names whose numbers they are: "actor" or "target".
    public: tuple[str, str] | None = None
    private: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "data", _frozen(self.data))

    def as_dict(self) -> dict:
        out = {
            "type": self.type,
            "actor": self.actor,
            "target": self.target,
            "text_es": self.text_es,
            "text_en": self.text_en,
            "rule": self.rule,
        }
        if self.roll is not None:
            out["roll"] = {**self.roll.as_dict(), "sources": [s.as_dict() for s in self.sources]}
        elif self.sources:
            out["sources"] = [s.as_dict() for s in self.sources]
        out.update(self.data)
        if self.private:
            out["private"] = self.private
        if self.public:
            out["public_text_es"], out["public_text_en"] = self.public
        return out
