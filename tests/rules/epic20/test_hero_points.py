"""PUNTOS DE HÉROE: every use, its cost, one use per turn, the ½-level maximum and awards."""

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.dice import roll_d20
from rules.epic20.resolution import (
    HERO_POINT_USES,
    AttackSpec,
    CombatantState,
    Refused,
    end_turn,
    resolve_attack,
    start_turn,
    take_damage,
)
from rules.epic20.resolution.hero_points import award, award_for_critical, reroll_roll, spend, use_cost

H = Fraction(1, 2)


def hero(points=4, level=8, **kw):
    attributes = {"corpulencia": Fraction(1), "agilidad": H}
    return CombatantState(
        "h",
        level=level,
        hit_points=4,
        hit_points_max=4,
        attributes=attributes,
        powers={"superfuerza"},
        hero_points=points,
        **kw,
    )


def target():
    return CombatantState("t", level=8, hit_points=4, hit_points_max=4)


def test_the_uses_are_plain_catalogue_data():
    slugs = {u.slug for u in HERO_POINT_USES}
    assert slugs == {
        "superioridad",
        "repetir-tirada",
        "subir-dos-niveles",
        "punto-de-vida",
        "maniobra",
        "superpoder",
        "editar-escena",
    }
    for use in HERO_POINT_USES:
        data = use.as_dict()
        assert data["name_es"] and data["name_en"] and data["description_es"] and data["description_en"]
        assert data["rule"] == "PUNTOS DE HÉROE" and data["cost"] >= 1


@pytest.mark.parametrize(
    ("slug", "in_combat", "cost"),
    [
        ("superioridad", True, 1),
        ("repetir-tirada", True, 2),
        ("repetir-tirada", False, 1),
        ("punto-de-vida", True, 1),
    ],
)
def test_costs(slug, in_combat, cost):
    assert use_cost(slug, in_combat=in_combat) == cost


@pytest.mark.parametrize(("power_cost", "points"), [(Fraction(1, 2), 1), (1, 1), (Fraction(3, 2), 2), (3, 3)])
def test_a_borrowed_power_costs_one_point_per_point_of_its_cost(power_cost, points):
    assert use_cost("superpoder", power_cost=power_cost) == points


def test_superioridad_on_an_attack_rolls_one_more_die_and_spends_the_point():
    out = resolve_attack(hero(), target(), AttackSpec("melee", hero_point="superioridad"), FixedDice([2, 11]))
    assert out.roll.superiority == 1 and out.roll.kept == 11
    assert out.attacker.hero_points == 3
    assert out.events[0].type == "hero_point"
    assert "punto-de-heroe" in [s.slug for s in out.events[1].sources]


def test_plus_two_levels_raises_the_attack_bonus_of_that_one_attack():
    out = resolve_attack(
        hero(), target(), AttackSpec("melee", hero_point="subir-dos-niveles"), FixedDice([5])
    )
    assert out.roll.bonus == 10
    assert out.attacker.level == 8


def test_only_one_use_per_turn_and_it_resets_at_the_next_turn():
    spent, _ = spend(hero(), "punto-de-vida")
    with pytest.raises(Refused) as err:
        spend(spent, "punto-de-vida")
    assert err.value.code == "hero_points.one_per_turn"
    again = start_turn(end_turn(spent)).state
    assert spend(again, "punto-de-vida")[0].hero_points == 2


def test_not_enough_points_is_refused():
    with pytest.raises(Refused) as err:
        resolve_attack(
            hero(points=0), target(), AttackSpec("melee", hero_point="superioridad"), FixedDice([5, 5])
        )
    assert err.value.code == "hero_points.not_enough"


def test_the_combat_reroll_costs_two_points_and_only_the_second_result_counts():
    first = roll_d20(FixedDice([3]), 0, 8)
    state, again, _ = reroll_roll(hero(), first, FixedDice([17]))
    assert state.hero_points == 2 and again.kept == 17 and again.previous == first
    state, _, _ = reroll_roll(hero(), first, FixedDice([17]), in_combat=False)
    assert state.hero_points == 3


def test_a_hit_point_even_while_falling_but_never_above_the_maximum():
    fallen, _ = take_damage(hero(), 4, "physical")
    assert fallen.status == "unconscious"
    up, _ = spend(fallen, "punto-de-vida")
    assert (up.hit_points, up.status) == (1, "active")
    full, _ = spend(hero(), "punto-de-vida")
    assert full.hit_points == 4


def test_a_borrowed_maneuver_lasts_one_turn():
    borrowed, _ = spend(hero(), "maniobra", maneuver="aturdir")
    out = resolve_attack(borrowed, target(), AttackSpec("melee", maneuvers=("aturdir",)), FixedDice([11]))
    assert out.target.condition("stunned")
    assert not end_turn(borrowed).has("aturdir")


def test_a_borrowed_power_lasts_one_action_if_instant_or_level_turns_otherwise():
    instant, _ = spend(hero(), "superpoder", power="ataque-especial-a-distancia", power_cost=1)
    assert "ataque-especial-a-distancia" not in end_turn(instant).powers
    lasting, _ = spend(hero(points=4, level=3), "superpoder", power="volar", power_cost=1, instant=False)
    state = lasting
    for _ in range(2):
        state = end_turn(state)
        assert "volar" in state.powers
    assert "volar" not in end_turn(state).powers


def test_editing_the_scene_is_narrative_and_costs_a_point():
    state, events = spend(hero(), "editar-escena")
    assert state.hero_points == 3 and events[0].data["use"] == "editar-escena"


