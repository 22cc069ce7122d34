"""What a viewer sees (docs/design.md "Privacy"): an NPC's numbers (Health, Karma, abilities and
ranks, Body Armor, powers and weapons, the columns it rolls on) belong to the GM; its status,
conditions and initiative are seen by everyone at the table. One function per read."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import declarations as decl
from rules.core.encounter import CombatantFacts, Viewer
from rules.core.fold import copy_json

from .ranks import rank_of

# Keys of an event's payload that carry the actor's or the target's numbers.
ACTOR_KEYS = ("column", "damage_before_armour", "modifiers", "block_armor", "endurance", "incoming_shifts")
TARGET_KEYS = ("damage", "damage_before_armour", "armour", "target_hit_points")
ROLL_KEYS = ("roll", "effect_roll", "zero_health_roll", "combined_roll", "obstacle_roll")
PRIVATE_DECLARED = ("karma", "effect_karma")


def sees(facts: CombatantFacts, viewer: Viewer) -> bool:
    return viewer.sees_inside(facts) or facts.id in viewer.controls


def view_combatant(state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
    common = {
        "status": state.get("status", "active"),
        "conditions": list(state.get("conditions") or []),
        "initiative": state.get("initiative"),
    }
    if not sees(facts, viewer):
        return {**common, "hit_points": None, "hit_points_max": None, "karma": None, "karma_max": None}
    abilities = dict(state.get("abilities") or {})
    return {
        **common,
        "hit_points": state.get("hit_points"),
        "hit_points_max": state.get("hit_points_max"),
        "karma": state.get("karma"),
        "karma_max": state.get("karma_max"),
        "abilities": abilities,
        "ranks": {slug: rank_of(int(value)).slug for slug, value in abilities.items()},
        "body_armor": state.get("body_armor", 0),
        "powers": copy_json(state.get("powers") or []),
        "weapons": copy_json(state.get("weapons") or []),
        "effects": copy_json(state.get("effects") or {}),
    }


def _strip(payload: dict, keys) -> None:
    for key in keys:
        payload.pop(key, None)


def _strip_rolls(payload: dict, *, actor_hidden: bool, target_hidden: bool) -> None:
    """A roll's `column` is the roller's ability: the attack's and the charge's obstacle roll are
    the actor's, the special results' are the target's Endurance."""
    for key in ROLL_KEYS:
        roll = payload.get(key)
        if not isinstance(roll, dict):
            continue
        roller_hidden = actor_hidden if key in ("roll", "combined_roll", "obstacle_roll") else target_hidden
        if roller_hidden:
            payload[key] = {k: v for k, v in roll.items() if k != "column"}


def view_event(event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
    payload = copy_json(dict(event.get("payload") or {}))
    actor_hidden = _is_hidden(event, "actor", hidden, viewer)
    target_hidden = _is_hidden(event, "target", hidden, viewer)
    text = payload.get("text") or {}
    if actor_hidden or target_hidden:
        text = payload.get("public_text") or text
        _strip_hidden(payload, actor_hidden=actor_hidden, target_hidden=target_hidden)
    if not viewer.gm and hidden and event.get("type") == "initiative":
        payload.pop("modifiers", None)  # the modifier is the gap between the sides' best Intuitions
    for key in ("text", "public_text", "private"):
        payload.pop(key, None)
    payload["text_es"] = text.get("es", "")
    payload["text_en"] = text.get("en", "")
    return payload


def _is_hidden(event: Mapping, role: str, hidden: frozenset[int], viewer: Viewer) -> bool:
    """Whether the event's `role` ("actor" or "target") is a combatant hidden from the viewer."""
    return not viewer.gm and event.get(role) is not None and event.get(role) in hidden


def _strip_hidden(payload: dict, *, actor_hidden: bool, target_hidden: bool) -> None:
    """The payload without the hidden parties' numbers: their keys, their rolls' columns and, of a
    hidden actor, the Karma it declared."""
    if actor_hidden:
        _strip(payload, ACTOR_KEYS)
    if target_hidden:
        _strip(payload, TARGET_KEYS)
    _strip_rolls(payload, actor_hidden=actor_hidden, target_hidden=target_hidden)
    if actor_hidden and isinstance(payload.get("action"), dict):
        payload["action"] = redact_declared(payload["action"])


def redact_declared(action: Mapping) -> dict:
    out = {k: v for k, v in action.items() if k not in PRIVATE_DECLARED}
    for nested in ("action", "then"):
        if isinstance(out.get(nested), Mapping):
            out[nested] = redact_declared(out[nested])
    return out


def view_declarations(state: Mapping, *, viewer: Viewer, facts: Mapping[int, CombatantFacts]) -> list[dict]:
    """The round's declarations for the pages, with a hidden NPC's Karma left out."""
    return decl.view_declarations(state, viewer=viewer, facts=facts, redact=redact_declared)
