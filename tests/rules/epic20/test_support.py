"""LISTA DE PODERES (Contacto curativo, Contacto reparador, Regeneración) and LISTA DE VENTAJAS
(Motivador, Inspirar a otros, Trabajo en equipo): the support actions, with fixed dice."""

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    ActionBudget,
    CombatantState,
    Condition,
    Refused,
    SkillStat,
    end_turn,
    healing_touch,
    help_for_roll,
    inspire,
    motivate,
    regenerate,
    skill_check,
    start_turn,
    teamwork,
)
from rules.epic20.resolution.support import HEAL_DIFFICULTY, MOTIVATE_DIFFICULTY

H = Fraction(1, 2)


def person(cid="2", name="Rex", **kw):
    kw.setdefault("hit_points", 4)
    return CombatantState(cid, level=8, hit_points_max=4, name=name, **kw)


def healer(**kw):
    """Level 8, Inteligencia and Presencia ½: both rolls are 1d20 + 4."""
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update(kw.pop("attributes", {}))
    kw.setdefault("powers", {"contacto-curativo", "contacto-reparador", "regeneracion"})
    kw.setdefault("advantages", {"motivador", "inspirar-a-otros", "trabajo-en-equipo"})
    kw.setdefault("hero_points", 3)
    return person("1", "Sanadora", attributes=attributes, **kw)


def touch(actor, target, faces, budget=None, **kw):
    return healing_touch(actor, budget or ActionBudget(), target, FixedDice(faces), **kw)


def codes(excinfo):
    return excinfo.value.code


# --- Contacto curativo ---------------------------------------------------------------------------


def test_the_difficulty_is_10_and_each_full_5_over_it_heals_one():
    assert HEAL_DIFFICULTY == MOTIVATE_DIFFICULTY == 10
    hurt = person(hit_points=0, status="unconscious")
    out = touch(healer(), hurt, [16])  # 16 + 4 = 20: margin 10, two successes
    assert out.roll.bonus == 4 and out.roll.total == 20
    assert out.healed == 2
    (target,) = out.others
    assert target.hit_points == 2 and target.status == "active"
    support = out.events[0]
    assert support.type == "support" and support.rule == "LISTA DE PODERES"
    assert support.data["difficulty"] == 10 and support.data["successes"] == 2
    assert support.data["attribute"] == "inteligencia"
    assert support.text_es == "Sanadora usa Contacto curativo a Rex: 20 contra 10, 2 éxitos."
    assert support.text_en == "Sanadora uses Healing touch on Rex: 20 vs 10, 2 successes."
    heal = next(e for e in out.events if e.type == "heal")
    assert heal.data == {"healed": 2, "heal_type": "physical", "target_hit_points": 2}
    assert heal.public == ("Rex recupera 2 puntos de vida.", "Rex recovers 2 hit points.")
    assert [e.type for e in out.events] == ["support", "heal", "status"]  # 0 → 2: comes to
    # It takes the standard action.
    assert out.budget.left("standard") == 0


@pytest.mark.parametrize(("face", "healed"), [(5, 0), (6, 0), (10, 0), (11, 1), (15, 1), (16, 2)])
def test_a_bare_success_heals_nothing_a_success_is_each_full_5_of_margin(face, healed):
    out = touch(healer(), person(hit_points=0), [face])
    assert out.healed == healed
    assert out.events[0].data["success"] is (face + 4 >= 10)


def test_healing_never_goes_over_the_maximum():
    out = touch(healer(), person(hit_points=3), [20])  # three successes, one point missing
    assert out.healed == 1 and out.others[0].hit_points == 4


def test_emotional_damage_is_not_healed_by_contacto_curativo():
    # 3 points lost, 2 of them emotional: only 1 is physical or mental.
    hurt = person(hit_points=1, emotional_damage=2)
    out = touch(healer(), hurt, [20])
    (target,) = out.others
    assert out.healed == 1 and target.hit_points == 2 and target.emotional_damage == 2
    with pytest.raises(Refused) as excinfo:
        touch(healer(), target, [20])
    assert codes(excinfo) == "support.only_emotional_damage"
    assert "PREGUNTAS FRECUENTES" in excinfo.value.rule


