"""From a rolled attack to its outcome (ATACAR, DAÑO EN COMBATE, MANIOBRAS DE COMBATE).

"Cuando se tiene éxito en una tirada de ataque … pero se supera por menos de cinco, se aplica
-1 a la defensa … por cada 5 puntos de diferencia en la tirada de impactar se recibe un punto de
daño". A natural 20 always hits and a natural 1 always misses (RESOLVER ACCIONES).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.epic20.dice import Roll

from . import damage_types, equipment, hero_points, hit_effects, powers_in_play
from .attack import AttackSpec, PreparedAttack
from .damage import take_damage
from .maneuvers import RULE as MANEUVERS
from .state import (
    ACTING,
    ACTIVE,
    READY,
    CombatantState,
    Condition,
    Event,
    with_condition,
    without_condition,
)
from .success import check

DAMAGE_RULE = "DAÑO EN COMBATE"
KEEP_AMMO = {1: 20, 2: 19, 3: 18}  # Ataque sostenido 1-3: a d20 this high keeps the ammunition
POWER_ATTACK_DEFENSE = {1: 2, 2: 1, 3: 0}  # Ataque poderoso 1-3: own defense lost after attacking


@dataclass(frozen=True)
class AttackOutcome:
    attacker: CombatantState
    target: CombatantState
    events: tuple[Event, ...]
    roll: Roll
    hit: bool
    margin: int
    successes: int
    damage: int
    defense_loss: int
    penetrating: bool
    counter_attack: bool = False  # the target earned an extra attack (Ataque a fondo)


def _who(state: CombatantState) -> str:
    return state.display_name


def _until_next_turn(slug: str, source: str, holder: CombatantState, **kw) -> Condition:
    """A condition that lasts until the holder's next turn starts."""
    return Condition(slug, source=source, rule=kw.pop("rule", MANEUVERS), ends="start_of_turn", turns=1, **kw)


def _unaware(prepared: PreparedAttack) -> bool:
    names = {c.split(":")[0] for c in prepared.spec.circumstances}
    return bool(
        names & {"objetivo-desprevenido", "ataque-por-sorpresa"}
        or prepared.target.condition("unaware")
        or prepared.target.condition("blinded")
    )


def _shield_blocks_loss(prepared: PreparedAttack) -> bool:
    """Defensa con escudo 1-3: no −1 defense from a hit without success when the attacker's value
    (+2 per Superioridad, −2 per Inferioridad) is not above the defender's (+2 / +4 at tiers 2 / 3);
    not against penetrating attacks, heavy weapons or unaware defenders."""
    from .maneuvers import tier

    target = prepared.target
    n = tier(target, "defensa-con-escudo")
    shields = [eq for eq in target.equipment if eq.shield and eq.status == READY]
    other_defense = target.condition("total-defense") or target.condition("running-defense")  # same family
    # "Esto no funciona contra ataques penetrantes (ver el superpoder), a menos que el escudo tenga
    # inmunidad contra ese tipo de ataques" (seed l.741).
    pierced = prepared.penetrating and not any(damage_types.shield_immune(eq, prepared) for eq in shields)
    if not n or not shields or other_defense or pierced or prepared.profile.artillery or _unaware(prepared):
        return False
    attacker_value = prepared.bonus + 2 * prepared.net
    defender_value = (target.attack_bonus.get("melee") or 0) + {1: 0, 2: 2, 3: 4}[n]
    return attacker_value <= defender_value


def _defense_loss(prepared: PreparedAttack, hit: bool, successes: int) -> int:
    """The target's −1 defense from this roll (DAÑO EN COMBATE)."""
    # Bare hits cost 1 defense; a penetrating attack costs it on every hit (Ataque penetrante).
    defense_loss = 1 if hit and (successes == 0 or prepared.penetrating) else 0
    if hit and successes == 0:
        # Ataque manteniendo la distancia "es inefectiva contra ataques con «ataque penetrante»";
        # the shield checks penetration itself (an immune shield still works, seed l.741).
        target, profile = prepared.target, prepared.profile
        keeping = (
            target.condition("keeping-distance") and profile.kind == "melee" and not prepared.penetrating
        )
        if keeping or _shield_blocks_loss(prepared):
            defense_loss = 0  # Ataque manteniendo la distancia / Defensa con escudo
    return defense_loss


