"""A whole Hero fight over two turns, driven exactly as the site drives a system
(rules/core/encounter.py): combatants built into a Table, `start`, actions through
`SYSTEM.combat.actions[...]` after `may_act`, the patch stored as `fold.diff`, views for a player
and for the GM."""

import itertools

import pytest

from rules.core import fold
from rules.core.dice import FixedDice
from rules.core.encounter import GM, CombatantFacts, Table, Viewer
from rules.core.errors import Refused
from rules.hero.system import SYSTEM

from .helpers import attack_entry, sheet

COMBAT = SYSTEM.combat
RKA = attack_entry("Rifle", "ranged", 2, killing=True, energy=False)
MIND = attack_entry("Golpe mental", "mental", 3, energy=False)
TOUGH = {"body": 30, "stun": 80, "con": 30}  # nobody falls, so the order is the chart's alone
CAST = [  # (id, sheet, npc)
    (1, sheet("Centella", dex=23, spd=6, **TOUGH), False),
    (2, sheet("Roca", dex=14, spd=3, str=40, **TOUGH), False),
    (3, sheet("Mentalista", dex=15, spd=4, ego=23, attacks=[MIND], **TOUGH), False),
    (4, sheet("Matón", dex=11, spd=2, **TOUGH), True),
    (5, sheet("Tirador", dex=20, spd=5, attacks=[RKA], **TOUGH), True),
]
FACTS = {
    cid: CombatantFacts(id=cid, name=s["name"], side="npcs" if npc else "pcs", npc=npc)
    for cid, s, npc in CAST
}
PLAYER = Viewer(gm=False, controls=frozenset({1, 2, 3}))
HIDDEN = frozenset({4, 5})
# The Speed Chart by DEX: turn 1 is segment 12 only; turn 2 every segment.
EXPECTED = (
    [(1, 12, a) for a in (1, 5, 3, 2, 4)]
    + [
        (2, 2, 1),
        (2, 3, 5),
        (2, 3, 3),
        (2, 4, 1),
        (2, 4, 2),
        (2, 5, 5),
        (2, 6, 1),
        (2, 6, 3),
        (2, 6, 4),
        (2, 8, 1),
        (2, 8, 5),
        (2, 8, 2),
        (2, 9, 3),
        (2, 10, 1),
        (2, 10, 5),
    ]
    + [(2, 12, a) for a in (1, 5, 3, 2, 4)]
)


class Site:
    """What `combat.services` does around the engine, in a few lines."""

    def __init__(self):
        self.state = fold.initial_state()
        self.log = []  # (event dict, patch)
        self.patches = []
        self.faces = itertools.cycle([1, 1, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1])

    def add(self, cid, s):
        table = Table.from_state(self.state)
        table.state["combatants"][str(cid)] = COMBAT.build_combatant(
            cid=cid, name=s["name"], side="x", sheet=s, options={}
        )
        COMBAT.join(table, FixedDice([]), cid)
        self._store(table)

    def act(self, action, actor, *, gm=False):
        kind = COMBAT.actions[action["type"]]
        if kind.gm_only and not gm:
            raise PermissionError
        assert self.state["status"] in kind.phases
        if not COMBAT.may_act(self.state, actor, action):
            raise Refused("turn", "", "", "", kind="conflict")
        table = Table.from_state(self.state)
        kind.resolve(table, FixedDice([next(self.faces) for _ in range(60)]), action, actor)
        return self._store(table)

    def _store(self, table):
        patch = fold.diff(self.state, table.state)
        after = fold.apply(self.state, patch)
        assert after == table.state  # the patch replays to exactly the engine's state
        self.state = after
        self.patches.append(patch)
        events = [
            {"type": e.type, "actor": e.actor, "target": e.target, "payload": e.payload}
            for e in table.entries
        ]
        self.log += events
        return events


