"""The OpenAPI schema documents the refusals every endpoint shares (epic20site/schema.py), so
a client, or schemathesis, meets no answer the schema does not list."""

from __future__ import annotations

import pytest

from rules.registration import registrations

pytestmark = pytest.mark.django_db

METHODS = {"get", "put", "post", "patch", "delete"}
ENVELOPE = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def _operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def test_every_operation_documents_the_shared_refusals_in_the_envelope(schema):
    for name, operation in _operations(schema):
        for code in ("400", "404", "406"):
            assert code in operation["responses"], (name, code)
            assert "content" in operation["responses"][code], (name, code)


def test_operations_with_a_body_document_413_and_415(schema):
    for name, operation in _operations(schema):
        if "requestBody" in operation:
            assert {"413", "415"} <= set(operation["responses"]), name
            assert (
                operation["responses"]["415"]["content"] == ENVELOPE
                or "content" in operation["responses"]["415"]
            )


def test_operations_that_need_credentials_document_401(schema):
    for name, operation in _operations(schema):
        if operation.get("security"):
            assert "401" in operation["responses"], name


def test_a_paginated_list_documents_404_for_a_page_that_does_not_exist(schema, auth_client):
    operation = schema["paths"]["/api/v1/campaigns/"]["get"]
    assert "page" in {p["name"] for p in operation["parameters"]}
    assert "404" in operation["responses"]
    assert auth_client.get("/api/v1/campaigns/", {"page": 0}).status_code == 404


def test_operations_with_an_idempotency_key_document_409(schema):
    operation = schema["paths"]["/api/v1/encounters/{id}/reveal/"]["post"]
    assert "409" in operation["responses"]


def test_the_envelope_schema_is_a_component(schema):
    assert "errors" in schema["components"]["schemas"]["ErrorEnvelope"]["properties"]


@pytest.mark.parametrize("page_size", ["null", "0", "-1", "201", "1.5", "٣", "abc"])
def test_a_page_size_that_is_not_a_whole_number_from_1_to_200_is_a_400(auth_client, page_size):
    response = auth_client.get("/api/v1/campaigns/", {"page_size": page_size})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "page_size.invalid"


@pytest.mark.parametrize("page_size", ["1", "200"])
def test_a_page_size_within_bounds_is_obeyed(auth_client, page_size):
    assert auth_client.get("/api/v1/campaigns/", {"page_size": page_size}).status_code == 200


def test_the_schema_states_the_pagination_bounds(schema):
    parameters = {p["name"]: p["schema"] for p in schema["paths"]["/api/v1/campaigns/"]["get"]["parameters"]}
    assert parameters["page"]["minimum"] == 1
    assert (parameters["page_size"]["minimum"], parameters["page_size"]["maximum"]) == (1, 200)


def test_strict_request_bodies_refuse_unknown_fields_in_the_schema(schema, auth_client):
    assert schema["components"]["schemas"]["CampaignCreateInputRequest"]["additionalProperties"] is False
    response = auth_client.post("/api/v1/campaigns/", {"name": "x", "colour": "azul"}, format="json")
    assert response.status_code == 400


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8"


def test_a_browser_is_shown_the_schema_as_text_instead_of_a_download(client):
    response = client.get("/api/v1/schema/", HTTP_ACCEPT=BROWSER_ACCEPT)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert not response.has_header("Content-Disposition")
    assert response.content.startswith(b"openapi: 3")


def test_programs_still_get_the_schema_types_they_ask_for(client):
    yaml = client.get("/api/v1/schema/")
    assert yaml["Content-Type"].startswith("application/vnd.oai.openapi")
    as_json = client.get("/api/v1/schema/", {"format": "json"}, HTTP_ACCEPT=BROWSER_ACCEPT)
    assert as_json["Content-Type"].startswith("application/vnd.oai.openapi+json")
    assert as_json.json()["openapi"].startswith("3")


def _action_validator(schema):
    import jsonschema

    document = {**schema, "$ref": "#/components/schemas/ActionRequest"}
    return jsonschema.Draft4Validator(document)


@pytest.mark.parametrize(
    "body",
    [{"type": "declare_ahead_on"}, {"type": "declare_ahead_off"}, {"type": "resolve_round"}],
)
def test_an_action_every_system_shares_is_valid_against_the_schema(schema, body):
    # Each system's actions are one `oneOf` joined by `type`; the join across systems is `anyOf`,
    # since a body several systems share matches each of them (combat.schemas.any_system_action).
    validator = _action_validator(schema)
    assert list(validator.iter_errors(body)) == []


