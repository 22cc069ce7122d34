"""The one place that decides what a viewer sees of an Anima combatant and of an event
(docs/design.md "Privacy"): an NPC's numbers (health, capabilities, its sheet, what it has left)
belong to the GM; what happens at the table (impact level, damage, a destroyed arm, how many
times it defended) is seen by all."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.encounter import CombatantFacts, Viewer

from . import life_death
from .combatant import all_action_modifiers, defense_capability, defense_count_penalty, state_modifiers, total
from .derived import derived

# Keys an event carries per party whose numbers they are, by event type.
PRIVATE_KEYS = {
    "attack": {
        "actor": ("attack_capability", "attack_modifiers", "attack_total", "difference", "counterattack_bonus"),
        "target": ("defense_capability", "defense_modifiers", "defense_total", "difference", "counterattack_bonus",
                   "defense_with", "target_hit_points", "target_hit_points_max", "max_hit_points_lost"),
    },
    "initiative": {"actor": ("initiative",)},
    "power_effect": {"target": ("target_hit_points", "target_hit_points_max", "max_hit_points_lost")},
    "adjust": {"target": ("hit_points",)},
    "life_and_death": {"actor": ("physical_resistance", "total", "margin", "hit_points", "death_limit")},
    "first_aid": {"actor": ("medicine", "modifiers", "total")},
}  # fmt: skip
# Roll objects of each party: while the fight lasts a hidden party's keep only `sides` and
# `nonces`, never the face or the total that give its number away; once it has ended (its seed
# revealed) they keep their dice too (`sides`, `faces`, `nonces`, `commitment`), so every member
# can re-derive them, and still not the total.
PRIVATE_ROLLS = {
    "attack": {"actor": ("attack_roll",), "target": ("defense_roll",)},
    "initiative": {"actor": ("initiative_roll",)},
    "opportunity_roll": {"actor": ("attacker_roll",), "target": ("target_roll",)},
    "power_effect": {"target": ("resistance_roll",)},
    "life_and_death": {"actor": ("roll",)},
    "first_aid": {"actor": ("roll",)},
}
TEXT_KEYS = ("text", "public_text", "partial_texts", "private")


def _current_defense(combatant: Mapping) -> int:
    """The capability its next defense would have, penalties of the moment applied."""
    kind, value = defense_capability(combatant)
    supernatural = kind != "defense"
    penalty = defense_count_penalty(int(combatant.get("defenses_this_round") or 0))
    return (
        value
        + penalty
        + total(all_action_modifiers(combatant))
        + total(state_modifiers(combatant, "defense", supernatural=supernatural))
    )


# What a viewer who may not see inside an NPC never sees of it.
INSIDE_KEYS = ("hit_points", "hit_points_max", "initiative", "defense", "defense_with", "sheet", "derived",
               "turn_actions")  # fmt: skip


def view_combatant(state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
    view = {
        **_standing_view(state),
        **_defense_view(state),
        **_turn_view(state),
        **_sheet_view(state),
    }
    if viewer.sees_inside(facts):
        return view
    return _seen_from_outside(view, state.get("counterattack_offer"))


def _standing_view(state: Mapping) -> dict:
    """Health, conditions, status and initiative."""
    return {
        "hit_points": state.get("hit_points"),
        "hit_points_max": state.get("hit_points_max"),
        "conditions": list(state.get("conditions") or []),
        "status": state.get("status") or "active",
        "initiative": state.get("initiative"),
    }


def _defense_view(state: Mapping) -> dict:
    """Its next defense, how many it made this round, and the counterattack and opportunity
    attack it is offered or has used."""
    offer = state.get("counterattack_offer")
    return {
        "defense": _current_defense(state),
        "defense_with": state.get("defense_with"),
        "defenses_this_round": int(state.get("defenses_this_round") or 0),
        "next_defense_penalty": defense_count_penalty(int(state.get("defenses_this_round") or 0)),
        "counterattack_offer": dict(offer) if offer else None,
        "counterattack_used": state.get("counterattacked_round") or 0,
        "opportunity_used": state.get("opportunity_round") or 0,
    }


def _turn_view(state: Mapping) -> dict:
    """What bears on its turn: movement, actions taken, weapons in hand, destroyed zones, whom it
    is engaged with and the opportunity attack it is offered."""
    return {
        "movement_penalty": int(state.get("movement_penalty") or 0),
        "turn_actions": dict(state.get("turn_actions") or {}),
        "wielding": list(state.get("wielding") or []),
        "destroyed_zones": list(state.get("destroyed_zones") or []),
        "engaged_with": [int(c) for c in state.get("engaged_with") or []],
        "opportunity_offer": dict(state.get("opportunity_offer") or {}) or None,
    }


def _sheet_view(state: Mapping) -> dict:
    """The Estado de Vida y Muerte, the sheet and what derives from it."""
    return {
        "life_death_penalty": int(state.get("life_death_penalty") or 0),
        "life_and_death": _life_and_death(state),
        "sheet": state.get("sheet"),
        "derived": derived(state["sheet"]) if state.get("sheet") else None,
    }


def _seen_from_outside(view: dict, offer) -> dict:
    """`view` without the numbers inside: of a counterattack offered, whom against and when; of
    the Estado de Vida y Muerte, its difficulty."""
    for key in INSIDE_KEYS:
        view[key] = None
    if offer:
        view["counterattack_offer"] = {"against": offer.get("against"), "round": offer.get("round")}
    if view["life_and_death"]:
        view["life_and_death"] = {"difficulty": view["life_and_death"]["difficulty"]}
    return view


def _life_and_death(state: Mapping) -> dict | None:
    """The numbers of the Estado de Vida y Muerte while it lasts: the check's difficulty, the
    Resistencia Física it rolls and the Puntos de Vida at which it dies (only the difficulty,
    which is the rule's, for a viewer who may not see inside)."""
    if state.get("status") != "dying" or not state.get("sheet"):
        return None
    return {
        "difficulty": life_death.DIFFICULTY,
        "physical_resistance": life_death.physical_resistance(state),
        "death_limit": life_death.death_limit(state),
    }


def _roles(payload: Mapping) -> tuple[str, ...]:
    private = payload.get("private")
    if isinstance(private, str):
        return (private,)
    return tuple(private or ())


def _hide_roll(roll, *, dice_public: bool = False) -> dict | None:
    if not isinstance(roll, Mapping):
        return None
    if dice_public:
        return {key: roll[key] for key in ("sides", "faces", "nonces", "commitment") if key in roll}
    return {"sides": roll.get("sides"), "nonces": list(roll.get("nonces") or []), "hidden": True}


def _text(payload: Mapping, roles: tuple[str, ...], hidden_roles: list[str]) -> dict:
    text = payload.get("text") or {}
    if hidden_roles:
        partial = payload.get("partial_texts") or {}
        if len(hidden_roles) == 1 and len(roles) > 1 and hidden_roles[0] in partial:
            text = partial[hidden_roles[0]]
        else:
            text = payload.get("public_text") or text
    return {"text_es": str(text.get("es") or ""), "text_en": str(text.get("en") or text.get("es") or "")}


def view_event(event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
    payload = dict(event.get("payload") or {})
    kind = event.get("type")
    roles = _roles(payload)
    hidden_roles = (
        [] if viewer.gm else [r for r in roles if event.get(r) is not None and int(event[r]) in hidden]
    )
    out = {key: value for key, value in payload.items() if key not in TEXT_KEYS}
    for role in hidden_roles:
        for key in PRIVATE_KEYS.get(kind, {}).get(role, ()):
            out.pop(key, None)
        for key in PRIVATE_ROLLS.get(kind, {}).get(role, ()):
            if key in out:
                out[key] = _hide_roll(out[key], dice_public=viewer.dice_public)
    out.update(_text(payload, roles, hidden_roles))
    return out