def test_nothing_to_heal_is_refused_before_the_action_is_spent():
    with pytest.raises(Refused) as excinfo:
        touch(healer(), person(), [20])
    assert codes(excinfo) == "support.nothing_to_heal"


def test_contacto_curativo_does_not_heal_machines_and_reparador_only_heals_them():
    android = person(archetype="androide", hit_points=1)
    with pytest.raises(Refused) as excinfo:
        touch(healer(), android, [20])
    assert codes(excinfo) == "support.machine"
    out = touch(healer(), android, [16], repair=True)
    assert out.healed == 2 and out.others[0].hit_points == 3
    assert out.events[0].data["use"] == "contacto-reparador"
    with pytest.raises(Refused) as excinfo:
        touch(healer(), person(hit_points=1), [20], repair=True)
    assert codes(excinfo) == "support.not_a_machine"


def test_healing_a_dying_character_stabilizes_it():
    dying = person(hit_points=-3, status="dying")
    out = touch(healer(), dying, [11])  # one success
    (target,) = out.others
    assert target.hit_points == -2 and target.status == "stable"


def test_a_natural_1_always_fails_and_a_20_is_critical_and_gives_a_hero_point():
    expert = replace(healer(attributes={"inteligencia": 1}), level=16)  # 1d20 + 16
    out = touch(expert, person(hit_points=0), [1])
    assert out.healed == 0 and out.events[0].data["success"] is False
    out = touch(healer(hero_points=1), person(hit_points=0), [20])
    assert out.events[0].data["critical"] is True
    assert out.actor.hero_points == 2
    assert out.events[-1].type == "hero_point_award"
    calm = touch(healer(hero_points=1), person(hit_points=0), [20], stressful=False)
    assert calm.actor.hero_points == 1


def test_stun_gives_inferioridad_and_a_hero_point_superioridad():
    stunned = healer(conditions=(Condition("stunned"),))
    out = touch(stunned, person(hit_points=0), [18, 6])
    assert out.roll.superiority == -1 and out.roll.kept == 6 and out.healed == 0
    out = touch(healer(), person(hit_points=0), [6, 18], hero_point="superioridad")
    assert out.roll.superiority == 1 and out.healed == 2 and out.actor.hero_points == 2


def test_the_healer_can_touch_themself():
    me = healer(hit_points=1)
    out = touch(me, me, [16])
    assert out.others == () and out.actor.hit_points == 3
    assert "sobre sí" in out.events[0].text_es


def test_a_power_not_owned_is_refused():
    with pytest.raises(Refused) as excinfo:
        touch(healer(powers=set()), person(hit_points=0), [20])
    assert codes(excinfo) == "support.not_owned"


def test_the_heal_roll_is_rerolled_for_one_hero_point():
    first = touch(healer(), person(hit_points=0), [3])
    again = touch(healer(), person(hit_points=0), [17], rerolling=first.roll)
    assert again.roll.previous is not None and again.roll.total == 21
    assert again.healed == 2 and again.actor.hero_points == 2  # not a combat action: 1 point


# --- Regeneración --------------------------------------------------------------------------------


def test_regeneration_takes_a_standard_and_a_move_action_for_one_hit_point():
    out = regenerate(healer(hit_points=1), ActionBudget())
    assert out.actor.hit_points == 2 and out.healed == 1
    assert out.budget.left("standard") == 0 and out.budget.left("move") == 0
    assert [e.type for e in out.events] == ["support", "heal"]
    with pytest.raises(Refused) as excinfo:
        regenerate(healer(), ActionBudget())
    assert codes(excinfo) == "support.nothing_to_heal"
    with pytest.raises(Refused) as excinfo:
        regenerate(healer(hit_points=1), ActionBudget(move=0))
    assert codes(excinfo) == "turn.no_move_action"


