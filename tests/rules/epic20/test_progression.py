"""SUPERPODERES CON PROGRESIÓN, Librarse de efectos, Debilitar «Atributo» and Debilitar nivel."""

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    ActionBudget,
    AttackSpec,
    CombatantState,
    Refused,
    budget_for_turn,
    escape,
    maintain,
    resolve_attack,
    rest,
    start_turn,
)
from rules.epic20.resolution.state import ProgressionEffect

H = Fraction(1, 2)
GRAB = (
    "pierde 1 acción de movimiento",
    "pierde acción estándar y de movimiento",
    "pierde todas sus acciones",
)


class Grab:  # the catalogue's shape for a progression power, duck-typed
    attribute = "agilidad"
    shape = "single"
    damage = None
    progression = GRAB
    penetrating = False


POWERS = {"agarrar-a-distancia": Grab()}


def person(id, level=8, **kw):
    attributes = {"corpulencia": H, "agilidad": H, "inteligencia": H, "presencia": H}
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    return CombatantState(id, level=level, hit_points=4, hit_points_max=4, attributes=attributes, **kw)


GRABBER = person("g", powers={"agarrar-a-distancia"}, attributes={"agilidad": 1})
SPEC = AttackSpec("ranged", "agarrar-a-distancia")


def grab(face, target=None):
    return resolve_attack(GRABBER, target or person("v"), SPEC, FixedDice([face]), POWERS)


@pytest.mark.parametrize(
    ("face", "degrees", "defense_loss"), [(5, 0, 0), (8, 0, 1), (11, 1, 0), (16, 2, 0), (20, 2, 0)]
)
def test_each_full_5_of_margin_is_one_degree_and_a_bare_hit_costs_defense(face, degrees, defense_loss):
    out = grab(face)  # bonus 8 vs defense 14
    assert sum(e.degrees for e in out.target.progressions) == degrees
    assert out.damage == 0 and out.target.hit_points == 4
    assert out.target.defense_penalty == defense_loss


def test_degrees_accumulate_up_to_the_last_of_the_list():
    once = grab(16).target
    twice = grab(16, once).target
    assert twice.progressions[0].degrees == 3
    assert "pierde todas sus acciones" in grab(16, once).events[-1].text_es


@pytest.mark.parametrize(
    ("degrees", "left"),
    [
        (1, {"standard": 1, "move": 0, "object": 1}),
        (2, {"standard": 0, "move": 0, "object": 1}),
        (3, {"standard": 0, "move": 0, "object": 0}),
    ],
)
def test_each_degree_takes_away_the_actions_its_description_names(degrees, left):
    victim = person(
        "v", progressions=(ProgressionEffect("agarrar-a-distancia", "g", 8, degrees, GRAB, "corpulencia"),)
    )
    budget = budget_for_turn(victim).as_dict()
    assert {k: budget[k] for k in left} == left


def test_a_fresh_effect_survives_the_first_fade_then_fades_one_degree_per_turn_unless_maintained():
    victim = grab(16).target  # 2 degrees, fresh
    after_first = start_turn(victim).state
    assert after_first.progressions[0].degrees == 2
    after_second = start_turn(after_first).state
    assert after_second.progressions[0].degrees == 1
    gone = start_turn(after_second).state
    assert gone.progressions == ()


def test_maintaining_costs_the_appliers_move_action_and_prevents_the_fade():
    victim = start_turn(grab(16).target).state
    budget, victim, _ = maintain(GRABBER, ActionBudget(), victim, "agarrar-a-distancia")
    assert budget.as_dict()["move"] == 0
    assert start_turn(victim).state.progressions[0].degrees == 2
    with pytest.raises(Refused):
        maintain(GRABBER, budget, victim, "agarrar-a-distancia")


def held(degrees=3, by_level=8, **kw):
    effect = ProgressionEffect("agarrar-a-distancia", "g", by_level, degrees, GRAB, "corpulencia", grab=True)
    return person("v", progressions=(effect,), **kw)


