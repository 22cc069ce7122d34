"""The general declare-then-resolve round (rules/core/declarations.py), driven by a toy system
that knows nothing of any rulebook: two combatants, a `shout` action and a `wave` action."""

from __future__ import annotations

import pytest

from rules import systems
from rules.core import declarations as decl
from rules.core.dice import FixedDice
from rules.core.encounter import GM, ActionType, CombatantFacts, Entry, Table, Viewer
from rules.core.errors import Refused
from rules.registration import registrations


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


# --- Declaring ahead in any system (rules/core/ahead.py), with a toy that takes turns -------------
#
# The toy: combatants act one at a time in `turn_order`; `poke` (d6, a 4+ hits) takes one hit point
# from a target that is still up and refuses a fallen one; `end_turn` passes the turn on and starts
# the next round after the last one. It knows nothing of declarations.

from dataclasses import dataclass  # noqa: E402

from rules.core import ahead  # noqa: E402
from rules.core.errors import CONFLICT  # noqa: E402
from rules.core.schema import NoInput, param  # noqa: E402


@dataclass(frozen=True, kw_only=True)
class PokeInput:
    target: int = param(min=1)


def _poke(table, dice, action, actor):
    target = table.combatant(action["target"])
    if target["hp"] <= 0:
        raise Refused("poke.down", "TOY", "Ese objetivo ya ha caído.", "That target is down already.")
    face, nonce = dice.roll(6)
    if face >= 4:
        target["hp"] -= 1
        if target["hp"] <= 0:
            target["status"] = "down"
    table.write(Entry("poke", {"roll": {"sides": 6, "faces": [face], "nonces": [nonce]}, "hit": face >= 4,
                               "text": {"es": "¡Toma!", "en": "Take that!"}}, actor=actor, target=action["target"]))  # fmt: skip


def _end_turn(table, dice, action, actor):
    order = table.state["turn_order"]
    nxt = order.index(table.state["current"]) + 1
    if nxt == len(order):
        table.state["round"] += 1
        nxt = 0
    table.state["current"] = order[nxt]


def _start(table, dice, action, actor):
    table.state.update(status="active", round=1, turn_order=[3, 1, 2], current=3)


class TurnToy(systems.CombatRules):
    actions = {
        "start": ActionType("start", _start, NoInput, gm_only=True, needs_actor=False, phases=("setup",)),
        "poke": ActionType("poke", _poke, PokeInput, summary_es="Pinchar", summary_en="Poke"),
        "end_turn": ActionType("end_turn", _end_turn, NoInput),
    }

    def may_act(self, state, actor, action):
        return actor is None or state.get("current") == actor

    def view_event(self, event, *, hidden, viewer):
        payload = dict(event["payload"])
        text = payload.pop("text", {"es": "", "en": ""})
        return {**payload, "text_es": text["es"], "text_en": text["en"]}


def turn_table(**hp) -> Table:
    t = Table.from_state(None)
    t.state["combatants"] = {
        str(cid): {"name": name, "hp": hp.get(name, 2), "status": "active"}
        for cid, name in ((1, "Uno"), (2, "Dos"), (3, "Tres"))
    }
    return t


def act(combat, table, action, actor=None, faces=()):
    kind = combat.actions[action["type"]]
    assert combat.may_act(table.state, actor, action), action
    kind.resolve(table, FixedDice(list(faces)), action, actor)


def test_turning_it_on_opens_the_declarations_and_the_system_s_own_actions_are_then_declared():
    combat = ahead.DeclaringCombat(TurnToy())
    t = turn_table()
    act(combat, t, {"type": "declare_ahead_on"})
    assert t.state["declare_ahead"] is True and not decl.is_open(t.state)  # not started yet
    act(combat, t, {"type": "start"})
    assert decl.is_open(t.state) and combat.waiting(t.state) == [1, 2, 3]
    with pytest.raises(Refused) as refused:
        act(combat, t, {"type": "poke", "target": 1}, actor=3)
    assert refused.value.kind == CONFLICT and refused.value.code == "declare.ahead"
    assert [e.type for e in t.entries] == ["declare_ahead", "declarations_opened"]
    # "end_turn", "poke" may be declared; the GM's "start" and the seam's own types may not.
    assert set(combat.declarable) == {"poke", "end_turn"}


def test_when_everyone_has_declared_the_round_resolves_in_the_system_s_turn_order():
    combat = ahead.DeclaringCombat(TurnToy())
    t = turn_table()
    act(combat, t, {"type": "start"})
    act(combat, t, {"type": "declare_ahead_on"})
    act(combat, t, {"type": "declare", "action": {"type": "poke", "target": 3}}, actor=1)
    act(combat, t, {"type": "declare", "action": {"type": "poke", "target": 1}}, actor=3)
    # Declaring again replaces the first declaration.
    act(combat, t, {"type": "declare", "action": {"type": "poke", "target": 2}}, actor=3)
    del t.entries[:]
    # The last declaration resolves the round: Tres (first in the order) hits Dos with a 5, Uno
    # misses Tres with a 2, Dos passes its turn with a declared end_turn.
    act(combat, t, {"type": "declare", "action": {"type": "end_turn"}}, actor=2, faces=[5, 2])
    pokes = [(e.actor, e.target, e.payload["hit"]) for e in t.entries if e.type == "poke"]
    assert pokes == [(3, 2, True), (1, 3, False)]
    assert t.state["combatants"]["2"]["hp"] == 1 and t.state["combatants"]["3"]["hp"] == 2
    assert [e.type for e in t.entries][-1] == "declarations_opened"
    assert t.state["round"] == 2 and t.state["current"] == 3  # a whole round, back to the first
    assert decl.is_open(t.state) and decl.declared(t.state) == {} and t.state["declarations"]["round"] == 2


