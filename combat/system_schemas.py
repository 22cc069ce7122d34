"""Every system's encounters in the OpenAPI schema (docs/api.md, "The schema describes every
system"): the state, its `clock` and combatants, and the events of the turn log with their rolls,
per system and per event type.

Each system describes its own as a `SystemSchema` in `combat/systems/<slug>_schema.py`, which
its presentation declares (`Presentation.schema`, found through the one registry,
`combat.presentation.presentation_for`). A system without one (a system added without an API
description yet) is described as open objects, so its answers still validate. This module only
joins them; it names no system."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field

from rules import systems
from rules.core.ahead import DeclaringCombat

from .presentation import presentation_for

REF = "#/components/schemas/"


def ref(name: str) -> dict:
    return {"$ref": f"{REF}{name}"}


def nullable(schema: dict) -> dict:
    """`schema` or null (a `$ref` cannot carry `nullable` in OpenAPI 3.0)."""
    if "$ref" in schema:
        return {"oneOf": [schema, {"nullable": True, "enum": [None]}]}
    if "enum" in schema and None not in schema["enum"]:
        return {**schema, "nullable": True, "enum": [*schema["enum"], None]}
    return {**schema, "nullable": True}


INT = {"type": "integer"}
NUMBER = {"type": "number"}
TEXT = {"type": "string"}
FLAG = {"type": "boolean"}
OBJECT = {"type": "object", "additionalProperties": True}
ANY: dict = {}
LIST = {"type": "array", "items": {}}


def array(items: dict) -> dict:
    return {"type": "array", "items": items}


WHOLE_ROLL = ("sides", "faces", "nonces", "total", "commitment")


def dice_roll(description: str, required: tuple[str, ...] = WHOLE_ROLL, **own: dict) -> dict:
    """A roll of verifiable dice (docs/api.md, "Verifiable dice"), with a system's own keys."""
    return {
        "type": "object",
        "description": description,
        "properties": {
            "sides": INT,
            "faces": array(INT),
            "nonces": array(nullable(INT)),
            "total": nullable(INT),
            "commitment": TEXT,
            **own,
        },
        "required": list(required),
    }


def _words(text: str) -> str:
    return "".join(part.capitalize() for part in text.replace("-", "_").split("_"))


_OPEN_CLOCK = ("Clock" + "Open", {"type": "object", "additionalProperties": True})
# The clock of a system where one combatant acts at a time (`{"round", "current"}`).
ROUND_CLOCK = (
    "RoundClock",
    {
        "type": "object",
        "description": "One combatant acts at a time: the round and who acts now.",
        "properties": {"round": INT, "current": nullable(INT)},
        "required": ["round", "current"],
    },
)


# Events the site writes in every system's log, and those of declaring ahead
# (`rules.core.ahead`) in every system that declares ahead through the seam.
SITE_EVENTS: dict[str, dict] = {"combatant_added": {}, "combatant_removed": {}}
AHEAD_EVENTS: dict[str, dict] = {
    "declare_ahead": {"on": FLAG},
    "declarations_opened": {"declaration_round": INT},
    "declare": {"action": {**OBJECT, "description": "The declared action (its `type` and fields)."}},
    "declarations_closed": {},
    "declaration_lapsed": {"action": nullable(OBJECT)},
}


@dataclass(frozen=True)
class SystemSchema:
    """What one system's encounters look like in the API, beside what every system shares."""

    # The clock's component name and its schema.
    clock: tuple[str, dict] = _OPEN_CLOCK
    # The keys its combatants add (None: an open object).
    combatant: dict | None = None
    # Roll components by name.
    rolls: Mapping[str, dict] = field(default_factory=dict)
    # Keys any of its events may carry.
    event_fields: Mapping[str, dict] = field(default_factory=dict)
    # Event type → that type's own keys (None: events are open objects).
    events: Mapping[str, dict] | None = None
    # The odds endpoint's answer; "Odds" for the shape `OddsSerializer` describes.
    odds: dict | str = field(default_factory=lambda: dict(OBJECT))
    # Event type → the keys every event of that type carries for every reader, required in its
    # component: above all its rolls (a hidden roll keeps its key, only its dice are left out).
    always: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def _order_event(slug: str) -> dict:
    """The log's "por orden permanente" line (`combat.standing_orders`): the ordered action, as the
    system's declared action (left out, or redacted as a declaration is, for a hidden combatant)."""
    from .order_serializers import declared_component

    component = declared_component(slug)
    return {"standing_order": {"action": ref(component) if component else OBJECT}}


def _own_events(slug: str, own: Mapping[str, dict] | None) -> dict | None:
    if own is None:
        return None
    combat = systems.for_encounters(systems.get(slug)).combat
    ahead = AHEAD_EVENTS if isinstance(combat, DeclaringCombat) else {}
    return {**SITE_EVENTS, **_order_event(slug), **ahead, **own}


