"""A whole MSH fight driven exactly as the site drives a system (rules/core/encounter.py): the
folded state handed over as a `Table`, `may_act` and the action's `phases` checked first, the
patch stored as `fold.diff` and replayed with `fold.apply`, every read through the views."""

from __future__ import annotations

import pytest

from rules.core import fold
from rules.core.encounter import GM, CombatantFacts, Table, Viewer
from rules.core.errors import Refused
from rules.msh.system import SYSTEM

from .helpers import Dice, sheet

COMBAT = SYSTEM.combat
COLOSO = sheet(
    "Coloso", fighting=20, agility=10, strength=50, endurance=40, reason=6, intuition=10, psyche=10
)
GATA = sheet(
    "Gata",
    fighting=30,
    agility=30,
    strength=10,
    endurance=20,
    intuition=30,
    weapons=[{"name": "Látigo", "combat_type": "blunt", "damage": 6, "material": 10}],
)
MATON = sheet(
    "Matón",
    fighting=10,
    agility=10,
    strength=20,
    endurance=20,
    intuition=10,
    body_armor=6,
    weapons=[{"name": "Pistola", "combat_type": "shooting", "damage": 10, "material": 20}],
)
FACTS = {
    1: CombatantFacts(1, "Coloso", "heroes", npc=False, owner=10),
    2: CombatantFacts(2, "Gata", "heroes", npc=False, owner=11),
    3: CombatantFacts(3, "Matón", "villains", npc=True),
}
PLAYER = Viewer(gm=False, controls=frozenset({1}))


class Site:
    """The site's part, reduced to the engine calls it makes."""

    def __init__(self):
        self.state = fold.initial_state()
        self.patches: list[dict] = []
        self.events: list[dict] = []

    def add(self, cid, sh, side, dice):
        table = Table.from_state(self.state)
        table.state["combatants"][str(cid)] = COMBAT.build_combatant(
            cid=cid, name=sh["name"], side=side, sheet=sh, options={}
        )
        COMBAT.join(table, dice, cid)
        self._store(table)

    def act(self, action: dict, dice, *, user_is_gm=False):
        kind = COMBAT.actions[action["type"]]
        actor = action.get("actor")
        if kind.gm_only and not user_is_gm:
            raise PermissionError
        if self.state["status"] not in kind.phases or not COMBAT.may_act(self.state, actor, action):
            raise Refused("conflict", "", "", "", kind="conflict")
        table = Table.from_state(self.state)
        kind.resolve(table, dice, action, actor)
        self._store(table)

    def _store(self, table):
        patch = fold.diff(self.state, table.state)
        assert fold.apply(self.state, patch) == table.state  # the round trip
        self.state = fold.apply(self.state, patch)
        self.patches.append(patch)
        self.events += [
            {"type": e.type, "actor": e.actor, "target": e.target, "payload": e.payload}
            for e in table.entries
        ]

    def declare(self, actor, dice=None, **action):
        self.act({"type": "declare", "actor": actor, "action": action}, dice or Dice())

    def seen(self, viewer):
        hidden = frozenset(cid for cid, f in FACTS.items() if not viewer.sees_inside(f))
        return [COMBAT.view_event(e, hidden=hidden, viewer=viewer) for e in self.events]


@pytest.fixture
def site():
    s = Site()
    for cid, sh, side in ((1, COLOSO, "heroes"), (2, GATA, "heroes"), (3, MATON, "villains")):
        s.add(cid, sh, side, Dice())
    # Initiative: heroes 4 + 2 (Gata's Intuition 30 is two columns above the Matón's 10) = 6; villains 3.
    s.act({"type": "start"}, Dice([4, 3]), user_is_gm=True)
    return s


