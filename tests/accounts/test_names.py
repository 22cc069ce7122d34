"""One reading of a username (accounts/names.py): sign-up through the page or the API refuses a
name that differs from an existing one only by width or case, and every login door
authenticates the typed name in its NFKC form."""

import json

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from accounts.names import canonical, identity, name_taken
from tests.factories import DEFAULT_PASSWORD, UserFactory

REGISTER = "/api/v1/auth/register/"
GOOD_PASSWORD = "dados-de-veinte-caras"


@pytest.mark.parametrize(
    ("typed", "same_as"),
    [
        ("ＪＵＧＡＤＯＲ", "jugador"),
        ("Jugador", "jugador"),
        ("ｓecvictim", "secvictim"),
        ("STRASSE", "straße"),
    ],
)
def test_names_equal_up_to_width_and_case_are_one_identity(typed, same_as):
    assert identity(typed) == identity(same_as)


def test_the_stored_form_keeps_case_but_not_width():
    assert canonical("ＪＵＧＡＤＯＲ") == "JUGADOR"
    assert canonical("Jugador") == "Jugador"


@given(st.text(max_size=30))
def test_identity_is_idempotent(text):
    assert identity(identity(text)) == identity(text)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "code"),
    [
        # A fullwidth spelling is no name one may sign up with (accounts/validators.py).
        ("ＪＵＧＡＤＯＲ", "username.invalid"),
        ("ｊugador", "username.invalid"),
        ("JUGADOR", "username.unique"),
        ("Jugador", "username.unique"),
    ],
)
def test_api_sign_up_refuses_a_look_alike_of_an_existing_name(api_client, variant, code):
    UserFactory(username="jugador")
    body = json.dumps({"username": variant, "password": GOOD_PASSWORD})
    response = api_client.post(REGISTER, body, content_type="application/json")
    assert response.status_code == 400
    assert [error["code"] for error in response.json()["errors"]] == [code]
    assert get_user_model().objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ("ＪＵＧＡＤＯＲ", "Usa solo letras (con tildes y ñ), números y los signos @ . + - _, sin espacios."),
        ("ｊugador", "Usa solo letras (con tildes y ñ), números y los signos @ . + - _, sin espacios."),
        ("JUGADOR", "Ese nombre de usuario ya está en uso."),
    ],
)
def test_page_sign_up_refuses_a_look_alike_of_an_existing_name(client, variant, message):
    UserFactory(username="jugador")
    data = {"username": variant, "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD}
    response = client.post(reverse("accounts:signup"), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert get_user_model().objects.count() == 1


@pytest.mark.django_db
def test_api_sign_up_takes_accents_and_enye_as_typed(api_client):
    body = json.dumps({"username": "Ñandú_Rojo", "password": GOOD_PASSWORD})
    response = api_client.post(REGISTER, body, content_type="application/json")
    assert response.status_code == 201
    assert response.json()["user"]["username"] == "Ñandú_Rojo"


@pytest.mark.django_db
def test_name_taken_sees_only_the_same_identity():
    UserFactory(username="jugador")
    assert name_taken("ＪＵＧＡＤＯＲ")
    assert not name_taken("jugadora")


@pytest.mark.django_db
def test_the_backend_authenticates_a_fullwidth_spelling_as_the_account():
    user = UserFactory(username="secvictim")
    assert authenticate(None, username="ｓecvictim", password=DEFAULT_PASSWORD) == user
    assert authenticate(None, username="ｓecvictim", password="otra") is None