@pytest.mark.parametrize(
    ("face", "degrees_left"),
    [(13, 3), (14, 3), (18, 3), (19, 2), (20, 2)],
)
def test_escape_is_1d20_plus_attribute_times_level_against_10_plus_the_appliers_level(face, degrees_left):
    """Seed l.143 (Librarse de efectos): "Por cada 5 puntos de diferencia en la tirada, el efecto
    se reduce en un grado": meeting 18 by 0-4 (faces 14-18) removes no degree, 5+ removes one."""
    victim = held()  # Corpulencia ½ at level 8: +4 against 18
    state, _, events = escape(victim, budget_for_turn(victim), "agarrar-a-distancia", "g", FixedDice([face]))
    assert events[0].data["difficulty"] == 18
    assert state.progressions[0].degrees == degrees_left


def test_each_full_5_of_margin_removes_a_degree_and_the_effect_can_vanish():
    victim = held(by_level=0, attributes={"corpulencia": 1})  # +8 against 10
    state, _, events = escape(victim, budget_for_turn(victim), "agarrar-a-distancia", "g", FixedDice([17]))
    assert events[0].data["degrees_removed"] == 3 and state.progressions == ()


def test_actions_lost_to_the_grab_can_still_be_used_to_break_free_but_only_once_per_turn():
    victim = held(degrees=3)
    budget = budget_for_turn(victim)
    assert budget.left("standard") == 0
    state, budget, events = escape(victim, budget, "agarrar-a-distancia", "g", FixedDice([2]))
    assert events[0].data["action"] == "standard"
    with pytest.raises(Refused) as err:
        escape(state, budget, "agarrar-a-distancia", "g", FixedDice([20]))
    assert err.value.code == "progression.one_escape_per_turn"


def test_escapismo_escapes_with_superioridad_as_an_object_action():
    victim = held(maneuvers={"escapismo"})
    _, budget, events = escape(
        victim, budget_for_turn(victim), "agarrar-a-distancia", "g", FixedDice([3, 15])
    )
    assert events[0].roll.superiority == 1 and events[0].roll.kept == 15
    assert events[0].data["action"] == "object"
    assert budget.standard == 1


def test_escapismo_2_gives_two_tries_with_the_move_then_the_object_action():
    victim = held(maneuvers={"escapismo", "escapismo-2"})
    budget = budget_for_turn(victim)
    state, budget, first = escape(victim, budget, "agarrar-a-distancia", "g", FixedDice([1, 2]))
    state, budget, second = escape(state, budget, "agarrar-a-distancia", "g", FixedDice([1, 2]))
    assert [first[0].data["action"], second[0].data["action"]] == ["move", "object"]
    with pytest.raises(Refused):
        escape(state, budget, "agarrar-a-distancia", "g", FixedDice([1, 2]))


def test_superfuerza_escapes_grabs_with_superioridad():
    victim = held(powers={"superfuerza"})
    _, _, events = escape(victim, budget_for_turn(victim), "agarrar-a-distancia", "g", FixedDice([3, 15]))
    assert events[0].roll.superiority == 1


class Drain:
    attribute = "corpulencia"
    shape = "single"
    damage = None
    progression = ()
    penetrating = False


DRAINER = person("d", powers={"debilitar-atributo", "debilitar-nivel"}, attributes={"corpulencia": 1})


def test_debilitar_atributo_takes_half_per_damage_never_below_zero_and_recovers_half_per_turn():
    spec = AttackSpec("melee", "debilitar-atributo", drained_attribute="agilidad")
    victim = person("v", attributes={"agilidad": 1})
    out = resolve_attack(
        DRAINER, victim, spec, FixedDice([16]), {"debilitar-atributo": Drain()}
    )  # 2 successes
    assert out.target.attribute("agilidad") == 0 and out.target.hit_points == 4
    worse = resolve_attack(DRAINER, out.target, spec, FixedDice([16]), {"debilitar-atributo": Drain()})
    assert worse.target.attribute("agilidad") == 0
    assert start_turn(worse.target).state.attribute("agilidad") == H


def test_debilitar_nivel_takes_a_level_per_success_and_levels_come_back_like_hit_points():
    out = resolve_attack(
        DRAINER,
        person("v"),
        AttackSpec("melee", "debilitar-nivel"),
        FixedDice([16]),
        {"debilitar-nivel": Drain()},
    )
    assert out.target.effective_level == 6 and out.target.hit_points == 4
    rested, _ = rest(out.target, 5)
    assert rested.effective_level == 7
    assert replace(rested, level_drain=0).effective_level == 8
