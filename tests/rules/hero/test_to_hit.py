"""The attack roll: 3d6 ≤ 11 + OCV − DCV, the 3 and the 18, and every modifier the seed lists."""

from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import Refused
from rules.hero import modifiers
from rules.hero.actions.schemas import AttackInput
from rules.hero.tohit import hits

from .helpers import KB_ROLLS, act, aim, attack_entry, c, last, sheet, table_with

GUN = attack_entry("Pistola", "ranged", 2, killing=True, energy=False)
BLAST = attack_entry("Rayo", "ranged", 6)
MIND = attack_entry("Golpe mental", "mental", 4, energy=False)


def duel(attacker=None, target=None):
    return table_with(attacker or sheet("A", attacks=[GUN, BLAST, MIND]), target or sheet("B"))


def test_the_roll_needed_is_11_plus_ocv_minus_dcv():
    # "Si el VCO del atacante es 8 y el VCD del defensor es 6, entonces la tirada de ataque es 13 o menos."
    t = duel(sheet("A", dex=24), sheet("B", dex=18))
    assert aim(t, {"target": 2}).to_hit == 13
    t = duel(sheet("A", dex=21), sheet("B", dex=30))
    assert aim(t, {"target": 2}).to_hit == 8


@pytest.mark.parametrize(
    ("roll", "to_hit", "hit"),
    [
        (3, 0, True),
        (3, -5, True),
        (18, 19, False),
        (18, 25, False),
        (11, 11, True),
        (12, 11, False),
        (4, 3, False),
        (17, 17, True),
    ],
)
def test_a_3_always_hits_and_an_18_always_misses(roll, to_hit, hit):
    assert hits(roll, to_hit) is hit


@given(st.integers(3, 18), st.integers(-10, 30))
def test_between_3_and_18_a_roll_hits_exactly_when_it_is_at_most_the_number_needed(roll, to_hit):
    if roll not in (3, 18):
        assert hits(roll, to_hit) == (roll <= to_hit)


def test_the_attack_event_carries_the_api_md_keys():
    t = duel()
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Rayo", "range": 4},
        1,
        [2, 2, 2] + [3] * 6 + [1, 1] + KB_ROLLS,
    )
    p = last(t)
    assert {
        "roll",
        "ocv",
        "dcv",
        "to_hit",
        "hit",
        "damage_roll",
        "stun_rolled",
        "body_rolled",
        "damage",
        "target_stun",
        "target_body",
        "target_end",
        "rule",
    } <= set(p)
    assert set(p["damage"]) == {"stun", "body"}
    assert {"sides", "faces", "nonces", "total"} <= set(p["roll"]) and p["roll"]["sides"] == 6


@pytest.mark.parametrize(
    ("inches", "penalty"),
    [
        (0, 0),
        (4, 0),
        (4.5, -2),
        (5, -2),
        (8, -2),
        (9, -4),
        (16, -4),
        (17, -6),
        (32, -6),
        (33, -8),
        (64, -8),
        (65, -10),
        (128, -10),
        (129, -12),
        (256, -12),
    ],
)
def test_range_costs_two_per_doubling_beyond_4_inches(inches, penalty):
    assert modifiers.range_penalty(inches) == penalty


def test_combat_levels_add_to_ocv_and_the_range_penalty_still_applies():
    # "4 niveles de combate con pistola, un VCO de 3 y una distancia de 35" … 11 + 4 + 3 – 8 – 3 = 7."
    t = duel(
        sheet("A", dex=9, attacks=[GUN], levels=[{"levels": 4, "applies_to": "Pistola"}]), sheet("B", dex=9)
    )
    assert aim(t, {"target": 2, "attack": "Pistola", "range": 35}).to_hit == 7


def test_range_levels_only_cancel_range_penalties():
    # "4 niveles a distancia … distancia de 8" … -2 … anular los -2 … pero no aumenta más … 11 + 3 – 3 = 11."
    a = sheet("A", dex=9, attacks=[GUN])
    a["range_levels"] = 4
    t = duel(a, sheet("B", dex=9))
    assert aim(t, {"target": 2, "attack": "Pistola", "range": 8}).to_hit == 11
    assert aim(t, {"target": 2, "attack": "Pistola", "range": 40}).to_hit == 11 - 8 + 4


def test_brace_gives_two_only_against_range_and_halves_dcv():
    t = duel()
    assert aim(t, {"target": 2, "attack": "Rayo", "range": 3, "maneuver": "brace"}).to_hit == 11
    assert aim(t, {"target": 2, "attack": "Rayo", "range": 10, "maneuver": "brace"}).to_hit == 11 - 4 + 2
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "range": 10, "maneuver": "brace"}, 1, [6, 6, 6])
    assert c(t, 1)["effects"]["dcv_half"]


