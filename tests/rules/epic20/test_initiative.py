"""INICIATIVA, surprise (FAQ) and Retrasar acción."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    AttackSpec,
    CombatantState,
    Refused,
    delay_action,
    mark_unaware,
    prepare_attack,
    roll_initiative,
    start_turn,
    surprise_round_order,
    turn_order,
)
from rules.epic20.resolution.initiative import initiative_bonus

H = Fraction(1, 2)


def fighter(id="a", level=8, **attrs):
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update({k: Fraction(v) for k, v in attrs.pop("attributes", {}).items()})
    return CombatantState(id, level=level, hit_points=4, hit_points_max=4, attributes=attributes, **attrs)


@pytest.mark.parametrize(
    ("level", "agilidad", "bonus"),
    [(8, 0, 0), (8, H, 4), (8, 1, 8), (5, H, 2), (13, 1, 13), (13, H, 6)],
)
def test_initiative_adds_agilidad_times_level_rounded_down(level, agilidad, bonus):
    assert initiative_bonus(fighter(level=level, attributes={"agilidad": agilidad})) == (bonus, "agilidad")


@pytest.mark.parametrize(
    ("maneuvers", "extra"),
    [
        ((), 0),
        (("iniciativa-mejorada",), 4),
        (("iniciativa-mejorada", "iniciativa-mejorada-2"), 6),
        (("iniciativa-mejorada", "iniciativa-mejorada-2", "iniciativa-mejorada-3"), 8),
    ],
)
def test_improved_initiative_adds_only_its_highest_tier(maneuvers, extra):
    assert initiative_bonus(fighter(maneuvers=maneuvers))[0] == 4 + extra


def test_calculador_rapido_uses_inteligencia_instead_of_agilidad():
    quick = fighter(advantages={"calculador-rapido"}, attributes={"inteligencia": 1, "agilidad": 0})
    assert initiative_bonus(quick) == (8, "inteligencia")
    assert initiative_bonus(fighter(attributes={"inteligencia": 1, "agilidad": 0})) == (0, "agilidad")


def test_carga_brutal_uses_corpulencia_only_when_charging_into_combat():
    brute = fighter(maneuvers={"carga-brutal"}, attributes={"corpulencia": 1, "agilidad": 0})
    assert initiative_bonus(brute, charging=True) == (8, "corpulencia")
    assert initiative_bonus(brute, charging=False) == (0, "agilidad")


def test_the_roll_is_one_d20_plus_the_bonus_and_the_order_is_by_total():
    a, b = fighter("a", attributes={"agilidad": 1}), fighter("b", attributes={"agilidad": 0})
    rolls, events = roll_initiative([a, b], FixedDice([3, 15]))
    assert [(r.combatant, r.total) for r in rolls] == [("b", 15), ("a", 11)]
    assert events[0].roll.kept == 15 and len(rolls[0].roll.faces) == 1


def test_ties_go_to_the_higher_bonus_then_to_the_lower_id():
    fast = fighter("z", attributes={"agilidad": 1})  # +8
    slow = fighter("y", attributes={"agilidad": 0})  # +0
    twin = fighter("x", attributes={"agilidad": 0})
    rolls, _ = roll_initiative([slow, fast, twin], FixedDice([12, 4, 12]))  # 12, 12, 12
    assert turn_order(rolls) == ("z", "x", "y")


def test_surprise_the_surprising_side_acts_first_then_everyone_else_by_initiative():
    rolls, _ = roll_initiative([fighter("a"), fighter("b"), fighter("c")], FixedDice([5, 18, 10]))
    assert turn_order(rolls) == ("b", "c", "a")
    assert surprise_round_order(rolls, {"a"}) == ("a", "b", "c")


def test_an_unaware_target_gives_superioridad_until_its_own_turn_starts():
    attacker, target = fighter("a"), mark_unaware(fighter("t"))
    prepared = prepare_attack(attacker, target, AttackSpec("melee"))
    assert prepared.net == 1 and prepared.sources[0].slug == "objetivo-desprevenido"
    aware = start_turn(target).state
    assert prepare_attack(attacker, aware, AttackSpec("melee")).net == 0


def test_surprise_and_unaware_are_one_superioridad_not_two():
    attacker, target = fighter("a"), mark_unaware(fighter("t"))
    prepared = prepare_attack(attacker, target, AttackSpec("melee", circumstances=("ataque-por-sorpresa",)))
    assert prepared.net == 1


def test_delaying_moves_the_fighter_just_before_or_after_a_later_one():
    me = fighter("a", maneuvers={"retrasar-accion"})
    order = ("a", "b", "c", "d")
    assert delay_action(me, order, "c", "after") == ("b", "c", "a", "d")
    assert delay_action(me, order, "c", "before") == ("b", "a", "c", "d")


def test_delaying_needs_the_maneuver_and_a_fighter_who_acts_later():
    with pytest.raises(Refused) as err:
        delay_action(fighter("a"), ("a", "b"), "b")
    assert err.value.code == "maneuver.not_owned"
    with pytest.raises(Refused) as err:
        delay_action(fighter("b", maneuvers={"retrasar-accion"}), ("a", "b"), "a")
    assert err.value.code == "initiative.delay_backwards"


def test_initiative_events_name_the_combatants():
    named = [
        CombatantState("1", level=8, hit_points=4, hit_points_max=4, name="Nova"),
        CombatantState("2", level=5, hit_points=2, hit_points_max=2),
    ]
    _, events = roll_initiative(named, FixedDice([10, 3]))
    texts = {e.actor: (e.text_es, e.text_en) for e in events}
    assert texts["1"] == ("Iniciativa de Nova: 14.", "Initiative of Nova: 14.")
    assert texts["2"] == ("Iniciativa de 2: 5.", "Initiative of 2: 5.")  # no name: its id
