"""RESOLVER ACCIONES and LISTA DE HABILIDADES: skill checks from a sheet's derived numbers."""

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.core.errors import Refused
from rules.epic20.derived import derive
from rules.epic20.dice import roll_d20
from rules.epic20.grants import character, resolve
from rules.epic20.resolution import CombatantState, Condition, Source, skill_check
from rules.epic20.resolution.skills import (
    AVERAGE,
    DIFFICULTIES,
    EASY_FOR_A_CHILD,
    EASY_FOR_AN_ADULT,
    HARD_FOR_A_HUMAN,
    NEEDS_TRAINING,
    STANDARD_DIFFICULTY,
    VERY_HARD_FOR_A_HUMAN,
    difficulty_label,
    skills_from_derived,
)
from rules.epic20.sheet import parse_sheet

H = Fraction(1, 2)
ATTRIBUTES = {"corpulencia": H, "agilidad": 1, "percepcion": 1, "inteligencia": H, "presencia": 0}


def hero(level=8, attributes=None, skills=(), advantages=(), complications=(), points=2, **kw):
    """A combatant whose skills come from a real sheet through `derive`, as the encounter app does."""
    sheet = {
        "name": "Nova",
        "level": level,
        "attributes": {**ATTRIBUTES, **(attributes or {})},
        "skills": [dict(s) for s in skills],
        "advantages": [{"advantage": a, "points": 1} for a in advantages],
        "complications": [{"complication": c} for c in complications],
    }
    parsed, _ = parse_sheet(sheet)
    who = character(parsed, resolve(parsed, None))
    derived = derive(parsed.level, parsed.attributes, who, parsed.equipment, parsed.skills, None)
    return CombatantState(
        "1",
        level=level,
        hit_points=4,
        hit_points_max=4,
        name="Nova",
        attributes=dict(parsed.attributes),
        advantages=who.advantages,
        complications={c.slug for c in who.complications},
        skills=skills_from_derived(derived.skills, {e.key: e.value for e in parsed.skills}),
        hero_points=points,
        **kw,
    )


def check(state, key, faces, **kw):
    return skill_check(state, key, FixedDice(faces), **kw)


# --- the bonus: the linked attribute's value times the level --------------------------------------


@pytest.mark.parametrize(
    ("level", "value", "bonus"),
    [(8, 0, 0), (8, H, 4), (8, 1, 8), (9, H, 4), (9, 1, 9), (5, H, 2)],
)
def test_the_bonus_is_0_half_the_level_or_the_level_by_the_linked_attribute(level, value, bonus):
    # Atletismo is a Corpulencia skill; its value ½ rolls a plain 1d20.
    state = hero(level, {"corpulencia": value}, skills=[{"skill": "atletismo", "value": 0.5}])
    out = check(state, "atletismo", [10])
    assert out.roll.bonus == bonus
    assert out.roll.total == 10 + bonus


def test_each_skill_uses_its_own_attribute():
    state = hero(attributes={"agilidad": 1, "presencia": 0})
    assert check(state, "acrobacias", [10, 10]).roll.bonus == 8  # Agilidad 1
    assert check(state, "persuasion", [10, 10]).roll.bonus == 0  # Presencia 0


# --- Superioridad / Inferioridad from the skill's value -------------------------------------------


@pytest.mark.parametrize(
    ("value", "superiority", "faces", "kept"),
    [
        (0, -1, [15, 4], 4),  # Habilidad 0 = Inferioridad: 2d20, the worst
        (0.5, 0, [15], 15),  # Habilidad 1/2 = Tirada normal de 1d20
        (1, 1, [4, 15], 15),  # Habilidad 1 = Superioridad: 2d20, the best
        (2, 2, [4, 9, 15], 15),  # Habilidad 2 = Doble Superioridad: 3d20
    ],
)
def test_the_skill_value_sets_superiority(value, superiority, faces, kept):
    skills = [{"skill": "sigilo", "value": value}] if value else []
    out = check(hero(skills=skills), "sigilo", faces)
    assert out.roll.superiority == superiority
    assert len(out.roll.faces) == len(faces)
    assert out.roll.kept == kept
    assert out.events[-1].sources[0].delta == superiority