def test_brace_and_set_combine_in_one_full_phase():
    # "Él tendrá un +1 VCO y +2 VCO sólo para compensar las penalizaciones de alcance"
    t = duel()
    assert (
        aim(t, {"target": 2, "attack": "Rayo", "range": 10, "maneuver": "set", "brace": True}).to_hit
        == 11 - 4 + 2 + 1
    )


def test_mental_attacks_use_ecv_and_no_range_or_combat_modifiers():
    t = duel(sheet("A", ego=20, dex=3, attacks=[MIND]), sheet("B", ego=8, dex=30))
    a = aim(t, {"target": 2, "attack": "Golpe mental", "range": 80, "modifiers": ["half-hidden", "off-hand"]})
    assert (a.ocv, a.dcv, a.to_hit) == (7, 3, 15)


def test_mental_levels_apply_to_mental_combat_and_all_levels_do_not():
    a = sheet(
        "A",
        ego=9,
        attacks=[MIND],
        levels=[{"levels": 2, "applies_to": "mental"}, {"levels": 3, "applies_to": "all"}],
    )
    t = duel(a, sheet("B", ego=9))
    assert aim(t, {"target": 2, "attack": "Golpe mental"}).to_hit == 13


@pytest.mark.parametrize(
    ("slug", "delta"),
    [
        ("half-hidden", -2),
        ("head-and-shoulders", -4),
        ("off-hand", -3),
        ("unfamiliar-weapon", -3),
        ("size-1-hex", 2),
        ("size-2-hexes", 4),
        ("size-4-hexes", 6),
        ("size-half", -2),
        ("size-quarter", -4),
        ("size-eighth", -6),
    ],
)
def test_each_listed_combat_modifier_changes_the_roll_by_the_table_value(slug, delta):
    t = duel()
    assert aim(t, {"target": 2, "attack": "Rayo", "modifiers": [slug]}).to_hit == 11 + delta


@pytest.mark.parametrize(
    ("slug", "delta"),
    [
        ("thrown-unbalanced", -4),
        ("thrown-balanced-or-aerodynamic", -2),
        ("thrown-balanced-and-aerodynamic", 0),
    ],
)
def test_thrown_objects_add_to_the_range_penalty_only_at_range(slug, delta):
    t = duel()
    assert aim(t, {"target": 2, "attack": "Rayo", "range": 1, "modifiers": [slug]}).to_hit == 11
    assert aim(t, {"target": 2, "attack": "Rayo", "range": 6, "modifiers": [slug]}).to_hit == 11 - 2 + delta


def test_range_levels_also_offset_the_thrown_penalty():
    a = sheet("A", attacks=[BLAST])
    a["range_levels"] = 5
    t = duel(a)
    assert (
        aim(t, {"target": 2, "attack": "Rayo", "range": 6, "modifiers": ["thrown-unbalanced"]}).to_hit == 10
    )


def test_two_modifiers_of_one_group_are_refused():
    t = duel()
    with pytest.raises(Refused) as err:
        aim(t, {"target": 2, "modifiers": ["size-half", "size-1-hex"]})
    assert err.value.path == "/modifiers/1"


def test_an_unknown_modifier_is_refused_at_its_index():
    t = duel()
    with pytest.raises(Refused) as err:
        aim(t, {"target": 2, "modifiers": ["off-hand", "moonlight"]})
    assert (err.value.code, err.value.path) == ("modifiers.unknown", "/modifiers/1")


@pytest.mark.parametrize("bonus", [1, 2, 3])
def test_a_surprise_maneuver_adds_one_to_three(bonus):
    assert aim(duel(), {"target": 2, "surprise_bonus": bonus}).to_hit == 11 + bonus


def test_a_surprise_bonus_is_at_most_three():
    # "El bono para una maniobra de sorpresa es +1, +2 o +3": the schema's bound, which the site
    # checks before the engine sees the action (tests/combat/test_hero_api.py).
    bound = next(f for f in fields(AttackInput) if f.name == "surprise_bonus").metadata
    assert (bound["min"], bound["max"]) == (0, 3)


@pytest.mark.parametrize("slug", ["surprised-in-combat", "surprised-out-of-combat"])
def test_a_surprised_target_has_half_dcv(slug):
    assert aim(duel(), {"target": 2, "modifiers": [slug]}).dcv == 3


