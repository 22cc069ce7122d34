"""What a viewer sees of an Epic20 combatant, event or refusal: the one place that decides it.

An NPC's numbers (defense and its penalty, hit points, hero points, equipment, its sheet) belong
to the GM. Everything in the log happened at the table, so every member sees the same events;
but for a reader who may not see a hidden NPC's numbers, those numbers are left out and the
texts are the public ones (DAÑO EN COMBATE; the GM's screen).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.encounter import CombatantFacts, Viewer
from rules.core.errors import Refused

# Fields of a combatant's state that only the GM sees when the combatant is an NPC.
NPC_HIDDEN_FIELDS = (
    "hit_points",
    "hit_points_max",
    "defense",
    "defense_penalty",
    "hero_points",
    "hero_points_max",
    "equipment",
)
# The numbers of an event that belong behind the GM's screen when they are a hidden NPC's: its
# defense (and the margin, which gives it away with the total), its defense penalty, hit points
# and hero points, and what a rest recovered.
PRIVATE_EVENT_KEYS = (
    "target_defense",
    "defense",
    "margin",
    "defense_penalty",
    "target_hit_points",
    "hit_points",
    "hero_points",
    "defense_recovered",
    "level",
)
# Events whose numbers are always their actor's, whatever the engine marked (a rest tells how
# many hit points and how much defense the resting NPC had to recover).
PRIVATE_BY_TYPE = {"rest": "actor", "minion_hit_points": "target"}
PUBLIC_TEXT_BY_TYPE = {"rest": ("{name} descansa {minutes} min.", "{name} rests {minutes} min.")}
# Refusals that would tell a player something about a hidden NPC's numbers.
REVEALING_REFUSALS = frozenset({"support.nothing_to_heal", "support.only_emotional_damage"})


def view_combatant(state: Mapping, facts: CombatantFacts, *, viewer: Viewer) -> dict:
    """One combatant as the API and the cards show it to `viewer`."""
    view = {
        "initiative": state.get("initiative"),
        "hit_points": state.get("hit_points"),
        "hit_points_max": state.get("hit_points_max"),
        "defense": state.get("defense"),
        "defense_penalty": state.get("defense_penalty", 0),
        "hero_points": state.get("hero_points"),
        "hero_points_max": state.get("hero_points_max"),
        "conditions": list(state.get("conditions") or []),
        "equipment": list(state.get("equipment") or []),
        "status": state.get("status") or "active",
    }
    if not viewer.sees_inside(facts):
        for key in NPC_HIDDEN_FIELDS:
            view[key] = [] if key == "equipment" else None
    return view


def _whose(event: Mapping) -> int | None:
    payload = event.get("payload") or {}
    whose = payload.get("private") or PRIVATE_BY_TYPE.get(event.get("type"))
    return event.get("actor") if whose == "actor" else event.get("target") if whose == "target" else None


def _texts(payload: Mapping, event: Mapping, *, public: bool) -> tuple[str, str]:
    text = payload.get("public_text") if public else None
    if public and not isinstance(text, Mapping) and event.get("type") in PUBLIC_TEXT_BY_TYPE:
        es, en = PUBLIC_TEXT_BY_TYPE[event["type"]]
        params = {"name": event.get("actor_name") or "", "minutes": payload.get("minutes", "")}
        return es.format(**params), en.format(**params)
    text = text if isinstance(text, Mapping) else payload.get("text")
    if isinstance(text, Mapping):
        return str(text.get("es") or ""), str(text.get("en") or text.get("es") or "")
    return str(text or ""), str(text or "")


def view_event(event: Mapping, *, hidden: frozenset[int], viewer: Viewer) -> dict:
    """An event's payload as `viewer` may see it, with `text_es` and `text_en`."""
    payload = dict(event.get("payload") or {})
    subject = _whose(event)
    private = not viewer.gm and subject is not None and subject in hidden
    text_es, text_en = _texts(payload, event, public=private)
    for key in ("text", "message", "public_text", "private"):
        payload.pop(key, None)
    if private:
        for key in PRIVATE_EVENT_KEYS:
            payload.pop(key, None)
    return {**payload, "text_es": text_es, "text_en": text_en}


def view_refusal(exc: Refused, *, hidden_target: bool) -> Refused:
    """A refusal as told to someone who may not see the target's numbers."""
    if not hidden_target or exc.code not in REVEALING_REFUSALS:
        return exc
    return Refused(
        "support.not_possible",
        exc.rule,
        "Ahora no puedes usar eso con ese objetivo.",
        "You cannot use that on that target now.",
        path=exc.path,
        kind=exc.kind,
    )
