"""The Anima sheet's pages: the builder (every field, rows added and removed, the engine's
per-field errors, derived numbers, saving), the read-only sheet, and JSON export and import."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from characters.models import Character
from characters.systems.anima import AnimaForm
from rules.anima.examples import EXAMPLES, SWORDSWOMAN, WIZARD

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_of(sheet: dict, **extra) -> dict:
    """The builder's fields for a sheet, as the page posts them."""
    form = AnimaForm.from_sheet(sheet)
    data = {key: value for key, value in form.fields.items() if not isinstance(value, bool | list)}
    data.update({key: "on" for key, value in form.fields.items() if value is True})
    data["wielding"] = form.fields["wielding"]
    data["system"] = "anima"
    for section, rows in form.rows.items():
        data[f"{section}-count"] = str(len(rows))
        for i, row in enumerate(rows):
            for key, value in row.items():
                if value is True:
                    data[f"{section}-{i}-{key}"] = "on"
                elif value is not False:
                    data[f"{section}-{i}-{key}"] = value
    data.update(extra)
    return data


@pytest.mark.parametrize("sheet", EXAMPLES, ids=lambda s: s["name"])
def test_the_builder_form_gives_back_every_example_sheet_as_the_engine_stores_it(sheet):
    from rules.anima.sheet import check

    class Post(dict):
        def getlist(self, key):
            value = self.get(key, [])
            return value if isinstance(value, list) else [value]

    rebuilt = AnimaForm.from_post(Post(post_of(sheet))).sheet()
    assert check(rebuilt).errors == ()
    assert check(rebuilt).sheet == check(sheet).sheet


def test_the_character_list_offers_a_new_anima_character(user):
    response = client_for(user).get("/characters/")
    assert b"/characters/new/?system=anima" in response.content


def test_the_blank_builder_shows_every_field_of_the_sheet(user):
    response = client_for(user).get("/characters/new/?system=anima")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("attack", "defense", "defense_kind", "magic_projection", "psychic_projection", "initiative",
                 "hit_points", "dexterity_modifier", "reflex_resistance", "armor", "perception", "movement",
                 "magic_shield", "psychic_shield", "notes", "concept", "physical_resistance", "constitution",
                 "medicine"):  # fmt: skip
        assert f'name="{name}"' in html, name
    assert 'value="add:weapons"' in html and 'value="add:powers"' in html


def test_adding_and_removing_rows_changes_the_form_and_stores_nothing(user):
    client = client_for(user)
    added = client.post("/characters/new/", post_of(SWORDSWOMAN, op="add:weapons"))
    assert added.status_code == 200
    assert 'name="weapons-2-name"' in added.content.decode()
    removed = client.post("/characters/new/", post_of(SWORDSWOMAN, op="remove:weapons:0"))
    html = removed.content.decode()
    assert 'name="weapons-1-name"' not in html and 'value="Daga"' in html
    powers = client.post("/characters/new/", post_of(WIZARD, op="add:powers"))
    assert 'name="powers-2-name"' in powers.content.decode()
    assert not Character.objects.exists()