def test_an_action_no_system_knows_is_invalid_against_the_schema(schema):
    validator = _action_validator(schema)
    assert list(validator.iter_errors({"type": "no_such_action"}))
    assert list(validator.iter_errors({"type": "declare_ahead_on", "extra": 1}))


def test_the_turn_left_of_every_system_fits_the_schema(schema):
    # Anima's `turn.left` gives metres of movement (a quarter of the speed may be fractional).
    import jsonschema

    from rules.anima.combatant import turn_left

    left = turn_left({"sheet": {"movement": 20}, "turn_actions": {"movement_m": 2.5}})
    document = {**schema, "$ref": "#/components/schemas/Turn"}
    assert list(jsonschema.Draft4Validator(document).iter_errors({"left": left})) == []
    assert list(jsonschema.Draft4Validator(document).iter_errors({"left": {"standard": 1}})) == []


# --- Every system described (docs/api.md, "The schema describes every system") ----------------

SYSTEMS = tuple(registrations())


def _component(schema, name):
    return schema["components"]["schemas"][name]


def _oneof_by_system(schema, name):
    component = _component(schema, name)
    mapping = component["discriminator"]["mapping"]
    assert component["discriminator"]["propertyName"] == "system"
    assert set(mapping) == set(SYSTEMS)
    return mapping


@pytest.mark.parametrize("name", ["CharacterInputRequest", "Character", "StoredSheet", "SheetRequest"])
def test_sheets_are_a_oneof_discriminated_by_system(schema, name):
    mapping = _oneof_by_system(schema, name)
    for slug, ref in mapping.items():
        own = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
        assert "system" in own["properties"], (slug, ref)


def test_each_systems_sheet_requires_its_own_keys(schema):
    assert {"abilities"} <= set(_component(schema, "MshSheetRequest")["required"])
    assert {"attack", "defense", "initiative", "hit_points"} <= set(
        _component(schema, "AnimaSheetRequest")["required"]
    )
    assert {"characteristics"} <= set(_component(schema, "HeroSheetRequest")["required"])
    assert {"level", "attributes"} <= set(_component(schema, "Epic20SheetRequest")["required"])


def test_the_state_is_a_oneof_by_system_with_each_systems_clock(schema):
    mapping = _oneof_by_system(schema, "EncounterState")
    clocks = {
        slug: _component(schema, ref.rsplit("/", 1)[1])["properties"]["clock"]["allOf"][0]["$ref"]
        for slug, ref in mapping.items()
    }
    assert clocks["msh"].endswith("/PhaseClock") and clocks["hero"].endswith("/SegmentClock")
    assert clocks["epic20"] == clocks["anima"]
    assert {r["$ref"] for r in _component(schema, "Clock")["oneOf"]} == set(clocks.values())


def test_rolls_are_described_per_dice_kind(schema):
    d20 = _component(schema, "D20Roll")
    assert {"superiority", "kept", "bonus"} <= set(d20["required"])
    for name in ("D100Roll", "D10Roll", "D6Roll"):
        roll = _component(schema, name)
        assert not {"superiority", "kept"} & set(roll["properties"]), name
        assert "superiority" not in roll["required"]


def test_an_attack_event_of_each_system_carries_its_own_keys(schema):
    own = {
        "Epic20AttackEvent": {"roll", "target_defense", "hit", "critical", "margin", "damage"},
        "MshAttackEvent": {"roll", "column", "shifts", "colour", "effect", "effect_roll", "hit", "damage"},
        "AnimaAttackEvent": {"attack_roll", "defense_roll", "attack_total", "defense_total", "difference",
                             "impact_level", "damage_percent", "counterattack", "critical", "hit", "damage"},
        "HeroAttackEvent": {"roll", "ocv", "dcv", "to_hit", "damage_roll", "stun_rolled", "body_rolled", "hit", "damage"},
    }  # fmt: skip
    for name, keys in own.items():
        assert keys <= set(_component(schema, name)["properties"]), name
    assert _component(schema, "HeroAttackEvent")["properties"]["damage"]["required"] == ["stun", "body"]
    assert _component(schema, "MshAttackEvent")["properties"]["roll"] == {
        "$ref": "#/components/schemas/D100Roll"
    }


