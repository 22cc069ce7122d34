"""Column shifts (Procedimiento de combate, A distancia, Carga, Contundente, maniobras especiales)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.msh.ranks import RANKS, shifted

from .helpers import ATTACKER, DEFENDER, FACE, attack, duel, table


def _slugs(payload):
    return {r["slug"]: r["shifts"] for r in payload["shift_reasons"]}


@pytest.mark.parametrize(
    ("fields", "reason", "net", "column"),
    [
        ({"combat_type": "blunt", "darkness": True}, "darkness", -2, "typical"),
        ({"combat_type": "shooting", "with_": "Pistola", "point_blank": True}, "point-blank", 3, "amazing"),
        ({"combat_type": "charging", "areas": 2}, "charge-areas", 2, "incredible"),
        ({"combat_type": "charging", "areas": 7}, "charge-areas", 3, "amazing"),  # "hasta un máximo de +3"
        ({"combat_type": "charging", "areas": 1, "diving": True}, "diving", 5, "unearthly"),  # "+4 adicional"
        (
            {"combat_type": "blunt", "with_": "Maza"},
            "heavy-weapon",
            1,
            "remarkable",
        ),  # material 30 > Strength 20
        ({"combat_type": "blunt", "surprise": True}, "surprise", 2, "incredible"),
        ({"combat_type": "blunt", "shifts": -1}, "circumstances", -1, "good"),
    ],
)
def test_each_column_shift_moves_the_attackers_column(fields, reason, net, column):
    payload = attack(duel(), [FACE["green"]], **fields)
    assert reason in _slugs(payload)
    assert payload["shifts"] == net
    assert payload["column"] == column


def test_a_turn_spent_aiming_gives_one_column_to_the_next_turns_shot():
    t = duel()
    from .helpers import act

    act(t, "aim", 1)
    t.state["round"] = 2
    payload = attack(t, [FACE["green"]], combat_type="shooting", with_="Pistola")
    assert _slugs(payload) == {"aimed": 1}


def test_point_blank_also_raises_the_colour_by_one():
    payload = attack(duel(), [10], combat_type="shooting", with_="Pistola", point_blank=True)
    assert payload["roll"]["colour"] == "white"  # 10 on Amazing is white…
    assert payload["colour"] == "green"  # "sube un color en su resultado"


def test_a_weapon_no_stronger_than_the_wielder_gives_no_column():
    t = duel(attacker={**ATTACKER, "abilities": {**ATTACKER["abilities"], "strength": 30}})
    assert "heavy-weapon" not in _slugs(attack(t, [FACE["green"]], combat_type="blunt", with_="Maza"))


def test_multiple_adjacent_targets_take_four_columns_and_one_result_for_all():
    t = table((1, ATTACKER, "heroes"), (2, DEFENDER, "villains"), (3, DEFENDER, "villains"))
    from .helpers import act

    entries = [
        e
        for e in act(t, "attack", 1, [80], target=2, also_targets=[3], combat_type="blunt")
        if e.type == "attack"
    ]
    assert [e.target for e in entries] == [2, 3]
    assert {e.payload["colour"] for e in entries} == {"green"}  # 80 on Feeble (−4)
    assert entries[0].payload["column"] == "feeble"
    assert entries[0].payload["roll"] == entries[1].payload["roll"]


def test_a_partially_held_character_attacks_two_columns_down():
    t = duel()
    t.combatant(1)["effects"]["held_by"] = {"by": 2, "full": False, "round": 1}
    assert _slugs(attack(t, [FACE["green"]], combat_type="blunt")) == {"partially-held": -2}


def test_a_dodging_target_takes_columns_off_ranged_attacks_only():
    t = duel()
    t.combatant(2)["effects"]["dodge"] = -4
    assert attack(t, [FACE["green"]], combat_type="shooting", with_="Pistola")["column"] == "feeble"
    assert attack(t, [FACE["green"]], combat_type="blunt")["column"] == "excellent"


@given(st.integers(0, len(RANKS) - 1), st.integers(-30, 30))
def test_a_column_shift_never_leaves_the_table(index, shifts):
    rank = shifted(RANKS[index], shifts)
    assert RANKS.index(rank) == min(max(index + shifts, 0), len(RANKS) - 1)
