"""The general declare-then-resolve round (rules/core/declarations.py), driven by a toy system
that knows nothing of any rulebook: two combatants, a `shout` action and a `wave` action."""

from __future__ import annotations

import pytest

from rules.core import declarations as decl
from rules.core.dice import FixedDice
from rules.core.encounter import GM, ActionType, CombatantFacts, Entry, Table, Viewer
from rules.core.errors import Refused


def _shout(table, dice, action, actor):
    if action.get("loud") is False:
        raise Refused("toy.quiet", "toy", "Demasiado bajo.", "Too quiet.")
    face, nonce = dice.roll(6)
    table.combatant(actor)["shouts"] = table.combatant(actor).get("shouts", 0) + face
    table.write(
        Entry("shout", {"roll": {"sides": 6, "faces": [face], "nonces": [nonce], "total": face}}, actor=actor)
    )


def _wave(table, dice, action, actor):
    table.write(Entry("wave", {}, actor=actor))


TOY = {
    "shout": ActionType("shout", _shout, dict),
    "wave": ActionType("wave", _wave, dict),
}
FINISHED = []


def _check(table, action, actor):
    if action.get("volume", 0) > 10:
        raise Refused("toy.volume", "toy", "Volumen absurdo.", "Absurd volume.", path="/action/volume")


POLICY = decl.DeclarePolicy(
    declarable=TOY,
    may_declare=lambda state, cid: (state.get("combatants") or {}).get(str(cid), {}).get("awake", True),
    check=_check,
    private_keys=("volume",),
)
DECLARE = decl.declare_action(POLICY, schema=dict)
RESOLVE = decl.resolve_round_action(
    declarable=TOY,
    # The toy resolves in reverse order of declaration: the system decides, not the core.
    steps=lambda table: [
        decl.Step(int(cid), d["action"])
        for cid, d in sorted(decl.declared(table.state).items(), key=lambda i: -i[1]["order"])
    ],
    can_act=lambda state, cid: state["combatants"][str(cid)].get("awake", True),
    finish=lambda table, dice: FINISHED.append(table.round),
    schema=dict,
)


def toy_table() -> Table:
    t = Table.from_state(None)
    t.state["combatants"] = {"1": {"name": "Uno"}, "2": {"name": "Dos"}}
    t.state.update(status="active", round=1)
    decl.open_round(t.state, 1)
    return t


def test_declarations_are_recorded_in_the_order_they_come_and_logged():
    t = toy_table()
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "shout"}}, 2)
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "wave", "actor": 9}}, 1)
    assert decl.declared(t.state) == {
        "2": {"action": {"type": "shout"}, "order": 1},
        "1": {"action": {"type": "wave"}, "order": 2},
    }
    assert [e.type for e in t.entries] == ["declare", "declare"]
    assert t.entries[0].payload["text"]["es"] == "Dos declara «shout»."


def test_a_second_declaration_replaces_the_first_and_keeps_its_place():
    t = toy_table()
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "shout"}}, 1)
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "wave"}}, 2)
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "wave"}}, 1)
    assert decl.declared(t.state)["1"] == {"action": {"type": "wave"}, "order": 1}


@pytest.mark.parametrize(
    ("action", "actor", "code", "kind"),
    [
        ({}, 1, "declare.no_action", "invalid"),
        ({"action": {"type": "dance"}}, 1, "declare.unknown_type", "invalid"),
        ({"action": {"type": "shout"}}, 7, "declare.no_actor", "invalid"),
        ({"action": {"type": "shout", "volume": 11}}, 1, "toy.volume", "invalid"),
    ],
)
def test_a_bad_declaration_is_refused_and_changes_nothing(action, actor, code, kind):
    t = toy_table()
    before = decl.declared(t.state)
    with pytest.raises(Refused) as refused:
        DECLARE.resolve(t, FixedDice([]), action, actor)
    assert (refused.value.code, refused.value.kind) == (code, kind)
    assert decl.declared(t.state) == before and t.entries == []


def test_declaring_out_of_ones_moment_is_a_conflict():
    t = toy_table()
    t.state["combatants"]["1"]["awake"] = False
    with pytest.raises(Refused) as refused:
        DECLARE.resolve(t, FixedDice([]), {"action": {"type": "wave"}}, 1)
    assert refused.value.kind == "conflict"
    decl.close(t.state)
    with pytest.raises(Refused) as closed:
        DECLARE.resolve(t, FixedDice([]), {"action": {"type": "wave"}}, 2)
    assert closed.value.kind == "conflict"


def test_resolving_the_round_runs_the_systems_order_and_finishes():
    t = toy_table()
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "shout"}}, 1)
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "wave"}}, 2)
    FINISHED.clear()
    RESOLVE.resolve(t, FixedDice([4]), {}, None)
    assert [(e.type, e.actor) for e in t.entries[2:]] == [
        ("declarations_closed", None),
        ("wave", 2),
        ("shout", 1),
    ]
    assert t.state["combatants"]["1"]["shouts"] == 4
    assert FINISHED == [1] and not decl.is_open(t.state)
    with pytest.raises(Refused) as again:
        RESOLVE.resolve(t, FixedDice([]), {}, None)
    assert again.value.kind == "conflict"


def test_a_step_that_can_no_longer_happen_lapses_and_leaves_no_trace():
    t = toy_table()
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "shout", "loud": False}}, 1)
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "shout"}}, 2)
    t.state["combatants"]["2"]["awake"] = False
    RESOLVE.resolve(t, FixedDice([]), {}, None)
    lapsed = [e for e in t.entries if e.type == "declaration_lapsed"]
    assert [e.actor for e in lapsed] == [2, 1]
    assert lapsed[1].payload["text"]["en"] == "Uno: Too quiet."
    assert "shouts" not in t.state["combatants"]["1"]


def test_the_next_round_keeps_the_last_rounds_declarations_as_previous():
    t = toy_table()
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "wave"}}, 1)
    decl.open_round(t.state, 2)
    assert t.state["declarations"]["previous"] == {
        "round": 1,
        "by": {"1": {"action": {"type": "wave"}, "order": 1}},
    }
    assert decl.declared(t.state) == {} and decl.is_open(t.state)


def test_a_hidden_combatants_declaration_is_seen_through_the_systems_redaction():
    t = toy_table()
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "shout", "volume": 3}}, 2)
    DECLARE.resolve(t, FixedDice([]), {"action": {"type": "shout", "volume": 5}}, 1)
    facts = {1: CombatantFacts(1, "Uno", "a", npc=False), 2: CombatantFacts(2, "Dos", "b", npc=True)}

    player = decl.view_declarations(
        t.state, viewer=Viewer(gm=False, controls=frozenset({1})), facts=facts, redact=POLICY.redact
    )
    assert player == [
        {"combatant": 2, "action": {"type": "shout"}},
        {"combatant": 1, "action": {"type": "shout", "volume": 5}},
    ]
    assert (
        decl.view_declarations(t.state, viewer=GM, facts=facts, redact=POLICY.redact)[0]["action"]["volume"]
        == 3
    )