def test_a_declared_action_is_described_with_its_fields(schema):
    msh = _component(schema, "MshDeclaredActionInputRequest")["properties"]
    assert {"type", "target", "combat_type", "with", "shifts", "karma"} <= set(msh)
    ahead = _component(schema, "HeroDeclareActionRequest")["properties"]["action"]
    assert ahead["allOf"] == [{"$ref": "#/components/schemas/HeroDeclaredActionRequest"}]
    options = {r["$ref"].rsplit("/", 1)[1] for r in _component(schema, "HeroDeclaredActionRequest")["oneOf"]}
    assert "HeroAttackDeclaredRequest" in options
    assert {"target", "attack", "maneuver"} <= set(
        _component(schema, "HeroAttackDeclaredRequest")["properties"]
    )


def test_no_enum_is_named_by_a_hash(schema):
    import re

    hashed = [n for n in schema["components"]["schemas"] if re.search(r"[0-9A-F][0-9a-f]{2}Enum$", n)]
    assert hashed == []


def test_nullable_references_are_a_oneof_with_null(schema):
    declarations = _component(schema, "Epic20EncounterState")["properties"]["declarations"]
    # Typed, as OpenAPI 3.0 reads `nullable` only beside a `type`.
    assert declarations["oneOf"][1] == {"type": "string", "nullable": True, "enum": [None]}


def test_the_document_passes_a_standard_validator_and_generates_without_warnings():
    from drf_spectacular.drainage import GENERATOR_STATS
    from openapi_spec_validator import validate

    from tests.schema_contract import published_schema

    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        document = published_schema()
    assert not GENERATOR_STATS  # no warning and no error while generating
    validate(document)


def test_the_contract_check_fails_on_a_key_the_schema_does_not_describe(auth_client):
    from tests.schema_contract import SchemaMismatch, check

    answer = auth_client.get("/api/v1/auth/me/")
    answer.content = answer.content[:-1] + b', "unexpected": 1}'
    with pytest.raises(SchemaMismatch, match="unexpected"):
        check(answer)


NOT_BLANK = [
    ("CampaignCreateInputRequest", "name"),
    ("PatchedCampaignUpdateInputRequest", "name"),
    ("EncounterCreateRequest", "name"),
    ("CombatantNpcRequest", "side"),
    ("CombatantFromCharacterRequest", "side"),
    ("CombatantNpcFromRequest", "side"),
]


@pytest.mark.parametrize(("component", "key"), NOT_BLANK)
def test_the_schema_says_a_name_or_side_the_server_strips_must_hold_more_than_spaces(schema, component, key):
    import re

    pattern = re.compile(schema["components"]["schemas"][component]["properties"][key]["pattern"])
    assert pattern.search("Emboscada en el muelle") and pattern.search("  a ")
    for blank in (" ", "\u3000", "\xa0 ", "a\nb"):  # what the services strip to nothing, or two lines
        assert not pattern.search(blank), blank


def test_an_encounter_named_only_spaces_is_refused_as_the_schema_says(auth_client, user):
    from tests.factories import campaign_for

    campaign = campaign_for(gm=user)
    answer = auth_client.post(
        f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "\u3000 "}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "name.blank"


@pytest.mark.parametrize("component", ["HeroAttackActionRequest", "MshAttackActionRequest"])
def test_a_combatant_id_is_positive_in_every_system_s_actions(schema, component):
    # An encounter refuses a target below 1 whatever its system; the schema of every system says
    # so, or a body valid for one system's action would be refused for another's limit.
    assert schema["components"]["schemas"][component]["properties"]["target"]["minimum"] == 1


@pytest.mark.parametrize(
    ("component", "keys"),
    [
        ("Epic20InitiativeEvent", ["roll"]),
        ("Epic20SkillCheckEvent", ["roll"]),
        ("AnimaAttackEvent", ["attack_roll", "defense_roll"]),
        ("AnimaInitiativeEvent", ["initiative_roll"]),
        ("AnimaOpportunityRollEvent", ["attacker_roll", "target_roll"]),
        ("AnimaLifeAndDeathEvent", ["roll"]),
        ("AnimaFirstAidEvent", ["roll"]),
        ("MshInitiativeEvent", ["rolls"]),
    ],
)
def test_a_roll_an_event_always_carries_is_required(schema, component, keys):
    # Every answer of the suite is checked against the schema, so a required roll that some
    # event went without would fail there.
    assert set(keys) <= set(schema["components"]["schemas"][component]["required"])


@pytest.mark.parametrize("component", ["MshAttackEvent", "HeroManeuverEvent", "Epic20AttackEvent"])
def test_a_roll_some_events_of_a_type_go_without_stays_optional(schema, component):
    assert "roll" not in schema["components"]["schemas"][component].get("required", [])