def test_a_prone_target_has_half_dcv_and_halves_do_not_stack():
    t = duel()
    c(t, 2)["conditions"] = ["prone"]
    assert aim(t, {"target": 2}).dcv == 3
    assert aim(t, {"target": 2, "modifiers": ["surprised-in-combat"]}).dcv == 3


def test_half_dcv_rounds_in_the_defenders_favour():
    t = duel(target=sheet("B", dex=21))  # DCV 7
    c(t, 2)["conditions"] = ["prone"]
    assert aim(t, {"target": 2}).dcv == 4


@pytest.mark.parametrize(("attackers", "dcv"), [(1, 6), (2, 5), (3, 4), (4, 3), (6, 3)])
def test_coordinated_attackers_take_one_dcv_each_after_the_first_down_to_half(attackers, dcv):
    assert aim(duel(), {"target": 2, "attackers": attackers}).dcv == dcv


def test_an_area_attack_aims_at_the_hex_dcv_3_or_0_adjacent():
    area = attack_entry("Granada", "ranged", 4, area=True)
    t = duel(sheet("A", attacks=[area]), sheet("B", dex=30))
    assert aim(t, {"target": 2, "attack": "Granada", "range": 6}).dcv == 3
    assert aim(t, {"target": 2, "attack": "Granada", "range": 1}).dcv == 0
    assert aim(t, {"target": 2, "attack": "Granada", "range": 6}).to_hit == 11 + 6 - 2 - 3


def test_an_explosion_is_aimed_like_an_area_attack():
    boom = attack_entry("Bomba", "ranged", 6, explosion=True)
    t = duel(sheet("A", attacks=[boom]), sheet("B", dex=30))
    assert aim(t, {"target": 2, "attack": "Bomba", "range": 3}).dcv == 3


def test_any_attack_may_target_the_hex():
    assert aim(duel(), {"target": 2, "attack": "Rayo", "range": 3, "modifiers": ["target-hex"]}).dcv == 3


def test_encumbrance_lowers_the_carriers_dcv():
    b = sheet("B")
    b["carried_kg"] = 30  # −4
    assert aim(duel(target=b), {"target": 2}).dcv == 2


def test_spreading_a_blast_trades_dice_for_ocv():
    t = duel()
    a = aim(t, {"target": 2, "attack": "Rayo", "spread": 2})
    assert a.to_hit == 13
    act(t, {"type": "attack", "target": 2, "attack": "Rayo", "spread": 2}, 1, [3, 3, 3] + [1] * 4 + [1, 1])
    assert len(last(t)["damage_roll"]["faces"]) == 4


def test_only_an_energy_blast_spreads():
    with pytest.raises(Refused) as err:
        aim(duel(), {"target": 2, "attack": "Pistola", "spread": 1})
    assert err.value.code == "spread.not_blast"


def test_a_bounce_spends_one_combat_level_each_and_may_surprise():
    a = sheet("A", attacks=[BLAST], levels=[{"levels": 3, "applies_to": "ranged"}])
    t = duel(a)
    assert aim(t, {"target": 2, "attack": "Rayo"}).to_hit == 14
    assert aim(t, {"target": 2, "attack": "Rayo", "bounces": 2, "surprise_bonus": 2}).to_hit == 14 - 2 + 2
    with pytest.raises(Refused):
        aim(t, {"target": 2, "attack": "Rayo", "bounces": 4})


def test_levels_put_into_dcv_leave_the_attack_and_defend_until_the_next_phase():
    a = sheet("A", levels=[{"levels": 3, "applies_to": "all"}])
    t = duel(a)
    assert aim(t, {"target": 2, "levels_dcv": 2}).to_hit == 12
    act(t, {"type": "attack", "target": 2, "levels_dcv": 2}, 1, [6, 6, 6])
    assert aim(t, {"target": 1}, actor=2).dcv == 8


def test_ranged_levels_never_go_to_dcv():
    a = sheet("A", attacks=[BLAST], levels=[{"levels": 3, "applies_to": "ranged"}])
    with pytest.raises(Refused) as err:
        aim(duel(a), {"target": 2, "attack": "Rayo", "levels_dcv": 1})
    assert err.value.code == "levels.not_defensive"


def test_hth_levels_in_dcv_defend_only_against_hand_to_hand():
    b = sheet("B", levels=[{"levels": 2, "applies_to": "hth"}])
    t = duel(target=b)
    t.state["current"] = 2
    act(t, {"type": "defend", "maneuver": "block", "levels_dcv": 2}, 2)
    assert aim(t, {"target": 2}).dcv == 8
    assert aim(t, {"target": 2, "attack": "Rayo"}).dcv == 6


