"""Attacks on several targets or several attacks in one action: area, cone and burst attacks,
and Ataque doble (LISTA DE PODERES, MANIOBRAS DE COMBATE)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.core.errors import Refused
from rules.epic20.dice import DiceSource, Roll, roll_d20

from . import hero_points
from .attack import AttackSpec, PreparedAttack, prepare_attack
from .attack_effects import AttackOutcome, _until_next_turn, apply_attack
from .energized import energized_retaliation
from .maneuvers import require
from .sources import Source
from .state import CombatantState, Event, with_condition


def _roll_for(prepared: PreparedAttack, dice: DiceSource, i: int, first_rolls, reroll):
    """The i-th roll of an action with several: thrown now or, when a hero point rerolls one roll
    of it (PUNTOS DE HÉROE: "Repetir un dado de 20 ya lanzado. Sólo será válido el segundo
    resultado"), the chosen one thrown again and the others kept as first thrown (the verifiable
    dice never throw a die twice). Each kept roll must still be that attack's roll."""
    if first_rolls is None:
        return prepared, roll_d20(dice, prepared.net, prepared.bonus)
    first = first_rolls[i]
    if (first.superiority, first.bonus) != (prepared.net, prepared.bonus):
        raise Refused(
            "hero_points.reroll_changes_other_rolls",
            hero_points.RULE,
            "Repetir esa tirada cambiaría las demás tiradas de la acción: no se puede repetir.",
            "Rerolling that roll would change the action's other rolls: it cannot be rerolled.",
        )
    if i != reroll:
        return prepared, first
    paid, roll, spent = hero_points.reroll_roll(prepared.attacker, first, dice, in_combat=True)
    return replace(prepared, attacker=paid, events=(*prepared.events, *spent)), roll


def _one(attacker, target, spec, dice, powers, i: int, first_rolls, reroll) -> AttackOutcome:
    prepared = prepare_attack(attacker, target, spec, powers)
    return _touched(prepared, dice, i, first_rolls, reroll, powers)


def _touched(prepared: PreparedAttack, dice, i: int, first_rolls, reroll, powers) -> AttackOutcome:
    """Apply the i-th roll; an Energizado touched in melee answers with its automatic attack
    (ARQUETIPOS › Energizado), thrown anew whenever its action is (a reroll re-resolves it)."""
    prepared, roll = _roll_for(prepared, dice, i, first_rolls, reroll)
    return energized_retaliation(prepared, apply_attack(prepared, roll), dice, powers)


# Sources that help one roll, not a whole action: Trabajo en equipo gives Superioridad "en
# cualquier tirada" (LISTA DE VENTAJAS), so of an action with several rolls only the first has it
# (Inspirar a otros helps the "próxima acción estándar": all of its rolls).
ONE_ROLL_SOURCES = frozenset({"trabajo-en-equipo"})


def _later_roll(spec: AttackSpec) -> AttackSpec:
    """The spec of the second and later rolls of one action: a hero point bought with the attack
    ("Ganar Superioridad en una tirada") and one-roll help went to the first."""
    kept = tuple(s for s in spec.extra_sources if s.slug not in ONE_ROLL_SOURCES)
    return replace(spec, hero_point=None, extra_sources=kept)


def _check_reroll(first_rolls, reroll, count: int) -> None:
    if first_rolls is None:
        return
    if len(first_rolls) != count or reroll is None or not 0 <= reroll < count:
        raise Refused(
            "hero_points.reroll_mismatch",
            hero_points.RULE,
            "La tirada a repetir no es de este ataque.",
            "The roll to reroll is not this attack's.",
        )


