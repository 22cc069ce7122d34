"""ARQUETIPOS › Energizado: the automatic attack of an energized body on whoever touches it."""

from __future__ import annotations

from dataclasses import replace

from rules.epic20.dice import DiceSource, roll_d20

from . import damage_types
from .attack import AttackSpec, PreparedAttack
from .attack_effects import AttackOutcome, _shield_blocks_loss
from .state import ACTIVE, CombatantState, Event
from .success import check

ENERGIZED = "energizado"
ENERGIZED_RULE = "ARQUETIPOS › Energizado"


def _touches(prepared: PreparedAttack, outcome: AttackOutcome) -> bool:
    """Energizado: "todo el que le golpea cuerpo a cuerpo o le toca": a melee hit on one target
    (bare hands, a melee weapon or power, a grab), not a melee cone or area. An insubstantial
    Energizado is not touched (or "no puede afectar a lo físico", Insustancial)."""
    energized, profile = prepared.target, prepared.profile
    return (
        energized.archetype == ENERGIZED
        and outcome.hit
        and profile.kind == "melee"
        and profile.shape == "single"
        and not prepared.spec.cone
        and energized.status == ACTIVE  # before the hit: a helpless Energizado attacks nobody
        and not damage_types.is_insubstantial(energized)
    )


def _aura(energized: CombatantState, toucher: CombatantState, powers) -> PreparedAttack:
    """The automatic attack as a real attack of the Energizado's own special melee attack power
    ("Está obligado a adquirir el superpoder de ataque especial cuerpo a cuerpo"), with its bonus
    against the toucher's melee defense and the state's Superioridad / Inferioridad. Nothing is
    paid or switched (it is no action of the Energizado)."""
    from rules.epic20.archetypes import SPECIAL_MELEE_ATTACKS

    from .attack import _penetrating
    from .attack_sources import all_sources
    from .defense import defense_against
    from .profiles import attack_bonus, profile_for
    from .sources import net_superiority

    power = next((p for p in SPECIAL_MELEE_ATTACKS if p in energized.powers), SPECIAL_MELEE_ATTACKS[0])
    if power not in energized.powers:  # an NPC sheet without it: the archetype's required power
        energized = replace(energized, powers=energized.powers | {power})
    # The energy "de un tipo determinado": the power's sheet detail, or plain energy.
    element = " ".join(energized.details.get(power, ())) or "energía"
    spec = AttackSpec("melee", with_=power, stressful=False, element=element)
    profile = profile_for(energized, "melee", power, powers)
    level = energized.effective_level
    value = energized.attribute(profile.attribute)
    sources = all_sources(energized, toucher, spec, profile, {})  # the same path as any attack
    net = net_superiority(sources)
    return PreparedAttack(
        attacker=energized,
        target=toucher,
        spec=spec,
        profile=profile,
        level=level,
        attribute_value=value,
        bonus=attack_bonus(level, value, profile.attack_type),
        defense=defense_against(toucher, profile, unstoppable=energized.has("imparable")),
        sources=tuple(sources),
        net=net,
        penetrating=_penetrating(energized, toucher, spec, profile, {}, net),
    )


def energized_retaliation(
    prepared: PreparedAttack, outcome: AttackOutcome, dice: DiceSource, powers=None
) -> AttackOutcome:
    """ARQUETIPOS › Energizado: "todo el que le golpea cuerpo a cuerpo o le toca recibe un ataque
    automático pero que sólo resta a la defensa y no puede causar daño. Esto no se aplica cuando él
    mismo ataca." — after a melee hit on an Energizado, the Energizado rolls its special melee
    attack against the attacker; a hit costs the attacker exactly 1 defense (what a hit takes from
    defense), whatever the successes; never hit points, stun or any other effect. Bare-hit
    protections (Defensa con escudo, Ataque manteniendo la distancia) and immunities to the aura's
    energy apply as to any hit. Only the target's aura counts: the attacker's own never adds to
    its attacks."""
    if not _touches(prepared, outcome):
        return outcome
    energized = prepared.target  # as it was when touched
    aura = _aura(energized, outcome.attacker, powers)
    roll = roll_d20(dice, aura.net, aura.bonus)
    defense = aura.defense.value
    result = check(roll, defense)
    hit, margin, successes = result.success, result.margin, result.successes
    loss = 1 if hit else 0  # "sólo resta a la defensa y no puede causar daño"
    blocked = None
    bare = hit and successes == 0
    keeping = aura.target.condition("keeping-distance") and not aura.penetrating
    if bare and (keeping or _shield_blocks_loss(aura)):
        loss, blocked = 0, "bare-hit-protection"  # Ataque manteniendo la distancia / escudo
    reading = damage_types.read(aura)
    if hit and reading.unaffected:
        loss, blocked = 0, reading.reason  # immune to the aura's energy
    toucher = replace(outcome.attacker, defense_penalty=outcome.attacker.defense_penalty + loss)
    a, b = energized.display_name, toucher.display_name
    nothing_es, nothing_en = ("impacta sin efecto.", "hits with no effect.") if hit else ("falla.", "misses.")
    result_es = f"impacta: {b} pierde {loss} de defensa." if loss else nothing_es
    result_en = f"hits: {b} loses {loss} defense." if loss else nothing_en
    event = Event(
        "energized_attack",
        f"La energía de {a} golpea a {b} al tocarle: {roll.total} contra defensa {defense}, {result_es}",
        f"{a}'s energy strikes {b} on contact: {roll.total} vs defense {defense}, {result_en}",
        ENERGIZED_RULE,
        actor=energized.id,
        target=toucher.id,
        roll=roll,
        sources=aura.sources,
        data={
            "with": aura.spec.with_,
            "element": aura.spec.element,
            "kind": "melee",
            "attack_type": float(aura.profile.attack_type),
            "attribute": aura.profile.attribute,
            "level": aura.level,
            "target_defense": defense,
            "defense": aura.defense.as_dict(),
            "hit": hit,
            "critical": roll.natural_20,
            "margin": margin,
            "successes": successes,
            "damage": 0,
            "defense_penalty": loss,
            "blocked": blocked,
        },
    )
    return replace(outcome, attacker=toucher, events=(*outcome.events, event))