def choose(state, actor):
    """Each side strikes the other's first standing member, with its sheet's best attack."""
    pcs = actor in (1, 2, 3)
    foes = [
        cid for cid in ((4, 5) if pcs else (1, 2, 3)) if state["combatants"][str(cid)]["status"] == "active"
    ]
    action = {"type": "attack", "actor": actor, "target": foes[0]}
    if actor == 3:
        action["attack"] = "Golpe mental"
    if actor == 5:
        action.update(attack="Rifle", range=6)
    if actor == 2 and state["segment"] == 4:
        action["maneuver"] = "haymaker"
    return action


@pytest.fixture
def fight():
    site = Site()
    for cid, s, _ in CAST:
        site.add(cid, s)
    site.act({"type": "start"}, None, gm=True)
    return site


def test_two_turns_follow_the_speed_chart_in_dex_order(fight):
    seen = []
    while fight.state["round"] < 3:
        actor = fight.state["current"]
        seen.append((fight.state["round"], fight.state["segment"], actor))
        if actor == 1 and fight.state["segment"] == 2:
            fight.act({"type": "move", "inches": 3}, actor)  # a half move first, then the half-phase attack
        fight.act(choose(fight.state, actor), actor)
    assert seen == EXPECTED
    kinds = [e["type"] for e in fight.log]
    assert kinds.count("recovery") >= 5 and "haymaker_declared" in kinds
    assert fold.replay(fight.patches) == fight.state


def test_a_player_cannot_act_for_someone_elses_phase_and_nothing_changes(fight):
    before = fight.state
    with pytest.raises(Refused):
        fight.act({"type": "attack", "target": 4}, 2)
    with pytest.raises(PermissionError):
        fight.act({"type": "adjust", "target": 4, "stun": -5}, None)
    assert fight.state is before


def test_player_and_gm_reads_of_the_whole_fight(fight):
    while fight.state["round"] < 3:
        actor = fight.state["current"]
        fight.act(choose(fight.state, actor), actor)
    for event in fight.log:
        for viewer in (PLAYER, GM):
            seen = COMBAT.view_event(event, hidden=frozenset() if viewer.gm else HIDDEN, viewer=viewer)
            assert seen["text_es"] and seen["text_en"] and "private" not in seen
            if event["type"] == "attack" and event["target"] in HIDDEN and not viewer.gm:
                assert "dcv" not in seen and "damage" not in seen
            if event["type"] == "attack" and event["actor"] in HIDDEN and not viewer.gm:
                assert "ocv" not in seen
    for cid, facts in FACTS.items():
        state = fight.state["combatants"][str(cid)]
        player_view = COMBAT.view_combatant(state, facts, viewer=PLAYER)
        assert (player_view["stun"] is None) == facts.npc
        assert COMBAT.view_combatant(state, facts, viewer=GM)["stun"] == state["stun"]
    clock = COMBAT.clock(fight.state)
    assert (clock["turn"], clock["segment"]) == (3, 2) and len(clock["chart"]) == 5


def test_the_odds_of_the_next_attack_follow_the_privacy_policy(fight):
    actor = fight.state["current"]
    request = {**choose(fight.state, actor)}
    player = COMBAT.odds(fight.state, request, viewer=PLAYER, hidden=HIDDEN)
    gm = COMBAT.odds(fight.state, request, viewer=GM, hidden=HIDDEN)
    assert not player["exact"] and gm["exact"] and "to_hit" in gm


def test_every_die_of_the_fight_is_a_roll_object_the_site_can_stamp(fight):
    while fight.state["round"] < 2:
        actor = fight.state["current"]
        fight.act(choose(fight.state, actor), actor)
    rolls = []

    def walk(value):
        if isinstance(value, dict):
            if "sides" in value and "faces" in value:
                rolls.append(value)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for event in fight.log:
        walk(event["payload"])
    assert rolls and all({"sides", "faces", "nonces", "total"} <= set(r) for r in rolls)
    assert all(len(r["faces"]) == len(r["nonces"]) and sum(r["faces"]) == r["total"] for r in rolls)


def test_ending_the_fight_stops_every_action(fight):
    fight.act({"type": "end"}, None, gm=True)
    assert fight.state["status"] == "ended"
    assert not COMBAT.may_act(fight.state, fight.state.get("current"), {"type": "attack", "target": 4})
