"""What the action form may offer a character now (the issue: "The action form offers only the
maneuvers and attacks the character can use now"): the action types `may_act` allows, the attack
maneuvers the rest of the phase leaves time for, and the attacks they may use and pay for."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.core.errors import Refused

from . import aim as aims
from .actions.registry import ACTIONS, ANY_TIME, may_act
from .maneuvers import MANEUVERS
from .phase import acts_on_ego
from .sheet_rules import STRIKE


def _attacks(c: Mapping) -> tuple[list[str], int | None]:
    """The attacks the character may use and pay for now, and, when END is all that stops every
    other one, the least END one of them costs (004 "Aguante": an attack spends its END)."""
    usable, costs = [], []
    for name in [STRIKE, *(a["name"] for a in c["sheet"]["attacks"])]:
        try:
            w = aims.weapon(c, name)
            aims.check_can_attack(c, w, aims.maneuver_for("strike", w))
        except Refused:
            continue
        if w.end <= c["end"]:
            usable.append(name)
        else:
            costs.append(w.end)
    return usable, (min(costs) if costs and not usable else None)


def _maneuvers(c: Mapping, attacks: list[str]) -> list[str]:
    left = 1 - Fraction(c["spent"])
    found = []
    for m in MANEUVERS:
        if not m.attack or m.phase > left:
            continue
        for name in attacks:
            w = aims.weapon(c, name)
            try:
                aims.maneuver_for(m.slug, w)
                aims.check_can_attack(c, w, m)
            except Refused:
                continue
            found.append(m.slug)
            break
    return found


def _fits(kind: str, c: Mapping) -> bool:
    """Whether the character's state gives the action something to do."""
    fresh = c["spent"] == 0
    return {
        "stand_up": "prone" in c["conditions"],
        "pick_up": bool(c["lost_attacks"]),
        "escape": c["grabbed_by"] is not None,
        "break_cover": c["covered_by"] is not None,
        "suppress": fresh and any(a["autofire"] for a in c["sheet"]["attacks"]),
        "recovery": fresh,
        "track": fresh,
        "hold": fresh and not c["held"],
        "suppression_fire": bool(c["suppressing"]),
    }.get(kind, True)


def choices(state: Mapping, actor: int) -> dict:
    c = (state.get("combatants") or {}).get(str(actor))
    if c is None or c.get("removed"):
        return {"actions": [], "attacks": [], "maneuvers": [], "end_needed": None}
    probes = {"defend": {"type": "defend", "abort": True}}
    actions = [
        kind
        for kind in ACTIONS
        if kind not in ANY_TIME
        and may_act(state, actor, probes.get(kind, {"type": kind, "target": None}))
        and _fits(kind, c)
    ]
    if "attack" not in actions:
        early = [
            a["name"]
            for a in c["sheet"]["attacks"]
            if acts_on_ego(state, actor, {"type": "attack", "attack": a["name"]})
        ]
        if early:  # a mental attack may come before the DEX order (Combate mental)
            return {
                "actions": ["attack", *actions],
                "attacks": early,
                "maneuvers": ["other-attacks"],
                "end_needed": None,
            }
        return {"actions": actions, "attacks": [], "maneuvers": [], "end_needed": None}
    attacks, end_needed = _attacks(c)
    return {
        "actions": actions,
        "attacks": attacks,
        "maneuvers": _maneuvers(c, attacks),
        "end_needed": end_needed,  # no attack left to pay for: the least END one costs
    }
