"""Derived numbers: defense, hit points, hero points, initiative, languages, attacks, skills."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.epic20 import index
from rules.epic20.derived import net_superiority
from rules.epic20.validation import validate_sheet
from tests.rules.epic20.sheets import SHEETS, example_sheet


def derived(sheet, **kwargs):
    return validate_sheet(sheet, **kwargs).as_dict()["derived"]


def bare(level=8, attributes=(0.5, 1, 1, 0.5, 0), archetype=None):
    """A sheet with the given level and attributes and nothing else that changes the numbers."""
    sheet = example_sheet()
    sheet.update(
        level=level, archetype=archetype, powers=[], advantages=[], maneuvers=[], equipment=[], skills=[]
    )
    sheet["attributes"] = dict(
        zip(("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia"), attributes, strict=True)
    )
    return sheet


def item(kind, name, power=None, armor=False):
    return {"kind": kind, "name": name, "power": power, "armor": armor}


# --- defense -----------------------------------------------------------------------------


def test_defense_is_ten_plus_half_the_level():
    assert derived(bare(level=8))["defense"] == 14
    assert derived(bare(level=7))["defense"] == 13  # ½ × 7 rounds down


def test_mundane_armour_adds_a_quarter_of_the_level_and_special_armour_half():
    sheet = bare()
    sheet["equipment"] = [item("mundane", "Cota de mallas", armor=True)]
    assert derived(sheet)["defense"] == 16  # the document's example: 14 + 2
    sheet["equipment"].append(item("special", "Armadura de stormtrooper", armor=True))
    assert derived(sheet)["defense"] == 18  # only the best defense applies: 14 + 4


def test_an_item_reproducing_a_superdefense_is_armour_of_its_kind():
    sheet = bare()
    sheet["equipment"] = [item("mundane", "Escudo antidisturbios", "superesquiva")]
    assert derived(sheet)["defense"] == 16
    sheet["equipment"] = [item("special", "Campo de fuerza portátil", "superproteccion")]
    assert derived(sheet)["defense"] == 18


def test_armour_adds_at_least_one():
    sheet = bare(level=1)
    sheet["equipment"] = [item("mundane", "Chaqueta de cuero", armor=True)]
    assert derived(sheet)["defense"] == 11
    assert derived(bare(level=1))["defense"] == 10


@pytest.mark.parametrize("power", ["superproteccion", "superesquiva"])
def test_a_superdefense_counts_as_special_defense(power):
    sheet = bare()
    sheet["powers"] = [{"power": power}]
    assert derived(sheet)["defense"] == 18


def test_a_limited_use_superdefense_is_not_a_standing_defense():
    sheet = bare()
    sheet["powers"] = [{"power": "superproteccion", "modifiers": ["uso-limitado"]}]
    assert derived(sheet)["defense"] == 14


@pytest.mark.parametrize("archetype", ["bravo", "granuja", "artista-marcial"])
def test_unarmoured_brawlers_rogues_and_martial_artists_count_as_wearing_mundane_armour(archetype):
    assert derived(example_sheet(archetype))["defense"] == 16


def test_non_armour_equipment_does_not_change_defense():
    sheet = bare()
    sheet["equipment"] = [item("special", "Blaster", "ataque-especial-a-distancia")]
    assert derived(sheet)["defense"] == 14


# --- hit points and hero points ----------------------------------------------------------


@pytest.mark.parametrize(("level", "hit_points"), [(0, 1), (1, 1), (4, 2), (7, 3), (8, 4), (20, 4)])
def test_hit_points_are_half_the_level_between_one_and_four(level, hit_points):
    assert derived(bare(level=level))["hit_points"] == hit_points


def test_extra_life_and_being_big_add_hit_points():
    sheet = bare(attributes=(1, 1, 0.5, 0.5, 0))
    sheet["powers"] = [{"power": "vida-extra", "units": 2}]
    sheet["advantages"] = [{"advantage": "grande"}]
    assert derived(sheet)["hit_points"] == 7


def test_player_characters_never_have_more_hit_points_than_their_level():
    sheet = bare(level=2)
    sheet["powers"] = [{"power": "vida-extra", "units": 3}]
    report = validate_sheet(sheet)
    assert report.as_dict()["derived"]["hit_points"] == 2
    assert "powers.hit_points_capped" in {p.code for p in report.warnings}


@pytest.mark.parametrize(("level", "hero"), [(0, 0), (5, 2), (8, 4), (13, 6)])
def test_the_hero_point_maximum_is_half_the_level(level, hero):
    assert derived(bare(level=level))["hero_points_max"] == hero


# --- initiative --------------------------------------------------------------------------


def test_initiative_adds_agility_times_level_rounded_down():
    assert derived(bare(level=8))["initiative_bonus"] == 8
    assert derived(bare(level=7, attributes=(1, 0.5, 1, 0.5, 0)))["initiative_bonus"] == 3
    assert derived(bare(level=7, attributes=(1, 0, 1, 0.5, 0.5)))["initiative_bonus"] == 0


def test_quick_calculator_uses_intelligence_for_initiative():
    sheet = bare(attributes=(0.5, 0, 0.5, 1, 1))
    sheet["advantages"] = [{"advantage": "calculador-rapido"}]
    assert derived(sheet)["initiative_bonus"] == 8


@pytest.mark.parametrize(
    ("maneuvers", "bonus"),
    [
        (["iniciativa-mejorada"], 4),
        (["iniciativa-mejorada", "iniciativa-mejorada-2"], 6),
        (["iniciativa-mejorada", "iniciativa-mejorada-2", "iniciativa-mejorada-3"], 8),
    ],
)
def test_improved_initiative_counts_only_its_highest_tier(maneuvers, bonus):
    sheet = bare(level=8)
    sheet["maneuvers"] = maneuvers
    assert derived(sheet)["initiative_bonus"] == 8 + bonus


# --- languages and the special-equipment cap ---------------------------------------------


@pytest.mark.parametrize(
    ("attributes", "languages"),
    [((1, 1, 0.5, 0, 0.5), 1), ((0.5, 1, 1, 0.5, 0), 2), ((0.5, 1, 0.5, 1, 0), 3)],
)
def test_languages_depend_on_intelligence(attributes, languages):
    assert derived(bare(attributes=attributes))["languages"] == languages


def test_a_linguist_knows_eight_more_languages():
    sheet = bare(attributes=(0.5, 1, 0.5, 1, 0))
    sheet["advantages"] = [{"advantage": "linguista"}]
    assert derived(sheet)["languages"] == 11
    assert derived(example_sheet("escolar"))["languages"] == 11  # granted by the archetype


@pytest.mark.parametrize(("level", "cap"), [(0, 0), (3, 0), (4, 1), (8, 2), (15, 3), (40, 10)])
def test_the_special_equipment_cap_is_one_per_four_levels(level, cap):
    assert derived(bare(level=level))["special_equipment_cap"] == cap


def test_the_paragon_cap_never_goes_below_zero():
    sheet = example_sheet("parangon")
    sheet["level"] = 3
    assert derived(sheet)["special_equipment_cap"] == 0


# --- attacks -----------------------------------------------------------------------------


def test_anyone_can_punch_unarmed_but_has_no_mental_or_emotional_attack():
    assert derived(bare())["attack_bonus"] == {"melee": 0, "ranged": None, "mental": None, "emotional": None}


def test_the_attack_bonus_is_level_times_the_lower_of_attribute_and_attack_type():
    sheet = bare(level=10, attributes=(1, 0.5, 1, 0.5, 0))
    sheet["powers"] = [{"power": "superfuerza"}]
    sheet["equipment"] = [item("special", "Pistola blaster", "ataque-especial-a-distancia")]
    # The document's examples: Corpulencia destacable with Superfuerza → +10; Agilidad normal with a blaster → +5.
    assert derived(sheet)["attack_bonus"]["melee"] == 10
    assert derived(sheet)["attack_bonus"]["ranged"] == 5


def test_unarmed_combat_makes_punches_mundane():
    sheet = bare(attributes=(1, 1, 0.5, 0.5, 0))
    sheet["maneuvers"] = ["lucha-sin-armas"]
    assert derived(sheet)["attack_bonus"]["melee"] == 4


def test_mundane_weapons_attack_at_half_the_level():
    sheet = bare(attributes=(1, 1, 0.5, 0.5, 0))
    sheet["equipment"] = [item("mundane", "Rifle", "ataque-especial-a-distancia")]
    assert derived(sheet)["attack_bonus"]["ranged"] == 4


def test_powers_with_their_own_attribute_use_it():
    sheet = bare(attributes=(0.5, 0, 1, 1, 0.5))
    sheet["powers"] = [
        {"power": "ataque-especial-a-distancia-perceptivo"},
        {"power": "ataque-mental-a-distancia"},
    ]
    attacks = derived(sheet)["attack_bonus"]
    assert attacks["ranged"] == 8 and attacks["mental"] == 8


def test_weapon_finesse_uses_agility_for_a_melee_weapon():
    sheet = bare(attributes=(0, 1, 1, 0.5, 0.5))
    sheet["equipment"] = [item("special", "Estoque", "ataque-especial-cuerpo-a-cuerpo")]
    assert derived(sheet)["attack_bonus"]["melee"] == 0
    sheet["maneuvers"] = ["fineza-con-un-arma"]
    assert derived(sheet)["attack_bonus"]["melee"] == 8


def test_keen_eye_uses_perception_with_a_single_shot_ranged_weapon():
    sheet = bare(attributes=(0.5, 0, 1, 1, 0.5))
    sheet["equipment"] = [item("special", "Rifle de precisión", "ataque-especial-a-distancia")]
    assert derived(sheet)["attack_bonus"]["ranged"] == 0
    sheet["maneuvers"] = ["ojo-agudo"]
    assert derived(sheet)["attack_bonus"]["ranged"] == 8


def test_demoralize_and_exhaust_give_mundane_emotional_and_mental_attacks():
    sheet = bare(attributes=(0, 0.5, 0.5, 1, 1))
    sheet["maneuvers"] = ["desmoralizar", "agotar"]
    attacks = derived(sheet)["attack_bonus"]
    assert attacks["emotional"] == 4 and attacks["mental"] == 4


def test_a_mass_of_muscle_throws_with_brawn():
    assert derived(example_sheet("masa-de-musculos"))["attack_bonus"]["ranged"] == 8


def test_a_monster_attacks_with_its_free_natural_weapon_even_when_the_sheet_omits_it():
    sheet = example_sheet("monstruo")
    sheet["powers"] = [p for p in sheet["powers"] if p["power"] != "ataque-especial-cuerpo-a-cuerpo"]
    assert derived(sheet)["attack_bonus"]["melee"] == 8


# --- skills ------------------------------------------------------------------------------


def test_every_base_skill_is_listed_and_a_skill_with_specialty_has_its_own_key():
    skills = derived(example_sheet())["skills"]
    assert set(index.SKILLS) <= set(skills)
    assert skills["conocimientos-de:Supervivencia"] == {"bonus": 4, "superiority": 0}


@pytest.mark.parametrize(("value", "superiority"), [(0, -1), (0.5, 0), (1, 1), (1.5, 1), (2, 2)])
def test_a_skill_value_sets_superiority(value, superiority):
    sheet = bare()
    sheet["skills"] = [{"skill": "medicina", "value": value}]
    assert derived(sheet)["skills"]["medicina"]["superiority"] == superiority


def test_the_skill_bonus_comes_from_the_attribute():
    skills = derived(bare(level=9, attributes=(0.5, 1, 1, 0.5, 0)))["skills"]
    assert skills["acrobacias"]["bonus"] == 9  # agilidad destacable: the level
    assert skills["medicina"]["bonus"] == 4  # inteligencia normal: ½ level, rounded down
    assert skills["persuasion"]["bonus"] == 0  # presencia no desarrollada


def test_advantages_give_superiority_that_cancels_with_inferiority():
    sheet = bare()
    sheet["advantages"] = [{"advantage": "excelente-atleta"}, {"advantage": "intimidante"}]
    sheet["skills"] = [{"skill": "acrobacias", "value": 1}]
    skills = derived(sheet)["skills"]
    assert skills["acrobacias"]["superiority"] == 2
    assert skills["atletismo"]["superiority"] == 0  # Superioridad and Inferioridad cancel
    assert skills["intimidacion"]["superiority"] == 0


def test_knowing_a_bit_of_everything_removes_inferiority_from_intelligence_skills():
    skills = derived(example_sheet("escolar"))["skills"]
    assert skills["ejerce-de"]["superiority"] == 0
    assert skills["sigilo"]["superiority"] == -1


def test_a_big_character_never_rolls_stealth_with_superiority():
    sheet = bare(attributes=(1, 1, 0.5, 0.5, 0))
    sheet["advantages"] = [{"advantage": "grande"}]
    sheet["skills"] = [{"skill": "sigilo", "value": 2}]
    assert derived(sheet)["skills"]["sigilo"]["superiority"] == 0


@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 10))
def test_superiority_and_inferiority_cancel(superiorities, inferiorities, both):
    assert net_superiority(superiorities + both, inferiorities + both) == net_superiority(
        superiorities, inferiorities
    )
    assert net_superiority(superiorities, superiorities) == 0


@pytest.mark.parametrize("archetype", list(SHEETS), ids=str)
def test_derived_numbers_are_plain_json_integers(archetype):
    result = derived(example_sheet(archetype))
    for key in (
        "defense",
        "hit_points",
        "hero_points_max",
        "initiative_bonus",
        "special_equipment_cap",
        "languages",
    ):
        assert type(result[key]) is int
    assert all(v is None or type(v) is int for v in result["attack_bonus"].values())
    assert all(type(v["bonus"]) is int and type(v["superiority"]) is int for v in result["skills"].values())


@given(st.sampled_from([0, 0.5, 1, 1.5, 2]), st.sampled_from(["acrobacias", "atletismo"]))
def test_one_more_superiority_source_always_moves_the_net_roll_up_by_one(value, skill):
    sheet = bare(attributes=(1, 1, 0.5, 0.5, 0))
    sheet["skills"] = [{"skill": skill, "value": value}]
    before = derived(sheet)["skills"][skill]["superiority"]
    sheet["advantages"] = [{"advantage": "excelente-atleta"}]
    after = derived(sheet)["skills"][skill]["superiority"]
    assert after - before == 1  # an Inferioridad from a skill at 0 is cancelled, not ignored