def resolve_multi_attack(
    attacker: CombatantState,
    targets: Sequence[CombatantState],
    spec: AttackSpec,
    dice: DiceSource,
    powers: Mapping[str, object] | None = None,
    *,
    first_rolls: Sequence[Roll] | None = None,
    reroll: int | None = None,
) -> tuple[CombatantState, tuple[CombatantState, ...], tuple[Event, ...]]:
    """Area, cone and burst attacks: ONE ROLL PER TARGET, each against that target's defense.

    A cone of Ataque de ráfaga reaches "hasta tres enemigos diferentes … en orden consecutivo" with
    Inferioridad (`spec.cone`). A hero point bought with the attack improves only the first roll
    ("Ganar Superioridad en una tirada"); the others are rolled without it. The attacker is not
    affected by their own area ("El personaje no resulta afectado").

    `first_rolls` and `reroll`: the action's rolls as first thrown, one per target, and which of
    them a hero point throws again ("Repetir un dado de 20 ya lanzado"): only that die is new.
    """
    _check_reroll(first_rolls, reroll, len(targets))
    if spec.cone and len(targets) > 3:
        raise Refused(
            "attack.cone_three_targets", "LISTA DE PODERES", "Hasta tres enemigos.", "Up to three enemies."
        )
    ids = [t.id for t in targets]
    if len(set(ids)) != len(ids):
        # Ataque de ráfaga: "un ataque a hasta tres enemigos diferentes" (seed l.251); an area
        # reaches each one once. One roll per target: the same target twice would be hit twice.
        raise Refused(
            "attack.same_target_twice",
            "LISTA DE PODERES",
            "Cada objetivo sólo puede aparecer una vez: son enemigos diferentes.",
            "Each target may appear only once: they are different enemies.",
        )
    if any(t.id == attacker.id for t in targets):
        raise Refused(
            "attack.area_self", "LISTA DE PODERES", "El atacante no resulta afectado.", "Not the attacker."
        )
    results, events = [], []
    for i, target in enumerate(targets):
        one = spec if i == 0 else _later_roll(spec)
        outcome = _one(attacker, target, one, dice, powers, i, first_rolls, reroll)
        attacker = outcome.attacker
        results.append(outcome.target)
        events += outcome.events
    return attacker, tuple(results), tuple(events)


def _pierced(prepared: PreparedAttack) -> PreparedAttack:
    """Ataque doble 3 (l.727): the hero point "concedería Superioridad a estos ataques y además
    aplicaría el superpoder «ataque penetrante»" — to both attacks, as the Superioridad; a
    target's Defensa contra ataque penetrante still cancels it."""
    cancelled = "defensa-contra-ataque-penetrante" in prepared.target.powers
    return replace(prepared, penetrating=prepared.penetrating or not cancelled)


def resolve_double_attack(
    attacker: CombatantState,
    targets: tuple[CombatantState, CombatantState],
    spec: AttackSpec,
    dice: DiceSource,
    powers: Mapping[str, object] | None = None,
    *,
    two_weapons: bool = False,
    second_with: str | None = None,
    first_rolls: Sequence[Roll] | None = None,
    reroll: int | None = None,
) -> tuple[CombatantState, tuple[CombatantState, CombatantState], tuple[Event, ...]]:
    """Ataque doble: "realiza 2 ataques con Inferioridad, a dos objetivos diferentes o al mismo";
    enemies gain Superioridad against the fighter "salvo que … empuñe dos armas, o un arma doble, o
    un arma de ráfaga". With two weapons a hero point gives Superioridad to one attack (1), to both
    (2), and to both plus Ataque penetrante (3). Pass the same state twice to attack one target twice;
    `second_with` names the second weapon. `first_rolls` and `reroll`: as for
    `resolve_multi_attack`, a hero point throws one of the two rolls again.
    """
    _check_reroll(first_rolls, reroll, 2)
    n = require(attacker, "ataque-doble")
    spec = replace(spec, maneuvers=tuple(dict.fromkeys(("ataque-doble", *spec.maneuvers))))
    paid_both = two_weapons and spec.hero_point == "superioridad" and n >= 2
    first_target, second_target = targets
    same = first_target.id == second_target.id
    first = prepare_attack(attacker, first_target, spec, powers)
    if paid_both and n >= 3:
        first = _pierced(first)
    out1 = _touched(first, dice, 0, first_rolls, reroll, powers)
    attacker = out1.attacker
    second_spec = replace(_later_roll(spec), with_=second_with or spec.with_)
    if paid_both:
        hero = Source(
            "punto-de-heroe",
            +1,
            hero_points.RULE,
            "Punto de Héroe (ataque doble)",
            "Hero point (double attack)",
        )
        second_spec = replace(second_spec, extra_sources=(*second_spec.extra_sources, hero))
    second = out1.target if same else second_target
    prepared = prepare_attack(attacker, second, second_spec, powers)
    if paid_both and n >= 3:
        prepared = _pierced(prepared)
    out2 = _touched(prepared, dice, 1, first_rolls, reroll, powers)
    attacker = out2.attacker
    burst = prepared.profile.burst
    if not (two_weapons or burst):
        attacker = with_condition(attacker, _until_next_turn("exposed", "ataque-doble", attacker))
    first_final = out2.target if same else out1.target
    return attacker, (first_final, out2.target), out1.events + out2.events
