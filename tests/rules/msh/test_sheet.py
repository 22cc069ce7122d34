"""The MSH sheet: validation with every problem at once, defaults, export/import."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.msh.system import SYSTEM

COLOSO = {
    "system": "msh",
    "name": "Coloso",
    "abilities": {
        "fighting": 20,
        "agility": 10,
        "strength": 50,
        "endurance": 40,
        "reason": 6,
        "intuition": 10,
        "psyche": 10,
    },
    "health": None,
    "karma": None,
    "body_armor": 0,
    "powers": [{"name": "Rayo", "rank": 30, "combat_type": "energy"}],
    "weapons": [{"name": "Espada", "combat_type": "edged", "damage": 10, "material": 20}],
}


def test_the_api_example_is_valid_and_derives_ranks_health_and_karma():
    check = SYSTEM.check_sheet(COLOSO)
    assert check.valid and not check.errors
    assert check.derived["ranks"]["strength"] == "amazing"
    assert check.derived["ranks"]["reason"] == "typical"
    assert check.derived["health"] == 20 + 10 + 50 + 40  # F+A+S+E
    assert check.derived["karma"] == 6 + 10 + 10  # R+I+P


def test_given_health_and_karma_override_the_defaults():
    check = SYSTEM.check_sheet({**COLOSO, "health": 90, "karma": 5})
    assert (check.derived["health"], check.derived["karma"]) == (90, 5)


def test_every_problem_comes_at_once_with_its_path():
    bad = {
        **COLOSO,
        "name": "",
        "abilities": {**COLOSO["abilities"], "strength": -3, "psyche": "x", "luck": 5},
        "health": 2.5,
        "powers": [{"name": "Rayo", "rank": 30, "combat_type": "laser"}],
        "weapons": [{"name": "Rayo", "combat_type": "edged", "damage": 10, "material": 20}],
    }
    del bad["abilities"]["agility"]
    check = SYSTEM.check_sheet(bad)
    assert not check.valid
    found = {(p.code, p.path) for p in check.errors}
    assert found == {
        ("name.missing", "/name"),
        ("ability.missing", "/abilities/agility"),
        ("number.out_of_range", "/abilities/strength"),
        ("number.not_integer", "/abilities/psyche"),
        ("ability.unknown", "/abilities/luck"),
        ("number.not_integer", "/health"),
        ("item.combat_type_unknown", "/powers/0/combat_type"),
        ("item.name_taken", "/weapons/0/name"),
    }
    assert all(p.message_es and p.message_en and p.rule for p in check.errors)


def test_absurd_numbers_are_refused():
    check = SYSTEM.check_sheet({**COLOSO, "body_armor": 10**7})
    assert [p.code for p in check.errors] == ["number.out_of_range"]


def test_an_unknown_key_is_a_warning_not_an_error():
    check = SYSTEM.check_sheet({**COLOSO, "colour": "blue"})
    assert check.valid and [p.code for p in check.warnings] == ["sheet.unknown_key"]


def test_a_sheet_of_another_system_is_refused():
    assert [p.code for p in SYSTEM.check_sheet({**COLOSO, "system": "hero"}).errors] == ["sheet.wrong_system"]


def test_the_exported_sheet_imports_to_the_same_sheet():
    exported = SYSTEM.check_sheet(COLOSO).sheet
    again = SYSTEM.check_sheet(exported)
    assert again.valid and again.sheet == exported


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@given(json_values)
def test_validation_never_raises_on_any_json(value):
    check = SYSTEM.check_sheet(value)
    assert check.valid is False or check.sheet


@given(st.dictionaries(st.sampled_from(list(COLOSO)), json_values, max_size=4))
def test_validation_never_raises_when_any_field_is_replaced(changes):
    check = SYSTEM.check_sheet({**COLOSO, **changes})
    assert check.valid or check.errors


@given(st.fixed_dictionaries({k: st.integers(0, 10**6) for k in COLOSO["abilities"]}))
def test_any_valid_sheet_stays_valid_after_export_and_import(abilities):
    exported = SYSTEM.check_sheet({**COLOSO, "abilities": abilities}).sheet
    assert SYSTEM.check_sheet(exported).sheet == exported


def test_null_powers_or_weapons_are_refused_and_absent_ones_are_empty():
    """The sheet's shape has a list there (docs/api.md, "Their sheets"): `null` is refused with
    a clear error at the key; leaving the key out is an empty list."""
    for key in ("powers", "weapons"):
        check = SYSTEM.check_sheet({**COLOSO, key: None})
        assert not check.valid
        assert [(e.code, e.path) for e in check.errors] == [(f"{key}.not_list", f"/{key}")]
    absent = {k: v for k, v in COLOSO.items() if k not in ("powers", "weapons")}
    assert SYSTEM.check_sheet(absent).valid
