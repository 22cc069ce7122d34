"""The username rule the API's schema publishes is the one the site checks, read the same by
JSON Schema (ECMA-262, where `\\w` is ASCII only) and by Python (where it is any alphabet's):
the pattern names its characters, and a name is accepted exactly when the pattern matches it."""

from __future__ import annotations

import json
import re

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from accounts.validators import USERNAME_PATTERN, UsernameValidator

REGISTER = "/api/v1/auth/register/"


def published_pattern() -> str:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema["components"]["schemas"]["RegisterInputRequest"]["properties"]["username"]["pattern"]


def accepted(name: str) -> bool:
    try:
        UsernameValidator()(name)
    except ValidationError:
        return False
    return True


@pytest.mark.django_db
def test_the_schema_publishes_the_pattern_the_site_checks_with_no_escape_two_dialects_read_apart():
    pattern = published_pattern()
    assert pattern == USERNAME_PATTERN.removesuffix(r"\Z") + "$"
    assert not re.search(r"\\[wWdDsSbB]", pattern)


@given(st.text(min_size=1, max_size=12))
def test_a_name_is_accepted_exactly_when_the_published_pattern_matches_it(name):
    published = USERNAME_PATTERN.removesuffix(r"\Z") + r"\Z"
    assert accepted(name) == bool(re.match(published, name))


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("Ñandú", True),
        ("maría.josé+1@mesa_2", True),
        ("Jörg-Ærø", True),
        ("Å", True),
        ("ＪＵＧＡＤＯＲ", False),  # fullwidth
        ("Влад", False),  # another alphabet: the Latin one only
        ("con espacio", False),
        ("x×y", False),
        ("nova\n", False),
        ("", False),
    ],
)
def test_which_names_pass(name, ok):
    assert accepted(name) is ok


@pytest.mark.django_db
def test_a_refused_name_is_answered_in_the_readers_language_and_nothing_is_stored(api_client):
    from django.contrib.auth import get_user_model

    body = json.dumps({"username": "con espacio", "password": "dados-de-veinte-caras"})
    spanish = api_client.post(REGISTER, body, content_type="application/json")
    english = api_client.post(REGISTER, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")

    assert spanish.status_code == english.status_code == 400
    assert spanish.json()["errors"][0]["message"] == (
        "Usa solo letras (con tildes y ñ), números y los signos @ . + - _, sin espacios."
    )
    assert english.json()["errors"][0]["message"] == (
        "Use only letters (accented ones and ñ included), digits and the signs @ . + - _, no spaces."
    )
    assert english.json()["errors"][0]["code"] == "username.invalid"
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_the_sign_up_page_gives_the_same_one_reason(client):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    data = {
        "username": "con espacio",
        "password1": "dados-de-veinte-caras",
        "password2": "dados-de-veinte-caras",
    }
    page = client.post(reverse("accounts:signup"), data).content.decode()

    assert page.count("Usa solo letras (con tildes y ñ), números y los signos @ . + - _, sin espacios.") == 1
    assert "Introduzca un nombre de usuario válido" not in page
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize(
    ("lang", "help_text"),
    [
        ("es", "Hasta 150 caracteres: letras (con tildes y ñ), números y @ . + - _."),
        ("en", "Up to 150 characters: letters (accented ones and ñ included), digits and @ . + - _."),
    ],
)
def test_the_sign_up_page_states_the_sites_rule_under_the_name(client, lang, help_text):
    from django.urls import reverse

    page = client.get(reverse("accounts:signup"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()

    assert help_text in page
    assert "@/./+/-/_" not in page
