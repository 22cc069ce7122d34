"""DAÑO EN COMBATE, ATURDIMIENTO, unconsciousness, emotional damage, minions and rest."""

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    AttackSpec,
    CombatantState,
    Refused,
    end_turn,
    heal,
    prepare_attack,
    resolve_attack,
    rest,
    start_turn,
    stun_threshold,
    take_damage,
)
from rules.epic20.resolution.damage import minion_hit_points
from rules.epic20.resolution.dying import next_day
from rules.epic20.resolution.state import ACTING, DEAD, DONE, DYING, FLED, STABLE, UNCONSCIOUS

H = Fraction(1, 2)


def fighter(id="t", level=8, hp=4, corpulencia=H, **kw):
    attributes = {"corpulencia": Fraction(corpulencia), "agilidad": H, "presencia": H}
    return CombatantState(id, level=level, hit_points=hp, hit_points_max=hp, attributes=attributes, **kw)


@pytest.mark.parametrize(
    ("hp_max", "corpulencia", "threshold"),
    [
        # Corpulencia 0: "la mitad - 1 … (mínimo 1)"; ½: "la mitad"; 1: "más de la mitad"; la mitad = ⌊max/2⌋
        (4, 0, 1),
        (4, H, 2),
        (4, 1, 3),
        (3, 0, 1),
        (3, H, 1),
        (3, 1, 2),
        (2, 0, 1),
        (2, H, 1),
        (2, 1, 2),
        (1, 0, 1),
        (1, H, 1),
        (1, 1, 1),
        (8, 0, 3),
        (8, H, 4),
        (8, 1, 5),
    ],
)
def test_stun_threshold_by_corpulencia(hp_max, corpulencia, threshold):
    assert stun_threshold(hp_max, Fraction(corpulencia)) == threshold


@pytest.mark.parametrize(
    ("corpulencia", "damage", "stunned"), [(0, 1, True), (H, 1, False), (H, 2, True), (1, 2, False)]
)
def test_taking_enough_damage_at_once_stuns(corpulencia, damage, stunned):
    target, events = take_damage(fighter(hp=4, corpulencia=corpulencia), damage, "physical")
    assert bool(target.condition("stunned")) is stunned
    assert ("stunned" in [e.type for e in events]) is stunned


def test_a_stunned_combatant_rolls_with_inferioridad():
    target, _ = take_damage(fighter(hp=4, corpulencia=0), 1, "physical")
    assert prepare_attack(target, fighter("x"), AttackSpec("melee")).net == -1


def test_stun_lasts_the_current_turn_if_not_yet_acted():
    waiting, _ = take_damage(fighter(hp=4, corpulencia=0), 1, "physical")
    during = start_turn(waiting).state
    assert during.condition("stunned")
    assert not end_turn(during).condition("stunned")


def test_stun_lasts_the_next_turn_if_already_acted_or_acting():
    for turn in (ACTING, DONE):
        hit, _ = take_damage(fighter(hp=4, corpulencia=0, turn=turn), 1, "physical")
        if turn == ACTING:
            hit = end_turn(hit)
            assert hit.condition("stunned")
        nxt = start_turn(hit).state
        assert nxt.condition("stunned")
        assert not end_turn(nxt).condition("stunned")


def test_stun_does_not_stack():
    once, _ = take_damage(fighter(hp=8, corpulencia=0), 3, "physical")
    twice, _ = take_damage(once, 3, "physical")
    assert [c.slug for c in twice.conditions].count("stunned") == 1
    assert not end_turn(start_turn(twice).state).condition("stunned")


@pytest.mark.parametrize(
    ("damage", "hit_points", "status"),
    [(3, 1, "active"), (4, 0, UNCONSCIOUS), (5, -1, DYING), (11, -7, DYING), (12, -8, DEAD)],
)
def test_zero_is_unconscious_below_zero_dying_and_minus_level_dead(damage, hit_points, status):
    target, _ = take_damage(fighter(level=8, hp=4), damage, "physical")
    assert (target.hit_points, target.status) == (hit_points, status)


def test_emotional_damage_to_zero_makes_the_target_flee_or_surrender():
    target, events = take_damage(fighter(hp=2), 2, "emotional")
    assert target.status == FLED
    assert events[-1].data["target_status"] == FLED


def test_mental_damage_knocks_out_like_physical_damage():
    target, _ = take_damage(fighter(hp=2), 2, "mental")
    assert target.status == UNCONSCIOUS


def test_inmortalidad_stops_at_minus_level_unconscious_and_wakes_next_day_with_1_hit_point():
    immortal = fighter(level=4, hp=2, powers={"inmortalidad"})
    target, _ = take_damage(immortal, 20, "physical")
    assert (target.hit_points, target.status) == (-4, UNCONSCIOUS)
    woke = next_day(target)
    assert (woke.hit_points, woke.status) == (1, "active")


def test_attacking_a_stable_character_restarts_the_dying():
    stable = replace(fighter(hp=4), hit_points=-2, status=STABLE)
    hit, _ = take_damage(stable, 1, "physical")
    assert hit.status == DYING


def test_an_attack_that_drops_the_target_reports_the_status():
    attacker = CombatantState(
        "a", level=8, hit_points=4, hit_points_max=4, powers={"superfuerza"}, attributes={"corpulencia": 1}
    )
    out = resolve_attack(attacker, fighter(hp=1), AttackSpec("melee"), FixedDice([11]))
    data = out.events[0].data
    assert data["target_status"] == UNCONSCIOUS and data["target_hit_points"] == 0


@pytest.mark.parametrize(("chosen", "hit_points"), [(0, 1), (-3, 1), (1, 1), (3, 3)])
def test_minions_have_gm_chosen_hit_points_with_a_minimum_of_1(chosen, hit_points):
    assert minion_hit_points(chosen) == hit_points


@pytest.mark.parametrize(
    ("minutes", "defense_penalty", "hit_points"),
    [(0, 5, 1), (1, 4, 1), (4, 1, 1), (5, 0, 2), (10, 0, 3), (60, 0, 4)],
)
def test_rest_recovers_1_defense_per_minute_and_1_hit_point_per_5_minutes(
    minutes, defense_penalty, hit_points
):
    tired = replace(fighter(hp=4), hit_points=1, defense_penalty=5)
    rested, _ = rest(tired, minutes)
    assert (rested.defense_penalty, rested.hit_points) == (defense_penalty, hit_points)


def test_rest_wakes_the_unconscious_but_not_the_dying():
    out = replace(fighter(hp=4), hit_points=0, status=UNCONSCIOUS)
    assert rest(out, 5)[0].status == "active"
    with pytest.raises(Refused):
        rest(replace(fighter(), hit_points=-1, status=DYING), 5)


def test_healing_never_goes_above_the_maximum():
    assert heal(replace(fighter(hp=4), hit_points=3), 5).hit_points == 4
