"""The one place that decides what a viewer sees of a Hero combatant or event (docs/design.md
"Privacy"): an NPC's numbers (STUN, BODY, END, DEX, defenses, its sheet) are the GM's. What
anyone sees at the table stays public: conditions, status, the segments a character acts in
(the SPD chart), the dice thrown and whether an attack hit."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.encounter import CombatantFacts, Viewer

from . import derived
from .aim import Weapon
from .state import chars
from .tohit import Aim, defence

HEALTH = ("hit_points", "hit_points_max", "stun", "stun_max", "end", "end_max")
# What an event says of a hidden attacker / a hidden target (nested dicts too; roll objects are kept).
ACTOR_NUMBERS = frozenset(
    {
        "ocv",
        "to_hit",
        "end_spent",
        "backlash",
        "stun_gained",
        "end_gained",
        "stun",
        "end",
        "body",
        "dcv_levels",
        "needed",
        "margin",
        "recovers_on_turn",
    }
)
TARGET_NUMBERS = frozenset(
    {
        "dcv",
        "to_hit",
        "damage",
        "target_stun",
        "target_body",
        "target_end",
        "stun",
        "body",
        "end",
        "needed",
        "coverer_margin",
    }
)
_HTH = Weapon("strike", "hth", 0, False, False, False, False, 0, 0, True)
_NO_REQUEST = {"modifiers": [], "range": 0, "attackers": 1}


def current_dcv(c: Mapping) -> int:
    """The combatant's DCV now against a plain hand-to-hand attack (maneuvers, levels, halvings)."""
    return defence(Aim(), c, _HTH, _NO_REQUEST).dcv


def view_combatant(state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
    c = state
    open_ = viewer.sees_inside(facts)
    view = {key: (c[key] if open_ else None) for key in HEALTH}
    view.update(
        {
            "conditions": list(c["conditions"]),
            "status": c["status"],
            "initiative": c["initiative"] if open_ else None,
            "spd": c["spd"],
            "phases": list(c["phases"]),
            "held": bool(c["held"]),
            "lose_next_phase": bool(c["lose_next_phase"]),
            "grabbed_by": c["grabbed_by"],
            "grabbing": c["grabbing"],
            "covered_by": (c["covered_by"] or {}).get("by"),
            "maneuver": c["effects"]["maneuver"],
            "lost_attacks": list(c["lost_attacks"]),
        }
    )
    if open_:
        sheet = c["sheet"]
        view.update(
            {
                "characteristics": dict(chars(c)),
                "resistant_defenses": dict(sheet["resistant_defenses"]),
                "ocv": derived.ocv(chars(c)),
                "dcv": derived.dcv(chars(c)),
                "dcv_now": current_dcv(c),
                "ecv": derived.ecv(chars(c)),
                "attacks": ["strike", *(a["name"] for a in sheet["attacks"])],
                "effects": dict(c["effects"]),
                "set_on": c["set_on"],
                "spent": c["spent"],
                "pending": c["pending"],
                "minute_recovery_turn": c.get("minute_recovery_turn"),
                "suppressing": c["suppressing"],
                "sheet": dict(sheet),
            }
        )
    return view


def _scrub(payload: Mapping, keys: frozenset) -> dict:
    """The payload without `keys`; the nested block / roll-with-punch rolls lose the number they were
    rolled against, and each autofire hit and the knockback's damage lose the same keys. Roll objects
    stay whole."""
    out = {}
    for key, value in payload.items():
        if key in keys:
            continue
        if key in ("block", "rolled_with_punch") and isinstance(value, dict):
            value = {k: v for k, v in value.items() if k != "needed"}
        elif key == "autofire" and isinstance(value, list):
            value = [_scrub(item, keys) for item in value]
        elif key == "knockback" and isinstance(value, dict) and value.get("damage_taken"):
            # the knockback's damage after defenses would tell the hidden target's PD
            value = {**value, "damage_taken": _scrub(value["damage_taken"], keys)}
            if isinstance(value.get("replaced"), dict):
                value["replaced"] = _scrub(value["replaced"], keys)
        out[key] = value
    return out


def _lines(lines, *, hide_ocv: bool, hide_dcv: bool) -> list:
    return [
        line
        for line in lines or []
        if not ((line["side"] == "ocv" and hide_ocv) or (line["side"] == "dcv" and hide_dcv))
    ]


def view_event(event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
    payload = dict(event.get("payload") or {})
    text = payload.pop("text", None) or {"es": "", "en": ""}
    public = payload.pop("public_text", None)
    private = payload.pop("private", None)
    hide_actor = not viewer.gm and private is not None and event.get("actor") in hidden
    hide_target = not viewer.gm and private is not None and event.get("target") in hidden
    if private == "actor":
        hide_target = False
    if hide_actor or hide_target:
        keys = (ACTOR_NUMBERS if hide_actor else frozenset()) | (
            TARGET_NUMBERS if hide_target else frozenset()
        )
        lines = payload.pop("modifiers", None)
        payload = _scrub(payload, keys)
        if lines is not None:
            payload["modifiers"] = _lines(lines, hide_ocv=hide_actor, hide_dcv=hide_target)
        text = public or text
    payload["text_es"], payload["text_en"] = text["es"], text["en"]
    return payload