# --- Motivador -----------------------------------------------------------------------------------


def test_motivador_spends_a_hero_point_and_heals_emotional_damage_per_success():
    scared = person(hit_points=1, emotional_damage=3)
    out = motivate(healer(), ActionBudget(), scared, FixedDice([16]))  # 16 + 4 = 20: two successes
    (target,) = out.others
    assert target.emotional_damage == 1 and target.hit_points == 3
    assert out.actor.hero_points == 2 and out.actor.hero_point_uses_this_turn == 1
    assert out.budget.left("standard") == 0 and out.budget.left("communication") == 1
    roll_event = next(e for e in out.events if e.type == "support")
    assert roll_event.data["attribute"] == "presencia" and roll_event.rule == "LISTA DE VENTAJAS"
    heal = next(e for e in out.events if e.type == "heal")
    assert heal.data["heal_type"] == "emotional" and heal.data["healed"] == 2


def test_motivador_heals_no_more_than_the_emotional_damage():
    scared = person(hit_points=1, emotional_damage=1)  # 2 physical, 1 emotional
    out = motivate(healer(), ActionBudget(), scared, FixedDice([20]))
    (target,) = out.others
    assert out.healed == 1 and target.emotional_damage == 0 and target.hit_points == 2


def test_a_motivated_character_who_fled_at_0_returns_to_the_fight():
    fled = person(hit_points=0, emotional_damage=2, status="fled")
    out = motivate(healer(), ActionBudget(), fled, FixedDice([11]))
    (target,) = out.others
    assert target.hit_points == 1 and target.status == "active"
    assert [e.type for e in out.events][-1] == "status"


def test_motivador_is_refused_without_emotional_damage_on_oneself_or_without_the_hero_point():
    with pytest.raises(Refused) as excinfo:
        motivate(healer(), ActionBudget(), person(hit_points=1), FixedDice([20]))
    assert codes(excinfo) == "support.no_emotional_damage"
    me = healer(hit_points=2, emotional_damage=2)
    with pytest.raises(Refused) as excinfo:
        motivate(me, ActionBudget(), me, FixedDice([20]))
    assert codes(excinfo) == "support.not_self"
    scared = person(hit_points=2, emotional_damage=2)
    with pytest.raises(Refused) as excinfo:
        motivate(healer(hero_point_uses_this_turn=1), ActionBudget(), scared, FixedDice([20]))
    assert codes(excinfo) == "hero_points.one_per_turn"
    with pytest.raises(Refused) as excinfo:
        motivate(healer(hero_points=0), ActionBudget(), scared, FixedDice([20]))
    assert codes(excinfo) == "hero_points.not_enough"


# --- Inspirar a otros ----------------------------------------------------------------------------


def test_inspiring_two_allies_costs_two_hero_points_and_a_communication_action():
    a, b = person("2", "Rex"), person("3", "Lía")
    out = inspire(healer(), ActionBudget(), [a, b])
    assert out.actor.hero_points == 1 and out.actor.hero_point_uses_this_turn == 1
    assert out.budget.left("communication") == 1 and out.budget.left("standard") == 1
    assert all(ally.condition("inspired").by == "1" for ally in out.others)
    one = inspire(healer(), ActionBudget(), [a])
    assert one.actor.hero_points == 2
    with pytest.raises(Refused) as excinfo:
        inspire(healer(), ActionBudget(), [a, b, person("4", "Zed")])
    assert codes(excinfo) == "support.inspire_allies"
    with pytest.raises(Refused) as excinfo:
        inspire(healer(hero_points=1), ActionBudget(), [a, b])
    assert codes(excinfo) == "hero_points.not_enough"


