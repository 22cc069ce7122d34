"""Equipment properties in the builder (MANIOBRAS DE COMBATE, Reglas de equipo): each item's
optional booleans and detail, the engine's refusals next to their field, the weapon picked for
Fineza con un arma / Ojo agudo, and the round trip of all of it through save, export and import."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.http import QueryDict
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from characters.models import Character
from characters.systems.epic20_form import BuilderForm
from rules.epic20.messages import MESSAGES
from rules.epic20.sheet import EQUIPMENT_FLAGS
from tests.characters.helpers import form_data, nova
from tests.characters.html_parts import element
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ITEM = {"kind": "special", "name": "Alabarda", "power": None, "armor": False}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def live(user, sheet: dict, **extra) -> str:
    response = client_for(user).post("/characters/new/", form_data(sheet, **extra), **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def with_items(*items, **changes) -> dict:
    sheet = nova(**changes)
    sheet["equipment"] = [dict(item) for item in items]
    return sheet


# --- The fields ------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", EQUIPMENT_FLAGS)
def test_every_equipment_row_offers_each_property_as_a_checkbox(user, key):
    body = live(user, with_items(ITEM))

    box = element(body, f"equipment-0-{key}")
    assert 'type="checkbox"' in box
    assert f'name="equipment-0-{key}"' in box
    assert f'for="equipment-0-{key}"' in element(body, f"field-equipment-0-{key}")


def test_every_equipment_row_offers_a_detail_box(user):
    body = live(user, with_items({**ITEM, "detail": "filo de obsidiana"}))

    assert 'value="filo de obsidiana"' in element(body, "equipment-0-detail")


@pytest.mark.parametrize("key", EQUIPMENT_FLAGS)
def test_a_property_set_on_the_sheet_is_ticked_in_the_builder(user, key):
    extra = {"ranged": True} if key == "burst" else {}
    body = live(user, with_items({**ITEM, key: True, **extra}))

    assert " checked" in element(body, f"equipment-0-{key}")


# --- The engine's refusals, next to their field ------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "advantages", "field", "code"),
    [
        # "arma de ráfaga … (de distancia)"
        ({"burst": True}, None, "burst", "equipment.burst_needs_ranged"),
        # alcance extendido is "de cuerpo a cuerpo"
        ({"reach": True, "ranged": True}, None, "reach", "equipment.reach_is_melee"),
        # "un escudo embrazado": on one arm, no two-handed weapon, no ranged one
        ({"shield": True, "two_handed": True}, None, "shield", "equipment.shield_two_handed"),
        ({"shield": True, "ranged": True}, None, "shield", "equipment.shield_ranged"),
        # Nave espacial: "puede comprar equipo especial para la nave espacial"
        ({"for_spaceship": True}, None, "for_spaceship", "equipment.no_spaceship"),
        ({"for_spaceship": True, "kind": "mundane"}, [{"advantage": "nave-espacial", "points": 2}],
         "for_spaceship", "equipment.spaceship_special_only"),
    ],
)  # fmt: skip
def test_each_refused_property_shows_the_engines_message_next_to_its_checkbox(
    user, item, advantages, field, code
):
    changes = {"advantages": advantages} if advantages else {}
    body = live(user, with_items({**ITEM, **item}, **changes))

    slot = element(body, f"err-equipment-0-{field}")
    assert MESSAGES[code][0] in slot
    box = element(body, f"equipment-0-{field}")
    assert "is-invalid" in box
    assert f'aria-describedby="err-equipment-0-{field}"' in box
    assert f'href="#field-equipment-0-{field}"' in element(body, "error-list")


@pytest.mark.parametrize("key", EQUIPMENT_FLAGS)
def test_a_property_that_is_neither_ticked_nor_clear_is_refused_at_its_field(user, key):
    data = form_data(with_items(ITEM))
    data[f"equipment-0-{key}"] = "quizás"

    body = client_for(user).post("/characters/new/", data, **HTMX).content.decode()

    assert MESSAGES[f"equipment.invalid_{key}"][0] in element(body, f"err-equipment-0-{key}")


def test_a_refused_property_stores_nothing(user):
    response = client_for(user).post(
        "/characters/new/", form_data(with_items({**ITEM, "burst": True}), save="1")
    )

    assert response.status_code == 400
    assert not Character.objects.exists()


def test_a_property_that_agrees_leaves_its_slot_empty(user):
    body = live(user, with_items({**ITEM, "reach": True, "two_handed": True}))

    assert (
        element(body, "err-equipment-0-reach")
        == '<div id="err-equipment-0-reach" class="field-errors"></div>'
    )


# --- The round trip -------------------------------------------------------------------------------------


def armed_sheet() -> dict:
    """Nova with a halberd (reach, two-handed) and an oak shield instead of Contactos: legal."""
    sheet = nova(advantages=[{"advantage": "excelente-piloto", "points": 1}])
    sheet["equipment"] = [
        {
            "kind": "mundane",
            "name": "Alabarda",
            "power": None,
            "armor": False,
            "two_handed": True,
            "reach": True,
        },
        {
            "kind": "mundane",
            "name": "Rodela",
            "power": None,
            "armor": False,
            "shield": True,
            "detail": "de roble",
        },
    ]
    return sheet


def test_a_builder_sheet_with_properties_saves_them_and_opens_them_again(user):
    client = client_for(user)

    response = client.post("/characters/new/", form_data(armed_sheet(), save="1"))

    assert response.status_code == 302, response.content.decode()[:2000]
    character = Character.objects.get()
    assert character.sheet["equipment"] == armed_sheet()["equipment"]
    builder = client.get(f"/characters/{character.pk}/edit/").content.decode()
    assert " checked" in element(builder, "equipment-0-reach")
    assert " checked" in element(builder, "equipment-0-two_handed")
    assert " checked" not in element(builder, "equipment-0-shield")
    assert 'value="de roble"' in element(builder, "equipment-1-detail")


def test_export_then_import_keeps_every_property_and_detail(user):
    """The file a player exports, imported by a friend, is the same sheet."""
    client = client_for(user)
    client.post("/characters/new/", form_data(armed_sheet(), save="1"))
    original = Character.objects.get()

    exported = client.get(f"/characters/{original.pk}/export/")
    upload = io.BytesIO(exported.content)
    upload.name = "alabarda.json"
    imported = client_for(UserFactory()).post("/characters/import/", {"file": upload})

    assert imported.status_code == 302, imported.content.decode()[:2000]
    copy = Character.objects.exclude(pk=original.pk).get()
    assert copy.sheet == original.sheet
    assert json.loads(exported.content)["equipment"] == armed_sheet()["equipment"]


flag_sets = st.fixed_dictionaries(
    {},
    optional={key: st.just(True) for key in EQUIPMENT_FLAGS if key != "armor"},
).filter(
    lambda flags: (
        not (
            ("burst" in flags and "ranged" not in flags)
            or ("reach" in flags and "ranged" in flags)
            or ("shield" in flags and ("two_handed" in flags or "ranged" in flags))
        )
    )
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    flags=flag_sets,
    armor=st.booleans(),
    kind=st.sampled_from(["special", "mundane"]),
    detail=st.text(alphabet="abcdefghij ñá", max_size=20).map(str.strip),
)
def test_the_form_gives_back_the_equipment_it_was_opened_with(flags, armor, kind, detail):
    item = {"kind": kind, "name": "Objeto", "power": None, "armor": armor, **flags}
    if detail:
        item["detail"] = detail
    sheet = nova(equipment=[item])

    assert BuilderForm.from_sheet(sheet).sheet()["equipment"] == [item]


# --- The weapon Fineza con un arma and Ojo agudo choose ---------------------------------------------------------


def swordsman(detail: str = "") -> dict:
    sheet = nova(
        maneuvers=[{"maneuver": "fineza-con-un-arma", "detail": detail} if detail else "fineza-con-un-arma"]
    )
    sheet["powers"] = [{"power": "ataque-especial-cuerpo-a-cuerpo", "modifiers": [], "detail": "garras"}]
    sheet["equipment"] = [
        {"kind": "mundane", "name": "Estoque", "power": None, "armor": False},
        {"kind": "mundane", "name": "Mandoble", "power": None, "armor": False, "two_handed": True},
        {"kind": "mundane", "name": "Ballesta", "power": None, "armor": False, "ranged": True},
    ]
    return sheet


def options_of(select: str) -> list[str]:
    return re.findall(r'<option value="([^"]*)"', select)


def test_fineza_offers_the_one_handed_melee_weapons_and_attack_powers_of_the_sheet(user):
    body = live(user, swordsman())

    select = element(body, "maneuver-detail-fineza-con-un-arma")
    # "con un arma cuerpo a cuerpo que no sea a dos manos": no Mandoble, no Ballesta.
    assert options_of(select) == ["", "Estoque", "ataque-especial-cuerpo-a-cuerpo"]
    assert "Ataque especial cuerpo a cuerpo (garras)" in select


def test_ojo_agudo_offers_the_single_shot_ranged_weapons(user):
    body = live(user, swordsman(), shown="maneuver")

    select = element(body, "maneuver-detail-ojo-agudo")
    # This sheet has no ranged power: only the crossbow fits.
    assert options_of(select) == ["", "Ballesta"]


def test_the_chosen_weapon_is_selected_and_saved_as_the_maneuvers_detail(user):
    body = live(
        user, swordsman(), **{"maneuver-detail-fineza-con-un-arma": "ataque-especial-cuerpo-a-cuerpo"}
    )

    assert '<option value="ataque-especial-cuerpo-a-cuerpo" selected>' in element(
        body, "maneuver-detail-fineza-con-un-arma"
    )
    form = BuilderForm.from_post(
        _querydict(form_data(swordsman(), **{"maneuver-detail-fineza-con-un-arma": "Estoque"}))
    )
    assert form.sheet()["maneuvers"] == [{"maneuver": "fineza-con-un-arma", "detail": "Estoque"}]


def test_a_detail_that_names_no_fitting_weapon_is_kept_and_marked(user):
    body = live(user, swordsman(detail="Mandoble"))

    select = element(body, "maneuver-detail-fineza-con-un-arma")
    assert '<option value="Mandoble" selected>Mandoble (no encaja)</option>' in select


def test_without_any_fitting_weapon_the_select_says_so(user):
    sheet = swordsman()
    sheet["equipment"] = sheet["equipment"][1:2]
    sheet["powers"] = []

    select = element(live(user, sheet), "maneuver-detail-fineza-con-un-arma")

    assert options_of(select) == [""]
    assert "Ningún arma encaja todavía" in select


def test_the_weapon_select_speaks_english_when_the_page_does(user):
    body = (
        client_for(user)
        .post("/characters/new/", form_data(swordsman()), HTTP_ACCEPT_LANGUAGE="en", **HTMX)
        .content.decode()
    )

    assert "Chosen weapon" in element(body, "weapon-fineza-con-un-arma")
    assert "Two-handed" in element(body, "field-equipment-1-two_handed")


def _querydict(data: dict) -> QueryDict:
    query = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            query.setlist(key, value)
        else:
            query[key] = value
    return query