def test_an_unlisted_base_skill_rolls_with_inferioridad():
    out = check(hero(), "medicina", [18, 3])
    assert (out.roll.superiority, out.roll.kept) == (-1, 3)


def test_a_specialty_is_its_own_skill():
    state = hero(skills=[{"skill": "conocimientos-de", "specialty": "Supervivencia", "value": 1}])
    assert check(state, "conocimientos-de:Supervivencia", [3, 12]).roll.superiority == 1
    assert check(state, "conocimientos-de", [3, 12]).roll.superiority == -1
    event = check(state, "conocimientos-de:Supervivencia", [3, 12]).events[-1]
    assert "Conocimientos de Supervivencia" in event.text_es


def test_an_advantage_adds_the_superiority_the_sheet_derived():
    # Excelente piloto: "Gana superioridad en tiradas de pilotaje de vehículos".
    state = hero(skills=[{"skill": "vehiculos", "value": 1}], advantages=["excelente-piloto"])
    out = check(state, "vehiculos", [2, 5, 11])
    assert out.roll.superiority == 2 and out.roll.kept == 11


# --- cancelling: stun, situational sources --------------------------------------------------------


def stunned(state):
    return replace(state, conditions=(Condition("stunned", rule="ATURDIMIENTO"),))


def test_stun_inferioridad_cancels_a_skills_superioridad():
    state = stunned(hero(skills=[{"skill": "sigilo", "value": 1}]))
    out = check(state, "sigilo", [7])
    assert out.roll.superiority == 0 and out.roll.faces == (7,)
    assert [(s.slug, s.delta) for s in out.events[-1].sources] == [("habilidad", 1), ("aturdido", -1)]


def test_stun_on_a_plain_skill_rolls_with_inferioridad():
    out = check(stunned(hero(skills=[{"skill": "sigilo", "value": 0.5}])), "sigilo", [17, 6])
    assert (out.roll.superiority, out.roll.kept) == (-1, 6)


def test_situational_sources_count_and_are_listed_with_the_roll():
    cover = Source("escondido", +1, "RESOLVER ACCIONES", "Buen escondite", "Good hiding place")
    out = check(hero(skills=[{"skill": "sigilo", "value": 0.5}]), "sigilo", [3, 14], sources=[cover])
    assert out.roll.superiority == 1 and out.roll.kept == 14
    assert "escondido" in [s.slug for s in out.events[-1].sources]
    assert out.events[-1].as_dict()["roll"]["sources"][1]["label_es"] == "Buen escondite"


def test_large_characters_never_roll_more_than_one_die_for_stealth():
    # Grande: "No puede tirar nunca más de 1d20 en tiradas de sigilo".
    state = hero(
        attributes={"corpulencia": 1, "agilidad": H},
        skills=[{"skill": "sigilo", "value": 1}],
        advantages=["grande"],
    )
    hidden = Source("escondido", +1, "RESOLVER ACCIONES", "Escondite", "Hiding place")
    assert check(state, "sigilo", [9], sources=[hidden]).roll.superiority == 0


def test_jack_of_all_trades_never_rolls_inteligencia_skills_with_inferioridad():
    state = hero(attributes={"inteligencia": 1, "agilidad": H}, advantages=["sabe-un-poco-de-todo"])
    assert check(stunned(state), "medicina", [9]).roll.superiority == 0


def test_a_monstrous_character_persuades_with_presencia_0():
    state = hero(attributes={"presencia": 1, "percepcion": H}, complications=["monstruoso"])
    assert check(state, "persuasion", [9, 9]).roll.bonus == 0
    assert check(state, "intimidacion", [9, 9]).roll.bonus == 8


