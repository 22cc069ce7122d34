"""The standing endpoint's shapes in the OpenAPI schema (`tracking.standing`): a GM ruling
between fights is one of four actions (`rules.epic20.tracking.apply_gm_action`), each with the
fields it reads; the answer is the standing with the changes the ruling made, or the standing
with the character's history by partida."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from epic20site.schema import documented
from rules.epic20.tracking import ONCE, STATUSES

# `rules.epic20.tracking._text`: a text with something besides white space, at most 200 long.
_TEXT = {"type": "string", "minLength": 1, "maxLength": 200, "pattern": "[^\\s\\u001c-\\u001f\\u0085]"}


def _ruling(kind: str, description: str, **fields) -> dict:
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"type": "string", "enum": [kind]}, **fields},
        "required": ["type", *(name for name in fields if name != "detail")],
        "additionalProperties": False,
    }


RULINGS = [
    _ruling(
        "use",
        "A once-per-partida use spent (Uso limitado).",
        use={"type": "string", "enum": sorted(ONCE), "description": "The once-per-partida or per-scene use."},
        detail={"type": "string", "maxLength": 200, "description": "Which power the use is of."},
    ),
    _ruling(
        "item",
        "An item lost, stolen, broken, unusable, dropped, destroyed or recovered (ready).",
        item=_TEXT,
        status={"type": "string", "enum": list(STATUSES)},
    ),
    _ruling(
        "invent",
        "An invention paid from the inventor's reserve, in multiples of ½.",
        item=_TEXT,
        cost={"type": "number", "exclusiveMinimum": True, "minimum": 0, "maximum": 2, "multipleOf": 0.5},
    ),
    _ruling("complication", "A hero point for a complication that came into play.", complication=_TEXT),
]

# One component per ruling, so that each keeps its own `type` (the schema generator would join
# the four `type` choices of one component into one enum, which every ruling would then accept).
_RULING_COMPONENTS = [
    documented(f"Standing{r['properties']['type']['enum'][0].title()}Ruling", r) for r in RULINGS
]


class StandingRulingRequest(serializers.Serializer):
    """What the GM rules between fights (Epic20): one of the rulings."""


class StandingRulingSchema(OpenApiSerializerExtension):
    target_class = StandingRulingRequest

    def get_name(self, auto_schema, direction):
        return "StandingRuling"

    def map_serializer(self, auto_schema, direction):
        refs = [auto_schema.resolve_serializer(r, direction).ref for r in _RULING_COMPONENTS]
        return {"oneOf": refs, "description": "What the GM rules between fights (Epic20)."}


_STANDING = {
    "type": "object",
    "description": "Equipment by status, uses spent this partida and inventions with their cost.",
    "properties": {
        "equipment": {"type": "object", "additionalProperties": {"type": "string", "enum": list(STATUSES)}},
        "used": {"type": "array", "items": {"type": "string"}},
        "inventions": {
            "type": "object",
            "additionalProperties": {"type": "string", "description": 'A fraction, e.g. "1/2".'},
        },
    },
}
_CHANGE = {
    "type": "object",
    "properties": {
        "kind": {"type": "string"},
        "text_es": {"type": "string"},
        "text_en": {"type": "string"},
        "rule": {"type": "string"},
        "data": {
            "type": "object",
            "description": "What changed, by name.",
            "additionalProperties": {
                "oneOf": [
                    {"type": "string"},
                    {"type": "number"},
                    {"type": "boolean"},
                    {"type": "array", "items": {"type": "string"}},
                ],
                "nullable": True,
            },
        },
    },
    "required": ["kind", "text_es", "text_en", "rule", "data"],
}
_HISTORY = {
    "type": "object",
    "properties": {
        "partida": {"type": "integer", "nullable": True},
        "title": {"type": "string"},
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string"},
                    "text": {"type": "string"},
                    "rule": {"type": "string"},
                    "at": {"type": "string", "format": "date-time"},
                },
                "required": ["kind", "text", "rule", "at"],
            },
        },
    },
    "required": ["partida", "title", "items"],
}

StandingRuled = documented(
    "StandingRuled",
    {
        "type": "object",
        "properties": {"standing": _STANDING, "changes": {"type": "array", "items": _CHANGE}},
        "required": ["standing", "changes"],
    },
)
StandingView = documented(
    "StandingView",
    {
        "type": "object",
        "properties": {"standing": _STANDING, "history": {"type": "array", "items": _HISTORY}},
        "required": ["standing", "history"],
    },
)
