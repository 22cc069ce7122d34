"""Preparing an attack: profile, bonus, defense and every Superioridad/Inferioridad source.

`prepare_attack` does everything up to the roll, so `attack_odds` and `resolve_attack` share
it; `resolution.attack_effects.apply_attack` turns a roll into the outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from rules.core.errors import Refused
from rules.epic20.weapons import BODY_POWERS

from . import forms, hero_points, powers_in_play
from .attack_sources import all_sources
from .circumstances import parse as parse_circumstance
from .damage_types import refuse_insubstantial_attacker
from .defense import SPECIAL_PHYSICAL_POWERS, Defense, defense_against
from .maneuvers import RULE as MANEUVERS
from .maneuvers import check_stacking, earned_by_tier, family, require, tier
from .profiles import MUNDANE, SPECIAL, AttackProfile, attack_bonus, profile_for
from .sources import Source, net_superiority
from .state import ACTIVE, DEAD, READY, CombatantState, Event

RULE = "ATACAR EN COMBATE"
GRAB = (
    "pierde 1 acción de movimiento",
    "pierde acción estándar y de movimiento",
    "pierde todas sus acciones",
)
# Maneuvers of the "ataque" family that work without being declared; the FAQ forbids stacking
# them with another "ataque …" maneuver in the same standard action.
PASSIVE_ATTACK_MANEUVERS = ("ataque-brutal", "ataque-brutal-de-rafaga", "ataque-de-distancia-a-melee")


@dataclass(frozen=True)
class AttackSpec:
    """One attack as a client asks for it (docs/api.md "An attack").

    `maneuvers`: base slugs declared for this attack ("ataque-a-fondo", "tumbar"…).
    `hero_point`: "superioridad" or "subir-dos-niveles", paid with this roll.
    `extra_sources`: sources the caller knows of (Moverse mientras actúa from the action budget).
    `counter`: the extra attack a fighter earns against someone who used Ataque a fondo on them.
    """

    kind: str
    with_: str = "unarmed"
    circumstances: tuple[str, ...] = ()
    maneuvers: tuple[str, ...] = ()
    hero_point: str | None = None
    stressful: bool = True
    extra_sources: tuple[Source, ...] = ()
    target_weapon: str | None = None  # Desarmar
    drained_attribute: str | None = None  # Debilitar «Atributo»
    counter: bool = False
    cone: bool = False  # Ataque de ráfaga used as a cone (one of up to three targets)
    # The element or energy the attack is made of ("fuego", "láser"), for immunities and
    # vulnerabilities (damage_types.py); empty: a non-energy attack (Superdefensas).
    element: str = ""
    # Sugestión: the hypnotic order ("una orden hipnótica simple (una frase)"), and its condition
    # for Sugestión con condicionantes; shown in the log when it works.
    order: str = ""


@dataclass(frozen=True)
class PreparedAttack:
    attacker: CombatantState  # hero points already paid
    target: CombatantState
    spec: AttackSpec
    profile: AttackProfile
    level: int
    attribute_value: Fraction
    bonus: int
    defense: Defense
    sources: tuple[Source, ...]
    net: int
    penetrating: bool
    tiers: Mapping[str, int] = field(default_factory=dict)
    events: tuple[Event, ...] = ()

    @property
    def maneuver(self) -> str | None:
        """The declared maneuver that uses the standard action, if any."""
        from .maneuvers import STANDARD_ACTION_MANEUVERS

        return next((m for m in self.spec.maneuvers if m in STANDARD_ACTION_MANEUVERS), None)


def _src(slug: str, delta: int, rule: str, es: str, en: str) -> Source:
    return Source(slug, delta, rule, es, en)


def _refuse(code: str, es: str, en: str, rule: str = MANEUVERS) -> Refused:
    return Refused(code, rule, es, en)


def _profile(attacker, target, spec, powers, tiers) -> AttackProfile:
    declared = set(spec.maneuvers)
    # Maneuvers that are attacks of their own, whatever `with_` says (MANIOBRAS DE COMBATE).
    if "desmoralizar" in declared:
        # "ataque mundano (que no se puede convertir en especial …) basado en Presencia … pérdida emocional"
        return AttackProfile("desmoralizar", "emotional", MUNDANE, "presencia", damage="emotional")
    if "agotar" in declared:
        # "ataque mundano … basado en Inteligencia. Si impacta, este ataque NO resta puntos de vida"
        return AttackProfile("agotar", "mental", MUNDANE, "inteligencia", damage=None)
    if "provocar-choque" in declared:
        # "usa Agilidad … ataque mundano a menos que el oponente cuente con un supermovimiento o
        # superfuerza, en cuyo caso el ataque se considera especial"
        special = {"supermovimiento", "superfuerza"} & target.powers or target.has("superfuerza")  # Crecer
        return AttackProfile("provocar-choque", "melee", SPECIAL if special else MUNDANE, "agilidad")
    profile = profile_for(attacker, spec.kind, spec.with_, powers)
    if "agarron" in declared:
        if profile.kind != "melee":
            raise _refuse("maneuver.agarron_melee", "El agarrón es cuerpo a cuerpo.", "A grapple is melee.")
        # "intento de agarrar en cuerpo a cuerpo que funciona como el poder de Agarrar a Distancia"
        profile = replace(profile, damage=None, progression=GRAB, escape_attribute="corpulencia")
    if "golpe-en-los-nervios" in declared:
        profile = _nerve_strike(profile, target)
    study = attacker.condition("studied", other=target.id)
    reach = (
        ("melee",)
        if tiers.get("estudiar-objetivo", tier(attacker, "estudiar-objetivo")) < 2
        else ("melee", "ranged")
    )
    if study and profile.attack_type == MUNDANE and profile.kind in reach:
        # Estudiar objetivo: "causa daño especial con sus ataques mundanos de cuerpo a cuerpo"; 2: a distancia.
        profile = replace(profile, attack_type=SPECIAL)
    return profile


CHOSEN_WEAPON_KIND = {"fineza-con-un-arma": "melee", "ojo-agudo": "ranged"}


def _chosen_weapon(attacker: CombatantState, maneuver: str, profile: AttackProfile) -> bool:
    """Fineza con un arma / Ojo agudo work "con un arma … a elegir" (seed l.667-669): an item or an
    attack power other than the body (rules.epic20.weapons), the one the sheet chose
    (`CombatantState.chosen_weapons`, or items marked `chosen_for`); with nothing recorded, every
    weapon of the right kind."""
    if not attacker.has(maneuver) or profile.kind != CHOSEN_WEAPON_KIND[maneuver] or profile.unarmed:
        return False
    chosen = attacker.chosen_weapons.get(maneuver)
    if chosen:
        return chosen in (profile.slug, profile.equipment)
    marked = [eq.name for eq in attacker.equipment if maneuver in eq.chosen_for]
    if marked:
        return profile.equipment in marked
    return profile.equipment is not None or profile.slug not in BODY_POWERS


def _nerve_strike(profile: AttackProfile, target: CombatantState) -> AttackProfile:
    """Golpe en los nervios (seed l.795): "Este ataque cuerpo a cuerpo realizado con las manos sólo
    funciona contra seres vivos que no tienen superdefensas o armaduras mundanas que cubran todo el
    cuerpo. El ataque se considerará un ataque especial." A machine (the Androide, as Contacto
    curativo reads it) is no living being."""
    from .support import is_machine

    if not profile.unarmed:
        raise _refuse(
            "maneuver.nerve_strike_hands", "Se realiza con las manos.", "It is made with bare hands."
        )
    if is_machine(target):
        raise _refuse(
            "maneuver.nerve_strike_living",
            f"Sólo funciona contra seres vivos: {target.display_name} es una máquina.",
            f"It only works against living beings: {target.display_name} is a machine.",
        )
    armored = any(p in target.powers for p in SPECIAL_PHYSICAL_POWERS) or any(
        eq.armor and eq.kind == "mundane" and eq.status == READY for eq in target.equipment
    )
    if armored:
        raise _refuse(
            "maneuver.nerve_strike_armor",
            "No funciona contra superdefensas o armaduras mundanas.",
            "It does not work against superdefenses or mundane armor.",
        )
    return replace(profile, attack_type=SPECIAL)  # "El ataque se considerará un ataque especial"


def _attribute(attacker: CombatantState, profile: AttackProfile, declared: set[str]) -> tuple[str, Fraction]:
    options = [profile.attribute]
    if declared & {"desarmar", "tumbar"}:
        options += ["corpulencia", "agilidad"]  # "basado en Corpulencia o Agilidad, lo que prefiera"
    if _chosen_weapon(attacker, "fineza-con-un-arma", profile) and not profile.two_handed:
        options.append("agilidad")  # Fineza con un arma: "cuerpo a cuerpo que no sea a dos manos"
    if _chosen_weapon(attacker, "ojo-agudo", profile) and profile.shape == "single" and not profile.burst:
        options.append("percepcion")  # Ojo agudo: "que sólo realiza un ataque por turno … ni ráfagas"
    options += powers_in_play.attack_attributes(attacker, profile)  # Velocista corriendo (ARQUETIPOS)
    best = max(options, key=lambda a: (attacker.attribute(a), a == profile.attribute))
    return best, attacker.attribute(best)


def _two_ranged_weapons(attacker: CombatantState) -> bool:
    """The attacker has two ranged weapons ready (Ataque brutal de ráfaga without a burst weapon)."""
    ready = [eq for eq in attacker.equipment if eq.ranged and eq.status == READY and not eq.armor]
    return len(ready) >= 2


def _brutal_chains(attacker: CombatantState, profile: AttackProfile) -> list[str]:
    """The Ataque brutal chains this attack fits: a two-handed melee weapon (Ataque brutal), a
    burst or two ranged weapons (Ataque brutal de ráfaga)."""
    chains = []
    if profile.kind == "melee" and profile.two_handed:
        chains.append("ataque-brutal")
    if profile.kind == "ranged" and (profile.burst or _two_ranged_weapons(attacker)):
        chains.append("ataque-brutal-de-rafaga")
    return chains


def _brutal_attack_earned(attacker: CombatantState, spec, profile: AttackProfile, net: int) -> bool:
    """Ataque brutal 1-3 make the attack penetrating. 1: with a hero point for Superioridad;
    2: "cada vez que tiene Superioridad"; 3: "sin Inferioridad" — each tier keeps the lower ones
    (l.711-721)."""
    hero = spec.hero_point == "superioridad"
    return any(
        earned_by_tier(tier(attacker, base), hero_superiority=hero, net=net)
        for base in _brutal_chains(attacker, profile)
    )


def _penetrating(attacker, target, spec, profile, tiers, net) -> bool:
    declared_attack = any(family(m) == "ataque" for m in spec.maneuvers)
    penetrating = profile.penetrating or (
        not declared_attack and _brutal_attack_earned(attacker, spec, profile, net)
    )
    if (
        penetrating
        and profile.kind in ("melee", "ranged")
        and "defensa-contra-ataque-penetrante" in target.powers
    ):
        return False  # "le permite anular el modificador «ataque penetrante»"
    return penetrating


def _refuse_down(attacker: CombatantState, target: CombatantState) -> None:
    if attacker.status != ACTIVE:
        raise _refuse(
            "attack.attacker_down", "No está en condiciones de atacar.", "Cannot attack in this state.", RULE
        )
    if target.status == DEAD:
        raise _refuse(
            "attack.target_dead", "El objetivo ya está muerto.", "The target is already dead.", RULE
        )


def _refuse_what_is_not_allowed(attacker: CombatantState, spec: AttackSpec, tiers) -> None:
    """The refusals that depend only on the declared maneuvers."""
    if "ataque-sostenido" in tiers and attacker.condition("sustained-fire-used"):
        raise _refuse(
            "maneuver.sustained_once_per_scene",
            "El ataque sostenido sólo una vez por escena.",
            "Sustained fire only once per scene.",
        )
    if "cegar" in tiers:
        _refuse_unpaid_blinding(attacker, spec)
    sizes = [parse_circumstance(c) for c in spec.circumstances if c.startswith("diferencia-de-tamano")]
    if "tumbar" in tiers and any(units >= 2 for _circ, units in sizes):
        raise _refuse(
            "maneuver.tumbar_too_big",
            "Dos categorías de tamaño más: no se puede tumbar.",
            "Two size categories larger: cannot be tripped.",
        )


def _refuse_unpaid_blinding(attacker: CombatantState, spec: AttackSpec) -> None:
    """Cegar "requiere el gasto de 1 punto de Héroe cuando tiene éxito": checked before rolling, so
    a success can always be paid (one hero point use per turn, PUNTOS DE HÉROE)."""
    if attacker.hero_points < 1:
        raise _refuse(
            "maneuver.cegar_needs_hero_point", "Cegar requiere 1 punto de Héroe.", "Blind needs 1 hero point."
        )
    if spec.hero_point or attacker.hero_point_uses_this_turn:
        raise _refuse(
            "hero_points.one_per_turn",
            "Cegar gasta el punto de Héroe de este turno.",
            "Blind spends this turn's hero point.",
            hero_points.RULE,
        )


def _refuse_blinded_shot(attacker: CombatantState, profile: AttackProfile) -> None:
    """Cegar (seed l.799): "El objetivo aturdido de esta forma no puede ver ni realizar ataques a
    distancia salvo que el director crea que puede localizar a su oponente. Sí puede atacar cuerpo
    a cuerpo". The GM who rules it can locate its opponent lifts the condition."""
    if attacker.condition("blinded") and profile.kind != "melee":
        raise _refuse(
            "maneuver.blinded_no_ranged",
            f"{attacker.display_name} está cegado: no puede atacar a distancia, sólo cuerpo a cuerpo.",
            f"{attacker.display_name} is blinded: no ranged attacks, only melee.",
        )


