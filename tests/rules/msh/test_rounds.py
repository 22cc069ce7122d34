"""SECUENCIA DE COMBATE: initiative per side, defenders declare, attackers declare, attackers act
(holding to counter), defenders act; the GM may close the declarations."""

from __future__ import annotations

import pytest

from rules.core.dice import FixedDice
from rules.core.encounter import Table
from rules.core.errors import Refused

from .helpers import ATTACKER, COMBAT, DEFENDER, Dice, sheet

SHARP = sheet(
    "Vera",
    intuition=20,
    weapons=[{"name": "Pistola", "combat_type": "shooting", "damage": 10, "material": 20}],
)


def fight(*people, faces=(5, 5), auto=True) -> Table:
    """Heroes Ana (1) and Bea (3) against Vera (2), whose Intuition 20 beats their 10 by a column."""
    t = Table.from_state(None)
    for cid, sh, side in people or (
        (1, ATTACKER, "heroes"),
        (2, SHARP, "villains"),
        (3, sheet("Bea"), "heroes"),
    ):
        t.state["combatants"][str(cid)] = COMBAT.build_combatant(
            cid=cid, name=sh["name"], side=side, sheet=sh, options={}
        )
    COMBAT.actions["start"].resolve(t, FixedDice(faces), {"type": "start", "auto_resolve": auto}, None)
    return t


def declare(t: Table, cid: int, faces=(), **action):
    assert COMBAT.may_act(t.state, cid, {"type": "declare"})
    COMBAT.actions["declare"].resolve(
        t,
        Dice(faces),
        {"type": "declare", "actor": cid, "action": action},
        cid,
    )


def test_initiative_is_rolled_per_side_and_the_best_intuition_adds_the_column_difference():
    t = fight()
    entry = next(e for e in t.entries if e.type == "initiative")
    assert [r["sides"] for r in entry.payload["rolls"]] == [10, 10]
    assert entry.payload["modifiers"] == {"heroes": 0, "villains": 1}  # Excellent against Good
    assert entry.payload["initiative"] == {"heroes": 5, "villains": 6}
    assert t.state["msh"]["sides"] == ["villains", "heroes"]
    assert t.combatant(1)["initiative"] == 5 and t.combatant(2)["initiative"] == 6


def test_equal_initiative_totals_are_rolled_again():
    t = fight(faces=(6, 5, 2, 7))  # 6 against 5+1: again; then 2 against 8
    assert t.state["msh"]["initiative"] == {"heroes": 2, "villains": 8}


def test_the_defending_side_declares_first_and_the_clock_says_so():
    t = fight()
    assert COMBAT.clock(t.state) == {"round": 1, "phase": "declare", "side": "heroes", "current": None}
    assert not COMBAT.may_act(t.state, 2, {"type": "declare"})
    with pytest.raises(Refused) as refused:
        COMBAT.actions["declare"].resolve(
            t, FixedDice([]), {"type": "declare", "actor": 2, "action": {"type": "pass"}}, 2
        )
    assert refused.value.kind == "conflict"


def test_when_the_defenders_have_declared_the_attackers_declare():
    t = fight()
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    assert COMBAT.clock(t.state)["side"] == "heroes"  # Bea still to declare
    declare(t, 3, type="dodge")
    assert COMBAT.clock(t.state) == {"round": 1, "phase": "declare", "side": "villains", "current": None}


def test_when_everyone_has_declared_the_round_resolves_in_the_seeds_order():
    t = fight()
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    declare(t, 3, type="dodge")
    declare(
        t,
        2,
        faces=[99, 50],
        type="attack",
        target=1,
        combat_type="shooting",
        **{"with": "Pistola"},
    )
    kinds = [
        (e.type, e.actor)
        for e in t.entries
        if e.type in ("defense", "attack", "declarations_closed", "round_end")
    ]
    # Bea's dodge is announced at the start, then the attackers (Vera) act, then the defenders (Ana).
    assert kinds == [
        ("declarations_closed", None),
        ("defense", 3),
        ("attack", 2),
        ("attack", 1),
        ("round_end", None),
    ]
    assert COMBAT.clock(t.state) == {
        "round": 2,
        "phase": "declare",
        "side": t.state["msh"]["sides"][-1],
        "current": None,
    }
    assert t.state["declarations"]["previous"]["round"] == 1


