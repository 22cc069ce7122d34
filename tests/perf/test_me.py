"""`GET /api/v1/auth/me/`: who the client is, the floor every bench figure is a ratio to."""

import pytest
from rest_framework.test import APIClient

from accounts.services import token_for
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

ME = "/api/v1/auth/me/"


def _token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user=user).key}")
    return client


def test_me_answers_the_token_s_account_and_counts_campaigns_directed_and_played():
    user = UserFactory(username="alba", email="alba@example.org")
    campaign_for(gm=user, name="Dirigida")
    player_in(campaign_for(name="Jugada"), user=user)
    campaign_for(name="Ajena")

    response = _token_client(user).get(ME)

    assert response.status_code == 200
    assert response.json() == {
        "id": user.pk,
        "username": "alba",
        "email": "alba@example.org",
        "campaigns": 2,
        "language": "es",
    }


def test_me_without_credentials_is_refused_with_the_error_envelope():
    response = APIClient().get(ME)

    assert response.status_code == 401
    assert "errors" in response.json()


def test_me_refuses_writes_and_changes_nothing():
    user = UserFactory(username="berto")
    client = _token_client(user)

    response = client.post(ME, {"username": "otro"}, format="json")

    assert response.status_code == 405
    user.refresh_from_db()
    assert user.username == "berto"


def test_me_costs_a_constant_number_of_queries_however_many_campaigns(django_assert_max_num_queries):
    user = UserFactory()
    for n in range(12):
        campaign_for(gm=user, name=f"Campaña {n}")
    client = _token_client(user)

    with django_assert_max_num_queries(3):  # the token with its user, the count, the language
        response = client.get(ME)

    assert response.json()["campaigns"] == 12
