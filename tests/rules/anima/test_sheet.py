"""Anima sheets: every problem at once, with its place, and the numbers they give."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.anima.catalogue import range_for_perception
from rules.anima.derived import (
    attacks_allowed,
    reload_after_reduction,
    reload_allows_multiple,
    weapons_initiative,
)
from rules.anima.system import SYSTEM

from .helpers import sheet

API_EXAMPLE = {
    "system": "anima", "name": "Celia",
    "attack": 120, "defense": 110, "defense_kind": "block", "magic_projection": 0, "psychic_projection": 0,
    "initiative": 70, "hit_points": 150, "dexterity_modifier": 2, "reflex_resistance": 50, "armor": 2,
    "weapons": [{"name": "Espada larga", "size": "medium", "damage": 60, "ranged": False, "reload": 0}],
}  # fmt: skip


def test_the_rest_contracts_example_sheet_is_valid():
    checked = SYSTEM.check_sheet(API_EXAMPLE)
    assert checked.valid and checked.errors == () and checked.warnings == ()
    assert checked.derived["attacks_per_turn"] == 13
    assert checked.sheet["weapons"][0]["initiative"] == 0 and checked.sheet["wielding"] == ["Espada larga"]


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        ({"attack": None}, "sheet.out_of_range", "/attack"),
        ({"attack": -1}, "sheet.out_of_range", "/attack"),
        ({"defense": 1.5}, "sheet.out_of_range", "/defense"),
        ({"hit_points": 0}, "sheet.out_of_range", "/hit_points"),
        ({"armor": 11}, "sheet.out_of_range", "/armor"),
        ({"initiative": True}, "sheet.out_of_range", "/initiative"),
        ({"name": ""}, "sheet.bad_name", "/name"),
        ({"defense_kind": "parry"}, "sheet.bad_defense_kind", "/defense_kind"),
        ({"system": "msh"}, "sheet.wrong_system", "/system"),
        ({"magic_shield": "yes"}, "sheet.not_a_flag", "/magic_shield"),
        ({"weapons": "sword"}, "sheet.not_a_list", "/weapons"),
        ({"weapons": [{"name": "X", "size": "huge", "damage": 5}]}, "sheet.bad_size", "/weapons/0/size"),
        ({"weapons": [{"name": "X", "size": "small", "damage": -5}]}, "sheet.out_of_range", "/weapons/0/damage"),
        ({"weapons": [{"name": "X", "size": "small"}]}, "sheet.required", "/weapons/0/damage"),
        ({"weapons": [{"name": "X", "size": "small", "damage": 5, "reload": -1}]}, "sheet.out_of_range", "/weapons/0/reload"),
        ({"weapons": [{"name": "X", "size": "small", "damage": 5}, {"name": "x", "size": "small", "damage": 5}]},
         "sheet.duplicate_name", "/weapons/1/name"),
        ({"weapons": ["X"]}, "sheet.not_an_object", "/weapons/0"),
        ({"wielding": ["Hacha"]}, "sheet.bad_wielding", "/wielding"),
        ({"powers": [{"name": "Rayo", "kind": "beam"}]}, "sheet.bad_power_kind", "/powers/0/kind"),
        ({"powers": [{"name": "Rayo", "capability": "ki"}]}, "sheet.bad_power_capability", "/powers/0/capability"),
        ({"powers": [{"name": "Rayo", "range": 0}]}, "sheet.bad_range", "/powers/0/range"),
        ({"powers": [{"name": "Rayo", "fast": "no"}]}, "sheet.not_a_flag", "/powers/0/fast"),
    ],
)  # fmt: skip
def test_a_bad_field_is_refused_with_a_stable_code_and_its_json_pointer(change, code, path):
    checked = SYSTEM.check_sheet({**sheet(), **change})
    assert not checked.valid
    assert (code, path) in {(p.code, p.path) for p in checked.errors}
    problem = next(p for p in checked.errors if p.path == path)
    assert problem.message_es and problem.message_en and problem.rule


def test_a_required_number_left_out_is_named():
    data = sheet()
    del data["hit_points"]
    assert [(p.code, p.path) for p in SYSTEM.check_sheet(data).errors] == [("sheet.required", "/hit_points")]


def test_every_problem_of_a_sheet_is_reported_at_once():
    checked = SYSTEM.check_sheet({**sheet(), "attack": -1, "armor": 99, "defense_kind": "x"})
    assert {p.path for p in checked.errors} == {"/attack", "/armor", "/defense_kind"}


@pytest.mark.parametrize("data", [None, [], "ficha", 3])
def test_something_that_is_no_sheet_is_refused_without_raising(data):
    checked = SYSTEM.check_sheet(data)
    assert not checked.valid and checked.errors[0].path == ""


def test_an_unknown_key_is_a_warning_and_the_sheet_stays_valid():
    checked = SYSTEM.check_sheet({**sheet(), "ki": 40})
    assert checked.valid and [(w.code, w.path) for w in checked.warnings] == [("sheet.unknown_key", "/ki")]


def test_optional_keys_take_their_defaults():
    normal = SYSTEM.check_sheet(sheet()).sheet
    assert (normal["perception"], normal["movement"], normal["magic_shield"], normal["powers"]) == (
        5,
        20,
        False,
        [],
    )


@settings(max_examples=40, deadline=None)
@given(
    attack=st.integers(0, 999), defense=st.integers(0, 999), hp=st.integers(1, 99999), armor=st.integers(0, 10),
    size=st.sampled_from(["small", "medium", "large"]), ranged=st.booleans(), reload=st.integers(0, 50),
)  # fmt: skip
def test_a_valid_sheet_stays_valid_and_identical_after_export_and_import(
    attack, defense, hp, armor, size, ranged, reload
):
    weapon = {"name": "Arma", "size": size, "damage": 30, "ranged": ranged, "reload": reload}
    first = SYSTEM.check_sheet(
        sheet(attack=attack, defense=defense, hit_points=hp, armor=armor, weapons=[weapon])
    )
    again = SYSTEM.check_sheet(dict(first.sheet))
    assert first.valid and again.valid and again.sheet == first.sheet


@pytest.mark.parametrize(
    ("final", "attacks"), [(-5, 1), (0, 1), (9, 1), (10, 2), (19, 2), (20, 3), (120, 13)]
)
def test_one_extra_attack_per_ten_points_of_final_attack_capability(final, attacks):
    assert attacks_allowed(final) == attacks


@pytest.mark.parametrize(
    ("reload", "attack", "dexterity", "left"),
    [(6, 30, 2, 4), (6, 30, 5, 3), (2, 50, 5, 0), (8, 9, 3, 8), (4, 40, -1, 4), (9, 100, 3, 6)],
)
def test_reload_drops_one_per_ten_points_of_attack_up_to_the_dexterity_modifier_and_never_below_zero(
    reload, attack, dexterity, left
):
    assert reload_after_reduction(reload, attack, dexterity) == left


@pytest.mark.parametrize(("reload", "multiple"), [(0, True), (5, True), (6, False)])
def test_a_reload_above_five_after_the_reduction_allows_one_attack_a_turn(reload, multiple):
    assert reload_allows_multiple(reload) is multiple


@pytest.mark.parametrize(
    ("weapons", "modifier"),
    [
        ([], 0),
        ([{"size": "small", "initiative": 5}], 5),
        ([{"size": "small", "initiative": 5}, {"size": "small", "initiative": -3}], -5),
        ([{"size": "small", "initiative": 5}, {"size": "large", "initiative": -3}], -7),
        ([{"size": "medium", "initiative": 2}, {"size": "medium", "initiative": 4}], 0),
    ],
)
def test_two_weapons_take_the_worse_initiative_modifier_and_minus_two_same_size_or_four_otherwise(
    weapons, modifier
):
    assert weapons_initiative(weapons) == modifier


@pytest.mark.parametrize(
    ("perception", "metres"),
    [(1, 5), (3, 5), (4, 10), (5, 10), (7, 25), (9, 50), (11, 100), (13, 250), (15, 500), (20, 1000)],
)
def test_a_powers_range_without_its_own_comes_from_perception(perception, metres):
    assert range_for_perception(perception) == metres


def test_supernatural_defenses_are_offered_only_behind_a_shield():
    plain = SYSTEM.check_sheet(sheet(magic_projection=30)).derived["defenses"]
    shielded = SYSTEM.check_sheet(sheet(magic_projection=30, magic_shield=True)).derived["defenses"]
    assert plain == {"defense": 20} and shielded == {"defense": 20, "magic": 30}


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
KEYS = st.sampled_from(
    ["name", "attack", "defense", "weapons", "powers", "wielding", "hit_points", "armor", "system"]
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(KEYS, JSON, max_size=9))
def test_checking_any_json_never_raises_and_every_problem_has_its_parts(data):
    checked = SYSTEM.check_sheet({**sheet(), **data})
    for problem in checked.errors:
        assert problem.code.startswith(("sheet.", "text.")) and problem.path.startswith("/")
        assert problem.message_es and problem.message_en and problem.rule
    assert checked.valid == (not checked.errors)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_checking_any_results_table_never_raises(data):
    from rules.anima.results import check_results_table

    levels, problems = check_results_table(data)
    assert (levels is None) == bool(problems)


def test_the_concept_and_notes_travel_with_an_exported_sheet():
    checked = SYSTEM.check_sheet(sheet(concept="espadachina", notes="Odia a los orcos."))
    assert (checked.sheet["concept"], checked.sheet["notes"]) == ("espadachina", "Odia a los orcos.")
    assert SYSTEM.check_sheet(sheet(concept=["x"])).errors[0].path == "/concept"