def test_an_attacker_may_hold_its_action_to_counter_a_defenders():
    t = fight()
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    declare(t, 3, type="attack", target=2, combat_type="blunt")
    declare(t, 2, type="hold", before=3, action={"target": 3, "combat_type": "shooting", "with": "Pistola"})
    order = [e.actor for e in t.entries if e.type == "attack"]
    assert order == [1, 2, 3]  # Vera's held shot comes just before Bea's blow


def test_only_the_side_with_the_initiative_may_hold():
    t = fight()
    with pytest.raises(Refused) as refused:
        declare(t, 1, type="hold", before=2, action={"target": 2, "combat_type": "blunt"})
    assert refused.value.code == "hold.not_attacker"
    assert "1" not in t.state["declarations"]["by"]


def test_the_gm_closes_the_declarations_and_who_has_not_declared_does_nothing():
    t = fight(auto=False)
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    assert COMBAT.may_act(t.state, None, {"type": "resolve_round"})
    COMBAT.actions["resolve_round"].resolve(t, Dice([50]), {"type": "resolve_round"}, None)
    assert [e.actor for e in t.entries if e.type == "attack"] == [1]
    assert t.round == 2


def test_without_auto_resolve_the_round_waits_for_the_gm():
    t = fight(auto=False)
    declare(t, 1, type="pass")
    declare(t, 3, type="pass")
    declare(t, 2, type="pass")
    assert t.round == 1 and COMBAT.clock(t.state)["side"] is None


def test_a_declaration_can_be_changed_while_the_declarations_are_open():
    t = fight()
    declare(t, 1, type="pass")
    t.state["msh"]["side"] = "heroes"
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    assert t.state["declarations"]["by"]["1"]["action"]["type"] == "attack"


def test_an_action_the_rules_no_longer_allow_lapses_instead_of_failing_the_round():
    t = fight()
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    declare(t, 3, type="pass")
    t.combatant(1)["effects"]["stunned"] = 5  # knocked out of the round before acting
    declare(t, 2, type="pass")
    lapsed = [e for e in t.entries if e.type == "declaration_lapsed"]
    assert [e.actor for e in lapsed] == [1]


def test_acting_in_the_declaration_phase_is_a_conflict_and_changes_nothing():
    t = fight()
    before = t.state.copy()
    assert not COMBAT.may_act(t.state, 1, {"type": "attack"})
    with pytest.raises(Refused) as refused:
        COMBAT.actions["attack"].resolve(
            t, FixedDice([50]), {"type": "attack", "target": 2, "combat_type": "blunt"}, 1
        )
    assert refused.value.kind == "conflict"
    assert t.state == before


def test_stunned_characters_do_not_declare_and_the_round_does_not_wait_for_them():
    t = fight()
    t.combatant(3)["effects"]["stunned"] = 3
    t.combatant(3)["status"] = "stunned"
    assert not COMBAT.may_act(t.state, 3, {"type": "declare"})
    declare(t, 1, type="pass")
    assert COMBAT.clock(t.state)["side"] == "villains"


def test_a_held_character_may_only_declare_an_escape():
    t = fight()
    t.combatant(1)["effects"]["held_by"] = {"by": 2, "full": True, "round": 1}
    with pytest.raises(Refused):
        declare(t, 1, type="attack", target=2, combat_type="blunt")
    declare(t, 1, type="escape")


def test_a_newcomer_takes_its_sides_initiative_and_a_new_side_rolls():
    t = fight()
    t.state["combatants"]["4"] = COMBAT.build_combatant(
        cid=4, name="Dan", side="heroes", sheet=DEFENDER, options={}
    )
    COMBAT.join(t, FixedDice([]), 4)
    assert t.combatant(4)["initiative"] == 5
    t.state["combatants"]["5"] = COMBAT.build_combatant(
        cid=5, name="Eco", side="monsters", sheet=DEFENDER, options={}
    )
    COMBAT.join(t, FixedDice([9]), 5)
    assert t.state["msh"]["sides"][-1] == "monsters" and t.combatant(5)["initiative"] == 9


def test_removing_the_last_undeclared_combatant_resolves_the_round():
    t = fight()
    declare(t, 1, type="pass")
    declare(t, 3, type="pass")
    COMBAT.remove(t, FixedDice([5, 5]), 2)
    assert t.combatant(2) is None and t.round == 2


def test_start_and_end():
    t = fight()
    with pytest.raises(Refused):
        COMBAT.actions["start"].resolve(t, FixedDice([]), {"type": "start"}, None)
    COMBAT.actions["end"].resolve(t, FixedDice([]), {"type": "end"}, None)
    assert t.status == "ended" and not COMBAT.may_act(t.state, None, {"type": "resolve_round"})