def _pay_hero_point(attacker: CombatantState, spec: AttackSpec, level: int):
    """The hero point bought with the roll: (attacker, level, sources, events)."""
    if spec.hero_point is None:
        return attacker, level, [], []
    if spec.hero_point not in ("superioridad", "subir-dos-niveles"):
        raise _refuse(
            "hero_points.use_with_roll",
            "Ese uso no se gasta en el ataque.",
            "Not spent on an attack.",
            hero_points.RULE,
        )
    attacker = hero_points.pay(attacker, 1, what=spec.hero_point)
    events = [hero_points._spent_event(attacker, spec.hero_point, 1)]
    if spec.hero_point == "subir-dos-niveles":
        return (
            attacker,
            level + 2,
            [],
            events,
        )  # "Subir 2 niveles para una acción estándar que sea instantánea"
    return (
        attacker,
        level,
        [_src("punto-de-heroe", +1, hero_points.RULE, "Punto de Héroe", "Hero point")],
        events,
    )


def _profile_in_hand(attacker, target, spec, powers, tiers) -> AttackProfile:
    powers_in_play.require_form(attacker, spec.with_)  # Tecnificado out of its armour
    profile = _profile(attacker, target, spec, powers, tiers)
    refuse_insubstantial_attacker(attacker, profile.kind)  # Insustancial (damage_types.py)
    forms.refuse_gas_attacker(attacker, profile.kind, spec.with_)  # Convertirse en gas
    _refuse_blinded_shot(attacker, profile)
    item = attacker.item(profile.equipment) if profile.equipment else None
    if item is not None and item.heavy:
        profile = replace(profile, artillery=True)  # arma pesada: andador, nave espacial, tanque…
    if "ataque-sostenido" in tiers and not (profile.equipment and profile.kind == "ranged"):
        raise _refuse(
            "maneuver.sustained_needs_weapon", "Requiere un arma a distancia.", "Needs a ranged weapon."
        )
    return profile


