"""The other action beside the declared one: after a red Escape ("puede o alejarse o intentar un
ataque con un -2") and while squeezing someone held fast ("infligir su Fuerza en daño y hacer
otra acción"), declared with the action and resolved right after it (fixed dice)."""

from __future__ import annotations

import copy

import pytest

from rules.core.dice import FixedDice
from rules.core.encounter import Table, Viewer
from rules.core.errors import Refused
from rules.msh.combatant import refresh

from .helpers import ATTACKER, COMBAT, DEFENDER, Dice, sheet

PISTOL = {"name": "Pistola", "combat_type": "shooting", "damage": 10, "material": 20}
VERA = sheet("Vera", intuition=20)  # Excellent (20) everywhere: the villains act first
BEA = sheet("Bea", weapons=[PISTOL])


def fight(held_since=0) -> Table:
    """Heroes Ana (1) and Bea (3) against Vera (2) and Max (4); Ana holds Vera fast since
    `held_since`. Initiative 5 against 5 + 1 (Vera's Intuition): the villains act first."""
    t = Table.from_state(None)
    for cid, sh, side in ((1, ATTACKER, "heroes"), (2, VERA, "villains"), (3, BEA, "heroes")):
        t.state["combatants"][str(cid)] = COMBAT.build_combatant(
            cid=cid, name=sh["name"], side=side, sheet=sh, options={}
        )
    t.state["combatants"]["4"] = COMBAT.build_combatant(
        cid=4, name="Max", side="villains", sheet=DEFENDER, options={}
    )
    COMBAT.actions["start"].resolve(t, FixedDice([5, 5]), {"type": "start"}, None)
    t.combatant(2)["effects"]["held_by"] = {"by": 1, "full": True, "round": held_since}
    t.combatant(1)["effects"]["holding"] = 2
    refresh(t.combatant(1))
    refresh(t.combatant(2))
    return t


def declare(t: Table, cid: int, faces=(), **action) -> None:
    COMBAT.actions["declare"].resolve(
        t, Dice(faces), {"type": "declare", "actor": cid, "action": action}, cid
    )


def round_events(t: Table, *types: str) -> list:
    return [e for e in t.entries if e.type in types and e.round == 1]


def escape_of(t: Table):
    return next(e for e in round_events(t, "defense") if e.payload["defense"] == "escape")


def _heroes_pass_then(t: Table, faces, **vera) -> None:
    declare(t, 1, type="pass")
    declare(t, 3, type="pass")
    declare(t, 4, type="pass")
    declare(t, 2, faces, **vera)


def test_a_red_escape_is_followed_by_the_declared_attack_two_columns_down():
    t = fight()
    # Vera's escape: 97 on Excellent is red. Her punch: 45 is green on Excellent, white on Typical.
    _heroes_pass_then(t, [97, 45], type="escape", then={"target": 1, "combat_type": "blunt"})
    escape, punch = escape_of(t), round_events(t, "attack")[-1]
    assert escape.payload["colour"] == "red" and escape.payload["freed"] is True
    assert punch.type == "attack" and punch.actor == 2 and punch.target == 1
    assert punch.payload["column"] == "typical"  # Excellent −2
    assert {"slug": "after-escape", "shifts": -2, "rule": "Acciones defensivas › Escape"} in punch.payload[
        "shift_reasons"
    ]
    assert punch.payload["colour"] == "white" and t.combatant(1)["hit_points"] == 80


@pytest.mark.parametrize("colour, face", [("white", 10), ("green", 50), ("yellow", 80)])
def test_the_attack_after_an_escape_lapses_unless_the_escape_is_red(colour, face):
    t = fight()
    _heroes_pass_then(t, [face], type="escape", then={"target": 1, "combat_type": "blunt"})
    assert escape_of(t).payload["colour"] == colour
    assert not [e for e in round_events(t, "attack") if e.actor == 2]
    lapsed = round_events(t, "declaration_lapsed")
    assert [e.payload["action"]["type"] for e in lapsed] == ["escape_attack"]
    assert "no salió rojo" in lapsed[0].payload["text"]["es"]
    assert t.combatant(1)["hit_points"] == 80


def test_who_moves_away_after_a_red_escape_is_out_of_reach_of_melee_but_not_of_a_shot():
    t = fight()
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    declare(t, 3, type="attack", target=2, combat_type="shooting", **{"with": "Pistola"})
    declare(t, 4, type="pass")
    declare(t, 2, [97, 50], type="escape", away=True)  # red escape; Bea's shot: green
    escape = escape_of(t).payload
    assert escape["away"] is True and "fuera de alcance" in escape["text"]["es"]
    lapsed = round_events(t, "declaration_lapsed")
    assert [e.actor for e in lapsed] == [1] and lapsed[0].payload["rule"] == "Acciones defensivas › Escape"
    assert [e.actor for e in round_events(t, "attack")] == [3]
    assert t.combatant(2)["hit_points"] == 70  # only the shot
    # Out of reach lasts the turn: the next round she is within reach again.
    assert "away" not in t.combatant(2)["effects"] and "out-of-reach" not in t.combatant(2)["conditions"]


def test_a_yellow_escape_does_not_move_away():
    t = fight()
    declare(t, 1, type="attack", target=2, combat_type="blunt")
    declare(t, 3, type="pass")
    declare(t, 4, type="pass")
    declare(t, 2, [80, 50], type="escape", away=True)  # yellow: "queda adyacente a su enemigo"
    assert escape_of(t).payload["away"] is False
    assert [e.actor for e in round_events(t, "attack")] == [1]
    assert t.combatant(2)["hit_points"] == 60


