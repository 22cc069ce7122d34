"""Ataques o maniobras especiales: Golpe al suelo, Onda de choque, Ataque combinado, Ataques
moderados, reducing the result, improvised thrown objects."""

from __future__ import annotations

import pytest

from rules.core.errors import Refused

from .helpers import ATTACKER, COMBAT, DEFENDER, FACE, Dice, act, attack, duel, sheet, table


def test_a_ground_strike_reads_the_force_table_and_deals_the_grounds_strength():
    payload = attack(duel(), [FACE["red"]], combat_type="energy", with_="Rayo", ground_material=10)
    assert (
        payload["read_on"] == "force" and payload["effect"] == "stun"
    )  # "se evita la posibilidad de matarlo"
    assert payload["damage"] == 10 and payload["column"] == "excellent"  # Agility, as the energy attack


def test_a_shock_wave_reads_the_charge_table_rolling_strength_on_everyone_around():
    t = table(
        (1, sheet("Ana", strength=50, fighting=2), "heroes"),
        (2, DEFENDER, "villains"),
        (3, DEFENDER, "villains"),
    )
    entries = [
        e
        for e in act(
            t,
            "attack",
            1,
            [FACE["green"]],
            target=2,
            also_targets=[3],
            combat_type="blunt",
            ground_material=10,
        )
        if e.type == "attack"
    ]
    assert [e.target for e in entries] == [2, 3]
    first = entries[0].payload
    assert first["read_on"] == "charging" and first["column"] == "amazing"  # Strength, not Fighting
    assert "multiple-targets" not in {r["slug"] for r in first["shift_reasons"]}
    assert first["damage"] == 10


def _pair(bea_strength=20):
    return table(
        (1, ATTACKER, "heroes"), (2, DEFENDER, "villains"), (3, sheet("Bea", strength=bea_strength), "heroes")
    )


@pytest.mark.parametrize("bea_strength", [30, 6])  # stronger than Ana; more than a rank apart
def test_a_combined_attack_is_declared_by_the_stronger_at_most_a_rank_apart(bea_strength):
    with pytest.raises(Refused) as refused:
        COMBAT.actions["attack"].resolve(
            _pair(bea_strength), Dice(), {"target": 2, "combat_type": "blunt", "combined_with": 3}, 1
        )
    assert refused.value.code == "attack.combined_strength"


def test_a_pulled_blow_deals_no_more_than_the_attacker_chooses():
    assert attack(duel(), [FACE["green"]], combat_type="blunt", max_damage=5)["damage"] == 5


def test_the_attacker_may_reduce_the_result_where_the_type_allows_it():
    payload = attack(duel(), [FACE["red"], 100], combat_type="blunt", max_colour="yellow")
    assert payload["colour"] == "yellow" and payload["effect"] == "slam"


def test_an_improvised_thrown_object_deals_the_lesser_of_strength_and_its_material():
    assert attack(duel(), [FACE["green"]], combat_type="thrown-blunt", material=10)["damage"] == 10


def test_karma_spent_on_an_attack_raises_the_roll_and_leaves_the_pool():
    t = duel()
    payload = attack(t, [60], combat_type="blunt", karma=15)
    assert payload["roll"]["total"] == 75 and payload["colour"] == "yellow"
    assert t.combatant(1)["karma"] == 30 - 15
