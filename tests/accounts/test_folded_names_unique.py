"""One account per name up to case, held by the database (migration
`accounts/0001_username_unique_by_folded_case`): two sign-ups that both pass the form's check
before either is stored end in one account and a clear refusal, never a 500 or a second account."""

from __future__ import annotations

import importlib
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from tests.factories import UserFactory

MIGRATION = importlib.import_module("accounts.migrations.0001_username_unique_by_folded_case")
REGISTER = "/api/v1/auth/register/"
GOOD_PASSWORD = "una-clave-bastante-larga-7"


@pytest.fixture
def racing(monkeypatch):
    """Both sign-ups checked the name before either was stored: the check says it is free."""
    monkeypatch.setattr("accounts.serializers.name_taken", lambda name: False)
    monkeypatch.setattr("accounts.forms.name_taken", lambda name: False)


@pytest.mark.django_db
def test_the_database_refuses_a_second_name_that_differs_only_by_case():
    UserFactory(username="jugador")
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create(username="JUGADOR")


@pytest.mark.django_db
@pytest.mark.parametrize("lang, message", [("es", "Ese nombre de usuario ya está en uso."), ("en", None)])
def test_a_racing_api_sign_up_gets_a_clear_400_and_no_second_account(api_client, racing, lang, message):
    UserFactory(username="jugador")
    body = json.dumps({"username": "Jugador", "password": GOOD_PASSWORD})
    response = api_client.post(REGISTER, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["code"], error["path"]) == ("username.unique", "/username")
    assert error["message"] == (message or "That username is already taken.")
    assert get_user_model().objects.count() == 1


@pytest.mark.django_db
def test_a_racing_page_sign_up_says_so_beside_the_name_and_logs_nobody_in(client, racing):
    UserFactory(username="jugador")
    data = {"username": "JUGADOR", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD}
    response = client.post(reverse("accounts:signup"), data)
    assert response.status_code == 200
    assert "Ese nombre de usuario ya está en uso." in response.content.decode()
    assert get_user_model().objects.count() == 1
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db(transaction=True)
def test_the_migration_renames_later_clashing_accounts_and_keeps_the_oldest():
    User = get_user_model()
    with connection.schema_editor() as editor:
        MIGRATION.backwards(apps, editor)
    oldest = User.objects.create(username="Ana")
    later = User.objects.create(username="ANA")
    squatter = User.objects.create(username=f"ana-{later.pk + 2}")  # what `latest` would become
    latest = User.objects.create(username="ana")
    with connection.schema_editor() as editor:
        MIGRATION.forwards(apps, editor)
    names = dict(User.objects.values_list("pk", "username"))
    assert names[oldest.pk] == "Ana"
    assert names[later.pk] == f"ANA-{later.pk}"
    assert latest.pk == later.pk + 2
    assert names[squatter.pk] == f"ana-{latest.pk}"
    assert names[latest.pk] == f"ana-{latest.pk}-2"
    assert len({name.lower() for name in names.values()}) == 4
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="aNa")


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="two threads writing at once need a database whose writers wait for each other: the "
    "suite's in-memory SQLite answers 'table is locked' at once (the race runs on PostgreSQL in CI; "
    "the simulated race above runs everywhere)",
)
@pytest.mark.django_db(transaction=True)
def test_two_sign_ups_at_once_with_names_differing_by_case_make_one_account(monkeypatch):
    """Both requests pass the name check before either writes (a barrier holds them there), then
    both write: one account, and the other request a clear 400."""
    import threading

    from django.db import connections
    from rest_framework.test import APIClient

    from accounts import names

    both_checked = threading.Barrier(2, timeout=10)

    def checked_then_wait(name):
        taken = names.name_taken(name)
        both_checked.wait()
        return taken

    monkeypatch.setattr("accounts.serializers.name_taken", checked_then_wait)
    answers = {}

    def sign_up(username):
        try:
            body = json.dumps({"username": username, "password": GOOD_PASSWORD})
            response = APIClient().post(REGISTER, body, content_type="application/json")
            answers[username] = (response.status_code, response.json())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sign_up, args=(name,)) for name in ("Ximena", "XIMENA")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    statuses = sorted(status for status, _body in answers.values())
    assert statuses == [201, 400], answers
    [refused] = [body for status, body in answers.values() if status == 400]
    assert refused["errors"][0]["code"] == "username.unique"
    assert get_user_model().objects.filter(username__iexact="ximena").count() == 1
