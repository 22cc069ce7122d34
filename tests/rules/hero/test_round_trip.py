"""Every Hero action's change is a patch the log can store: `fold.diff` of before and after,
applied with `fold.apply`, gives exactly the engine's state (keys are never deleted)."""

import os
import subprocess
import sys
from pathlib import Path

from rules.core import fold
from rules.core.dice import FixedDice
from rules.core.encounter import Table

from .helpers import COMBAT, attack_entry, sheet, table_with

AUTO = attack_entry("Metralleta", "ranged", 1, killing=True, energy=False, autofire=5)
STEPS = [
    ({"type": "defend", "maneuver": "dodge", "abort": True}, 3),
    ({"type": "attack", "target": 2, "maneuver": "grab", "then": "squeeze"}, 1),
    ({"type": "escape"}, 2),
    ({"type": "set_condition", "target": 3, "condition": "prone"}, None),
    ({"type": "attack", "target": 1, "maneuver": "haymaker"}, 3),
    ({"type": "suppress", "attack": "Metralleta", "hexes": 1, "shots": 2}, 1),
    ({"type": "adjust", "target": 2, "stun": -4, "reason": "caída"}, None),
]


def test_each_actions_patch_replays_to_the_engines_state():
    table = table_with(
        sheet("A", dex=20, spd=6, attacks=[AUTO]), sheet("B", dex=15, spd=4), sheet("C", dex=10)
    )
    state = table.state
    faces = [2, 3, 1, 4, 5, 2, 6, 1, 3, 3, 2, 4] * 10
    for action, actor in STEPS:
        if actor is not None and not COMBAT.may_act(state, actor, action):
            actor = state["current"]
            action = {"type": "end_turn"}
        t = Table.from_state(state)
        COMBAT.actions[action["type"]].resolve(t, FixedDice(faces), action, actor)
        patch = fold.diff(state, t.state)
        assert fold.apply(state, patch) == t.state
        state = t.state
    assert state["combatants"]["2"]["stun"] < 30


_PURE = """
import importlib, pkgutil, sys
for name in ("django", "rest_framework", "drf_spectacular"):
    sys.modules[name] = None
import rules.hero
for info in pkgutil.walk_packages(rules.hero.__path__, "rules.hero."):
    importlib.import_module(info.name)
print("ok")
"""


def test_the_hero_engine_imports_with_django_absent():
    root = Path(__file__).resolve().parents[3]
    result = subprocess.run(
        [sys.executable, "-c", _PURE],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr
