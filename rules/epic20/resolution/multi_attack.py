"""Attacks on several targets or several attacks in one action: area, cone and burst attacks,
and Ataque doble (LISTA DE PODERES, MANIOBRAS DE COMBATE)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.epic20.dice import DiceSource, roll_d20

from . import hero_points
from .attack import AttackSpec, prepare_attack
from .attack_effects import _until_next_turn, apply_attack, resolve_attack
from .maneuvers import require
from .sources import Source
from .state import CombatantState, Event, Refused, with_condition


def resolve_multi_attack(
    attacker: CombatantState,
    targets: Sequence[CombatantState],
    spec: AttackSpec,
    dice: DiceSource,
    powers: Mapping[str, object] | None = None,
) -> tuple[CombatantState, tuple[CombatantState, ...], tuple[Event, ...]]:
    """Area, cone and burst attacks: ONE ROLL PER TARGET, each against that target's defense.

    A cone of Ataque de ráfaga reaches "hasta tres enemigos diferentes … en orden consecutivo" with
    Inferioridad (`spec.cone`). A hero point bought with the attack improves only the first roll
    ("Ganar Superioridad en una tirada"); the others are rolled without it. The attacker is not
    affected by their own area ("El personaje no resulta afectado").
    """
    if spec.cone and len(targets) > 3:
        raise Refused(
            "attack.cone_three_targets", "LISTA DE PODERES", "Hasta tres enemigos.", "Up to three enemies."
        )
    if any(t.id == attacker.id for t in targets):
        raise Refused(
            "attack.area_self", "LISTA DE PODERES", "El atacante no resulta afectado.", "Not the attacker."
        )
    results, events = [], []
    for i, target in enumerate(targets):
        one = spec if i == 0 else replace(spec, hero_point=None)
        outcome = resolve_attack(attacker, target, one, dice, powers)
        attacker = outcome.attacker
        results.append(outcome.target)
        events += outcome.events
    return attacker, tuple(results), tuple(events)


def resolve_double_attack(
    attacker: CombatantState,
    targets: tuple[CombatantState, CombatantState],
    spec: AttackSpec,
    dice: DiceSource,
    powers: Mapping[str, object] | None = None,
    *,
    two_weapons: bool = False,
    second_with: str | None = None,
) -> tuple[CombatantState, tuple[CombatantState, CombatantState], tuple[Event, ...]]:
    """Ataque doble: "realiza 2 ataques con Inferioridad, a dos objetivos diferentes o al mismo";
    enemies gain Superioridad against the fighter "salvo que … empuñe dos armas, o un arma doble, o
    un arma de ráfaga". With two weapons a hero point gives Superioridad to one attack (1), to both
    (2), and to both plus Ataque penetrante (3). Pass the same state twice to attack one target twice;
    `second_with` names the second weapon.
    """
    n = require(attacker, "ataque-doble")
    spec = replace(spec, maneuvers=tuple(dict.fromkeys(("ataque-doble", *spec.maneuvers))))
    paid_both = two_weapons and spec.hero_point == "superioridad" and n >= 2
    first_target, second_target = targets
    same = first_target.id == second_target.id
    out1 = resolve_attack(attacker, first_target, spec, dice, powers)
    attacker = out1.attacker
    second_spec = replace(spec, hero_point=None, with_=second_with or spec.with_)
    if paid_both:
        hero = Source(
            "punto-de-heroe",
            +1,
            hero_points.RULE,
            "Punto de Héroe (ataque doble)",
            "Hero point (double attack)",
        )
        second_spec = replace(second_spec, extra_sources=(*spec.extra_sources, hero))
    second = out1.target if same else second_target
    prepared = prepare_attack(attacker, second, second_spec, powers)
    if paid_both and n >= 3:
        prepared = replace(
            prepared,
            penetrating=prepared.penetrating or "defensa-contra-ataque-penetrante" not in second.powers,
        )
    out2 = apply_attack(prepared, roll_d20(dice, prepared.net, prepared.bonus))
    attacker = out2.attacker
    burst = prepared.profile.burst
    if not (two_weapons or burst):
        attacker = with_condition(attacker, _until_next_turn("exposed", "ataque-doble", attacker))
    first_final = out2.target if same else out1.target
    return attacker, (first_final, out2.target), out1.events + out2.events