def test_two_rounds_of_a_fight_as_the_site_plays_them(site):
    assert COMBAT.clock(site.state) == {"round": 1, "phase": "declare", "side": "villains", "current": None}
    # The villains defend: the Matón declares first (the GM declares for NPCs) and dodges.
    with pytest.raises(Refused):
        site.declare(1, type="attack", target=3, combat_type="blunt")  # the heroes wait their turn
    site.declare(3, type="dodge", then={"target": 2, "combat_type": "shooting", "with": "Pistola"})
    assert COMBAT.clock(site.state)["side"] == "heroes"
    site.declare(1, type="attack", target=3, combat_type="blunt")
    # Gata declares last: the round resolves, the heroes (initiative 6) acting before the
    # villains (3). Dice: the Matón's dodge 50 (Good column: green, −2 to ranged attacks);
    # Coloso's punch 97 on Excellent (red: 50 − armour 6 = 44, Health 60 → 16, and 50 beats the
    # Matón's Endurance 20, so a stun roll) 30 (Excellent: white, 1d10 turns) and the d10 3;
    # Gata's whip 80 on Remarkable (yellow: Strength 10 − 6 = 4 and a slam roll) 90 (no slam);
    # the stunned Matón's shot lapses; next round's initiative 5 and 5.
    site.declare(
        2,
        Dice([50, 97, 30, 3, 80, 90, 5, 5]),
        type="attack",
        target=3,
        combat_type="blunt",
        **{"with": "Látigo"},
    )
    kinds = [e["type"] for e in site.events]
    assert kinds.count("attack") == 2 and "declaration_lapsed" in kinds
    matón = site.state["combatants"]["3"]
    assert matón["hit_points"] == 60 - 44 - 4 and matón["status"] == "stunned"
    assert COMBAT.clock(site.state)["round"] == 2

    # Round 2: the stunned Matón cannot declare, so the heroes' declarations close the round.
    assert not COMBAT.may_act(site.state, 3, {"type": "declare"})
    side = COMBAT.clock(site.state)["side"]
    assert side == "heroes"
    site.declare(1, type="attack", target=3, combat_type="blunt")
    site.declare(2, Dice([60, 5, 2, 2]), type="pass")  # Coloso 60: green, 44 → Health 0, KO 1d10 = 5
    assert site.state["combatants"]["3"]["hit_points"] == 0
    assert site.state["combatants"]["3"]["status"] == "unconscious"

    # What a player and the GM see of it.
    player, gm = site.seen(PLAYER), site.seen(GM)
    blows = [(p, g) for p, g, e in zip(player, gm, site.events, strict=True) if e["type"] == "attack"]
    assert all("target_hit_points" not in p and "target_hit_points" in g for p, g in blows)
    assert all("text_es" in p and "text" not in p for p in player)
    seen_npc = COMBAT.view_combatant(site.state["combatants"]["3"], FACTS[3], viewer=PLAYER)
    assert seen_npc["hit_points"] is None and seen_npc["status"] == "unconscious"
    assert COMBAT.view_combatant(site.state["combatants"]["3"], FACTS[3], viewer=GM)["hit_points"] == 0

    # Replaying the stored patches gives the same state (undo replays the rest).
    assert fold.replay(site.patches) == site.state
    assert fold.replay(site.patches[:-1]) != site.state


def test_a_player_cannot_close_the_declarations(site):
    with pytest.raises(PermissionError):
        site.act({"type": "resolve_round"}, Dice())
    site.declare(3, type="pass")
    site.act({"type": "resolve_round"}, Dice([5, 5]), user_is_gm=True)
    assert COMBAT.clock(site.state)["round"] == 2


def test_the_gm_cannot_resolve_a_round_nobody_has_declared_in(site):
    """API.md, "Limits a client can rely on": 409 `declarations.none_declared`, never an empty round."""
    before = dict(site.state)
    with pytest.raises(Refused) as refused:
        site.act({"type": "resolve_round"}, Dice([5, 5]), user_is_gm=True)
    assert (refused.value.code, refused.value.kind) == ("declarations.none_declared", "conflict")
    assert site.state == before


def test_an_npc_holds_its_action_to_shoot_before_the_hero_it_counters():
    s = Site()
    for cid, sh, side in ((1, COLOSO, "heroes"), (2, GATA, "heroes"), (3, MATON, "villains")):
        s.add(cid, sh, side, Dice())
    s.act({"type": "start"}, Dice([2, 9]), user_is_gm=True)  # heroes 2 + 2, villains 9: the villains attack
    assert COMBAT.clock(s.state)["side"] == "heroes"
    s.declare(1, type="attack", target=3, combat_type="blunt")
    s.declare(2, type="pass")
    assert COMBAT.clock(s.state)["side"] == "villains"
    # The Matón's held shot 60 (Good column: green, 10 damage) comes before Coloso's blow 1 (white).
    s.declare(
        3,
        Dice([60, 1, 5, 5]),
        type="hold",
        before=1,
        action={"target": 1, "combat_type": "shooting", "with": "Pistola"},
    )
    blows = [(e["actor"], e["payload"]["effect"]) for e in s.events if e["type"] == "attack"]
    assert blows == [(3, "hit"), (1, "miss")]
    assert s.state["combatants"]["1"]["hit_points"] == 120 - 10
    player_view = s.seen(PLAYER)
    declared = [
        v for v, e in zip(player_view, s.events, strict=True) if e["type"] == "declare" and e["actor"] == 3
    ]
    assert declared[0]["action"]["type"] == "hold" and "text_es" in declared[0]