def test_a_declared_action_the_rules_refuse_lapses_and_one_who_declared_nothing_passes():
    combat = ahead.DeclaringCombat(TurnToy())
    t = turn_table(Dos=1)
    act(combat, t, {"type": "start"})
    act(combat, t, {"type": "declare_ahead_on"})
    act(combat, t, {"type": "declare", "action": {"type": "poke", "target": 2}}, actor=3)
    act(combat, t, {"type": "declare", "action": {"type": "poke", "target": 2}}, actor=1)
    del t.entries[:]
    # Tres fells Dos (6); Uno's poke at the fallen Dos is refused and lapses; Dos, down, declared
    # nothing and passes.
    act(combat, t, {"type": "resolve_round"}, faces=[6])
    lapsed = [e for e in t.entries if e.type == "declaration_lapsed"]
    assert [(e.actor, e.payload["text"]["en"]) for e in lapsed] == [
        (1, "Uno: That target is down already."),
        (2, "Dos: declared nothing: passes."),
    ]
    assert lapsed[0].payload["rule"] == "TOY" and t.state["combatants"]["2"]["status"] == "down"
    assert [e.type for e in t.entries].count("poke") == 1
    assert combat.waiting(t.state) == [1, 3]  # the fallen one no longer declares


def test_resolving_without_open_declarations_is_refused_and_turning_it_off_drops_them():
    combat = ahead.DeclaringCombat(TurnToy())
    t = turn_table()
    act(combat, t, {"type": "start"})
    with pytest.raises(Refused) as refused:
        act(combat, t, {"type": "resolve_round"})
    assert refused.value.code == "declare.closed"
    act(combat, t, {"type": "declare_ahead_on"})
    act(combat, t, {"type": "declare", "action": {"type": "poke", "target": 2}}, actor=3)
    act(combat, t, {"type": "declare_ahead_off"})
    assert "declarations" not in t.state and t.state["declare_ahead"] is False
    act(combat, t, {"type": "poke", "target": 2}, actor=3, faces=[1])  # turn by turn again
    with pytest.raises(Refused):
        act(combat, t, {"type": "declare_ahead_off"})


def test_players_see_that_a_hidden_npc_declared_but_not_what():
    combat = ahead.DeclaringCombat(TurnToy())
    t = turn_table()
    act(combat, t, {"type": "start"})
    act(combat, t, {"type": "declare_ahead_on"})
    act(combat, t, {"type": "declare", "action": {"type": "poke", "target": 1}}, actor=3)
    act(combat, t, {"type": "declare", "action": {"type": "end_turn"}}, actor=1)
    facts = {
        1: CombatantFacts(1, "Uno", "heroes", npc=False, owner=7),
        2: CombatantFacts(2, "Dos", "heroes", npc=False, owner=8),
        3: CombatantFacts(3, "Tres", "villains", npc=True),
    }
    player = Viewer(gm=False, controls=frozenset({1}))
    seen = combat.view_declarations(t.state, viewer=player, facts=facts)
    assert seen["declared"] == [
        {"combatant": 3, "action": None},
        {"combatant": 1, "action": {"type": "end_turn"}},
    ]
    assert seen["waiting"] == [2] and seen["open"] is True
    assert combat.view_declarations(t.state, viewer=GM, facts=facts)["declared"][0]["action"] == {
        "type": "poke",
        "target": 1,
    }
    event = {"type": "declare", "actor": 3, "target": None, "payload": t.entries[-2].payload}
    shown = combat.view_event(event, hidden=frozenset({3}), viewer=player)
    assert shown["text_en"] == "Tres has declared their action." and "action" not in shown
    assert combat.view_event(event, hidden=frozenset(), viewer=GM)["text_en"] == "Tres declares: Poke → Uno."


def test_every_system_that_does_not_declare_by_itself_gets_declaring_ahead_from_the_seam():
    for slug in ("epic20", "anima", "hero"):
        seamed = systems.for_encounters(systems.get(slug))
        assert isinstance(seamed.combat, ahead.DeclaringCombat), slug
        assert seamed is systems.for_encounters(systems.get(slug)) and seamed.slug == slug
        assert {"declare", "resolve_round", "declare_ahead_on"} <= set(seamed.combat.actions)
    msh = systems.get("msh")
    assert systems.for_encounters(msh) is msh  # MSH declares in its own way


def test_declaring_ahead_hands_on_every_member_of_the_combat_seam():
    from rules.core.ahead import DeclaringCombat
    from rules.systems import CombatRules

    members = {name for name in vars(CombatRules) if not name.startswith("_")}
    members |= set(CombatRules.__annotations__)
    wrapped = DeclaringCombat(systems.get(next(iter(registrations()))).combat)
    assert {name for name in members if not hasattr(wrapped, name)} == set()


@pytest.mark.parametrize("slug", list(registrations()))
def test_only_a_gm_s_hero_points_are_a_fight_award(slug):
    from rules.systems import FightAward

    combat = systems.get(slug).combat
    assert combat.fight_award({"type": "attack", "target": 2}) is None
    award = combat.fight_award({"type": "award_hero_point", "target": 2, "points": 3})
    assert award == (FightAward(combatant=2, amount=3) if slug == "epic20" else None)
