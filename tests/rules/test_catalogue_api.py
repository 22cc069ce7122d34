"""The read-only rules endpoints (docs/api.md, "Rules catalogue"), through the real URLs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.epic20.catalogue import CATALOGUE, power
from rules.jsonable import to_jsonable

CATALOGUE_URL = "/api/v1/rules/epic20/catalogue/"


def test_the_systems_list_names_epic20_without_credentials(api_client):
    response = api_client.get("/api/v1/rules/")
    assert response.status_code == 200
    epic20 = response.json()[0]
    assert epic20 == {
        "slug": "epic20",
        "name": "Epic20",
        "name_es": "Epic20",
        "name_en": "Epic20",
        "dice": "1d20",
    }


def test_an_unknown_system_has_no_catalogue(api_client):
    assert api_client.get("/api/v1/rules/no-such-system/catalogue/").status_code == 404


def test_the_catalogue_is_public_and_cacheable(api_client):
    response = api_client.get(CATALOGUE_URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "public, max-age=3600"
    assert response["ETag"]


def test_a_bad_token_does_not_lock_anyone_out_of_the_catalogue(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    assert api_client.get(CATALOGUE_URL).status_code == 200


def test_a_client_with_the_current_etag_gets_not_modified(api_client):
    etag = api_client.get(CATALOGUE_URL)["ETag"]
    response = api_client.get(CATALOGUE_URL, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


def test_the_catalogue_has_every_list_with_every_entry(api_client):
    body = api_client.get(CATALOGUE_URL).json()
    assert list(body)[:7] == [
        "attributes",
        "skills",
        "powers",
        "archetypes",
        "advantages",
        "maneuvers",
        "complications",
    ]
    for kind in ("attributes", "skills", "powers", "advantages", "maneuvers", "complications"):
        assert [e["slug"] for e in body[kind]] == [e.slug for e in getattr(CATALOGUE, kind)]
        for entry in body[kind]:
            assert {"slug", "name_es", "name_en", "description_es", "description_en", "rule"} <= set(entry)


def test_the_catalogue_serves_the_archetypes_circumstances_and_hero_point_uses(api_client):
    from rules.epic20.archetypes import ARCHETYPES
    from rules.epic20.resolution.circumstances import CIRCUMSTANCES
    from rules.epic20.resolution.hero_points import HERO_POINT_USES

    body = api_client.get(CATALOGUE_URL).json()
    assert [e["slug"] for e in body["archetypes"]] == [a.slug for a in ARCHETYPES]
    assert len(body["archetypes"]) == 25
    assert [e["slug"] for e in body["circumstances"]] == [c.slug for c in CIRCUMSTANCES]
    assert [e["slug"] for e in body["hero_point_uses"]] == [u.slug for u in HERO_POINT_USES]
    superiority = next(e for e in body["hero_point_uses"] if e["cost"] == 1 and not e["narrative"])
    assert superiority["name_es"]
    for kind in ("archetypes", "circumstances", "hero_point_uses"):
        for entry in body[kind]:
            assert {"slug", "name_es", "name_en", "description_es", "description_en", "rule"} <= set(entry)


@pytest.mark.parametrize(
    ("kind", "slug", "cost"),
    [
        ("powers", "ataque-especial-cuerpo-a-cuerpo", 0.5),
        ("powers", "sugestion", 1.5),
        ("powers", "volar", 1),
        ("powers", "uso-limitado", 0),
        ("advantages", "ayudante", 2),
        ("advantages", "equipo-mundano", 0.5),
        ("maneuvers", "ataque-a-fondo", 1),
    ],
)
def test_costs_are_json_numbers(api_client, kind, slug, cost):
    entry = next(e for e in api_client.get(CATALOGUE_URL).json()[kind] if e["slug"] == slug)
    assert entry["cost"] == cost
    assert type(entry["cost"]) is type(cost)


def test_entries_carry_their_rule_fields_as_plain_json(api_client):
    body = api_client.get(CATALOGUE_URL).json()
    by_slug = {kind: {e["slug"]: e for e in body[kind]} for kind in body}
    assert by_slug["skills"]["manos-agiles"]["attribute"] == "agilidad"
    suggestion = by_slug["powers"]["sugestion-con-condicionantes"]
    assert suggestion["requires"] == ["sugestion"]
    assert suggestion["category"] == "utilidad"
    assert suggestion["attack_kind"] == "mental"
    assert suggestion["shape"] == "single"
    assert by_slug["powers"]["ataque-penetrante"]["area_cost"] == 1
    assert by_slug["powers"]["agarrar-a-distancia"]["progression"][0] == "pierde 1 acción de movimiento"
    assert by_slug["powers"]["accion-estandar-extra"]["creation_allowed"] is False
    maneuver = by_slug["maneuvers"]["agotar-2"]
    assert (maneuver["family"], maneuver["tier"], maneuver["requires"]) == ("agotar", 2, ["agotar"])
    assert maneuver["requires_attributes"] == [{"any_of": ["inteligencia"], "minimum": 1}]
    assert by_slug["attributes"]["percepcion"]["attack_kind"] is None


def test_the_openapi_schema_describes_both_endpoints(api_client):
    schema = api_client.get("/api/v1/schema/", {"format": "json"}).json()
    systems = schema["paths"]["/api/v1/rules/"]["get"]["responses"]["200"]["content"]["application/json"]
    assert systems["schema"]["type"] == "array"
    catalogue = schema["paths"][CATALOGUE_URL]["get"]["responses"]["200"]["content"]["application/json"]
    properties = catalogue["schema"]["properties"]
    assert {
        "attributes",
        "skills",
        "powers",
        "archetypes",
        "advantages",
        "maneuvers",
        "complications",
    } <= set(properties)
    power_schema = properties["powers"]["items"]["properties"]
    assert power_schema["cost"] == {"type": "number"}
    assert power_schema["requires"] == {"type": "array", "items": {"type": "string"}}
    assert properties["skills"]["items"]["properties"]["attribute"] == {"type": "string"}


# The generic serializer behind the endpoint (rules/jsonable.py), so archetypes and any later
# catalogue list serialise the same way.


def test_fractions_become_ints_when_whole_and_floats_otherwise():
    assert to_jsonable([Fraction(2), Fraction(3, 2), Fraction(0)]) == [2, 1.5, 0]
    assert type(to_jsonable(Fraction(4, 2))) is int


def test_dataclasses_enums_and_tuples_become_plain_json():
    data = to_jsonable(power("teleportarse-a-destino-desconocido"))
    assert data["category"] == "utilidad"
    assert data["includes"] == ["teleportarse-a-destino-conocido", "teleportarse"]
    assert data["cost"] == 3.5


def test_unknown_types_are_refused_rather_than_guessed():
    with pytest.raises(TypeError):
        to_jsonable(object())


def test_a_mixed_fixed_length_tuple_is_an_array_of_any_items():
    from typing import Any

    from rules.jsonable import json_schema

    assert json_schema(tuple[tuple[str, Any], ...]) == {
        "type": "array",
        "items": {"type": "array", "items": {}, "minItems": 2, "maxItems": 2},
    }


def test_every_catalogue_entry_matches_the_published_schema(api_client):
    import jsonschema

    from rules.epic20.catalogue_json import catalogue_schema

    body = api_client.get(CATALOGUE_URL).json()
    schema = catalogue_schema()

    def nullable_to_jsonschema(node):
        # OpenAPI 3.0's `nullable` is not JSON Schema: widen such nodes for the check.
        if isinstance(node, dict):
            node = {k: nullable_to_jsonschema(v) for k, v in node.items()}
            if node.pop("nullable", False):
                return {"anyOf": [node, {"type": "null"}]}
            return node
        if isinstance(node, list):
            return [nullable_to_jsonschema(v) for v in node]
        return node

    jsonschema.validate(body, nullable_to_jsonschema(schema))
