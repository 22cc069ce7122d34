"""The Marvel Super Heroes-style character pages through the test client: the builder (plain
and htmx live check, add/remove rows, per-field errors from the engine, derived numbers), the
read-only sheet, and export then import of an msh sheet."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from characters import services
from characters.models import Character
from characters.systems.msh import MshForm
from tests.characters.html_parts import element
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.msh.helpers import sheet as msh_sheet

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
ABILITIES = ("fighting", "agility", "strength", "endurance", "reason", "intuition", "psyche")


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form_data(sheet: dict, **extra) -> dict:
    """The builder's POST for `sheet`, field by field as the page names them."""
    data = {
        "system": "msh",
        "name": sheet["name"],
        "health": "" if sheet.get("health") is None else str(sheet["health"]),
        "karma": "" if sheet.get("karma") is None else str(sheet["karma"]),
        "body_armor": str(sheet.get("body_armor", 0)),
    }
    data.update({f"ab-{slug}": str(sheet["abilities"][slug]) for slug in ABILITIES})
    for i, power in enumerate(sheet.get("powers") or []):
        data.update({f"powers-{i}-{key}": str(value) for key, value in power.items()})
    for i, weapon in enumerate(sheet.get("weapons") or []):
        data.update({f"weapons-{i}-{key}": str(value) for key, value in weapon.items()})
    data.update(extra)
    return data


COLOSO = msh_sheet(
    "Coloso",
    fighting=20,
    strength=50,
    endurance=40,
    body_armor=10,
    powers=[{"name": "Piel de acero", "rank": 40, "combat_type": "blunt"}],
    weapons=[{"name": "Viga", "combat_type": "thrown-blunt", "damage": 20, "material": 40}],
)


def test_the_character_list_offers_a_new_msh_character():
    page = client_for(UserFactory()).get("/characters/").content.decode()

    assert 'href="/characters/new/?system=msh"' in page


def test_the_blank_builder_shows_the_seven_abilities_with_their_rank_names():
    page = client_for(UserFactory()).get("/characters/new/?system=msh").content.decode()

    for slug in ABILITIES:
        assert f'name="ab-{slug}"' in page
    assert 'name="system" value="msh"' in page
    assert "Normal" in element(page, "rank-fighting")  # 6 is Typical: "Normal"


def test_saving_a_legal_sheet_stores_it_normalised_and_opens_its_sheet():
    user = UserFactory()
    response = client_for(user).post("/characters/new/", form_data(COLOSO, save="1"))

    character = Character.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/characters/{character.pk}/"
    assert character.system == "msh"
    assert character.sheet["abilities"]["strength"] == 50
    assert character.sheet["powers"] == [{"name": "Piel de acero", "rank": 40, "combat_type": "blunt"}]
    assert character.sheet["weapons"][0] == {
        "name": "Viga",
        "combat_type": "thrown-blunt",
        "damage": 20,
        "material": 40,
    }
    assert character.sheet["health"] is None  # the default, kept as given


def test_a_bad_field_is_refused_beside_that_field_and_nothing_is_stored():
    bad = form_data(COLOSO, save="1")
    bad["ab-strength"] = "mucha"
    bad["powers-0-rank"] = "-3"
    response = client_for(UserFactory()).post("/characters/new/", bad)

    page = response.content.decode()
    assert response.status_code == 400
    assert Character.objects.count() == 0
    assert "Fuerza: debe ser un número entero." in element(page, "field-ab-strength")
    assert "debe estar entre 0" in element(page, "field-powers-0")
    assert 'id="not-saved"' in page


def test_an_unknown_combat_type_in_a_weapon_row_is_refused_on_that_row():
    bad = form_data(COLOSO, save="1")
    bad["weapons-0-combat_type"] = "laser"
    page = client_for(UserFactory()).post("/characters/new/", bad).content.decode()

    assert "Tipo de combate desconocido" in element(page, "field-weapons-0")


def test_the_live_check_answers_the_form_with_the_derived_health_karma_and_ranks():
    response = client_for(UserFactory()).post("/characters/new/", form_data(COLOSO), **HTMX)

    form = response.content.decode()
    assert response.status_code == 200
    assert form.lstrip().startswith("<form")
    # Health defaults to F+A+S+E = 20+20+50+40, Karma to R+I+P = 10+10+10.
    assert "130" in element(form, "derived-health")
    assert "30" in element(form, "derived-karma")
    assert "10 (Bueno)" in element(form, "derived-body-armor")
    assert "Asombroso" in element(form, "rank-strength")  # 50 is Amazing
    assert 'id="sheet-valid"' in form


