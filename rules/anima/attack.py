"""One attack against one defense (Atacar): "(Capacidad Ofensiva de quien ataca + 1D10) –
(Capacidad Defensiva de quien se defiende + 1D10)", read on the results table, the damage as a
percentage, the critical consequence, and the counterattack it may earn (Defenderse).

The defender's roll is thrown in the same action: defending is "una Acción Gratuita", as often
as wanted, with −2 cumulative from the third defense of the turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.dice import DiceSource
from rules.core.encounter import Entry, Table

from . import critical
from .catalogue import ATTACKING, CAPABILITY, DEFENDING, SUPERNATURAL_CAPABILITIES
from .combatant import (
    ACTIVE,
    all_action_modifiers,
    defense_capability,
    defense_count_penalty,
    roll_d10,
    state_modifiers,
    total,
)
from .life_death import settle_status
from .results import damage_for, level_for, levels_from_state
from .texts import attack_texts

RULE = f"{ATTACKING}; {DEFENDING}"


@dataclass(frozen=True)
class Strike:
    """What one attack brings to the roll besides the two capabilities."""

    kind: str  # an attack type slug (catalogue.ATTACK_TYPE_LIST)
    capability: str  # attack | magic | psychic
    with_: str
    damage: int
    attack_modifiers: tuple[dict, ...] = ()
    defense_modifiers: tuple[dict, ...] = ()
    aimed: str | None = None
    index: int = 1
    of: int = 1
    rule: str = RULE
    extra: dict = field(default_factory=dict)


def defense_of(target: dict, strike: Strike, defenses_before: int) -> tuple[str, int, list[dict]]:
    """The defender's capability and its modifiers for one defense (its `defenses_before`-th + 1)."""
    kind, capability = defense_capability(target)
    supernatural = kind in SUPERNATURAL_CAPABILITIES
    modifiers = []
    penalty = defense_count_penalty(defenses_before)
    if penalty:
        modifiers.append({"slug": "third-defense", "value": penalty})
    modifiers += all_action_modifiers(target)
    modifiers += state_modifiers(target, "defense", supernatural=supernatural)
    for modifier in strike.defense_modifiers:
        # Defenderse: behind a supernatural shield "solo se aplican los Estados de Combate de
        # Sorpresa, Visión reducida y Ceguera": Flanqueo from an opportunity attack does not.
        if not (supernatural and modifier["slug"] == "flanked"):
            modifiers.append(modifier)
    return kind, capability, modifiers


def hurt(target: dict, damage: int, dice: DiceSource, aimed: str | None) -> dict:
    target["hit_points"] -= damage
    outcome = critical.apply_consequence(target, damage, dice, aimed)
    if damage:
        # Estado de Vida y Muerte: 0 or fewer PV, and dead at −5 × Constitución (rules notes).
        settle_status(target)
    return outcome


def _offer(table: Table, target: dict, attacker_id: int, bonus: int) -> bool:
    """Los Tipos de Ataque: "Un personaje solo puede contraatacar una vez por turno"."""
    if target["status"] != ACTIVE or target.get("counterattacked_round") == table.round:
        return False
    target["counterattack_offer"] = {"against": attacker_id, "bonus": bonus, "round": table.round}
    return True


def strike(table: Table, dice: DiceSource, attacker_id: int, target_id: int, spec: Strike) -> dict:
    """Rolls both dice, changes the target and writes the attack event; returns its payload."""
    attacker = table.state["combatants"][str(attacker_id)]
    target = table.state["combatants"][str(target_id)]
    capability = int(attacker["sheet"][CAPABILITY[spec.capability].sheet_key])
    attack_roll = roll_d10(dice, capability + total(spec.attack_modifiers))
    defense_kind, defense_value, defense_modifiers = defense_of(
        target, spec, int(target.get("defenses_this_round") or 0)
    )
    defense_roll = roll_d10(dice, defense_value + total(defense_modifiers))
    target["defenses_this_round"] = int(target.get("defenses_this_round") or 0) + 1
    difference = attack_roll["total"] - defense_roll["total"]
    level = level_for(levels_from_state(table.state, table.options), difference)
    damage = (
        damage_for(spec.damage, level.damage_percent, int(target["sheet"]["armor"])) if spec.damage else 0
    )
    outcome = hurt(target, damage, dice, spec.aimed)
    # Defenderse: "un bonificador … equivalente a la diferencia … dividida entre 2" (rounded down).
    bonus = (-difference) // 2 if level.counterattack else None
    offered = level.counterattack and _offer(table, target, attacker_id, bonus)
    payload = {
        "kind": spec.kind, "capability": spec.capability, "with": spec.with_, "aimed": spec.aimed,
        "attack_index": spec.index, "attacks": spec.of,
        "attack_roll": attack_roll, "attack_capability": capability, "attack_modifiers": list(spec.attack_modifiers),
        "attack_total": attack_roll["total"],
        "defense_roll": defense_roll, "defense_with": defense_kind, "defense_capability": defense_value,
        "defense_modifiers": defense_modifiers, "defense_total": defense_roll["total"],
        "difference": difference, "impact_level": level.slug, "damage_percent": level.damage_percent,
        "damage": damage, "hit": level.damage_percent > 0,
        "counterattack": level.counterattack, "counterattack_bonus": bonus, "counterattack_offered": bool(offered),
        **outcome,
        "target_hit_points": target["hit_points"], "target_hit_points_max": target["hit_points_max"],
        "target_status": target["status"], "target_defenses": target["defenses_this_round"],
        "rule": spec.rule, "private": ["actor", "target"], **spec.extra,
    }  # fmt: skip
    payload.update(attack_texts(payload, attacker["name"], target["name"]))
    table.write(Entry("attack", payload, actor=attacker_id, target=target_id, round=table.round))
    return payload
