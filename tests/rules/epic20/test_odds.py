"""Exact attack odds against brute-force enumeration of every die."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import FixedDice
from rules.epic20.dice import roll_d20
from rules.epic20.resolution import (
    AttackSpec,
    CombatantState,
    Source,
    apply_attack,
    attack_odds,
    prepare_attack,
)
from rules.epic20.resolution.odds import kept_distribution, odds_for


def brute_force(defense, superiority):
    """Every combination of d20s, each rolled by the engine and resolved by the real resolver
    (outcomes cached by the kept face, since nothing else of the roll matters to them)."""
    n = abs(superiority) + 1
    attacker = CombatantState("a", level=0, hit_points=1, hit_points_max=1)
    target = CombatantState("t", level=0, hit_points=99, hit_points_max=99, defense_penalty=10 - defense)
    sources = tuple(
        Source("s", 1 if superiority > 0 else -1, "test", "s", "s") for _ in range(abs(superiority))
    )
    prepared = prepare_attack(attacker, target, AttackSpec("melee", extra_sources=sources))
    outcomes = {}
    hits = damaged = damage = Fraction(0)
    combos = list(itertools.product(range(1, 21), repeat=n))
    for faces in combos:
        roll = roll_d20(FixedDice(faces), prepared.net, prepared.bonus)
        if roll.kept not in outcomes:
            outcomes[roll.kept] = apply_attack(prepared, roll)
        out = outcomes[roll.kept]
        hits += out.hit
        damaged += out.damage >= 1
        damage += out.damage
    total = len(combos)
    return hits / total, damaged / total, damage / total


@pytest.mark.parametrize("superiority", [-2, -1, 0, 1, 2])
@pytest.mark.parametrize("defense", [-5, 2, 10, 14, 21, 30])
def test_odds_match_brute_force_enumeration_through_the_resolver(superiority, defense):
    exact = odds_for(0, defense, superiority)
    assert (exact["p_hit"], exact["p_damage_at_least_1"], exact["expected_damage"]) == brute_force(
        defense, superiority
    )


@given(st.integers(-3, 3))
def test_the_kept_face_distribution_sums_to_one_and_matches_enumeration(superiority):
    dist = kept_distribution(superiority)
    assert sum(dist.values()) == 1
    if abs(superiority) <= 2:
        n = abs(superiority) + 1
        counts = dict.fromkeys(range(1, 21), 0)
        for faces in itertools.product(range(1, 21), repeat=n):
            counts[max(faces) if superiority >= 0 else min(faces)] += 1
        assert dist == {f: Fraction(c, 20**n) for f, c in counts.items()}


def test_natural_20_and_natural_1_are_in_the_odds():
    assert odds_for(0, 100, 0)["p_hit"] == Fraction(1, 20)
    assert odds_for(100, 0, 0)["p_hit"] == Fraction(19, 20)


def test_attack_odds_use_the_same_bonus_defense_and_sources_as_the_resolver():
    attacker = CombatantState(
        "a", level=8, hit_points=4, hit_points_max=4, powers={"superfuerza"}, attributes={"corpulencia": 1}
    )
    target = CombatantState("t", level=8, hit_points=4, hit_points_max=4, powers={"superproteccion"})
    odds = attack_odds(attacker, target, "melee", "unarmed", circumstances=("objetivo-paralizado",))
    assert (odds["bonus"], odds["defense"], odds["superiority"]) == (8, 18, 1)
    assert odds["p_hit"] == 1 - Fraction(9, 20) ** 2  # needs 10+ on the better of 2d20
    assert odds["expected_damage"] == sum(
        p * max(0, (f + 8 - 18) // 5) for f, p in kept_distribution(1).items() if f + 8 >= 18 or f == 20
    )


@given(st.integers(-10, 30), st.integers(0, 40), st.integers(-2, 2))
def test_probabilities_are_ordered_and_bounded(bonus, defense, superiority):
    odds = odds_for(bonus, defense, superiority)
    assert 0 <= odds["p_damage_at_least_1"] <= odds["p_hit"] <= 1
    assert odds["expected_damage"] >= odds["p_damage_at_least_1"]
    better = odds_for(bonus, defense, superiority + 1)
    assert better["p_hit"] >= odds["p_hit"]


def _brute(**kw):
    return CombatantState(
        "a",
        level=8,
        hit_points=4,
        hit_points_max=4,
        powers={"superfuerza"},
        attributes={"corpulencia": Fraction(1)},
        **kw,
    )


def test_the_odds_charge_the_declared_maneuvers_action_cost_like_the_attack():
    """Ataque poderoso "usa una acción estándar y otra de movimiento" (MANIOBRAS DE COMBATE): with
    the move action already spent, the attack is refused, and so are its odds."""
    from rules.core.errors import Refused
    from rules.epic20.resolution import budget_for_turn
    from rules.epic20.resolution.attack_turn import spend_for_attack

    fighter = _brute(maneuvers={"ataque-poderoso"})
    target = CombatantState("t", level=8, hit_points=4, hit_points_max=4)
    moved, _ = budget_for_turn(fighter).spend("move")
    with pytest.raises(Refused) as resolved:
        spend_for_attack(moved, fighter, ("ataque-poderoso",))
    with pytest.raises(Refused) as odds:
        attack_odds(fighter, target, "melee", "unarmed", maneuvers=("ataque-poderoso",), budget=moved)
    assert odds.value.code == resolved.value.code
    fresh = attack_odds(
        fighter, target, "melee", "unarmed", maneuvers=("ataque-poderoso",), budget=budget_for_turn(fighter)
    )
    assert fresh["superiority"] == 1


def test_the_odds_count_the_turns_own_sources_like_the_attack():
    """Moverse mientras actúa: "aplica Inferioridad si realiza ataques" — the same source on both paths."""
    from rules.epic20.resolution import budget_for_turn
    from rules.epic20.resolution.attack_turn import spend_for_attack

    fighter = _brute(maneuvers={"actuar-y-despues-moverse", "moverse-mientras-actua"})
    target = CombatantState("t", level=8, hit_points=4, hit_points_max=4)
    split = budget_for_turn(fighter).declare_split_move()
    _, sources = spend_for_attack(split, fighter, ())
    odds = attack_odds(fighter, target, "melee", "unarmed", budget=split)
    assert [s.slug for s in sources] == ["moverse-mientras-actua"]
    assert odds["superiority"] == -1
