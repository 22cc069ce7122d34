"""The rule tags of the Hero, MSH and Anima character pages in the page's language: a builder
error and a stored sheet's error name the section of the system's document in English on an
English page (rules/<slug>/section_names.py) and as the seed names it on a Spanish one, while
the API keeps the seed's name (docs/api.md: `rule` names the section of the rule document)."""

from __future__ import annotations

import pytest
from django.test import Client

from characters.models import Character
from rules.anima.examples import SWORDSWOMAN
from tests.characters import test_anima_pages as anima_pages
from tests.characters import test_hero_pages as hero_pages
from tests.characters import test_msh_pages as msh_pages
from tests.characters.html_parts import element
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ES = {"HTTP_ACCEPT_LANGUAGE": "es"}

# (system, the builder's POST with one bad field, the seed's section, its English name)
BAD_BUILDS = [
    pytest.param(
        hero_pages.post_of(hero_pages.dragon(), save="1", **{"char-body": "diez"}),
        "Valores de combate y tiradas de ataque",
        "Combat Value and Attack Rolls",
        id="hero",
    ),
    pytest.param(
        msh_pages.form_data(msh_pages.COLOSO, save="1", **{"weapons-0-combat_type": "laser"}),
        "Tipos de combate",
        "Combat types",
        id="msh",
    ),
    pytest.param(
        anima_pages.post_of(SWORDSWOMAN, attack="mucho", save="1"),
        "Atacar",
        "Attacking",
        id="anima",
    ),
]


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("data", "spanish", "english"), BAD_BUILDS)
def test_a_builder_error_names_its_section_in_the_pages_language(data, spanish, english):
    client = client_for(UserFactory())

    english_page = client.post("/characters/new/", data, **EN)
    spanish_page = client.post("/characters/new/", data, **ES)

    assert english_page.status_code == spanish_page.status_code == 400
    assert f"({english})" in element(english_page.content.decode(), "error-list")
    assert spanish not in element(english_page.content.decode(), "error-list")
    assert f"({spanish})" in element(spanish_page.content.decode(), "error-list")
    assert not Character.objects.exists()


# A stored sheet the engine no longer accepts (edited by hand, or by an older version).
BROKEN_SHEETS = [
    pytest.param(
        "hero",
        {**hero_pages.dragon(), "attacks": "ninguno"},
        "Valores de combate y tiradas de ataque",
        "Combat Value and Attack Rolls",
        id="hero",
    ),  # fmt: skip
    pytest.param(
        "msh",
        {**msh_pages.COLOSO, "weapons": [{"name": "Rayo", "combat_type": "laser", "damage": 1}]},
        "Tipos de combate",
        "Combat types",
        id="msh",
    ),  # fmt: skip
    pytest.param("anima", {**SWORDSWOMAN, "attack": -4}, "Atacar", "Attacking", id="anima"),  # fmt: skip
]


@pytest.mark.parametrize(("system", "sheet", "spanish", "english"), BROKEN_SHEETS)
def test_a_stored_sheets_errors_name_their_section_in_the_pages_language(system, sheet, spanish, english):
    user = UserFactory()
    character = Character.objects.create(owner=user, name=sheet["name"], sheet=sheet, system=system)
    client = client_for(user)

    english_page = client.get(f"/characters/{character.pk}/", **EN).content.decode()
    spanish_page = client.get(f"/characters/{character.pk}/", **ES).content.decode()

    assert f"({english};" in element(english_page, "sheet-errors")
    assert f"({spanish};" in element(spanish_page, "sheet-errors")


@pytest.mark.parametrize(("system", "sheet", "spanish", "english"), BROKEN_SHEETS)
def test_the_api_keeps_the_seeds_section_name_in_english_too(system, sheet, spanish, english):
    client = client_for(UserFactory())

    answer = client.post("/api/v1/characters/validate/", sheet, content_type="application/json", **EN)

    assert answer.status_code == 200 and answer.json()["valid"] is False
    rules_named = {e["rule"] for e in answer.json()["errors"]}
    assert spanish in rules_named and english not in rules_named


def test_a_refused_import_names_its_rule_tags_in_the_page_language(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.factories import UserFactory

    client.force_login(UserFactory())
    bad = b'{"system": "msh", "name": "Sin nada", "abilities": {"fighting": -5}}'
    upload = SimpleUploadedFile("ficha.json", bad, content_type="application/json")
    page = client.post("/characters/import/", {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400
    html = page.content.decode()
    assert "(Character sheet)" in html and ".md" not in html
    assert "Hoja de personaje" not in html
