"""A whole fight over two rounds, driven exactly as the site drives a system (rules.core.encounter):
combatants built and joined, every action looked up in `actions`, checked by phase and `may_act`,
resolved on a `Table` from the folded state, stored as a patch and read through the views."""

from rules.core import fold
from rules.core.dice import FixedDice
from rules.core.encounter import GM, CombatantFacts, Table, Viewer

from .helpers import SYSTEM, sheet

FACTS = {
    1: CombatantFacts(id=1, name="Celia", side="heroes", npc=False, owner=7),
    2: CombatantFacts(id=2, name="Orco", side="foes", npc=True),
}
PLAYER = Viewer(gm=False, controls=frozenset({1}))
HIDDEN = frozenset({2})


class Site:
    """The site's part: the log of events and patches, and the reads."""

    def __init__(self):
        self.state = fold.initial_state()
        self.log: list[dict] = []

    def add(self, cid, data, side):
        table = Table.from_state(self.state)
        table.state["combatants"][str(cid)] = SYSTEM.combat.build_combatant(
            cid=cid, name=data["name"], side=side, sheet=data, options={}
        )
        SYSTEM.combat.join(table, FixedDice([]), cid)
        self._store(table)

    def act(self, action, actor, faces, *, gm=False):
        kind = SYSTEM.combat.actions[action["type"]]
        assert gm or not kind.gm_only
        assert self.state["status"] in kind.phases
        assert SYSTEM.combat.may_act(self.state, actor, action), action
        table = Table.from_state(self.state)
        dice = FixedDice(faces)
        kind.resolve(table, dice, action, actor)
        assert dice.remaining == 0
        return self._store(table)

    def _store(self, table):
        patch = fold.diff(self.state, table.state)
        assert fold.apply(self.state, patch) == table.state  # the round trip the log relies on
        self.state = fold.apply(self.state, patch)
        new = [
            {"type": e.type, "actor": e.actor, "target": e.target, "payload": e.payload}
            for e in table.entries
        ]
        self.log += new
        return new

    def seen_by(self, viewer, hidden):
        combatants = {
            cid: SYSTEM.combat.view_combatant(self.state["combatants"][str(cid)], FACTS[cid], viewer=viewer)
            for cid in FACTS
        }
        events = [SYSTEM.combat.view_event(e, hidden=hidden, viewer=viewer) for e in self.log]
        return SYSTEM.combat.clock(self.state), combatants, events


def test_a_whole_fight_with_multiple_attacks_a_counterattack_and_a_critical_consequence():
    site = Site()
    site.add(1, sheet("Celia", attack=32, initiative=12), "heroes")
    site.add(2, sheet("Orco", defense=22, weapons=[{"name": "Hacha", "size": "large", "damage": 70}]), "foes")
    site.act({"type": "start"}, None, [8, 3], gm=True)
    assert SYSTEM.combat.clock(site.state) == {"round": 1, "current": 1}

    # Round 1. Celia moves a little and makes three attacks (−6 each): the second one earns Orco a counterattack.
    site.act({"type": "move", "metres": 5}, 1, [])
    events = site.act({"type": "attack", "target": 2, "with": "Espada larga", "attacks": 3}, 1, [6, 2, 1, 10])
    assert [e["type"] for e in events] == ["attack", "attack", "attacks_lost"]
    assert [e["payload"]["impact_level"] for e in events[:2]] == ["moderate", "counterattack"]
    assert site.state["combatants"]["2"]["hit_points"] == 80

    # Orco counterattacks out of turn, with the bonus of half the difference (27 − 32 = −5 → 2).
    assert not SYSTEM.combat.may_act(site.state, 2, {"type": "attack"})
    events = site.act({"type": "counterattack", "target": 1, "with": "Hacha"}, 2, [10, 1, 8])
    strike = events[0]["payload"]
    assert (strike["attack_total"], strike["impact_level"], strike["critical"], strike["zones"]) == (
        32, "major", "amputation", ["right-arm"])  # fmt: skip
    celia = site.state["combatants"]["1"]
    assert (celia["hit_points"], celia["hit_points_max"], celia["status"]) == (100 - 52 - 10, 90, "active")

    site.act({"type": "end_turn"}, 1, [])
    assert site.state["current"] == 2
    site.act({"type": "end_turn"}, 2, [1, 5])  # round 2: new initiative, Orco first
    assert SYSTEM.combat.clock(site.state) == {"round": 2, "current": 2}
    assert site.state["combatants"]["2"]["defenses_this_round"] == 0

    # Round 2. The GM heals Celia a little; Orco attacks her and she defends (her first defense again).
    site.act({"type": "adjust", "target": 1, "hit_points": 40}, None, [], gm=True)
    events = site.act({"type": "attack", "target": 1, "with": "Hacha"}, 2, [2, 8])
    assert (
        events[0]["payload"]["impact_level"] == "counterattack"
        and events[0]["payload"]["counterattack_offered"]
    )

    clock, combatants, log = site.seen_by(PLAYER, HIDDEN)
    assert clock == {"round": 2, "current": 2}
    assert combatants[2]["hit_points"] is None and combatants[2]["status"] == "active"
    assert combatants[1]["hit_points"] == 40 and combatants[1]["counterattack_offer"]["bonus"] == 3
    assert combatants[1]["destroyed_zones"] == ["right-arm"]
    attacks = [e for e in log if "impact_level" in e and "attack_roll" in e]
    assert all("defense_total" not in e for e in attacks[:2]) and all(
        "attack_total" not in e for e in attacks[2:]
    )
    assert all("text" not in e and e["text_es"] and e["text_en"] for e in log)

    _, gm_combatants, gm_log = site.seen_by(GM, frozenset())
    assert gm_combatants[2]["hit_points"] == 80 and all(
        "defense_total" in e for e in gm_log if "attack_roll" in e
    )

    # Celia, one arm gone, takes her counterattack unarmed before the fight ends.
    site.act({"type": "counterattack", "target": 2, "with": "unarmed"}, 1, [5, 5])
    site.act({"type": "end"}, None, [], gm=True)
    assert site.state["status"] == "ended"
    assert fold.replay([]) != site.state
