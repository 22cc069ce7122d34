"""`GET /api/v1/rules/{slug}/catalogue/` in the OpenAPI schema: one of the systems' catalogues,
each a component of its own (`<Slug>SystemCatalogue`) described from the frozen data it serves
(`rules.jsonable.schema_of`), every key of every entry typed. Registered by `epic20site.catalogue_api`."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from epic20site.schema import documented
from rules import systems
from rules.jsonable import schema_of


class AnyCatalogue(serializers.Serializer):
    """A marker for the schema generator; the view answers the catalogue's JSON itself."""


_MADE: dict[str, type] = {}


def _one(slug: str) -> type:
    """`<Slug>SystemCatalogue`: one system's catalogue, made once."""
    if slug not in _MADE:
        system = systems.get(slug)
        schema = {**schema_of(system.catalogue()), "description": f"The {system.name_en} catalogue."}
        _MADE[slug] = documented(f"{slug[:1].upper()}{slug[1:]}SystemCatalogue", schema)
    return _MADE[slug]


class AnyCatalogueSchema(OpenApiSerializerExtension):
    target_class = AnyCatalogue

    def get_name(self, auto_schema, direction):
        return "Catalogue"

    def map_serializer(self, auto_schema, direction):
        options = [
            auto_schema.resolve_serializer(_one(slug), direction).ref for slug in systems.all_systems()
        ]
        return {"anyOf": options, "description": "The catalogue of the system the address names."}