def _described(slug: str) -> dict:
    own = presentation_for(slug).schema or SystemSchema()
    return {
        "clock": own.clock,
        "combatant": own.combatant,
        "rolls": own.rolls,
        "event_fields": own.event_fields,
        "events": _own_events(slug, own.events),
        "odds": own.odds,
        "always": own.always,
    }


def _own_system(schema: dict, slug: str) -> dict:
    schema["properties"]["system"] = {
        "type": "string",
        "enum": [slug],
        "description": "The encounter's game system.",
    }
    return schema


def _combatant(base: dict, own: dict | None) -> dict:
    schema = copy.deepcopy(base)
    if own is None:
        schema["additionalProperties"] = True
    else:
        schema["properties"].update(copy.deepcopy(own))
    return schema


def _event(base: dict, type_name: str | None, fields: dict, always: tuple[str, ...] = ()) -> dict:
    schema = copy.deepcopy(base)
    schema["properties"].update(copy.deepcopy(fields))
    if type_name is not None:
        schema["properties"]["type"] = {"type": "string", "enum": [type_name]}
    if always:
        schema["required"] = [*schema.get("required", []), *always]
    return schema


def _events(name: str, base: dict, described: dict, schemas: dict) -> dict:
    """`<Slug>Event`: one of the system's event types, each `<Slug><Type>Event`."""
    if described["events"] is None:
        return _event({**base, "additionalProperties": True}, None, {})
    options = []
    for type_name, fields in described["events"].items():
        component = f"{name}{_words(type_name)}Event"
        schemas[component] = _event(
            base, type_name, {**described["event_fields"], **fields}, described["always"].get(type_name, ())
        )
        options.append(ref(component))
    return {"oneOf": options, "description": f"An event of the {name} log, by `type`."}


def _state(base: dict, slug: str, name: str, clock: str) -> dict:
    schema = copy.deepcopy(base)
    schema["properties"]["system"] = {
        "type": "string",
        "enum": [slug],
        "description": "The campaign's game system.",
    }
    schema["properties"]["clock"] = {**ref(clock), "description": "The system's place in time."}
    schema["properties"]["combatants"] = array(ref(f"{name}Combatant"))
    return schema


def describe_every_system(result, generator, request, public):
    """drf-spectacular postprocessing hook (settings.SPECTACULAR_SETTINGS): `EncounterState`
    becomes a `oneOf` of each system's state (discriminated by `system`), `Clock` a `oneOf` of
    the systems' clocks, `Combatant` and `Event` a `oneOf` of each system's (each names its
    `system`; an event is a `oneOf` of its system's event types)."""
    schemas = result.get("components", {}).get("schemas", {})
    if "EncounterState" not in schemas:
        return result
    base_state, base_combatant, base_event = schemas["EncounterState"], schemas["Combatant"], schemas["Event"]
    base_odds = schemas.get("Odds", OBJECT)
    states, combatants, events, clocks, odds = {}, [], [], {}, []
    for slug in systems.all_systems():
        name = _words(slug)
        described = _described(slug)
        clock_name, clock = described["clock"]
        clocks[clock_name] = schemas[clock_name] = copy.deepcopy(clock)
        for roll_name, roll in described["rolls"].items():
            schemas[roll_name] = copy.deepcopy(roll)
        schemas[f"{name}Combatant"] = _combatant(
            _own_system(copy.deepcopy(base_combatant), slug), described["combatant"]
        )
        schemas[f"{name}Event"] = _events(
            name, _own_system(copy.deepcopy(base_event), slug), described, schemas
        )
        schemas[f"{name}EncounterState"] = _state(base_state, slug, name, clock_name)
        own_odds = described["odds"]
        schemas[f"{name}Odds"] = copy.deepcopy(base_odds if own_odds == "Odds" else own_odds)
        odds.append(ref(f"{name}Odds"))
        states[slug] = f"{REF}{name}EncounterState"
        combatants.append(ref(f"{name}Combatant"))
        events.append(ref(f"{name}Event"))
    schemas["Clock"] = {"oneOf": [ref(n) for n in clocks], "description": "The system's place in time."}
    schemas["EncounterState"] = {
        "oneOf": [{"$ref": r} for r in states.values()],
        "discriminator": {"propertyName": "system", "mapping": states},
    }
    schemas["Combatant"] = {"oneOf": combatants, "description": base_combatant.get("description", "")}
    schemas["Event"] = {"oneOf": events, "description": base_event.get("description", "")}
    schemas["Odds"] = {
        "anyOf": odds,
        "description": "The odds of an action before it is taken, as the system reckons them.",
    }
    return result