# --- natural 1 and 20, difficulty -------------------------------------------------------------------


def test_a_natural_1_always_fails_and_is_a_fumble_only_with_inferioridad():
    plain = check(hero(skills=[{"skill": "acrobacias", "value": 0.5}]), "acrobacias", [1], difficulty=5)
    assert plain.success is False and not plain.fumble  # 1 + 8 = 9 ≥ 5, still a failure
    worse = check(hero(), "acrobacias", [1, 19], difficulty=5)
    assert worse.success is False and worse.fumble


def test_a_natural_20_always_succeeds_and_is_critical():
    out = check(
        hero(attributes={"presencia": 0}), "persuasion", [20, 20], difficulty=VERY_HARD_FOR_A_HUMAN + 10
    )
    assert out.success is True and out.critical and out.roll.total == 20


def test_a_critical_in_a_stressful_situation_gives_a_hero_point_never_above_the_maximum():
    state = hero(skills=[{"skill": "sigilo", "value": 0.5}], points=2)
    assert check(state, "sigilo", [20]).state.hero_points == 3
    assert check(state, "sigilo", [20], stressful=False).state.hero_points == 2
    full = replace(state, hero_points=state.hero_points_max)
    assert check(full, "sigilo", [20]).state.hero_points == full.hero_points_max == 4


@pytest.mark.parametrize("difficulty", [d.value for d in DIFFICULTIES])
def test_reaching_the_difficulty_succeeds_and_falling_short_fails(difficulty):
    level = max(0, difficulty - 10)  # Agilidad 1: the bonus is the level; the die shows 5 or 10
    state = hero(level, skills=[{"skill": "acrobacias", "value": 0.5}])
    face = difficulty - level
    reached = check(state, "acrobacias", [face], difficulty=difficulty)
    assert reached.success is True and reached.margin == 0
    short = check(state, "acrobacias", [face - 1], difficulty=difficulty)
    assert short.success is False and short.margin == -1


def test_an_opposed_check_must_beat_the_other_total():
    state = hero(skills=[{"skill": "enganar", "value": 0.5}], attributes={"presencia": 1, "percepcion": H})
    assert check(state, "enganar", [10], opposed_total=18).success is False  # a tie holds
    assert check(state, "enganar", [11], opposed_total=18).success is True


def test_without_a_difficulty_only_the_natural_die_decides():
    state = hero(skills=[{"skill": "sigilo", "value": 0.5}])
    assert check(state, "sigilo", [12]).success is None
    assert check(state, "sigilo", [20]).success is True
    assert check(state, "sigilo", [1]).success is False


def test_the_difficulty_table_is_named():
    assert [d.value for d in DIFFICULTIES] == [5, 10, 15, 20, 25, 30]
    assert (EASY_FOR_A_CHILD, EASY_FOR_AN_ADULT, AVERAGE, NEEDS_TRAINING, HARD_FOR_A_HUMAN) == (
        5,
        10,
        15,
        20,
        25,
    )
    assert STANDARD_DIFFICULTY == AVERAGE  # "15 = media (esta es dificultad estándar)"
    assert difficulty_label(20) == "requiere entrenamiento"
    assert difficulty_label(5, "en") == "easy for a child"
    assert difficulty_label(17) == ""


def test_the_event_names_the_combatant_the_skill_and_the_difficulty():
    out = check(hero(skills=[{"skill": "acrobacias", "value": 0.5}]), "acrobacias", [7], difficulty=15)
    event = out.events[-1]
    assert event.type == "skill_check" and event.rule == "RESOLVER ACCIONES"
    assert event.text_es == "Nova tira Acrobacias: 15 contra 15 (media), éxito."
    assert event.text_en == "Nova rolls Acrobatics: 15 vs 15 (average), success."
    data = event.as_dict()
    assert data["roll"]["faces"] == [7] and data["success"] is True
    assert data["roll"]["sources"][0]["label_es"] == "Acrobacias (½)"


