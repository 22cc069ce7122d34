"""Las Consecuencias Críticas: a hit that takes half the maximum hit points or more."""

from collections import Counter
from fractions import Fraction

import pytest

from rules.anima.catalogue import ZONES, zone_for_face
from rules.anima.critical import consequence_for

from .helpers import act, c, events, sheet, table_with


@pytest.mark.parametrize(
    ("damage", "slug"),
    [(0, None), (49, None), (50, "amputation"), (74, "amputation"), (75, "dismemberment"), (99, "dismemberment"),
     (100, "death"), (180, "death")],
)  # fmt: skip
def test_the_share_of_maximum_hit_points_lost_in_one_hit_chooses_the_consequence(damage, slug):
    found = consequence_for(damage, 100)
    assert (found.slug if found else None) == slug


def _fight(weapon_damage=40, **target):
    attacker = sheet("A", weapons=[{"name": "Mandoble", "size": "large", "damage": weapon_damage}])
    return table_with(attacker, sheet("B", **target), started=True)


HIT = {"type": "attack", "target": 2, "with": "Mandoble"}


def test_amputation_rolls_a_zone_destroys_it_and_takes_ten_percent_of_the_maximum_for_good():
    table = _fight(defense=12)
    act(table, [10, 1, 8], HIT, 1)  # 30 - 13 = 17: Impacto devastador, 150 % of 40 = 60
    hit = events(table, "attack")[0]
    assert (hit["damage"], hit["critical"], hit["zones"], hit["zone_roll"]["faces"]) == (
        60,
        "amputation",
        ["right-arm"],
        [8],
    )
    assert (c(table, 2)["hit_points"], c(table, 2)["hit_points_max"], c(table, 2)["status"]) == (
        30,
        90,
        "active",
    )
    assert c(table, 2)["destroyed_zones"] == ["right-arm"] and hit["max_hit_points_lost"] == 10


def test_an_amputated_head_kills_at_once():
    table = _fight(defense=12)
    act(table, [10, 1, 10], HIT, 1)
    assert events(table, "attack")[0]["zones"] == ["head"] and c(table, 2)["status"] == "dead"


def test_dismemberment_rolls_two_zones_and_takes_twenty_percent_of_the_maximum():
    table = _fight(defense=8)
    act(table, [10, 1, 1, 2], HIT, 1)  # 30 - 9 = 21: Impacto letal, 200 % of 40 = 80
    hit = events(table, "attack")[0]
    assert (hit["critical"], hit["zones"], hit["zone_roll"]["faces"]) == (
        "dismemberment",
        ["right-leg", "left-leg"],
        [1, 2],
    )
    assert (c(table, 2)["hit_points_max"], c(table, 2)["hit_points"], c(table, 2)["status"]) == (
        80,
        0,
        "dying",
    )


def test_two_dice_on_one_zone_destroy_it_and_its_neighbour():
    table = _fight(defense=8)
    act(table, [10, 1, 4, 5], HIT, 1)
    assert events(table, "attack")[0]["zones"] == ["torso", "abdomen"]


def test_losing_all_the_hit_points_in_one_hit_is_automatic_death_without_a_zone_roll():
    table = _fight(weapon_damage=50, defense=8)
    left = act(table, [10, 1, 7], HIT, 1)
    hit = events(table, "attack")[0]
    assert (hit["critical"], hit["zones"], hit["killed"], c(table, 2)["status"]) == (
        "death",
        [],
        True,
        "dead",
    )
    assert left == 1  # no zone die was rolled


def test_an_aimed_attack_picks_the_zone_instead_of_rolling_it():
    table = _fight(defense=10)
    left = act(table, [10, 1, 9], {**HIT, "aimed": "left-arm"}, 1)  # 28 - 11 = 17: devastating
    hit = events(table, "attack")[0]
    assert (hit["critical"], hit["zones"], hit["zone_roll"]) == (
        "amputation",
        ["left-arm"],
        None,
    ) and left == 1
    assert {"slug": "aimed", "value": -2} in hit["attack_modifiers"]


def test_an_aimed_dismemberment_destroys_the_aimed_zone_then_a_near_one():
    table = _fight(defense=4)
    act(table, [10, 1], {**HIT, "aimed": "right-hand"}, 1)  # 26 - 5 = 21: lethal
    assert events(table, "attack")[0]["zones"] == ["right-hand", "right-arm"]


def test_an_aimed_head_amputation_kills():
    table = _fight(defense=6)
    act(table, [10, 1], {**HIT, "aimed": "head"}, 1)  # 24 - 7 = 17: devastating
    assert c(table, 2)["status"] == "dead"


# The published location table (Core Exxet, d100): trunk 01–50 (ribs, shoulder, chest, heart 35;
# stomach, kidneys 15), each arm with its hand 10, each leg with its foot 10, head 91–100.
PUBLISHED_SHARE = {
    "torso": Fraction(35, 100),
    "abdomen": Fraction(15, 100),
    "right-arm": Fraction(10, 100),
    "left-arm": Fraction(10, 100),
    "right-leg": Fraction(10, 100),
    "left-leg": Fraction(10, 100),
    "head": Fraction(10, 100),
}


def test_the_damage_zone_roll_scales_the_published_location_table_to_the_d10():
    share = Counter(zone_for_face(face).slug for face in range(1, 11))
    rolled = {slug: Fraction(n, 10) for slug, n in share.items()}
    assert rolled.keys() == PUBLISHED_SHARE.keys()  # no hand: an arm's tenth includes its hand
    assert rolled["torso"] + rolled["abdomen"] == Fraction(1, 2)  # the trunk, about half
    for slug, published in PUBLISHED_SHARE.items():
        assert abs(rolled[slug] - published) <= Fraction(1, 20), slug  # within half a face


def test_an_amputation_lands_on_a_hand_only_when_aimed():
    assert [zone_for_face(face).slug for face in range(1, 11)].count("right-hand") == 0
    table = _fight(defense=10)
    act(table, [10, 1], {**HIT, "aimed": "right-hand"}, 1)
    assert events(table, "attack")[0]["zones"] == ["right-hand"]


def test_every_aimed_zone_keeps_its_aim_penalty_whatever_the_roll_gives_it():
    assert {z.slug: z.aim_penalty for z in ZONES} == {
        "right-leg": -2, "left-leg": -2, "abdomen": -2, "torso": -1, "right-arm": -2, "left-arm": -2,
        "right-hand": -4, "left-hand": -4, "head": -6,
    }  # fmt: skip
