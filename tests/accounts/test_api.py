"""Register and obtain a token through the API (docs/api.md, "Accounts")."""

import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.factories import DEFAULT_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

REGISTER = "/api/v1/auth/register/"
TOKEN = "/api/v1/auth/token/"
GOOD_PASSWORD = "dados-de-veinte-caras"


def _post(api_client, url, body, **extra):
    payload = body if isinstance(body, str | bytes) else json.dumps(body)
    return api_client.generic("POST", url, payload, content_type="application/json", **extra)


def _codes(response):
    return {(e["path"], e["code"]) for e in response.json()["errors"]}


def test_register_answers_a_token_that_authenticates(api_client):
    response = _post(api_client, REGISTER, {"username": "nova", "password": GOOD_PASSWORD})
    assert response.status_code == 201
    body = response.json()
    user = get_user_model().objects.get(username="nova")
    assert body == {"token": Token.objects.get(user=user).key, "user": {"id": user.pk, "username": "nova"}}
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert api_client.get("/api/v1/campaigns/").status_code == 200


def test_register_keeps_an_optional_email(api_client):
    body = {"username": "nova", "password": GOOD_PASSWORD, "email": "nova@example.org"}
    assert _post(api_client, REGISTER, body).status_code == 201
    assert get_user_model().objects.get(username="nova").email == "nova@example.org"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"username": "nova", "password": "corta"}, ("/password", "password.password_too_short")),
        (
            {"username": "nova", "password": "12345678901234"},
            ("/password", "password.password_entirely_numeric"),
        ),
        ({"username": "nova", "password": "password123"}, ("/password", "password.password_too_common")),
        ({"username": "nova"}, ("/password", "password.required")),
        ({"password": GOOD_PASSWORD}, ("/username", "username.required")),
        ({"username": 123, "password": GOOD_PASSWORD}, ("/username", "username.invalid")),
        ({"username": "nova", "password": ["x"]}, ("/password", "password.invalid")),
        ({"username": "no va!", "password": GOOD_PASSWORD}, ("/username", "username.invalid")),
        ({"username": "x" * 151, "password": GOOD_PASSWORD}, ("/username", "username.max_length")),
        (
            {"username": "nova", "password": GOOD_PASSWORD, "email": "no-es-correo"},
            ("/email", "email.invalid"),
        ),
        (
            {"username": "nova", "password": GOOD_PASSWORD, "is_staff": True},
            ("/is_staff", "is_staff.unknown_field"),
        ),
        ([], ("", "non_field_errors.invalid")),
    ],
)
def test_register_refuses_bad_input_and_creates_nothing(api_client, body, expected):
    response = _post(api_client, REGISTER, body)
    assert response.status_code == 400
    paths = {path for path, _code in _codes(response)}
    assert expected[0] in paths
    assert any(code.endswith(expected[1].split(".", 1)[1]) for path, code in _codes(response))
    assert not get_user_model().objects.exists()


def test_register_refuses_malformed_json(api_client):
    response = _post(api_client, REGISTER, '{"username": "nova", ')
    assert response.status_code == 400
    assert _codes(response) == {("", "request.malformed")}
    assert not get_user_model().objects.exists()


def test_register_refuses_a_form_encoded_body(api_client):
    response = api_client.post(REGISTER, {"username": "nova", "password": GOOD_PASSWORD}, format="multipart")
    assert response.status_code == 415
    assert "errors" in response.json()
    assert not get_user_model().objects.exists()


def test_register_refuses_a_body_larger_than_the_upload_limit(api_client, settings):
    padding = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = _post(api_client, REGISTER, {"username": "nova", "password": GOOD_PASSWORD, "bio": padding})
    assert 400 <= response.status_code < 500
    assert response.json()["errors"][0]["code"] == "request.too_large"
    assert not get_user_model().objects.exists()


def test_register_refuses_a_taken_username_whatever_its_case(api_client):
    UserFactory(username="Nova")
    response = _post(api_client, REGISTER, {"username": "nova", "password": GOOD_PASSWORD})
    assert response.status_code == 400
    assert ("/username", "username.unique") in _codes(response)
    assert get_user_model().objects.count() == 1


def test_register_password_errors_follow_accept_language(api_client):
    response = _post(
        api_client, REGISTER, {"username": "nova", "password": "corta"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "too short" in response.json()["errors"][0]["message"]
    response = _post(api_client, REGISTER, {"username": "nova", "password": "corta"})
    assert "demasiado corta" in response.json()["errors"][0]["message"]


def test_register_works_for_a_browser_with_a_session_and_no_csrf_token(user):
    from rest_framework.test import APIClient

    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(user)
    response = _post(browser, REGISTER, {"username": "nova", "password": GOOD_PASSWORD})
    assert response.status_code == 201


def test_token_answers_the_users_token(api_client, user):
    response = _post(api_client, TOKEN, {"username": user.username, "password": DEFAULT_PASSWORD})
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=user).key}
    again = _post(api_client, TOKEN, {"username": user.username, "password": DEFAULT_PASSWORD})
    assert again.json() == response.json()


@pytest.mark.parametrize("password", ["no-es-esta", ""])
def test_token_refuses_wrong_credentials(api_client, user, password):
    response = _post(api_client, TOKEN, {"username": user.username, "password": password})
    assert response.status_code == 400
    assert "errors" in response.json()
    assert not Token.objects.exists()


def test_token_refuses_an_unknown_user_with_the_same_answer(api_client):
    response = _post(api_client, TOKEN, {"username": "nadie", "password": "no-es-esta"})
    assert response.status_code == 400
    assert _codes(response) == {("", "credentials.invalid")}


@pytest.mark.parametrize(
    "body",
    [
        '{"username": ',
        {"username": 1, "password": 2},
        {"username": "a", "password": "b", "remember": True},
        [1],
    ],
)
def test_token_refuses_bad_input(api_client, body):
    response = _post(api_client, TOKEN, body)
    assert response.status_code == 400
    assert response.json()["errors"]


def test_token_header_authenticates_api_requests(api_client, user):
    token = _post(api_client, TOKEN, {"username": user.username, "password": DEFAULT_PASSWORD}).json()[
        "token"
    ]
    assert api_client.get("/api/v1/campaigns/").status_code == 401
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.get("/api/v1/campaigns/").status_code == 200
    api_client.credentials(HTTP_AUTHORIZATION="Token nope")
    response = api_client.get("/api/v1/campaigns/")
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "request.authentication_failed"


@pytest.mark.parametrize("url", [REGISTER, TOKEN])
def test_options_describes_the_endpoints(api_client, url):
    assert api_client.options(url).status_code == 200