def test_the_add_and_remove_buttons_change_the_rows_and_store_nothing():
    client = client_for(UserFactory())
    added = client.post("/characters/new/", form_data(COLOSO, op="add:powers"), **HTMX).content.decode()
    assert 'name="powers-1-name"' in added

    removed = client.post("/characters/new/", form_data(COLOSO, op="remove:weapons:0")).content.decode()
    assert 'name="weapons-0-name"' not in removed
    assert Character.objects.count() == 0


def test_editing_a_stored_msh_character_fills_the_form_and_saves_the_change():
    user = UserFactory()
    character = services.character_create(owner=user, sheet=COLOSO)
    client = client_for(user)
    page = client.get(f"/characters/{character.pk}/edit/").content.decode()
    assert 'value="50"' in element(page, "field-ab-strength")

    changed = form_data(COLOSO, save="1", karma="44")
    assert client.post(f"/characters/{character.pk}/edit/", changed).status_code == 302
    character.refresh_from_db()
    assert character.sheet["karma"] == 44


def test_the_sheet_shows_abilities_with_rank_names_health_karma_powers_and_weapons():
    user = UserFactory()
    character = services.character_create(owner=user, sheet=COLOSO)
    page = client_for(user).get(f"/characters/{character.pk}/").content.decode()

    assert "Asombroso" in element(page, "ability-strength")
    assert "130" in element(page, "sheet-health")
    assert "Piel de acero" in element(page, "sheet-powers")
    assert "Viga" in element(page, "sheet-weapons")
    assert f'href="/characters/{character.pk}/export/"' in page


def test_a_stranger_cannot_open_the_sheet():
    character = services.character_create(owner=UserFactory(), sheet=COLOSO)

    assert client_for(UserFactory()).get(f"/characters/{character.pk}/").status_code == 404


def test_export_then_import_gives_back_the_same_msh_sheet():
    user = UserFactory()
    character = services.character_create(owner=user, sheet=COLOSO)
    client = client_for(user)
    exported = client.get(f"/characters/{character.pk}/export/")
    assert exported.status_code == 200
    data = json.loads(exported.content)
    assert data["system"] == "msh" and data["abilities"]["strength"] == 50

    other = UserFactory()
    upload = SimpleUploadedFile("coloso.json", exported.content, content_type="application/json")
    response = client_for(other).post("/characters/import/", {"file": upload, "campaign": ""})
    imported = Character.objects.get(owner=other)
    assert response.status_code == 302
    assert imported.system == "msh" and imported.sheet == character.sheet


def test_importing_a_broken_msh_sheet_lists_the_engines_errors_and_stores_nothing():
    broken = {**COLOSO, "abilities": {**COLOSO["abilities"], "psyche": "alta"}}
    upload = SimpleUploadedFile("mal.json", json.dumps(broken).encode(), content_type="application/json")
    user = UserFactory()
    response = client_for(user).post("/characters/import/", {"file": upload, "campaign": ""})

    assert response.status_code == 400
    assert "Psique: debe ser un número entero." in response.content.decode()
    assert not Character.objects.filter(owner=user).exists()


def test_a_player_builds_an_msh_character_into_an_msh_campaign():
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="msh")
    player_in(campaign, player)
    response = client_for(player).post(
        "/characters/new/", form_data(COLOSO, save="1", campaign=str(campaign.pk))
    )

    assert response.status_code == 302
    assert Character.objects.get(owner=player).campaign == campaign


@pytest.mark.parametrize(
    ("path", "slot"),
    [
        ("", "sheet"),
        ("/name", "name"),
        ("/abilities/agility", "ab-agility"),
        ("/abilities", "abilities"),
        ("/powers/2/rank", "powers-2"),
        ("/weapons/0/material", "weapons-0"),
        ("/health", "health"),
    ],
)
def test_each_problem_path_lands_on_its_own_slot(path, slot):
    assert MshForm.slot_for(path) == slot


def test_a_form_read_back_from_a_sheet_describes_the_same_sheet():
    sheet = MshForm.from_sheet(COLOSO).sheet()

    assert sheet == {**COLOSO, "health": None, "karma": None}


def test_the_builder_speaks_english_when_the_page_does():
    page = client_for(UserFactory()).get("/characters/new/?system=msh", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()

    assert "New Marvel Super Heroes character" in text
    assert "Typical" in element(text, "rank-fighting")
    assert "Body Armor" in text
