"""Invariants over many fights: odds agree with resolution die for die, and any sequence of actions
(refused or not) keeps the state sound and replayable."""

import itertools
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core import fold
from rules.core.dice import DiceExhausted, FixedDice
from rules.core.encounter import GM, Table
from rules.core.errors import Refused

from .helpers import COMBAT, attack_entry, c, sheet, table_with

BLAST = attack_entry("Rayo", "ranged", 5)
GUN = attack_entry("Pistola", "ranged", 2, killing=True, energy=False, autofire=3)


def test_the_chance_to_hit_is_what_resolution_does_over_all_216_rolls():
    request = {
        "type": "attack",
        "actor": 1,
        "target": 2,
        "attack": "Rayo",
        "range": 10,
        "modifiers": ["off-hand"],
    }
    base = table_with(sheet("A", dex=26, attacks=[BLAST]), sheet("B", dex=12))
    c(base, 2)["conditions"] = ["prone"]
    odds = COMBAT.odds(base.state, request, viewer=GM, hidden=frozenset())
    hit = 0
    for faces in itertools.product(range(1, 7), repeat=3):
        t = Table.from_state(base.state)
        COMBAT.actions["attack"].resolve(t, FixedDice([*faces] + [1] * 5 + [6, 6]), request, 1)
        hit += t.entries[0].payload["hit"]
    assert Fraction(hit, 216) == Fraction(odds["p_hit"]["exact"])


def test_the_expected_damage_is_the_mean_of_resolution_over_every_damage_roll():
    request = {"type": "attack", "actor": 1, "target": 2}
    base = table_with(sheet("A", str=15), sheet("B", pd=4, stun=200, body=50, con=100))
    odds = COMBAT.odds(base.state, request, viewer=GM, hidden=frozenset())
    stun = body = 0
    for faces in itertools.product(range(1, 7), repeat=3):
        t = Table.from_state(base.state)
        COMBAT.actions["attack"].resolve(t, FixedDice([1, 1, 1, *faces, 6, 6]), request, 1)
        damage = t.entries[0].payload["damage"]
        stun, body = stun + damage["stun"], body + damage["body"]
    assert Fraction(stun, 216) == Fraction(odds["expected_per_hit"]["stun"]["exact"])
    assert Fraction(body, 216) == Fraction(odds["expected_per_hit"]["body"]["exact"])


ACTIONS = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("attack"),
            "target": st.integers(1, 4),
            "attack": st.sampled_from(["strike", "Rayo", "Pistola"]),
            "maneuver": st.sampled_from(
                [
                    None,
                    "strike",
                    "grab",
                    "disarm",
                    "haymaker",
                    "move-by",
                    "move-through",
                    "set",
                    "cover",
                    "pulled-punch",
                    "sweep",
                    "brace",
                    "snap-shot",
                    "other-attacks",
                ]
            ),
            "range": st.sampled_from([0, 1, 5, 20]),
            "shots": st.integers(1, 4),
            "velocity": st.integers(0, 12),
            "more_targets": st.lists(st.integers(1, 3), max_size=2),
            "then": st.sampled_from([None, "squeeze", "throw"]),
            "weapon": st.sampled_from([None, "Rayo"]),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("defend"),
            "maneuver": st.sampled_from(["block", "dodge", "dive-for-cover", "roll-with-punch"]),
            "abort": st.booleans(),
            "distance": st.integers(0, 3),
            "protect": st.sampled_from([None, 1, 2, 3]),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(
                ["end_turn", "recovery", "hold", "stand_up", "escape", "break_cover", "pick_up"]
            ),
            "attack": st.just("Rayo"),
        }
    ),
    st.fixed_dictionaries({"type": st.just("move"), "inches": st.integers(0, 7), "full": st.booleans()}),
    st.fixed_dictionaries(
        {
            "type": st.just("suppress"),
            "attack": st.just("Pistola"),
            "hexes": st.integers(1, 2),
            "shots": st.integers(1, 3),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["suppression_fire", "cover_fire"]), "target": st.integers(1, 3)}
    ),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(ACTIONS, st.integers(0, 3), st.lists(st.integers(1, 6), min_size=40, max_size=40)),
        min_size=1,
        max_size=25,
    )
)
def test_any_sequence_of_actions_keeps_the_state_sound_and_replayable(steps):
    table = table_with(
        sheet("A", dex=20, spd=5, attacks=[BLAST, GUN]),
        sheet("B", dex=15, spd=3, attacks=[BLAST]),
        sheet("C", dex=12, spd=2, attacks=[GUN]),
        hit_locations=True,
    )
    state = table.state
    for action, who, faces in steps:
        actor = state["current"] if who == 0 else who
        t = Table.from_state(state)
        kind = COMBAT.actions[action["type"]]
        try:
            kind.resolve(t, FixedDice(faces), {k: v for k, v in action.items() if v is not None}, actor)
        except Refused:
            assert t.state == state and t.entries == []
            continue
        except DiceExhausted:
            continue
        assert fold.apply(state, fold.diff(state, t.state)) == t.state
        state = t.state
        for comb in state["combatants"].values():
            assert comb["stun"] <= comb["stun_max"] and comb["hit_points"] <= comb["hit_points_max"]
            assert comb["end"] >= 0 and comb["status"] in ("active", "unconscious", "dying", "dead")
            assert comb["spent"] in (0, 0.5, 1)
        assert state["current"] is None or state["combatants"][str(state["current"])]["status"] == "active"
        assert 1 <= state["segment"] <= 12
