"""Odds before acting: exact, from the 3d6 distribution and the damage dice (icepool), never sampled."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.encounter import GM, Viewer
from rules.core.errors import Refused
from rules.hero.odds import expected_hits, p_hit
from rules.hero.tohit import hits

from .helpers import COMBAT, attack_entry, sheet, table_with

GUN = attack_entry("Pistola", "ranged", 2, killing=True, energy=False)
AUTO = attack_entry("Metralleta", "ranged", 1, killing=True, energy=False, autofire=5)
ROLLS = list(itertools.product(range(1, 7), repeat=3))


def brute_p_hit(to_hit):
    return Fraction(sum(hits(sum(r), to_hit) for r in ROLLS), 216)


@given(st.integers(-5, 25))
def test_the_chance_to_hit_is_the_exact_3d6_distribution_with_the_3_and_the_18(to_hit):
    assert p_hit(to_hit) == brute_p_hit(to_hit)


@pytest.mark.parametrize(
    ("to_hit", "p"),
    [
        (11, Fraction(5, 8)),
        (3, Fraction(1, 216)),
        (-4, Fraction(1, 216)),
        (17, Fraction(215, 216)),
        (30, Fraction(215, 216)),
        (10, Fraction(1, 2)),
    ],
)
def test_known_chances_to_hit(to_hit, p):
    assert p_hit(to_hit) == p


def test_expected_autofire_hits_count_one_more_per_two_points_capped_by_shots():
    for to_hit, shots in ((11, 5), (14, 3), (8, 2)):
        brute = Fraction(
            sum(min(shots, 1 + (to_hit - sum(r)) // 2) for r in ROLLS if hits(sum(r), to_hit)), 216
        )
        assert expected_hits(to_hit, shots) == brute


def odds(table, request, viewer=GM, hidden=frozenset()):
    return COMBAT.odds(table.state, {"type": "attack", "actor": 1, **request}, viewer=viewer, hidden=hidden)


def test_a_strike_against_pd_gives_the_exact_expected_stun_and_body():
    t = table_with(sheet("A"), sheet("B", pd=5))
    o = odds(t, {"target": 2})
    assert o["to_hit"] == 11 and o["p_hit"]["exact"] == "5/8"
    dice = list(itertools.product(range(1, 7), repeat=3))
    stun = Fraction(sum(max(0, sum(d) - 5) for d in dice), 216)
    body = Fraction(sum(max(0, sum(0 if f == 1 else 2 if f == 6 else 1 for f in d) - 5) for d in dice), 216)
    assert o["expected_per_hit"]["stun"]["exact"] == f"{stun.numerator}/{stun.denominator}"
    assert o["expected_per_hit"]["body"]["exact"] == f"{body.numerator}/{body.denominator}"
    assert o["expected_rolled"]["stun"]["value"] == 10.5 and o["expected_rolled"]["body"]["value"] == 3


def test_a_killing_attack_multiplies_body_by_an_exact_1d3():
    b = sheet("B", pd=4)
    b["resistant_defenses"] = {"pd": 2, "ed": 0}
    t = table_with(sheet("A", attacks=[GUN]), b)
    o = odds(t, {"target": 2, "attack": "Pistola", "range": 3})
    cases = [(sum(d), m) for d in itertools.product(range(1, 7), repeat=2) for m in (1, 2, 3)]
    stun = Fraction(sum(max(0, s * m - 6) for s, m in cases), len(cases))
    body = Fraction(sum(max(0, s - 2) for s, _ in cases), len(cases))
    assert Fraction(o["expected_per_hit"]["stun"]["exact"]) == stun
    assert Fraction(o["expected_per_hit"]["body"]["exact"]) == body


def test_expected_damage_is_per_hit_times_the_expected_hits():
    t = table_with(sheet("A", attacks=[AUTO]), sheet("B"))
    o = odds(t, {"target": 2, "attack": "Metralleta", "range": 2, "shots": 5})
    per_hit = Fraction(o["expected_per_hit"]["stun"]["exact"])
    assert Fraction(o["expected"]["stun"]["exact"]) == per_hit * Fraction(o["expected_hits"]["exact"])


def test_hit_locations_enter_the_expected_damage():
    off = table_with(sheet("A"), sheet("B", pd=0))
    on = table_with(sheet("A"), sheet("B", pd=0), hit_locations=True)
    head = odds(on, {"target": 2, "location": "head"})
    assert Fraction(head["expected_per_hit"]["stun"]["exact"]) == 2 * Fraction(
        odds(off, {"target": 2})["expected_per_hit"]["stun"]["exact"]
    )
    assert odds(on, {"target": 2})["expected_per_hit"] != odds(off, {"target": 2})["expected_per_hit"]


def test_odds_use_the_same_modifiers_as_the_attack():
    t = table_with(sheet("A", attacks=[GUN]), sheet("B"))
    o = odds(t, {"target": 2, "attack": "Pistola", "range": 20, "modifiers": ["off-hand"]})
    assert o["to_hit"] == 11 - 6 - 3
    assert {"side": "ocv", "source": "off-hand", "value": -3, "rule": "Mano mala"} in o["modifiers"]


def test_odds_refuse_what_the_attack_would_refuse_and_change_nothing():
    t = table_with(sheet("A"), sheet("B"))
    before = repr(t.state)
    with pytest.raises(Refused):
        odds(t, {"target": 2, "maneuver": "uppercut"})
    with pytest.raises(Refused):
        odds(t, {"target": 9})
    odds(t, {"target": 2})
    assert repr(t.state) == before


PLAYER = Viewer(gm=False, controls=frozenset({1}))


def test_a_player_against_a_hidden_npc_gets_a_band_and_their_own_dice_only():
    t = table_with(sheet("A"), sheet("B"))
    o = odds(t, {"target": 2}, viewer=PLAYER, hidden=frozenset({2}))
    assert o["exact"] is False and o["hit"]["band"] == "good"
    assert not {"to_hit", "dcv", "p_hit", "expected", "expected_per_hit", "modifiers"} & set(o)
    assert o["expected_rolled"]["stun"]["value"] == 10.5


def test_the_gm_may_let_players_see_exact_odds():
    t = table_with(sheet("A"), sheet("B"))
    o = odds(
        t,
        {"target": 2},
        viewer=Viewer(gm=False, controls=frozenset({1}), exact_odds=True),
        hidden=frozenset({2}),
    )
    assert o["exact"] and o["to_hit"] == 11


def test_a_player_against_a_visible_character_gets_exact_odds():
    t = table_with(sheet("A"), sheet("B"))
    assert odds(t, {"target": 2}, viewer=PLAYER)["exact"]


def test_the_gm_always_gets_exact_odds():
    t = table_with(sheet("A"), sheet("B"))
    assert odds(t, {"target": 2}, viewer=GM, hidden=frozenset({2}))["p_hit"]["exact"] == "5/8"


def test_only_attacks_have_odds():
    with pytest.raises(Refused):
        COMBAT.odds(
            table_with(sheet("A"), sheet("B")).state,
            {"type": "move", "actor": 1},
            viewer=GM,
            hidden=frozenset(),
        )


def test_the_odds_double_the_stun_of_an_unconscious_target():
    # Sorprendido: "un personaje que está inconsciente o dormido recibirá x2 ATU"; 6E: DCV 0.
    t = table_with(sheet("A"), sheet("B", pd=5))
    COMBAT.actions["adjust"].resolve(t, None, {"type": "adjust", "target": 2, "stun": -30}, None)
    o = odds(t, {"target": 2})
    assert o["to_hit"] == 11 + 6
    dice = list(itertools.product(range(1, 7), repeat=3))
    stun = Fraction(sum(max(0, 2 * sum(d) - 5) for d in dice), 216)
    assert Fraction(o["expected_per_hit"]["stun"]["exact"]) == stun
