"""`POST /encounters/{id}/combatants/` in the OpenAPI schema: exactly one of `character`, `npc`
and `npc_from` (`CombatantCreateSerializer.validate`), so the body is a `oneOf` of the three
ways to join a fight, each with the fields it takes (`minion` and `hit_points` are a GM NPC's
only)."""

from __future__ import annotations

from functools import cache

from drf_spectacular.extensions import OpenApiSerializerExtension

from epic20site.schema import ONE_LINE_PATTERN, documented

ID = {"type": "integer", "minimum": 1, "maximum": 2**63 - 1}
SIDE = {
    "type": "string",
    "minLength": 1,
    "maxLength": 40,
    "pattern": ONE_LINE_PATTERN,
    "description": "The side it fights on.",
}
NPC_ONLY = {
    "minion": {"type": "boolean", "description": "A minion (false when absent)."},
    "hit_points": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "Fixed hit points."},
}


def _way(component: str, description: str, own: dict, required: str, *, npc: bool) -> type:
    properties = {**own, "side": SIDE, **(NPC_ONLY if npc else {})}
    return documented(
        component,
        {
            "type": "object",
            "description": description,
            "properties": properties,
            "required": [required, "side"],
            "additionalProperties": False,
        },
    )


FROM_CHARACTER = _way(
    "CombatantFromCharacter",
    "A player character joins (the GM, or the player for their own character).",
    {"character": {**ID, "description": "The character's id."}},
    "character",
    npc=False,
)
FROM_NPC_FROM = _way(
    "CombatantNpcFrom",
    "A GM NPC copied from one of the GM's own saved sheets of the campaign's system; the copy's "
    "numbers are the GM's, like any NPC's.",
    {"npc_from": {**ID, "description": "The saved sheet's character id."}},
    "npc_from",
    npc=True,
)


@cache
def _from_npc(sheet: str) -> type:
    return _way(
        "CombatantNpc",
        "A GM NPC from a sheet of the campaign's system.",
        {"npc": {"$ref": sheet}},
        "npc",
        npc=True,
    )


class CombatantCreateSchema(OpenApiSerializerExtension):
    target_class = "combat.serializers.CombatantCreateSerializer"
    priority = 1  # over the strict serializers' own extension

    def map_serializer(self, auto_schema, direction):
        from characters.serializers import SheetSerializer

        sheet = auto_schema.resolve_serializer(SheetSerializer, direction).ref
        ways = (FROM_CHARACTER, _from_npc(sheet["$ref"]), FROM_NPC_FROM)
        return {
            "oneOf": [auto_schema.resolve_serializer(way, direction).ref for way in ways],
            "description": "Exactly one of `character`, `npc` and `npc_from`.",
        }