def test_two_levels_make_one_damage_class_in_hand_to_hand_only():
    a = sheet("A", str=15, levels=[{"levels": 4, "applies_to": "hth"}])
    t = duel(a)
    act(t, {"type": "attack", "target": 2, "levels_damage": 4}, 1, [3, 3, 3] + [1] * 5 + [1, 1])
    assert len(last(t)["damage_roll"]["faces"]) == 5
    assert last(t)["to_hit"] == 11


def test_damage_levels_do_not_go_beyond_double_the_weapon():
    a = sheet("A", str=5, levels=[{"levels": 10, "applies_to": "hth"}])
    t = duel(a)
    act(t, {"type": "attack", "target": 2, "levels_damage": 10}, 1, [3, 3, 3] + [1] * 2 + [1, 1])
    assert len(last(t)["damage_roll"]["faces"]) == 2


def test_set_gives_one_ocv_against_that_target_until_it_is_lost():
    t = table_with(sheet("A", dex=19, attacks=[BLAST]), sheet("B", dex=18), sheet("C", dex=18))
    act(t, {"type": "track", "target": 2}, 1)
    assert c(t, 1)["set_on"] == 2
    t.state["current"] = 1
    assert aim(t, {"target": 2, "attack": "Rayo"}).to_hit == 12
    assert aim(t, {"target": 3, "attack": "Rayo"}).to_hit == 11
    act(t, {"type": "attack", "target": 3, "attack": "Rayo"}, 1, [6, 6, 6])
    assert c(t, 1)["set_on"] is None


def test_a_placed_shot_takes_the_locations_penalty_only_with_hit_locations_on():
    t = table_with(sheet("A"), sheet("B"), hit_locations=True)
    assert aim(t, {"target": 2, "location": "head"}).to_hit == 3
    t = duel()
    with pytest.raises(Refused) as err:
        aim(t, {"target": 2, "location": "head"})
    assert err.value.code == "location.unavailable"


def test_a_hand_to_hand_attack_does_not_reach_beyond_the_next_hex():
    with pytest.raises(Refused) as err:
        aim(duel(), {"target": 2, "range": 3})
    assert err.value.code == "target.out_of_reach"


def test_a_blast_spread_over_hexes_loses_a_die_a_hex_and_rolls_against_each_target():
    # "El personaje pierde 1d6 de daño por cada hexágono … lanza una tirada de ataque separada contra cada blanco."
    t = table_with(sheet("A", attacks=[BLAST]), sheet("B"), sheet("C"))
    act(
        t,
        {"type": "attack", "target": 2, "attack": "Rayo", "range": 3, "spread_hexes": 2, "more_targets": [3]},
        1,
        [3, 3, 3] + [1] * 4 + [1, 1] + [3, 3, 3] + [1] * 4 + [1, 1],
    )
    attacks = [e.payload for e in t.entries if e.type == "attack"]
    assert [a["to_hit"] for a in attacks] == [11, 11]
    assert [len(a["damage_roll"]["faces"]) for a in attacks] == [4, 4]


def test_only_blasts_and_autofire_cover_several_hexes():
    with pytest.raises(Refused) as err:
        aim(duel(), {"target": 2, "attack": "Pistola", "spread_hexes": 1})
    assert err.value.code == "autofire.needed"


def test_an_unconscious_target_is_at_dcv_0():
    # Sorprendido: "un personaje que está inconsciente o dormido recibirá x2 ATU"; 6E: DCV 0.
    t = duel()
    act(t, {"type": "adjust", "target": 2, "stun": -30}, None)
    assert c(t, 2)["status"] == "unconscious"
    assert aim(t, {"target": 2}).dcv == 0
    assert aim(t, {"target": 2}).to_hit == 11 + 6


def test_a_sleeping_target_is_at_dcv_0_whatever_its_maneuver_or_halvings():
    t = duel()
    act(t, {"type": "set_condition", "target": 2, "condition": "asleep"}, None)
    c(t, 2)["conditions"].append("prone")
    c(t, 2)["effects"]["dcv"] = 3
    assert aim(t, {"target": 2}).dcv == 0
    act(t, {"type": "set_condition", "target": 2, "condition": "asleep", "on": False}, None)
    assert aim(t, {"target": 2}).dcv == 5  # awake again: (6 + 3) halved for prone, rounding up


def test_a_mental_attack_on_an_unconscious_target_keeps_its_ecv():
    # Combate mental: "Tampoco se aplican los modificadores de combate básicos".
    t = duel()
    act(t, {"type": "adjust", "target": 2, "stun": -30}, None)
    assert aim(t, {"target": 2, "attack": "Golpe mental", "range": 3}).dcv == 4