def test_a_live_check_answers_the_form_with_the_derived_numbers(user):
    response = client_for(user).post("/characters/new/", post_of(SWORDSWOMAN), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith("<form")
    # Capacidad de Ataque 32: one extra attack per 10 points (Atacar) → 4 a turn.
    assert 'id="derived-attacks"' in html and ">4</dd>" in html
    assert 'id="sheet-valid"' in html


def test_the_engines_errors_appear_beside_their_fields_and_nothing_is_saved(user):
    data = post_of(SWORDSWOMAN, attack="mucho", save="1")
    data["weapons-0-damage"] = "-3"
    response = client_for(user).post("/characters/new/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="not-saved"' in html
    assert 'id="err-attack"' in html and "Debe ser un número entero de 0 a 999." in html
    assert "Daño: Debe ser un número entero de 0 a 9999." in html
    assert not Character.objects.exists()


def test_saving_a_valid_sheet_stores_it_and_shows_the_sheet(user):
    client = client_for(user)
    response = client.post("/characters/new/", post_of(WIZARD, save="1"))
    character = Character.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/characters/{character.pk}/"
    assert character.system == "anima" and character.sheet["powers"][1]["name"] == "Bola de fuego"
    page = client.get(response["Location"]).content.decode()
    assert "Darius" in page and "Bola de fuego" in page and "Bastón" in page
    assert 'id="derived-defenses"' in page and "Mágica 30" in page


def test_editing_a_stored_character_starts_from_its_sheet(user):
    character = Character.objects.create(owner=user, name="Celia", sheet=SWORDSWOMAN, system="anima")
    client = client_for(user)
    page = client.get(f"/characters/{character.pk}/edit/").content.decode()
    assert 'value="Espada larga"' in page and 'value="32"' in page
    saved = client.post(f"/characters/{character.pk}/edit/", post_of(SWORDSWOMAN, attack="40", save="1"))
    assert saved.status_code == 302
    character.refresh_from_db()
    assert character.sheet["attack"] == 40


def test_export_then_import_gives_back_the_same_anima_sheet(user):
    client = client_for(user)
    client.post("/characters/new/", post_of(WIZARD, save="1"))
    first = Character.objects.get()
    exported = client.get(f"/characters/{first.pk}/export/")
    assert exported.status_code == 200 and exported.json() == first.sheet
    upload = SimpleUploadedFile("darius.json", json.dumps({**exported.json(), "name": "Darius II"}).encode())
    imported = client.post("/characters/import/", {"file": upload})
    copy = Character.objects.exclude(pk=first.pk).get()
    assert imported.status_code == 302 and copy.system == "anima"
    assert {**copy.sheet, "name": "Darius"} == first.sheet


def test_an_invalid_anima_import_is_refused_and_creates_nothing(user):
    bad = {**SWORDSWOMAN, "hit_points": 0}
    response = client_for(user).post(
        "/characters/import/", {"file": SimpleUploadedFile("x.json", json.dumps(bad).encode())}
    )
    assert response.status_code == 400
    assert not Character.objects.exists()


def test_a_sheet_that_does_not_say_what_is_in_hand_shows_the_engines_default_ticked():
    form = AnimaForm.from_sheet(WIZARD)
    assert form.fields["wielding"] == ["Bastón"]
    assert form.sheet()["wielding"] == ["Bastón"]


def test_unticking_every_weapon_leaves_the_hands_empty(user):
    data = post_of(SWORDSWOMAN, save="1")
    data.pop("wielding")
    client_for(user).post("/characters/new/", data)
    assert Character.objects.get().sheet["wielding"] == []


def test_a_weapon_renamed_since_the_page_was_drawn_is_no_longer_in_hand_under_its_old_name(user):
    data = post_of(SWORDSWOMAN)
    data["weapons-0-name"] = "Mandoble"
    html = client_for(user).post("/characters/new/", data, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="sheet-valid"' in html and 'value="Mandoble"' in html


def test_the_numbers_of_the_estado_de_vida_y_muerte_are_saved_and_shown(user):
    client = client_for(user)
    data = post_of(SWORDSWOMAN, physical_resistance="7", constitution="8", medicine="4", save="1")
    response = client.post("/characters/new/", data)
    character = Character.objects.get()
    assert response.status_code == 302
    assert (
        character.sheet["physical_resistance"],
        character.sheet["constitution"],
        character.sheet["medicine"],
    ) == (
        7,
        8,
        4,
    )
    page = client.get(response["Location"]).content.decode()
    assert "Resistencia Física" in page and "Constitución" in page and "Medicina" in page


def test_a_constitution_out_of_range_is_refused_beside_its_field(user):
    response = client_for(user).post("/characters/new/", post_of(SWORDSWOMAN, constitution="0", save="1"))
    assert response.status_code == 400 and not Character.objects.exists()
    html = response.content.decode()
    assert (
        'id="field-constitution"' in html and "de 1 a 20" in html.split('id="field-constitution"')[1][:1500]
    )
