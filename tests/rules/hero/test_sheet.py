"""The Hero sheet: validation with every problem at once, and the derived values."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.hero import derived, spd
from rules.hero.system import SYSTEM

from .helpers import BASE, attack_entry, sheet


def codes(check):
    return {(p.code, p.path) for p in check.errors}


def test_the_api_md_example_sheet_is_valid_and_derives_its_numbers():
    check = SYSTEM.check_sheet(BASE)
    assert check.valid, check.errors
    assert check.derived["ocv"] == check.derived["dcv"] == 6
    assert check.derived["ecv"] == 4
    assert check.derived["phases"] == [3, 6, 9, 12]


@pytest.mark.parametrize(
    ("dex", "cv"),
    [(0, 0), (1, 0), (2, 1), (3, 1), (10, 3), (11, 4), (18, 6), (19, 6), (20, 7), (23, 8), (30, 10)],
)
def test_ocv_and_dcv_are_dex_over_three_rounded_to_the_nearest(dex, cv):
    # "Para un DES de 20, VCO es 20/3 = 6,66, que redondea a 7." (Calculando VCO y VCD)
    assert derived.ocv({"dex": dex}) == derived.dcv({"dex": dex}) == cv


@pytest.mark.parametrize(("ego", "ecv"), [(9, 3), (10, 3), (11, 4), (20, 7)])
def test_ecv_is_ego_over_three(ego, ecv):
    assert derived.ecv({"ego": ego}) == ecv


@pytest.mark.parametrize(
    ("speed", "segments"),
    [
        (1, [7]),
        (2, [6, 12]),
        (3, [4, 8, 12]),
        (4, [3, 6, 9, 12]),
        (5, [3, 5, 8, 10, 12]),
        (6, [2, 4, 6, 8, 10, 12]),
        (7, [2, 4, 6, 7, 9, 11, 12]),
        (8, [2, 3, 5, 6, 8, 9, 11, 12]),
        (9, [2, 3, 4, 6, 7, 8, 10, 11, 12]),
        (10, [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]),
        (11, list(range(2, 13))),
        (12, list(range(1, 13))),
    ],
)
def test_the_segments_a_speed_acts_in_follow_the_published_speed_chart(speed, segments):
    assert SYSTEM.check_sheet(sheet(spd=speed)).derived["phases"] == segments == list(spd.phases(speed))


@pytest.mark.parametrize("speed", range(1, 13))
def test_a_speed_gives_as_many_phases_as_its_value(speed):
    assert len(spd.phases(speed)) == speed


@pytest.mark.parametrize("bad", [0, 13, -1, 99])
def test_spd_outside_1_to_12_is_refused_at_its_path(bad):
    assert ("spd.out_of_range", "/characteristics/spd") in codes(SYSTEM.check_sheet(sheet(spd=bad)))


def test_a_negative_characteristic_is_refused_with_its_own_path():
    check = SYSTEM.check_sheet(sheet(pd=-2))
    assert ("characteristics.out_of_range", "/characteristics/pd") in codes(check)
    assert "DF" in check.errors[0].message_es and "PD" in check.errors[0].message_en


@pytest.mark.parametrize("dice", [0, -3, 31, 2.5, "3", True])
def test_attack_dice_must_be_a_whole_number_from_1_to_30(dice):
    check = SYSTEM.check_sheet(sheet(attacks=[attack_entry("Rayo", dice=dice)]))
    assert {c for c, p in codes(check) if p == "/attacks/0/dice"} & {
        "attacks.dice.out_of_range",
        "attacks.dice.not_integer",
    }


def test_every_problem_is_reported_at_once():
    bad = sheet(spd=0, dex=-1, attacks=[{"name": "", "kind": "psionic", "dice": -1}])
    bad["characteristics"].pop("con")
    bad["combat_levels"] = [{"levels": 2, "applies_to": "swords"}]
    found = codes(SYSTEM.check_sheet(bad))
    assert {
        ("spd.out_of_range", "/characteristics/spd"),
        ("characteristics.out_of_range", "/characteristics/dex"),
        ("characteristics.missing", "/characteristics/con"),
        ("attacks.name_missing", "/attacks/0/name"),
        ("attacks.unknown_kind", "/attacks/0/kind"),
        ("attacks.dice.out_of_range", "/attacks/0/dice"),
        ("combat_levels.unknown_scope", "/combat_levels/0/applies_to"),
    } <= found


def test_a_mental_attack_cannot_be_killing():
    check = SYSTEM.check_sheet(sheet(attacks=[attack_entry("Mente", "mental", 4, killing=True)]))
    assert ("attacks.mental_killing", "/attacks/0/killing") in codes(check)


def test_two_attacks_cannot_share_a_name():
    check = SYSTEM.check_sheet(sheet(attacks=[attack_entry("Rayo"), attack_entry("Rayo")]))
    assert ("attacks.name_taken", "/attacks/1/name") in codes(check)


def test_levels_may_name_an_attack_of_the_sheet():
    ok = sheet(attacks=[attack_entry("Rayo")], levels=[{"levels": 3, "applies_to": "Rayo"}])
    assert SYSTEM.check_sheet(ok).valid


def test_each_problem_carries_both_languages_and_a_rule_section():
    for problem in SYSTEM.check_sheet(sheet(spd=13, str=-1)).errors:
        assert problem.message_es and problem.message_en and problem.rule


@pytest.mark.parametrize(
    "garbage",
    [
        None,
        3,
        "hero",
        [],
        {"characteristics": "x"},
        {"attacks": {"a": 1}},
        {"characteristics": {"dex": None}},
        {"combat_levels": [None]},
    ],
)
def test_garbage_gets_problems_not_an_exception(garbage):
    assert not SYSTEM.check_sheet(garbage).valid


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(list(BASE["characteristics"])), st.integers(-50, 400)))
def test_check_sheet_never_raises_and_a_valid_sheet_stays_valid_after_export_and_import(changes):
    s = copy.deepcopy(BASE)
    s["characteristics"].update(changes)
    check = SYSTEM.check_sheet(s)
    if check.valid:
        again = SYSTEM.check_sheet(check.sheet)
        assert again.valid and again.sheet == check.sheet and again.derived == check.derived


def test_the_normalised_sheet_fills_the_optional_keys():
    s = copy.deepcopy(BASE)
    del s["resistant_defenses"], s["combat_levels"], s["range_levels"]
    stored = SYSTEM.check_sheet(s).sheet
    assert stored["resistant_defenses"] == {"pd": 0, "ed": 0}
    assert (stored["combat_levels"], stored["range_levels"], stored["movement"]) == ([], 0, 6)


@pytest.mark.parametrize(("strength", "dice"), [(0, 0), (4, 0), (5, 1), (15, 3), (19, 3), (20, 4), (60, 12)])
def test_a_strike_throws_str_over_five_d6(strength, dice):
    assert SYSTEM.check_sheet(sheet(str=strength)).derived["strike_dice"] == dice


@pytest.mark.parametrize(
    ("kg", "dcv", "end"),
    [
        (0, 0, 0),
        (3.2, 0, 0),
        (3.3, -1, 0),
        (12.5, -2, 1),
        (20, -3, 2),
        (50, -4, 3),
        (100, -5, 4),
        (150, -6, 5),
    ],
)
def test_encumbrance_follows_the_weight_table(kg, dcv, end):
    s = sheet(str=10)
    s["carried_kg"] = kg
    assert SYSTEM.check_sheet(s).derived["encumbrance"] == {"dcv": dcv, "end_per_turn": end}


@pytest.mark.parametrize(("strength", "end"), [(3, 4), (7, 3), (12, 2), (17, 1), (22, 0), (40, 0)])
def test_strength_changes_the_end_encumbrance_costs(strength, end):
    s = sheet(str=strength)
    s["carried_kg"] = 20  # 2 END a turn at STR 10–14
    assert SYSTEM.check_sheet(s).derived["encumbrance"]["end_per_turn"] == end


@pytest.mark.parametrize(
    ("entry", "end"),
    [
        (attack_entry("Rayo", dice=8), 4),  # 40 Active Points
        (attack_entry("Rayo", dice=3), 1),  # 15 AP: a half rounds down
        (attack_entry("Espada", "hth", 2, killing=True, energy=False), 3),  # 30 AP
        (attack_entry("Rayo", dice=4, end=7), 7),  # the sheet says its own
    ],
)
def test_attack_end_is_one_per_ten_active_points(entry, end):
    assert SYSTEM.check_sheet(sheet(attacks=[entry])).derived["attacks"][entry["name"]]["end"] == end


def test_the_sheet_keys_are_the_keys_parse_fills():
    # `HeroSystem.sheet_keys` is what a PATCH may name (characters.services.sheet_merge).
    from rules.hero.sheet import KEYS, parse

    assert set(parse(sheet())[0]) == KEYS