def _attack_event(prepared: PreparedAttack, outcome: AttackOutcome, extra: dict) -> Event:
    """The attack's own log line (ATACAR EN COMBATE); the target's defense is private to the target."""
    profile, spec, defense = prepared.profile, prepared.spec, prepared.defense.value
    attacker, target, roll = outcome.attacker, outcome.target, outcome.roll
    hit, damage = outcome.hit, outcome.damage
    said_es = f"{_who(attacker)} ataca a {_who(target)}: {roll.total}"
    said_en = f"{_who(attacker)} attacks {_who(target)}: {roll.total}"
    outcome_es = f", impacta ({damage} de daño)." if hit else ", falla."
    outcome_en = f", hits ({damage} damage)." if hit else ", misses."
    return Event(
        "attack",
        f"{said_es} contra defensa {defense}{outcome_es}",
        f"{said_en} vs defense {defense}{outcome_en}",
        "ATACAR EN COMBATE",
        actor=attacker.id,
        target=target.id,
        roll=roll,
        sources=prepared.sources,
        private="target",
        public=(said_es + outcome_es, said_en + outcome_en),  # the target's defense left out
        data={
            "with": spec.with_,
            "kind": profile.kind,
            "maneuvers": list(spec.maneuvers),
            "attack_type": float(profile.attack_type),
            "attribute": profile.attribute,
            "level": prepared.level,
            "target_defense": defense,
            "defense": prepared.defense.as_dict(),
            "hit": hit,
            "critical": roll.natural_20,
            "margin": outcome.margin,
            "successes": outcome.successes,
            "damage": damage,
            "defense_penalty": outcome.defense_loss,
            "penetrating": prepared.penetrating,
            "target_hit_points": target.hit_points,
            "target_status": target.status,
            **extra,
        },
    )


def apply_attack(prepared: PreparedAttack, roll: Roll) -> AttackOutcome:
    """Resolve a prepared attack with its roll. Returns the new attacker and target states."""
    attacker, target, profile, spec = prepared.attacker, prepared.target, prepared.profile, prepared.spec
    result = check(roll, prepared.defense.value)
    hit, margin, successes = result.success, result.margin, result.successes
    effects: list[Event] = []
    extra: dict = {}
    # Immunities, Vulnerabilidad a «algo», Insustancial (damage_types.py): the same for every roll.
    reading = damage_types.read(prepared)
    extra.update(reading.data)
    defense_loss = _defense_loss(prepared, hit, successes)
    # The effect of the maneuver or power, one handler per kind (hit_effects.py).
    handler = hit_effects.handler_for(prepared, reading.unaffected, hit)
    applied = handler(hit_effects.Hit(prepared, hit, margin, successes, defense_loss))
    attacker, target, defense_loss, damage = (
        applied.attacker,
        applied.target,
        applied.defense_loss,
        applied.damage,
    )
    extra.update(applied.extra)
    effects += applied.effects
    damage *= reading.factor  # COMPLICACIONES, Vulnerabilidad a «algo»: "doble daño"
    notes = damage_types.events(reading, attacker, target, damage) if hit else []

    target = replace(target, defense_penalty=target.defense_penalty + defense_loss)
    damage_events: list[Event] = []
    if damage:
        target, damage_events = take_damage(target, damage, profile.damage or "physical", by=attacker.id)
    if hit and roll.natural_20 and not reading.unaffected:
        target, more = equipment.after_critical_received(target, prepared.defense.armor_item)
        effects += more
    attacker, more = equipment.after_own_roll(attacker, profile.equipment, roll)
    effects += more
    attacker, counter = _after_maneuver(attacker, target, prepared, roll, hit, effects)
    attacker = without_condition(attacker, "aiming", other=target.id)
    attacker, more = powers_in_play.after_attack(attacker)  # Camuflaje / Invisibilidad switch off
    effects += more
    attacker = without_condition(attacker, "assisted")
    attacker, more = hero_points.award_for_critical(attacker, roll, stressful=spec.stressful)
    effects += more

    outcome = AttackOutcome(
        attacker=attacker,
        target=target,
        events=(),
        roll=roll,
        hit=hit,
        margin=margin,
        successes=successes,
        damage=damage,
        defense_loss=defense_loss,
        penetrating=prepared.penetrating,
        counter_attack=counter,
    )
    attack_event = _attack_event(prepared, outcome, extra)
    return replace(outcome, events=(*prepared.events, attack_event, *notes, *damage_events, *effects))


def _exposed_after(attacker: CombatantState, tiers: Mapping[str, int]) -> CombatantState:
    """Ataque a fondo, Ataque poderoso, Agarrón: "todos sus oponentes ganan Superioridad contra él" /
    "Los enemigos ganan Superioridad contra este luchador"."""
    exposing = {"ataque-a-fondo", "ataque-poderoso", "agarron"} & set(tiers)
    if not exposing:
        return attacker
    return with_condition(attacker, _until_next_turn("exposed", sorted(exposing)[0], attacker))


def _after_lunge(
    attacker: CombatantState, target: CombatantState, tier: int, effects: list[Event]
) -> tuple[CombatantState, bool]:
    """Ataque a fondo: "Si el oponente aguanta en pie tras ser atacado, gana además un ataque extra
    contra él ese turno". Returns the attacker and whether the target earned that attack."""
    attacker = with_condition(
        attacker,
        _until_next_turn("lunging", "ataque-a-fondo", attacker, other=target.id, value=tier),
    )
    counter = target.status == ACTIVE
    if counter:
        effects.append(
            Event(
                "counter_attack",
                f"{_who(target)} gana un ataque extra contra {_who(attacker)}.",
                f"{_who(target)} earns an extra attack against {_who(attacker)}.",
                MANEUVERS,
                actor=target.id,
                target=attacker.id,
            )
        )
    return attacker, counter


