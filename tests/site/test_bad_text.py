"""Text no database can keep is refused at the edge with a 400 and changes nothing: lone
UTF-16 surrogates and NUL in JSON bodies (epic20site/parsers.py), in form fields and query
strings (epic20site/middleware.py); NaN, Infinity and deep nesting in JSON bodies."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from hypothesis import given
from hypothesis import strategies as st

from characters.models import Character
from combat.models import Combatant
from epic20site.parsers import MAX_DEPTH, BadJSON, read_json
from tests.characters.helpers import make_character, nova
from tests.combat.encounters.conftest import THUG, Table, client_for

SURROGATE_BODIES = [
    r'{"concept":"\ud800"}',
    r'{"concept":"bien \udfff mal"}',
    r'{"\ud800":"clave rota"}',
    r'{"concept":"x","powers":[{"detail":["a",{"b":"\udc00"}]}]}',
    '{"concept":"nulo\\u0000"}',
]


@pytest.mark.parametrize("body", SURROGATE_BODIES)
def test_the_reader_refuses_lone_surrogates_and_nul_anywhere(body):
    with pytest.raises(BadJSON) as refused:
        read_json(body)
    assert refused.value.code == "request.invalid_character"


def test_the_reader_points_at_the_bad_value():
    with pytest.raises(BadJSON) as refused:
        read_json(r'{"powers":[{"detail":"ok"},{"detail":"\ud800"}]}')
    assert refused.value.path == "/powers/1/detail"


@pytest.mark.parametrize("body", ['{"level": NaN}', "[Infinity]", '{"a": -Infinity}'])
def test_the_reader_refuses_nan_and_infinity(body):
    with pytest.raises(BadJSON):
        read_json(body)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 200_000])
def test_the_reader_refuses_deep_nesting_without_recursing(depth):
    with pytest.raises(BadJSON):
        read_json('{"npc":' * depth + "1" + "}" * depth)


def test_the_reader_accepts_nesting_up_to_the_limit_and_brackets_inside_strings():
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert read_json(json.dumps({"name": "[" * 500})) == {"name": "[" * 500}


@pytest.mark.parametrize("raw", [b"\xed\xa0\x80", b'{"a": "\xff"}', b"", b"{", "9" * 5000])
def test_the_reader_refuses_undecodable_or_malformed_input(raw):
    with pytest.raises(BadJSON):
        read_json(raw)


STORABLE_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"))


@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | STORABLE_TEXT,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(STORABLE_TEXT, inner, max_size=4),
        max_leaves=20,
    )
)
def test_the_reader_reads_back_any_storable_document(value):
    assert read_json(json.dumps(value)) == value
    assert read_json(json.dumps(value, ensure_ascii=False).encode()) == value


def _raw(client, method, url, body, **extra):
    return client.generic(method, url, body, content_type="application/json", **extra)


@pytest.mark.django_db
def test_patching_a_concept_with_a_lone_surrogate_is_a_400_and_stores_nothing():
    character = make_character()
    client = client_for(character.owner)
    response = _raw(client, "PATCH", f"/api/v1/characters/{character.pk}/", r'{"concept":"\ud800"}')
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["code"], error["path"]) == ("request.invalid_character", "/concept")
    assert "sustituto" in error["message"]
    character.refresh_from_db()
    assert character.sheet["concept"] == nova()["concept"]
    assert client.get(f"/api/v1/characters/{character.pk}/").status_code == 200


@pytest.mark.django_db
def test_the_refusal_speaks_english_when_asked():
    character = make_character()
    response = _raw(
        client_for(character.owner),
        "PATCH",
        f"/api/v1/characters/{character.pk}/",
        r'{"concept":"\ud800"}',
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "surrogate" in response.json()["errors"][0]["message"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/characters/", "/api/v1/characters/validate/"])
def test_creating_or_validating_a_sheet_with_a_lone_surrogate_is_a_400(url):
    owner = make_character().owner
    before = Character.objects.count()
    body = json.dumps(nova()).replace('"Nova"', r'"No\ud800va"')
    response = _raw(client_for(owner), "POST", url, body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/name"
    assert Character.objects.count() == before


@pytest.mark.django_db
@pytest.mark.parametrize("bad", [r"Mat\ud800n", "Mat\\u0000n"])
def test_an_npc_name_with_unstorable_text_is_a_400_and_adds_no_combatant(bad):
    table = Table()
    encounter = table.create()["id"]
    body = json.dumps({"npc": THUG, "side": "villains"}).replace('"Mat\\u00f3n"', f'"{bad}"')
    assert bad in body
    response = _raw(table.gm_api, "POST", f"/api/v1/encounters/{encounter}/combatants/", body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/npc/name"
    assert not Combatant.objects.filter(encounter_id=encounter).exists()


@pytest.mark.django_db
def test_a_nan_level_in_an_npc_is_a_400():
    table = Table()
    encounter = table.create()["id"]
    body = json.dumps({"npc": {**THUG, "level": float("nan")}, "side": "villains"})
    response = _raw(table.gm_api, "POST", f"/api/v1/encounters/{encounter}/combatants/", body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "request.malformed"


@pytest.mark.django_db
def test_a_nul_in_a_form_field_is_refused_before_any_page_stores_it(client):
    data = {"username": "nu\x00la", "password1": "dados-de-veinte", "password2": "dados-de-veinte"}
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 400
    assert "nulo" in response.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_a_nul_in_the_query_string_is_refused_in_the_envelope_under_the_api(client):
    response = client.get("/api/v1/rules/", {"q": "a\x00"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "request.invalid_character"
    assert client.get("/", {"q": "a\x00"}).status_code == 400
