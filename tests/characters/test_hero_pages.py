"""The Hero System's character pages through the test client: the builder (blank, live check,
rows added and removed, per-field errors, save), the read-only sheet, and JSON export/import."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from characters import services
from characters.models import Character
from characters.systems.hero import HeroForm, slot_for
from tests.characters.html_parts import element
from tests.factories import UserFactory, campaign_for
from tests.rules.hero.helpers import BASE

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NEW = "/characters/new/?system=hero"


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def dragon(**changes) -> dict:
    sheet = copy.deepcopy(BASE)
    sheet.update(changes)
    return sheet


def post_of(sheet: dict, **extra) -> dict:
    """The builder's POST for `sheet`, as the page's fields send it."""
    form = HeroForm.from_sheet(sheet)
    data = {"system": "hero", **form.fields}
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


def test_the_list_offers_a_new_hero_character():
    page = client_for(UserFactory()).get("/characters/").content.decode()

    assert 'href="/characters/new/?system=hero"' in page


def test_the_blank_builder_has_every_characteristic_and_shows_the_derived_numbers():
    page = client_for(UserFactory()).get(NEW).content.decode()

    for key in ("str", "dex", "con", "body", "int", "ego", "pre", "pd", "ed", "spd", "rec", "end", "stun"):
        assert f'name="char-{key}"' in page
    assert 'name="system" value="hero"' in page
    assert element(page, "derived-ocv").count("3") == 1  # DEX 10 → 10/3 = 3,33 → 3
    assert "hero-acts" in element(page, "derived-phases")


def test_a_legal_sheet_posted_from_the_builder_is_saved_as_the_api_sheet():
    user = UserFactory()
    sheet = dragon(combat_levels=[{"levels": 2, "applies_to": "all"}])

    response = client_for(user).post("/characters/new/", post_of(sheet, save="1"))

    assert response.status_code == 302, response.content.decode()[:2000]
    saved = Character.objects.get(owner=user)
    assert saved.system == "hero"
    assert saved.sheet["characteristics"] == sheet["characteristics"]
    assert saved.sheet["attacks"][0]["name"] == "Puñetazo" and saved.sheet["attacks"][0]["dice"] == 3
    assert saved.sheet["combat_levels"] == [{"levels": 2, "applies_to": "all"}]


@pytest.mark.parametrize(
    ("change", "slot"),
    [
        ({"char-spd": "13"}, "char-spd"),
        ({"char-dex": "-1"}, "char-dex"),
        ({"char-body": "diez"}, "char-body"),
        ({"attacks-0-dice": "0"}, "attacks-0-dice"),
        ({"attacks-0-name": ""}, "attacks-0-name"),
        ({"rpd": "-2"}, "rpd"),
        ({"name": ""}, "name"),
    ],
)
def test_a_refused_save_stores_nothing_and_names_the_field(change, slot):
    user = UserFactory()

    response = client_for(user).post("/characters/new/", post_of(dragon(), save="1", **change))

    assert response.status_code == 400
    assert not Character.objects.filter(owner=user).exists()
    page = response.content.decode()
    assert "invalid-feedback" in element(page, f"err-{slot}")
    assert element(page, "not-saved")


def test_the_live_check_answers_the_form_with_the_new_derived_numbers():
    data = post_of(dragon(), **{"char-dex": "20", "char-spd": "6"})

    response = client_for(UserFactory()).post("/characters/new/", data, **HTMX)

    page = response.content.decode()
    assert response.status_code == 200 and page.lstrip().startswith("<form")
    assert ">7<" in element(page, "derived-ocv")  # "20/3 = 6,66, que redondea a 7"
    phases = element(page, "derived-phases")
    assert phases.count("hero-acts") == 6  # SPD 6: the even segments


def test_the_add_and_remove_buttons_change_the_rows_and_store_nothing():
    user = UserFactory()
    client = client_for(user)

    added = client.post("/characters/new/", post_of(dragon(), op="add:attacks")).content.decode()
    assert 'name="attacks-1-name"' in added and 'name="attacks-count" value="2"' in added
    levels = client.post("/characters/new/", post_of(dragon(), op="add:levels"), **HTMX).content.decode()
    assert 'name="levels-0-levels"' in levels
    removed = client.post("/characters/new/", post_of(dragon(), op="remove:attacks:0")).content.decode()
    assert 'name="attacks-0-name"' not in removed
    assert not Character.objects.filter(owner=user).exists()


def test_a_bad_op_changes_no_row():
    form = HeroForm.from_sheet(dragon())

    for op in ("remove:attacks:7", "remove:attacks:x", "add:spells", "drop:attacks:0"):
        form.apply(op)

    assert len(form.rows["attacks"]) == 1 and form.rows["levels"] == []


@pytest.mark.parametrize(
    ("path", "slot"),
    [
        ("/characteristics/spd", "char-spd"),
        ("/attacks/2/dice", "attacks-2-dice"),
        ("/combat_levels/0/applies_to", "levels-0-applies_to"),
        ("/resistant_defenses/ed", "red"),
        ("/range_levels", "range_levels"),
        ("", "sheet"),
    ],
)
def test_each_problem_path_lands_on_its_field(path, slot):
    assert slot_for(path) == slot


def test_the_form_keeps_the_sheet_it_was_made_from():
    sheet = dragon(
        mental_defense=5,
        movement=8,
        attacks=[
            {"name": "Rayo", "kind": "ranged", "dice": 8, "killing": False, "energy": True, "autofire": 5},
            {"name": "Garra", "kind": "hth", "dice": 2, "killing": True, "energy": False, "end": 3},
        ],
    )

    back = HeroForm.from_sheet(sheet).sheet()

    assert back["characteristics"] == sheet["characteristics"]
    assert back["mental_defense"] == 5 and back["movement"] == 8
    assert back["attacks"][0]["autofire"] == 5 and back["attacks"][0]["energy"] is True
    assert back["attacks"][1]["killing"] is True and back["attacks"][1]["end"] == 3


def test_the_edit_page_opens_with_the_stored_values_and_saves_changes():
    user = UserFactory()
    character = services.character_create(owner=user, sheet=dragon())
    client = client_for(user)

    page = client.get(f"/characters/{character.pk}/edit/").content.decode()
    assert 'value="Puñetazo"' in page and 'name="char-dex"' in page
    response = client.post(
        f"/characters/{character.pk}/edit/", post_of(dragon(), save="1", **{"char-str": "20"})
    )

    assert response.status_code == 302
    character.refresh_from_db()
    assert character.sheet["characteristics"]["str"] == 20


def test_the_sheet_shows_characteristics_derived_numbers_phases_and_attacks():
    user = UserFactory()
    sheet = dragon(attacks=[{"name": "Rayo", "kind": "ranged", "dice": 8, "killing": False, "energy": True}])
    character = services.character_create(owner=user, sheet=sheet)

    page = client_for(user).get(f"/characters/{character.pk}/").content.decode()

    assert ">18<" in element(page, "char-dex")
    assert ">6<" in element(page, "derived-ocv")  # 18/3
    assert ">4<" in element(page, "derived-ecv")  # EGO 11 → 3,67 → 4
    assert element(page, "derived-phases").count("hero-acts") == 4  # SPD 4: 3, 6, 9, 12
    attacks = element(page, "attacks")
    assert "Rayo" in attacks and "8d6" in attacks and "3d6" in attacks  # strike: STR 15 / 5


def test_another_player_cannot_see_the_sheet():
    character = services.character_create(owner=UserFactory(), sheet=dragon())

    response = client_for(UserFactory()).get(f"/characters/{character.pk}/")

    assert response.status_code == 404


def test_a_hero_sheet_exports_as_json_and_imports_back():
    user = UserFactory()
    character = services.character_create(owner=user, sheet=dragon(name="Dragón"))
    client = client_for(user)

    exported = client.get(f"/characters/{character.pk}/export/")
    assert exported.status_code == 200
    body = json.loads(exported.content)
    assert body["system"] == "hero" and body["characteristics"]["spd"] == 4

    other = UserFactory()
    upload = SimpleUploadedFile("dragon.json", exported.content, content_type="application/json")
    imported = client_for(other).post("/characters/import/", {"file": upload})

    assert imported.status_code == 302
    copy_ = Character.objects.get(owner=other)
    assert copy_.system == "hero" and copy_.sheet["characteristics"] == body["characteristics"]


def test_a_half_die_is_saved_from_its_checkbox_and_shown_on_the_sheet_as_n_half_d6():
    user = UserFactory()
    sheet = dragon(
        attacks=[{"name": "Cuchillo", "kind": "hth", "dice": 1, "killing": True, "half_die": True}]
    )
    sheet["characteristics"]["str"] = 13
    client = client_for(user)
    builder = client.post("/characters/new/", post_of(sheet), **HTMX).content.decode()
    assert 'name="attacks-0-half_die" checked' in builder
    assert "2½d6" in element(builder, "derived-strike")  # STR 13: 2½d6 (6E Strength Table)

    response = client.post("/characters/new/", post_of(sheet, save="1"))

    assert response.status_code == 302
    saved = Character.objects.get(owner=user)
    assert saved.sheet["attacks"][0]["half_die"] is True
    page = client.get(f"/characters/{saved.pk}/").content.decode()
    assert "1½d6" in element(page, "attacks") and "2½d6" in element(page, "attacks")


def test_a_bad_half_die_names_its_field():
    user = UserFactory()
    form = post_of(dragon(attacks=[{"name": "Rayo", "kind": "ranged", "dice": 0, "energy": True}]), save="1")

    response = client_for(user).post("/characters/new/", form)

    assert response.status_code == 400
    assert "invalid-feedback" in element(response.content.decode(), "err-attacks-0-dice")


def test_a_half_die_survives_json_export_and_import():
    user = UserFactory()
    sheet = dragon(attacks=[{"name": "Rayo", "kind": "ranged", "dice": 6, "energy": True, "half_die": True}])
    character = services.character_create(owner=user, sheet=sheet)
    exported = client_for(user).get(f"/characters/{character.pk}/export/")
    other = UserFactory()
    upload = SimpleUploadedFile("rayo.json", exported.content, content_type="application/json")

    assert client_for(other).post("/characters/import/", {"file": upload}).status_code == 302
    assert Character.objects.get(owner=other).sheet["attacks"][0]["half_die"] is True


def test_a_hero_character_joins_only_a_hero_campaign():
    user = UserFactory()
    epic = campaign_for(gm=user, name="Épica")
    hero = campaign_for(gm=user, name="Campeones", system="hero")
    client = client_for(user)

    refused = client.post("/characters/new/", post_of(dragon(), save="1", campaign=str(epic.pk)))
    saved = client.post("/characters/new/", post_of(dragon(), save="1", campaign=str(hero.pk)))

    assert refused.status_code == 400
    assert saved.status_code == 302
    assert Character.objects.get(owner=user).campaign_id == hero.pk


CHARACTERISTIC_RANGES = {"spd": (1, 12), "body": (1, 300), "stun": (1, 1000), "end": (0, 1000)}


@st.composite
def legal_sheets(draw):
    chars = {
        key: draw(st.integers(*CHARACTERISTIC_RANGES.get(key, (0, 300))))
        for key in ("str", "dex", "con", "body", "int", "ego", "pre", "pd", "ed", "spd", "rec", "end", "stun")
    }
    names = draw(st.lists(st.sampled_from(["Rayo", "Garra", "Puño", "Ráfaga"]), unique=True, max_size=3))
    attacks = [
        {
            "name": name,
            "kind": draw(st.sampled_from(["hth", "ranged"])),
            "dice": draw(st.integers(1, 30)),
            "killing": draw(st.booleans()),
            "energy": draw(st.booleans()),
            "half_die": draw(st.booleans()),
            "autofire": draw(st.sampled_from([0, 3, 5])),
        }
        for name in names
    ]
    levels = [
        {"levels": draw(st.integers(1, 30)), "applies_to": draw(st.sampled_from(["all", "hth", *names]))}
    ]
    return dragon(
        characteristics=chars, attacks=attacks, combat_levels=levels, range_levels=draw(st.integers(0, 30))
    )


@settings(max_examples=60, deadline=None)
@given(legal_sheets())
def test_any_legal_sheet_comes_back_from_the_builder_form_as_the_engine_stores_it(sheet):
    from rules.hero.system import SYSTEM

    stored = SYSTEM.check_sheet(sheet)
    again = SYSTEM.check_sheet(HeroForm.from_sheet(sheet).sheet())

    assert stored.valid and again.valid, again.errors
    assert dict(again.sheet) == dict(stored.sheet)


def test_a_killing_plus_one_is_saved_from_its_checkbox_shown_as_nd6_plus_1_and_survives_export():
    user = UserFactory()
    sheet = dragon(
        attacks=[{"name": "Pistola", "kind": "ranged", "dice": 1, "killing": True, "plus_one": True}]
    )
    client = client_for(user)
    builder = client.post("/characters/new/", post_of(sheet), **HTMX).content.decode()
    assert 'name="attacks-0-plus_one" checked' in builder

    assert client.post("/characters/new/", post_of(sheet, save="1")).status_code == 302
    saved = Character.objects.get(owner=user)
    assert saved.sheet["attacks"][0]["plus_one"] is True
    page = client.get(f"/characters/{saved.pk}/").content.decode()
    assert "1d6+1" in element(page, "attacks")
    exported = client.get(f"/characters/{saved.pk}/export/")
    other = UserFactory()
    upload = SimpleUploadedFile("pistola.json", exported.content, content_type="application/json")
    assert client_for(other).post("/characters/import/", {"file": upload}).status_code == 302
    assert Character.objects.get(owner=other).sheet["attacks"][0]["plus_one"] is True


def test_a_plus_one_on_normal_damage_names_its_own_field():
    user = UserFactory()
    attack = {"name": "Rayo", "kind": "ranged", "dice": 3, "energy": True, "plus_one": True}
    response = client_for(user).post("/characters/new/", post_of(dragon(attacks=[attack]), save="1"))

    assert response.status_code == 400
    assert "invalid-feedback" in element(response.content.decode(), "err-attacks-0-plus_one")