def prepare_attack(
    attacker: CombatantState,
    target: CombatantState,
    spec: AttackSpec,
    powers: Mapping[str, object] | None = None,
) -> PreparedAttack:
    """Everything before the roll. Raises `Refused` for what the rules do not allow."""
    _refuse_down(attacker, target)
    check_stacking(spec.maneuvers)
    tiers = {m: require(attacker, m) for m in spec.maneuvers}
    _refuse_what_is_not_allowed(attacker, spec, tiers)
    profile = _profile_in_hand(attacker, target, spec, powers, tiers)
    attacker, level, hero_sources, events = _pay_hero_point(attacker, spec, attacker.effective_level)
    attacker, more = powers_in_play.before_attack(attacker, profile)  # Uso limitado, Mago, Tecnificado
    events += more
    attr_slug, attr_value = _attribute(attacker, profile, set(tiers))
    profile = replace(profile, attribute=attr_slug)
    bonus = attack_bonus(level, attr_value, profile.attack_type)
    defense = defense_against(target, profile, unstoppable=attacker.has("imparable"))

    sources = all_sources(attacker, target, spec, profile, tiers) + hero_sources + list(spec.extra_sources)
    net = net_superiority(sources)
    return PreparedAttack(
        attacker=attacker,
        target=target,
        spec=spec,
        profile=profile,
        level=level,
        attribute_value=attr_value,
        bonus=bonus,
        defense=defense,
        sources=tuple(sources),
        net=net,
        penetrating=_penetrating(attacker, target, spec, profile, tiers, net),
        tiers=tiers,
        events=tuple(events),
    )
