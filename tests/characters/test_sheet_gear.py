"""The sheet page shows each item's properties, the weapon Fineza con un arma / Ojo agudo chose
with the bonus it rolls, and the narrative numbers the sheet implies (`Derived.narrative`)."""

from __future__ import annotations

import pytest
from django.test import Client

from characters.models import Character
from tests.characters.helpers import make_character, nova
from tests.characters.html_parts import element

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def sheet_page(user, sheet: dict, **headers) -> str:
    """The sheet page of a character holding `sheet` as stored (legal or not: a GM may waive)."""
    character = make_character(user)
    Character.objects.filter(pk=character.pk).update(sheet=sheet)
    response = client_for(user).get(f"/characters/{character.pk}/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def armed() -> dict:
    sheet = nova(maneuvers=["fineza-con-un-arma", {"maneuver": "ojo-agudo", "detail": "Ballesta"}])
    sheet["equipment"] = [
        {"kind": "special", "name": "Estoque", "power": None, "armor": False, "detail": "de Toledo"},
        {
            "kind": "mundane",
            "name": "Mandoble",
            "power": None,
            "armor": False,
            "two_handed": True,
            "reach": True,
        },
        {"kind": "mundane", "name": "Ballesta", "power": None, "armor": False, "ranged": True},
        {"kind": "mundane", "name": "Rodela", "power": None, "armor": True, "shield": True},
    ]
    return sheet


@pytest.mark.parametrize(
    ("item", "shown", "hidden"),
    [
        (0, [], ["A dos manos", "Escudo"]),
        (1, ["A dos manos", "Alcance extendido"], ["A distancia", "Escudo"]),
        (2, ["A distancia"], ["A dos manos"]),
        (3, ["Armadura", "Escudo"], ["A distancia"]),
    ],
)
def test_each_item_shows_its_own_properties(user, item, shown, hidden):
    row = element(sheet_page(user, armed()), f"item-{item}")

    for label in shown:
        assert f">{label}</span>" in row
    for label in hidden:
        assert f">{label}</span>" not in row


def test_an_items_detail_is_shown_with_it(user):
    assert "de Toledo" in element(sheet_page(user, armed()), "item-0")


def test_the_chosen_weapons_are_shown_with_the_bonus_they_roll(user):
    page = sheet_page(user, armed())

    # Fineza: the first one-handed melee weapon, special: Agilidad 1 × 8.
    assert "Arma elegida: Estoque (ataque cuerpo a cuerpo +8, con Agilidad)" in element(
        page, "maneuver-fineza-con-un-arma"
    )
    # Ojo agudo names the crossbow, a mundane weapon: min(Agilidad 1, ½) × 8.
    assert "Arma elegida: Ballesta (ataque a distancia +4, con Agilidad)" in element(
        page, "maneuver-ojo-agudo"
    )


def test_a_maneuver_without_a_fitting_weapon_shows_its_detail_as_written(user):
    sheet = nova(maneuvers=[{"maneuver": "fineza-con-un-arma", "detail": "Mandoble"}])
    sheet["powers"] = []

    item = element(sheet_page(user, sheet), "maneuver-fineza-con-un-arma")

    assert "Fineza con un arma: Mandoble" in item
    assert "Arma elegida" not in item


@pytest.mark.parametrize(
    ("changes", "slug", "text"),
    [
        # Crecer: "Su tamaño aumenta 1/2 metro x nivel": level 8, 4 m.
        ({"powers": [{"power": "crecer", "modifiers": []}]}, "crecer", "crece 4 m"),
        ({"level": 9, "powers": [{"power": "crecer", "modifiers": []}]}, "crecer", "crece 4,5 m"),
        # Excelente atleta: "salta el doble, corre el doble".
        ({"advantages": [{"advantage": "excelente-atleta", "points": 1}]}, "excelente-atleta", "corre el doble"),
        # Masa de músculos: "levantar el doble de peso".
        ({"archetype": "masa-de-musculos"}, "masa-de-musculos", "levanta el doble"),
        # Ayudante: "de nivel la mitad del personaje".
        ({"advantages": [{"advantage": "ayudante", "points": 1}]}, "ayudante", "Ayudante de nivel 4"),
        # Base secreta: "Base de 1000 metros por punto".
        ({"advantages": [{"advantage": "base-secreta", "points": 2}]}, "base-secreta", "2000 metros"),
    ],
)  # fmt: skip
def test_the_sheet_shows_each_narrative_number(user, changes, slug, text):
    assert text in element(sheet_page(user, nova(**changes)), f"narrative-{slug}")


def test_a_sheet_without_narrative_effects_has_no_such_section(user):
    assert 'id="narrative"' not in sheet_page(user, nova())


def test_the_sheets_new_parts_speak_english_when_the_page_does(user):
    sheet = armed()
    sheet["powers"].append({"power": "crecer", "modifiers": []})

    page = sheet_page(user, sheet, HTTP_ACCEPT_LANGUAGE="en")

    assert "Chosen weapon: Estoque (melee attack +8, with Agility)" in element(
        page, "maneuver-fineza-con-un-arma"
    )
    assert ">Two-handed</span>" in element(page, "item-1")
    assert "grows 4 m" in element(page, "narrative-crecer")
    assert "Narrative effects" in page