def test_inspiration_gives_superioridad_to_the_next_standard_action_roll_only():
    (ally,) = inspire(
        healer(), ActionBudget(), [person(skills={"sigilo": SkillStat(4, 0, "agilidad")})]
    ).others
    # Not a standard action (a check the GM calls for): the inspiration stays.
    same, sources = help_for_roll(ally, "skill:sigilo", standard=False)
    assert sources == [] and same.condition("inspired")
    used, sources = help_for_roll(ally, "skill:sigilo", standard=True)
    assert [(s.slug, s.delta) for s in sources] == [("inspirar-a-otros", 1)]
    assert used.condition("inspired") is None
    out = skill_check(used, "sigilo", FixedDice([3, 15]), sources=sources)
    assert out.roll.superiority == 1 and out.roll.kept == 15


def test_inspiration_lasts_through_the_allys_next_turn_and_ends_with_it():
    (ally,) = inspire(healer(), ActionBudget(), [person()]).others
    begun = start_turn(ally)
    assert begun.state.condition("inspired")
    assert end_turn(begun.state).condition("inspired") is None


# --- Trabajo en equipo ---------------------------------------------------------------------------


def test_teamwork_gives_superioridad_on_the_allys_next_roll_of_that_kind():
    helper = healer(skills={"acrobacias": SkillStat(4, 0, "agilidad")})
    out = teamwork(helper, ActionBudget(), person(), skill="acrobacias")
    assert out.budget.left("standard") == 0
    (ally,) = out.others
    assert ally.condition("teamwork").other == "skill:acrobacias"
    same, sources = help_for_roll(ally, "skill:sigilo", standard=True)
    assert sources == [] and same.condition("teamwork")
    used, sources = help_for_roll(ally, "skill:acrobacias", standard=False)  # any roll, even a free one
    assert [(s.slug, s.delta) for s in sources] == [("trabajo-en-equipo", 1)]
    assert used.condition("teamwork") is None


@pytest.mark.parametrize(
    "stat",
    [
        SkillStat(4, -1, "agilidad"),  # value 0: Inferioridad
        SkillStat(0, 0, "agilidad"),  # Agilidad 0: +0
    ],
)
def test_teamwork_does_not_work_with_inferioridad_or_a_bonus_of_0(stat):
    helper = healer(skills={"acrobacias": stat})
    with pytest.raises(Refused) as excinfo:
        teamwork(helper, ActionBudget(), person(), skill="acrobacias")
    assert codes(excinfo) == "support.teamwork_not_valid"


def test_teamwork_on_attacks_needs_the_helpers_own_attack_bonus_and_no_stun():
    helper = healer(attack_bonus={"melee": 0, "ranged": 8})
    with pytest.raises(Refused):
        teamwork(helper, ActionBudget(), person(), kind="melee")
    (ally,) = teamwork(helper, ActionBudget(), person(), kind="ranged").others
    assert ally.condition("teamwork").other == "attack:ranged"
    stunned = replace(helper, conditions=(Condition("stunned"),))
    with pytest.raises(Refused) as excinfo:
        teamwork(stunned, ActionBudget(), person(), kind="ranged")
    assert codes(excinfo) == "support.teamwork_not_valid"
    with pytest.raises(Refused) as excinfo:
        teamwork(helper, ActionBudget(), helper, kind="ranged")
    assert codes(excinfo) == "support.not_self"


def test_inspiring_or_helping_an_ally_who_cannot_act_is_refused():
    helper = healer(skills={"acrobacias": SkillStat(4, 0, "agilidad")})
    down = person(hit_points=0, status="unconscious")
    with pytest.raises(Refused) as excinfo:
        inspire(helper, ActionBudget(), [down])
    assert codes(excinfo) == "support.ally_down"
    assert excinfo.value.text("es") == "Rex no está en condiciones de actuar."
    with pytest.raises(Refused) as excinfo:
        teamwork(helper, ActionBudget(), down, skill="acrobacias")
    assert codes(excinfo) == "support.ally_down"
    assert excinfo.value.text("en") == "Rex cannot act."