def _after_power_attack(attacker: CombatantState, tier: int) -> CombatantState:
    """Ataque poderoso: "La defensa del luchador disminuye en 2 tras realizar su ataque" (2: en 1;
    3: no disminuye)."""
    return replace(attacker, defense_penalty=attacker.defense_penalty + POWER_ATTACK_DEFENSE[tier])


def _after_defensive_attack(attacker: CombatantState, target: CombatantState) -> CombatantState:
    """Ataque defensivo: the Inferioridad on the target's attacks lasts until the fighter's next turn."""
    turns_cond = Condition(
        "defensive-attack",
        source="ataque-defensivo",
        rule=MANEUVERS,
        other=target.id,
        ends="start_of_turn" if attacker.turn == ACTING else "end_of_turn",
    )
    return with_condition(attacker, turns_cond)


def _after_sustained_fire(
    attacker: CombatantState, prepared: PreparedAttack, roll: Roll, effects: list[Event]
) -> CombatantState:
    """Ataque sostenido 1-3: a high enough d20 keeps the ammunition (KEEP_AMMO); otherwise the weapon
    runs dry and the maneuver is spent for the scene."""
    keep = any(face >= KEEP_AMMO[prepared.tiers["ataque-sostenido"]] for face in roll.faces)
    if keep:
        return attacker
    attacker, more = equipment.out_of_ammo(attacker, prepared.profile.equipment)
    effects += more
    # "sólo puede usarse una vez por escena, salvo que la munición no se llegue a agotar"
    return with_condition(
        attacker,
        Condition("sustained-fire-used", source="ataque-sostenido", rule=MANEUVERS, ends="scene"),
    )


def _after_crash(attacker: CombatantState, target: CombatantState) -> CombatantState:
    """Provocar choque: the target learns the trick, one more Inferioridad for the day."""
    learned = attacker.condition("crash-learned", other=target.id)
    return with_condition(
        attacker,
        Condition(
            "crash-learned",
            source="provocar-choque",
            rule=MANEUVERS,
            other=target.id,
            ends="day",
            value=(learned.value if learned else 0) + 1,
        ),
    )


def _keeping_distance_after(attacker: CombatantState, prepared: PreparedAttack) -> CombatantState:
    """Ataque manteniendo la distancia 1-3 (a reach weapon): no −1 defense from melee hits until the
    next turn when this attack had a hero point's Superioridad (1), Superioridad (2), no Inferioridad (3)."""
    from .maneuvers import earned_by_tier, tier

    spec = prepared.spec
    n = tier(attacker, "ataque-manteniendo-la-distancia")
    if not n or not prepared.profile.reach or any(m.startswith("ataque") for m in spec.maneuvers):
        return attacker
    # Each tier keeps the lower ones (Ataque de rango largo 2-3, l.729-733).
    hero = spec.hero_point == "superioridad"
    if not earned_by_tier(n, hero_superiority=hero, net=prepared.net):
        return attacker
    return with_condition(
        attacker, _until_next_turn("keeping-distance", "ataque-manteniendo-la-distancia", attacker)
    )


def _after_maneuver(attacker, target, prepared: PreparedAttack, roll: Roll, hit: bool, effects: list[Event]):
    """What the attacker's own maneuver does to the attacker after the attack."""
    tiers = prepared.tiers
    counter = False
    attacker = _exposed_after(attacker, tiers)
    if "ataque-a-fondo" in tiers:
        attacker, counter = _after_lunge(attacker, target, tiers["ataque-a-fondo"], effects)
    if "ataque-poderoso" in tiers:
        attacker = _after_power_attack(attacker, tiers["ataque-poderoso"])
    if "ataque-defensivo" in tiers:
        attacker = _after_defensive_attack(attacker, target)
    if "ataque-sostenido" in tiers:
        attacker = _after_sustained_fire(attacker, prepared, roll, effects)
    if "provocar-choque" in tiers and hit:
        attacker = _after_crash(attacker, target)
    return _keeping_distance_after(attacker, prepared), counter


def declare_defensive_attack(state: CombatantState, enemy_id: str) -> tuple[CombatantState, list[Event]]:
    """Ataque defensivo declared on the enemy's turn, before the fighter acts ("cuando le toca
    actuar a su enemigo o cuando le toca actuar al luchador, lo que ocurra antes")."""
    from .maneuvers import require

    require(state, "ataque-defensivo")
    cond = Condition(
        "defensive-attack", source="ataque-defensivo", rule=MANEUVERS, other=enemy_id, ends="end_of_turn"
    )
    return with_condition(state, cond), [
        Event(
            "maneuver",
            f"{_who(state)} declara un ataque defensivo.",
            f"{_who(state)} declares a defensive attack.",
            MANEUVERS,
            actor=state.id,
            target=enemy_id,
            data={"maneuver": "ataque-defensivo"},
        )
    ]


__all__ = [
    "AttackOutcome",
    "AttackSpec",
    "apply_attack",
    "declare_defensive_attack",
]