# --- hero points ----------------------------------------------------------------------------------


def test_a_hero_point_buys_superioridad_on_the_check():
    out = check(
        hero(skills=[{"skill": "sigilo", "value": 0.5}]), "sigilo", [3, 16], hero_point="superioridad"
    )
    assert out.roll.superiority == 1 and out.roll.kept == 16
    assert out.state.hero_points == 1 and out.events[0].type == "hero_point"


def test_two_more_levels_raise_the_bonus_of_that_check():
    state = hero(skills=[{"skill": "atletismo", "value": 0.5}], attributes={"corpulencia": 1, "agilidad": H})
    assert check(state, "atletismo", [10], hero_point="subir-dos-niveles").roll.bonus == 10


def test_a_drained_level_lowers_the_bonus():
    state = replace(hero(skills=[{"skill": "acrobacias", "value": 0.5}]), level_drain=2)
    assert check(state, "acrobacias", [10]).roll.bonus == 6


def test_rerolling_a_non_combat_check_costs_one_point_and_only_the_second_result_counts():
    state = hero(skills=[{"skill": "investigacion", "value": 0.5}], points=3)
    first = check(state, "investigacion", [2], difficulty=15)
    again = skill_check(state, "investigacion", FixedDice([14]), difficulty=15, rerolling=first.roll)
    assert again.state.hero_points == 2
    assert again.roll.kept == 14 and again.roll.previous == first.roll and again.success is True
    assert [e.type for e in again.events] == ["hero_point", "skill_check"]


def test_rerolling_a_check_that_is_a_combat_action_costs_two():
    state = hero(skills=[{"skill": "investigacion", "value": 0.5}], points=3)
    first = check(state, "investigacion", [2])
    again = skill_check(state, "investigacion", FixedDice([14]), rerolling=first.roll, combat_action=True)
    assert again.state.hero_points == 1


def test_a_reroll_is_final_and_shares_the_turns_single_hero_point_use():
    state = hero(skills=[{"skill": "sigilo", "value": 0.5}], points=4)
    first = check(state, "sigilo", [2])
    again = skill_check(state, "sigilo", FixedDice([3]), rerolling=first.roll)
    with pytest.raises(Refused) as err:
        skill_check(state, "sigilo", FixedDice([19]), rerolling=again.roll)
    assert err.value.code == "hero_points.already_rerolled"
    paid = check(state, "sigilo", [2, 2], hero_point="superioridad")
    with pytest.raises(Refused) as err:
        skill_check(state, "sigilo", FixedDice([5, 5]), hero_point="superioridad", rerolling=paid.roll)
    assert err.value.code == "hero_points.one_per_turn"


def test_a_reroll_must_be_of_this_same_check():
    state = hero(skills=[{"skill": "sigilo", "value": 0.5}])
    other = roll_d20(FixedDice([5, 5]), 1, 8)
    with pytest.raises(Refused) as err:
        skill_check(state, "sigilo", FixedDice([9]), rerolling=other)
    assert err.value.code == "hero_points.reroll_mismatch"


# --- refusals --------------------------------------------------------------------------------------


def test_an_unknown_skill_or_a_double_target_is_refused():
    with pytest.raises(Refused) as err:
        check(hero(), "volar", [10])
    assert err.value.code == "skills.unknown" and err.value.rule == "LISTA DE HABILIDADES"
    with pytest.raises(Refused) as err:
        check(hero(), "sigilo", [10, 10], difficulty=10, opposed_total=12)
    assert err.value.code == "skills.difficulty_or_opposed"


def test_someone_unconscious_makes_no_check():
    with pytest.raises(Refused) as err:
        check(replace(hero(), status="unconscious"), "sigilo", [10, 10])
    assert err.value.code == "skills.actor_down"
