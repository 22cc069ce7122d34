"""Invariants over any dice: Health stays between 0 and its maximum, Karma never goes negative,
and the attack event always carries the keys docs/api.md lists."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.msh.system import SYSTEM

from .helpers import duel


class FoldedDice:
    """The given numbers, each folded onto the die asked for, then 1s."""

    def __init__(self, numbers):
        self.numbers, self.used = list(numbers), 0

    def roll(self, sides):
        number = self.numbers[self.used] if self.used < len(self.numbers) else 1
        self.used += 1
        return (number - 1) % sides + 1, self.used - 1


WEAPONS = {
    "blunt": "unarmed",
    "edged": "Espada",
    "shooting": "Pistola",
    "thrown-edged": "Daga",
    "thrown-blunt": "Roca",
    "energy": "Rayo",
    "force": "Empuje",
    "charging": "unarmed",
    "grappling": "unarmed",
}


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(WEAPONS)),
    st.lists(st.integers(1, 100), min_size=1, max_size=4),
    st.integers(0, 30),
    st.integers(0, 30),
)
def test_any_attack_keeps_health_and_karma_in_bounds_and_reports_the_api_keys(
    combat_type, faces, karma, effect_karma
):
    t = duel()
    t.combatant(2)["effects"]["effect_karma"] = effect_karma
    SYSTEM.combat.actions["attack"].resolve(
        t,
        FoldedDice(faces),
        {"target": 2, "combat_type": combat_type, "with": WEAPONS[combat_type], "karma": karma},
        1,
    )
    payload = next(e.payload for e in t.entries if e.type == "attack")
    assert {"roll", "column", "shifts", "colour", "effect", "hit", "damage", "target_hit_points"} <= set(
        payload
    )
    for cid in ("1", "2"):
        c = t.state["combatants"][cid]
        assert 0 <= c["hit_points"] <= c["hit_points_max"]
        assert c["karma"] >= 0
    assert payload["target_hit_points"] == t.combatant(2)["hit_points"]
    assert payload["roll"]["total"] == min(100, payload["roll"]["faces"][0] + karma)