def test_a_holder_squeezes_and_takes_another_action_the_same_turn():
    t = fight()
    declare(
        t, 1, type="attack", target=2, combat_type="grappling", then={"target": 4, "combat_type": "blunt"}
    )
    declare(t, 3, type="pass")
    declare(t, 4, type="pass")
    declare(t, 2, [50], type="pass")  # Ana's punch at Max: 50, green on Excellent
    squeeze, punch = round_events(t, "attack")
    assert squeeze.payload["effect"] == "squeeze" and squeeze.target == 2
    assert punch.target == 4 and punch.payload["column"] == "excellent"  # no penalty
    assert t.combatant(2)["hit_points"] == 60 and t.combatant(4)["hit_points"] == 20


def test_the_holders_other_action_lapses_when_the_hold_was_broken_first():
    t = fight()
    declare(
        t, 1, type="attack", target=2, combat_type="grappling", then={"target": 4, "combat_type": "blunt"}
    )
    declare(t, 3, type="pass")
    declare(t, 4, type="pass")
    declare(t, 2, [80, 10], type="escape")  # Vera's yellow escape frees her; Ana's grapple: white
    grapple = round_events(t, "attack")
    assert [(e.target, e.payload["effect"]) for e in grapple] == [(2, "miss")]  # rolled, no squeeze
    lapsed = round_events(t, "declaration_lapsed")
    assert [e.payload["action"]["type"] for e in lapsed] == ["holding_attack"]
    assert t.combatant(4)["hit_points"] == 40


GRAB_MAX = {"target": 4, "combat_type": "grappling"}
PUNCH_MAX = {"target": 4, "combat_type": "blunt"}


@pytest.mark.parametrize(
    ("action", "code", "path"),
    [
        ({"type": "attack", "target": 2, "combat_type": "blunt", "then": PUNCH_MAX}, "hold.then_needs_squeeze", "/action/then"),
        ({"type": "attack", "target": 4, "combat_type": "grappling", "then": PUNCH_MAX}, "hold.then_needs_squeeze", "/action/then"),
        ({"type": "attack", "target": 2, "combat_type": "grappling", "then": GRAB_MAX}, "hold.one_at_a_time", "/action/then/combat_type"),
        ({"type": "attack", "target": 2, "combat_type": "grappling", "then": "punch"}, "declare.bad_then", "/action/then"),
        ({"type": "block", "then": PUNCH_MAX}, "declare.bad_then", "/action/then"),
        ({"type": "dodge", "away": True}, "declare.no_away", "/action/away"),
    ],
)  # fmt: skip
def test_another_action_the_seed_does_not_give_is_refused_at_declaration_and_changes_nothing(
    action, code, path
):
    t = fight()
    before = copy.deepcopy(t.state)
    with pytest.raises(Refused) as refused:
        declare(t, 1, **action)
    assert (refused.value.code, refused.value.path) == (code, path)
    assert refused.value.text_en and refused.value.text_es
    assert t.state == before


def test_the_squeeze_and_its_other_action_come_the_turn_after_the_hold():
    t = fight(held_since=1)  # held this very turn: "en el siguiente turno"
    with pytest.raises(Refused) as refused:
        declare(t, 1, type="attack", target=2, combat_type="grappling", then=PUNCH_MAX)
    assert refused.value.code == "hold.then_needs_squeeze"


def test_an_escape_either_moves_away_or_attacks():
    t = fight()
    declare(t, 1, type="pass")
    declare(t, 3, type="pass")
    declare(t, 4, type="pass")
    with pytest.raises(Refused) as refused:
        declare(t, 2, type="escape", away=True, then={"target": 1, "combat_type": "blunt"})
    assert (refused.value.code, refused.value.path) == ("escape.away_or_attack", "/action/away")
    with pytest.raises(Refused) as refused:
        declare(t, 2, type="escape", then={"target": 1, "combat_type": "edged"})  # no blade in hand
    assert refused.value.code == "attack.needs_item"


def test_the_odds_of_a_squeeze_are_no_roll_but_the_holders_strength_after_body_armor():
    t = fight()
    t.combatant(2)["body_armor"] = 6
    squeeze = {"type": "attack", "actor": 1, "target": 2, "combat_type": "grappling"}
    gm = COMBAT.odds(t.state, squeeze, viewer=Viewer(gm=True), hidden=frozenset({2}))
    assert gm["squeeze"] is True and gm["colours"] == [] and gm["exact"] is True
    assert (gm["strength"], gm["damage"], gm["target_hit_points"]) == (20, 14, 80 - 14)
    pulled = COMBAT.odds(t.state, {**squeeze, "max_damage": 5}, viewer=Viewer(gm=True), hidden=frozenset())
    assert pulled["damage"] == 0  # 5 against Body Armor 6
    # A player squeezing a hidden NPC learns that it is a squeeze, not the NPC's numbers.
    player = COMBAT.odds(
        t.state, squeeze, viewer=Viewer(gm=False, controls=frozenset({1})), hidden=frozenset({2})
    )
    assert player["squeeze"] is True and player["exact"] is False
    assert not {"damage", "strength", "target_hit_points"} & set(player)
    # Someone it does not hold fast is grappled with a roll, as ever.
    grapple = COMBAT.odds(t.state, {**squeeze, "target": 4}, viewer=Viewer(gm=True), hidden=frozenset())
    assert "squeeze" not in grapple and len(grapple["colours"]) == 4
