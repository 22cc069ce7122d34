"""The exact odds of an Epic20 attack as it would be resolved now (`rules.epic20.resolution.odds`,
with the same state-driven sources), as the viewer may know them.

Against a hidden NPC a player learns neither its defense nor a number that gives it back: the
exact chance to hit together with the bonus would (9/20 with bonus 0 means defense 12), so they
get coarse bands instead, unless the GM chose to show exact odds in this encounter.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.encounter import Viewer
from rules.core.odds import band
from rules.epic20 import index
from rules.epic20.resolution import attack_odds as engine_odds
from rules.epic20.resolution.support import help_for_roll

from .refusals import refused
from .table import Epic20Table


def exact_odds(state: Mapping, request: Mapping) -> dict:
    table = Epic20Table.from_state(state, commitment="")
    attacker, defender = table.get(request.get("actor")), table.get(request.get("target"))
    if attacker is None:
        raise refused("actor.not_found", "Ese combatiente no está en el combate.", "/actor")
    if defender is None:
        raise refused("target.not_found", "Ese combatiente no está en el combate.", "/target")
    kind = request.get("kind") or "melee"
    # Inspirar a otros / Trabajo en equipo: the Superioridad allies left for this attack.
    _attacker, helped = help_for_roll(attacker, f"attack:{kind}", standard=True)
    return engine_odds(
        attacker,
        defender,
        kind,
        request.get("with") or "unarmed",
        helped,
        circumstances=tuple(request.get("circumstances") or ()),
        maneuvers=tuple(request.get("maneuvers") or ()),
        powers=index.POWERS,
        element=request.get("element") or None,
        # What the attack would spend of the turn, its maneuver's cost included (the same path
        # the attack itself takes: rules.epic20.resolution.attack_turn).
        budget=table.budget() if table.current == attacker.id else None,
    )


def odds(state: Mapping, request: Mapping, *, viewer: Viewer, hidden: frozenset[int]) -> dict:
    raw = exact_odds(state, request)
    out = {
        "p_hit": float(raw["p_hit"]),
        "p_damage": float(raw["p_damage_at_least_1"]),
        "expected_damage": float(raw["expected_damage"]),
        "p_critical": float(raw["p_critical"]),
        "exact": {
            "p_hit": str(raw["p_hit"]),
            "p_damage": str(raw["p_damage_at_least_1"]),
            "expected_damage": str(raw["expected_damage"]),
        },
        "bonus": raw["bonus"],
        "defense": raw["defense"],
        "superiority": raw["superiority"],
        "sources": raw["sources"],
        "banded": False,
    }
    target_hidden = not viewer.gm and int(request.get("target") or 0) in hidden
    if target_hidden and not viewer.exact_odds:
        out.update(
            p_hit=None,
            p_damage=None,
            expected_damage=None,
            exact=None,
            defense=None,
            banded=True,
            hit_band=band(raw["p_hit"]),
            damage_band=band(raw["p_damage_at_least_1"]),
        )
    elif target_hidden:
        out["defense"] = None
    return out