@pytest.mark.parametrize(
    ("level", "points", "gain", "after"),
    [(8, 3, 1, 4), (8, 4, 1, 4), (8, 0, 9, 4), (9, 0, 9, 4), (5, 1, 3, 2)],
)
def test_awards_never_exceed_half_the_level(level, points, gain, after):
    assert award(hero(points=points, level=level), gain)[0].hero_points == after


def test_a_natural_20_in_a_stressful_situation_gives_a_hero_point():
    crit = roll_d20(FixedDice([20]))
    assert award_for_critical(hero(points=1), crit, stressful=True)[0].hero_points == 2
    assert award_for_critical(hero(points=1), crit, stressful=False)[0].hero_points == 1
    out = resolve_attack(hero(points=1), target(), AttackSpec("melee"), FixedDice([20]))
    assert out.attacker.hero_points == 2
    assert (
        resolve_attack(hero(points=4), target(), AttackSpec("melee"), FixedDice([20])).attacker.hero_points
        == 4
    )


def test_with_roll_uses_cannot_be_spent_on_their_own():
    with pytest.raises(Refused):
        spend(hero(), "superioridad")
    assert replace(hero(), hero_points=0).hero_points_max == 4


def test_rerolling_an_attack_costs_two_points_and_resolves_it_with_the_new_roll_only():
    first = resolve_attack(hero(), target(), AttackSpec("melee"), FixedDice([3]))
    assert not first.hit
    again = resolve_attack(hero(), target(), AttackSpec("melee"), FixedDice([19]), rerolling=first.roll)
    assert again.attacker.hero_points == 2  # "Cuesta 2 puntos de héroe si la acción es de combate"
    assert again.hit and again.roll.kept == 19 and again.roll.previous == first.roll
    assert [e.type for e in again.events][:2] == ["hero_point", "attack"]
    assert again.events[0].data["points"] == 2


def test_rerolling_a_skill_check_costs_one_point_outside_a_combat_action():
    from rules.epic20.resolution import SkillStat, skill_check

    state = replace(hero(), skills={"atletismo": SkillStat(8, 0, "corpulencia", Fraction(1, 2))})
    first = skill_check(state, "atletismo", FixedDice([4]), difficulty=20)
    again = skill_check(state, "atletismo", FixedDice([15]), difficulty=20, rerolling=first.roll)
    assert again.state.hero_points == 3 and again.success  # "1 sólo si la acción no es de combate"


def test_a_reroll_needs_the_points_and_the_turns_hero_point_use():
    first = resolve_attack(hero(points=1), target(), AttackSpec("melee"), FixedDice([3]))
    with pytest.raises(Refused) as err:
        resolve_attack(hero(points=1), target(), AttackSpec("melee"), FixedDice([19]), rerolling=first.roll)
    assert err.value.code == "hero_points.not_enough"
    paid = resolve_attack(hero(), target(), AttackSpec("melee", hero_point="superioridad"), FixedDice([2, 3]))
    with pytest.raises(Refused) as err:
        resolve_attack(
            hero(),
            target(),
            AttackSpec("melee", hero_point="superioridad"),
            FixedDice([19, 19]),
            rerolling=paid.roll,
        )
    assert err.value.code == "hero_points.one_per_turn"


def test_a_rerolled_roll_is_final():
    first = roll_d20(FixedDice([3]), 0, 8)
    _, again, _ = reroll_roll(hero(), first, FixedDice([5]))
    with pytest.raises(Refused) as err:
        reroll_roll(hero(), again, FixedDice([19]))
    assert err.value.code == "hero_points.already_rerolled"


def test_a_logged_roll_reads_back_with_what_it_rerolled():
    from rules.epic20.dice import Roll

    first = roll_d20(FixedDice([3, 12]), 1, 8)
    _, again, _ = reroll_roll(hero(), first, FixedDice([17, 6]))
    logged = {**again.as_dict(), "commitment": "ab", "sources": []}
    assert Roll.from_dict(logged) == again
    with pytest.raises(ValueError):
        Roll.from_dict({"faces": "x"})


def test_rerolling_an_escape_costs_two_points_and_counts_only_the_new_roll():
    from rules.epic20.resolution import budget_for_turn, escape
    from rules.epic20.resolution.state import ProgressionEffect

    grab = ProgressionEffect("agarrar-a-distancia", "g", 8, 3, ("a", "b", "c"), "corpulencia", grab=True)
    held = replace(hero(), powers=frozenset(), progressions=(grab,))  # Corpulencia 1: +8 against 18
    budget = budget_for_turn(held)
    _, _, first = escape(held, budget, "agarrar-a-distancia", "g", FixedDice([3]))
    state, _, events = escape(
        held, budget, "agarrar-a-distancia", "g", FixedDice([15]), rerolling=first[0].roll
    )
    assert state.hero_points == 2 and [e.type for e in events] == ["hero_point", "escape"]
    assert events[1].data["success"] and state.progressions[0].degrees == 2


def test_a_hit_point_bought_while_dying_does_not_stabilize():
    """Seed l.835 ("Ganar 1 pto de vida, incluso en el momento de caer derrotado") and the FAQ
    ¿Cómo muere un personaje?: only "medicina dificultad 15 o superpoderes curativos" or a 16+ on
    the dying roll stabilize; the hero point is a point, not a healing power."""
    dying, _ = take_damage(hero(), 6, "physical")
    assert (dying.hit_points, dying.status) == (-2, "dying")
    up, _ = spend(dying, "punto-de-vida")
    assert (up.hit_points, up.status) == (-1, "dying")
    back, _ = spend(replace(up, hero_point_uses_this_turn=0), "punto-de-vida")
    assert (back.hit_points, back.status) == (0, "unconscious")
