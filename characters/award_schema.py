"""`POST /characters/{id}/awards/` in the OpenAPI schema: the amount's range and step as
`characters.services.parse_amount` checks them (more than 0, at most `MAX_AWARD`, multiples of
½, whole for levels), one shape for levels and one for the other categories."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerExtension

from epic20site.schema import documented

from .models import Award
from .services import MAX_AWARD


def _shape(categories: list[str], step: float, description: str) -> dict:
    return {
        "type": "object",
        "description": description,
        "properties": {
            "category": {"type": "string", "enum": categories},
            "amount": {"type": "number", "minimum": step, "maximum": float(MAX_AWARD), "multipleOf": step},
            "note": {"type": "string", "maxLength": 500},
        },
        "required": ["category", "amount"],
        "additionalProperties": False,
    }


class AwardInputSchema(OpenApiSerializerExtension):
    target_class = "characters.serializers.AwardInputSerializer"
    priority = 1  # over the strict serializers' own extension

    def map_serializer(self, auto_schema, direction):
        # Two components, so that each keeps its own `category` choices (one component's
        # choices of one field would be joined into one enum).
        return {
            "oneOf": [auto_schema.resolve_serializer(way, direction).ref for way in (LEVELS, POINTS)],
            "description": "What the GM awards: a category and an amount.",
        }


LEVELS = documented("AwardLevels", _shape([Award.Category.LEVELS], 1, "Levels, given whole."))
POINTS = documented(
    "AwardPoints",
    _shape(
        [c for c in Award.Category.values if c != Award.Category.LEVELS],
        0.5,
        "Points of a category, in multiples of ½.",
    ),
)
