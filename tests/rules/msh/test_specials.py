"""Resultados Especiales de la Tabla de Combate: Empujón, Aturdimiento, Muerte, Health at 0."""

from __future__ import annotations

import pytest

from rules.core.dice import FixedDice
from rules.msh import specials

from .helpers import FACE, attack, duel, sheet

# Bruno's Endurance 10 rolls on Good: white 1-45, green 46-75, yellow 76-97, red 98-100.
GOOD = {"white": 10, "green": 50, "yellow": 80, "red": 99}


@pytest.mark.parametrize(
    ("colour", "effect", "areas"),
    [("white", "grand-slam", 2), ("green", "slam", 1), ("yellow", "no-slam", 0), ("red", "no-slam", 0)],
)
def test_slam_colours_knock_the_target_back(colour, effect, areas):
    roll = attack(duel(), [FACE["yellow"], GOOD[colour]], combat_type="blunt")["effect_roll"]
    assert (roll["kind"], roll["colour"], roll["effect"], roll["areas"]) == ("slam", colour, effect, areas)


@pytest.mark.parametrize(("strength", "areas"), [(6, 1), (10, 1), (20, 2), (50, 5), (100, 7)])
def test_a_grand_slam_carries_one_area_per_rank_of_strength_above_typical(strength, areas):
    assert specials.slam_areas(strength) == areas


@pytest.mark.parametrize(
    ("colour", "effect", "status"),
    [
        ("white", "stunned-1d10", "stunned"),
        ("green", "stunned-1", "stunned"),
        ("yellow", "not-stunned", "active"),
        ("red", "not-stunned", "active"),
    ],
)
def test_stun_colours(colour, effect, status):
    t = duel()
    roll = attack(t, [FACE["red"], GOOD[colour], 4], combat_type="blunt")["effect_roll"]
    assert (roll["effect"], t.combatant(2)["status"]) == (effect, status)
    if colour == "white":
        assert roll["duration_roll"]["sides"] == 10 and roll["turns"] == 4
        assert t.combatant(2)["effects"]["stunned"] == 1 + 4
    if colour == "green":
        assert t.combatant(2)["effects"]["stunned"] == 2


def test_no_stun_unless_the_damage_beats_the_targets_endurance():
    payload = attack(duel(defender=sheet("Roca", endurance=20)), [FACE["red"]], combat_type="blunt")
    assert payload["effect"] == "stun" and "effect_roll" not in payload  # 20 is not above 20


def test_no_special_result_below_the_rank_of_the_targets_protection():
    payload = attack(
        duel(defender=sheet("Tanque", body_armor=30)), [FACE["red"]], combat_type="edged", with_="Espada"
    )
    assert payload["effect"] == "kill" and "effect_roll" not in payload  # Excellent 20 < Remarkable 30


@pytest.mark.parametrize(
    ("combat_type", "weapon", "colour", "dying"),
    [
        ("edged", "Espada", "white", True),
        ("edged", "Espada", "green", True),  # "únicamente si el ataque era un disparo o un arma cortante"
        ("energy", "Rayo", "green", False),
        ("energy", "Rayo", "white", True),
        ("shooting", "Pistola", "yellow", False),
        ("shooting", "Pistola", "red", False),
    ],
)
def test_kill_colours(combat_type, weapon, colour, dying):
    t = duel()
    roll = attack(t, [FACE["red"], GOOD[colour]], combat_type=combat_type, with_=weapon)["effect_roll"]
    assert (roll["effect"] == "dying") is dying
    assert (t.combatant(2)["status"] == "dying") is dying
    assert t.combatant(2)["abilities"]["endurance"] == (6 if dying else 10)  # Good → Typical


def test_the_dying_lose_an_endurance_rank_every_turn_and_die_at_shift_0():
    from rules.msh.rounds import end_round

    t = duel()
    attack(t, [FACE["red"], GOOD["white"]], combat_type="edged", with_="Espada")
    t.state["msh"] = {"phase": "act", "sides": ["heroes", "villains"]}
    losses = []
    for _ in range(4):
        end_round(t, FixedDice([1, 2] * 3))
        losses.append(t.combatant(2)["abilities"]["endurance"])
    assert losses == [6, 4, 2, 0]  # the first rank went with the roll; then one per later turn
    assert t.combatant(2)["status"] == "dead"


def test_health_at_zero_from_a_blunt_blow_knocks_out_for_1d10_turns():
    t = duel(defender=sheet("Bruno", fighting=2, agility=2, strength=2, endurance=10))  # Health 16
    payload = attack(t, [FACE["green"], 7], combat_type="blunt")
    assert payload["target_hit_points"] == 0
    assert payload["zero_health_roll"]["kind"] == "ko" and payload["zero_health_roll"]["turns"] == 7
    assert t.combatant(2)["status"] == "unconscious"


def test_health_at_zero_from_other_attacks_rolls_kill_and_knocks_out_without_an_endurance_loss():
    t = duel(defender=sheet("Bruno", fighting=2, agility=2, strength=2, endurance=10))
    payload = attack(t, [FACE["green"], GOOD["yellow"], 3], combat_type="energy", with_="Rayo")
    roll = payload["zero_health_roll"]
    assert roll["kind"] == "kill" and roll["effect"] == "no-kill"
    assert roll["ko_roll"]["turns"] == 3 and t.combatant(2)["status"] == "unconscious"


def test_the_target_spends_the_least_declared_karma_that_saves_it():
    t = duel()
    t.combatant(2)["effects"]["effect_karma"] = 20
    roll = attack(t, [FACE["red"], 60], combat_type="blunt")["effect_roll"]  # 60 green on Good; 76 is yellow
    assert (roll["karma"], roll["total"], roll["colour"]) == (16, 76, "yellow")
    assert t.combatant(2)["karma"] == 30 - 16


def test_karma_is_not_spent_when_it_cannot_change_the_outcome():
    t = duel()
    t.combatant(2)["effects"]["effect_karma"] = 5
    roll = attack(t, [FACE["red"], 10, 2], combat_type="blunt")["effect_roll"]
    assert roll["karma"] == 0 and t.combatant(2)["karma"] == 30


def test_a_surprised_target_adds_no_karma():
    t = duel()
    t.combatant(2)["effects"]["effect_karma"] = 20
    roll = attack(t, [FACE["yellow"], 60], combat_type="blunt", surprise=True)["effect_roll"]
    assert roll["karma"] == 0 and t.combatant(2)["karma"] == 30


def test_a_trick_shot_on_a_bullseye_disarms_instead_of_hurting():
    t = duel()
    payload = attack(
        t, [FACE["yellow"]], combat_type="shooting", with_="Pistola", called_shot="disarm", item="Palo"
    )
    assert payload["effect"] == "disarm" and payload.get("damage") == 0
    assert t.combatant(2)["weapons"] == []


def test_a_trick_shot_on_a_bullseye_may_stun_on_a_failed_endurance_roll():
    t = duel()
    payload = attack(
        t, [FACE["yellow"], GOOD["green"]], combat_type="shooting", with_="Pistola", called_shot="stun"
    )
    assert payload["effect_roll"]["effect"] == "stunned-1" and t.combatant(2)["status"] == "stunned"
