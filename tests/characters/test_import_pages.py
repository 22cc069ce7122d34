""" "Importar una ficha" from the Hero and Anima builders: upload, preview with the report, save or
open in the builder; bad files get a message and nothing is created."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from characters.models import Character
from tests.characters.test_import_api import HERO, NPC

pytestmark = pytest.mark.django_db
ORACLES = Path(__file__).parent / "import_oracles"


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def hdc(text: str = HERO) -> SimpleUploadedFile:
    return SimpleUploadedFile("centella.hdc", ("\ufeff" + text).encode("utf-16-le"))


def test_the_hero_and_anima_builders_offer_to_import_a_file(user):
    client = client_for(user)
    for system in ("hero", "anima"):
        page = client.get("/characters/new/", {"system": system}).content.decode()
        assert f'href="/characters/import/{system}/" id="import-file-link">Importar una ficha</a>' in page
    assert "import-file-link" not in client.get("/characters/new/", {"system": "msh"}).content.decode()


def test_a_hero_file_shows_its_sheet_report_and_points_before_anything_is_saved(user):
    page = client_for(user).post("/characters/import/hero/", {"file": hdc(), "format": "hero-designer"})

    html = page.content.decode()
    assert page.status_code == 200
    assert "<strong>OCV 8</strong>" in html
    assert "<strong>Flight</strong>: La hoja de Hero no modela este poder (FLIGHT)." in html
    assert (
        '<th scope="row" class="fw-normal">Rayo</th><td class="text-end">62</td><td class="text-end">31</td>'
        in html
    )
    assert 'name="action" value="save"' in html and 'name="action" value="edit"' in html
    assert Character.objects.count() == 0


def test_saving_the_preview_creates_the_character(user):
    client = client_for(user)
    preview = client.post("/characters/import/hero/", {"file": hdc(), "format": "hero-designer"})
    sheet_json = preview.context["sheet_json"]

    response = client.post("/characters/import/hero/", {"action": "save", "sheet_json": sheet_json})

    character = Character.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/characters/{character.pk}/"
    assert character.sheet["attacks"][0]["limitations"] == 1.0
    sheet_page = client.get(response["Location"]).content.decode()
    assert 'id="points-total"><strong>Total: 103</strong>' in sheet_page


def test_editing_the_preview_opens_the_builder_filled_and_saves_nothing(user):
    client = client_for(user)
    preview = client.post("/characters/import/hero/", {"file": hdc(), "format": "hero-designer"})

    page = client.post(
        "/characters/import/hero/", {"action": "edit", "sheet_json": preview.context["sheet_json"]}
    )

    html = page.content.decode()
    assert 'value="Centella"' in html
    assert 'name="attacks-0-limitations"' in html and 'value="1.0"' in html
    assert Character.objects.count() == 0


def test_an_anima_actor_previews_its_numbers(user):
    upload = SimpleUploadedFile("guardia.json", json.dumps(NPC).encode())

    html = client_for(user).post("/characters/import/anima/", {"file": upload, "format": "foundry-anima"})
    html = html.content.decode()

    assert '<dt class="col-7 fw-normal">Parada</dt><dd class="col-5 text-end mb-1">70</dd>' in html
    assert "<li>Espada larga · daño" in html


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"<CHARACTER><broken>", "El archivo no es XML bien formado."),
        ((ORACLES / "superhero_5e.hdc").read_bytes(), "Es un personaje de 5ª edición"),
    ],
)
def test_a_bad_file_says_what_is_wrong_and_creates_nothing(user, content, message):
    page = client_for(user).post(
        "/characters/import/hero/", {"file": SimpleUploadedFile("x.hdc", content), "format": "hero-designer"}
    )

    assert page.status_code == 400
    assert message in page.content.decode()
    assert Character.objects.count() == 0


def test_a_format_of_another_system_is_not_offered(user):
    page = client_for(user).post(
        "/characters/import/hero/", {"file": SimpleUploadedFile("x.json", b"{}"), "format": "foundry-anima"}
    )

    assert page.status_code == 400
    assert Character.objects.count() == 0


def test_a_system_without_importers_has_no_import_page(user):
    assert client_for(user).get("/characters/import/msh/").status_code == 404


def test_the_import_page_speaks_english(user):
    client = client_for(user)
    client.cookies["django_language"] = "en"
    page = client.post(
        "/characters/import/hero/", {"file": hdc(), "format": "hero-designer"}, HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    assert '<h1 class="h3 mb-3">Import a sheet</h1>' in page
    assert "<strong>Flight</strong>: The Hero sheet does not model this power (FLIGHT)." in page
    assert "Edit in the builder" in page and "Not imported (3)" in page
    assert '<dt class="col-3 fw-normal">DEX</dt>' in page
