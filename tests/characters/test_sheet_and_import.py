"""The sheet page's print view and encounter links, the phone-friendly list, and re-importing a
file that is already in the list."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from characters.models import Character
from tests.characters.helpers import make_character, nova, over_budget_powers
from tests.characters.html_parts import element
from tests.factories import campaign_for

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def upload(sheet: dict) -> SimpleUploadedFile:
    return SimpleUploadedFile("ficha.json", json.dumps(sheet).encode(), content_type="application/json")


# --- The sheet -----------------------------------------------------------------------------------------


def test_the_printed_sheet_includes_what_each_power_does(user):
    character = make_character(user)

    page = client_for(user).get(f"/characters/{character.pk}/").content.decode()

    powers = element(page, "powers")
    assert powers.count('class="rule-text small mb-1 d-none d-print-block print-rule"') == 3
    assert "rayo de fuego, armas mágicas" in powers


def test_the_skills_table_keeps_the_roll_column_and_folds_the_attribute_on_a_phone(user):
    character = make_character(user)

    table = element(client_for(user).get(f"/characters/{character.pk}/").content.decode(), "skills")

    header = table[: table.index("</thead>")]
    assert '<th scope="col">Tirada</th>' in header
    assert 'class="d-none d-sm-table-cell">Atributo' in header
    assert '<div class="small text-body-secondary d-sm-none">Agilidad</div>' in table


def test_from_an_encounter_each_skill_links_to_its_roll(user):
    character = make_character(user)

    page = client_for(user).get(f"/characters/{character.pk}/", {"encounter": "7"}).content.decode()

    row = element(page, "skill-conocimientos-desupervivencia")
    assert 'href="/encounters/7/?skill=conocimientos-de%3ASupervivencia#skill-form"' in row
    assert 'href="/encounters/7/?skill=vehiculos#skill-form"' in element(page, "skill-vehiculos")
    assert 'href="/encounters/7/"' in element(page, "roll-hint")


@pytest.mark.parametrize("encounter", ["", "x", "-1", "0", "1e3", "9" * 30])
def test_without_a_sensible_encounter_the_skills_are_plain_text(user, encounter):
    character = make_character(user)

    page = client_for(user).get(f"/characters/{character.pk}/", {"encounter": encounter}).content.decode()

    assert "roll-skill" not in page and not element(page, "roll-hint")


# --- The list on a phone ---------------------------------------------------------------------------------


def test_the_list_labels_each_cell_so_a_phone_can_stack_them(user):
    character = make_character(user, campaign=campaign_for(user, name="Mi mesa"))

    row = element(client_for(user).get("/characters/").content.decode(), f"character-{character.pk}")

    for label in ("Nivel", "Arquetipo", "Campaña", "Reglas"):
        assert f'data-label="{label}"' in row
    assert 'class="text-md-end character-actions"' in row


# --- Re-importing the same file -----------------------------------------------------------------------------


def test_importing_the_same_file_again_says_so_and_creates_nothing(user):
    client = client_for(user)
    first = client.post("/characters/import/", {"file": upload(nova())})
    assert first.status_code == 302

    again = client.post("/characters/import/", {"file": upload(nova())})

    assert again.status_code == 409
    notice = element(again.content.decode(), "already-imported")
    assert "Ya importaste esta ficha" in notice
    assert f'href="/characters/{Character.objects.get().pk}/"' in notice
    assert 'value="Nova (2)"' in notice
    assert Character.objects.count() == 1


def test_a_different_file_with_a_name_already_in_the_list_is_told_apart(user):
    make_character(user)

    response = client_for(user).post("/characters/import/", {"file": upload(nova(concept="otra"))})

    assert response.status_code == 409
    assert "Ya tienes un personaje con ese nombre" in element(response.content.decode(), "already-imported")
    assert Character.objects.count() == 1


def test_the_offered_copy_imports_under_its_distinct_name(user):
    original = make_character(user)
    make_character(user, sheet=nova(name="Nova (2)"))
    client = client_for(user)
    offer = client.post("/characters/import/", {"file": upload(nova())}).content.decode()
    assert 'value="Nova (3)"' in offer

    response = client.post(
        "/characters/import/", {"sheet_json": json.dumps(nova()), "name": "Nova (3)", "campaign": ""}
    )

    copy = Character.objects.get(name="Nova (3)")
    assert response["Location"] == f"/characters/{copy.pk}/"
    assert copy.sheet == nova(name="Nova (3)")
    original.refresh_from_db()
    assert original.name == "Nova"


def test_a_copy_under_a_name_already_in_the_list_is_refused(user):
    make_character(user)

    response = client_for(user).post(
        "/characters/import/", {"sheet_json": json.dumps(nova()), "name": "Nova", "campaign": ""}
    )

    assert response.status_code == 400
    assert "Ya tienes un personaje llamado «Nova»" in element(response.content.decode(), "import-copy-form")
    assert Character.objects.count() == 1


@pytest.mark.parametrize(
    ("sheet_json", "message"),
    [
        ("", "vuelve a elegir el archivo"),
        ("no es json", "no es JSON válido"),
        ("[1, 2]", "objeto JSON"),
        (" " * (300 * 1024), "vuelve a elegir el archivo"),
    ],
)
def test_a_tampered_copy_form_creates_nothing(user, sheet_json, message):
    make_character(user)

    response = client_for(user).post(
        "/characters/import/", {"sheet_json": sheet_json, "name": "Nova bis", "campaign": ""}, follow=True
    )

    assert response.status_code == 200
    assert message in element(response.content.decode(), "messages")
    assert Character.objects.count() == 1


def test_a_copy_of_a_file_the_rules_refuse_lists_the_errors_and_creates_nothing(user):
    make_character(user)

    response = client_for(user).post(
        "/characters/import/",
        {"sheet_json": json.dumps(over_budget_powers()), "name": "Nova bis", "campaign": ""},
    )

    assert response.status_code == 400
    assert "/powers" in element(response.content.decode(), "import-errors")
    assert Character.objects.count() == 1


def test_a_copy_into_someone_elses_campaign_is_refused(user):
    make_character(user)
    strangers = campaign_for(name="Mesa ajena")

    response = client_for(user).post(
        "/characters/import/",
        {"sheet_json": json.dumps(nova()), "name": "Nova bis", "campaign": strangers.pk},
    )

    assert response.status_code in (400, 404)
    assert Character.objects.count() == 1
