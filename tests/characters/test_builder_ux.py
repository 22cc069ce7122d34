"""What the builder shows besides the rules' verdict: what things cost, what conversions did,
the picks, the banner after a refused save, the phone layout, and a builder per system."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters.models import Character
from tests.characters.helpers import form_data, make_character, nova, over_budget_powers
from tests.characters.html_parts import element

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def live(user, sheet: dict, **extra) -> str:
    return client_for(user).post("/characters/new/", form_data(sheet, **extra), **HTMX).content.decode()


# --- Equipment shows its cost ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("archetype", "item", "cost"),
    [
        # LISTA DE VENTAJAS: "1 pto en equipo daría dos objetos mundanos".
        (None, {"kind": "mundane", "name": "Cuerda", "power": None, "armor": False}, "Cuesta ½ de ventaja"),
        # Equipo especial: 1 point, or the power's cost when higher.
        (None, {"kind": "special", "name": "Mochila cohete", "power": "volar", "armor": False},
         "Cuesta 1 de equipo especial"),
        # Artista marcial: defensive equipment "le cuestan el doble de puntos".
        ("artista-marcial", {"kind": "mundane", "name": "Chaleco", "power": None, "armor": True},
         "Cuesta 1 de ventaja"),
        # A shield is "equipo … defensivo" too (seed l.411).
        ("artista-marcial", {"kind": "mundane", "name": "Rodela", "power": None, "armor": False, "shield": True},
         "Cuesta 1 de ventaja"),
        (None, {"kind": "mundane", "name": "Rodela", "power": None, "armor": False, "shield": True},
         "Cuesta ½ de ventaja"),
    ],
)  # fmt: skip
def test_each_equipment_item_shows_what_it_costs(user, archetype, item, cost):
    body = live(user, nova(archetype=archetype, equipment=[item]))

    assert cost in element(body, "cost-equipment-0")


def test_mundane_equipment_shows_in_the_advantage_budget(user):
    item = {"kind": "mundane", "name": "Cuerda", "power": None, "armor": False}

    body = live(user, nova(equipment=[item, {**item, "name": "Linterna"}]))

    advantages = element(body, "budget-advantages")
    assert "1 en equipo mundano" in advantages
    assert '<span class="spent">3</span> / <span class="available">2</span>' in advantages


def test_an_equipment_row_without_a_name_says_it_does_not_count_yet(user):
    body = live(user, nova(), op="add:equipment")

    assert "Ponle nombre para que cuente" in element(body, "cost-equipment-0")
    assert "equipo mundano" not in element(body, "budget-advantages")


def test_the_sheet_shows_each_items_cost_too(user):
    item = {"kind": "mundane", "name": "Cuerda", "power": None, "armor": False}
    character = make_character(user, sheet=nova(advantages=nova()["advantages"][:1], equipment=[item, item]))

    page = client_for(user).get(f"/characters/{character.pk}/").content.decode()

    assert "cuesta ½ de ventaja" in element(page, "equipment")
    assert "1 en equipo mundano" in element(page, "budget-advantages")


# --- Conversions are shown as conversions ----------------------------------------------------------------


def traded_sheet() -> dict:
    """Nova without Volar and with two more skills at 1: ½ power point → 1 skill point, twice."""
    sheet = nova()
    sheet["powers"] = [p for p in sheet["powers"] if p["power"] != "volar"]
    sheet["skills"] += [{"skill": "atletismo", "value": 1}, {"skill": "medicina", "value": 1}]
    return sheet


def test_a_traded_power_point_shows_as_a_conversion_in_the_budget(user):
    body = live(user, traded_sheet())

    assert "La ficha cumple las reglas." in element(body, "error-summary")
    assert "1 punto de poder → 2 puntos de habilidad" in element(body, "conversions")
    assert "1 convertido" in element(body, "budget-powers")
    assert "+2 por conversión" in element(body, "budget-skills")


def test_the_sheet_shows_the_conversion_too(user):
    character = make_character(user, sheet=traded_sheet())

    page = client_for(user).get(f"/characters/{character.pk}/").content.decode()

    assert "1 punto de poder → 2 puntos de habilidad" in element(page, "conversions")
    assert "1 convertido" in element(page, "budget-powers")


def test_a_budget_without_trades_has_no_conversion_notes(user):
    body = live(user, nova())

    assert not element(body, "conversions")
    assert "convertido" not in element(body, "budget")


# --- The banner after a refused save ------------------------------------------------------------------------


def test_the_not_saved_banner_stays_while_errors_remain_and_goes_once_the_sheet_is_legal(user):
    refused = client_for(user).post("/characters/new/", form_data(over_budget_powers(), save="1"))
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "No se ha guardado nada" in element(page, "not-saved")
    assert 'name="refused" value="1"' in page

    still_wrong = live(user, over_budget_powers(), refused="1")
    assert "No se ha guardado nada" in element(still_wrong, "not-saved")

    fixed = live(user, nova(), refused="1")
    assert not element(fixed, "not-saved")
    assert 'name="refused"' not in fixed
    assert not Character.objects.exists()


def test_a_live_check_never_shows_the_banner_before_a_save(user):
    assert not element(live(user, over_budget_powers()), "not-saved")


# --- Picks and wording -----------------------------------------------------------------------------------------


def test_chosen_maneuvers_stay_listed_above_the_search(user):
    body = live(user, nova())

    chosen = element(body, "chosen-maneuvers")
    assert re.search(r'<label [^>]*for="maneuver-iniciativa-mejorada"[^>]*>Iniciativa mejorada', chosen)
    assert 'for="maneuver-desenfunda-rapido"' in chosen


def test_no_maneuver_chosen_says_so(user):
    assert "Ninguna elegida todavía." in element(live(user, nova(maneuvers=[])), "chosen-maneuvers")


def test_the_missing_name_error_carries_no_rule_tag(user):
    body = live(user, nova(name=""))

    summary = element(body, "error-list")
    assert "Ponle un nombre al personaje." in summary
    assert "(NIVEL)" not in summary


def test_other_errors_keep_their_rule_section(user):
    assert "(Lista de poderes)" in element(live(user, over_budget_powers()), "error-list")


# --- On a phone --------------------------------------------------------------------------------------------------


def test_the_builder_has_a_compact_budget_bar_that_follows_the_checks(user):
    body = live(user, over_budget_powers())

    bar = element(body, "budget-bar")
    assert "d-lg-none" in bar
    assert re.search(r'id="bar-powers"[^>]*>.*?4/3', bar, re.S)
    assert "text-danger" in element(body, "bar-powers")
    assert "1 error" in bar
    assert "válida" in element(live(user, nova()), "budget-bar")


def test_skill_selects_never_grow_wider_than_their_row(user):
    body = live(user, nova())

    for index in range(len(nova()["skills"])):
        select = re.search(rf'<select class="([^"]*)" id="skills-{index}-skill"', body)
        assert "mw-100" in select.group(1).split()


# --- A builder per system ----------------------------------------------------------------------------------------


def test_the_epic20_pages_come_from_its_own_template_folder(user):
    character = make_character(user)
    client = client_for(user)

    builder = client.get(f"/characters/{character.pk}/edit/")
    sheet = client.get(f"/characters/{character.pk}/")

    assert "characters/epic20/builder.html" in [t.name for t in builder.templates]
    assert "characters/epic20/sheet.html" in [t.name for t in sheet.templates]


@pytest.mark.parametrize("url", ["/characters/{pk}/", "/characters/{pk}/edit/"])
def test_a_character_of_a_system_without_pages_gets_a_clear_page(user, url):
    character = make_character(user)
    Character.objects.filter(pk=character.pk).update(system="sin-paginas")

    response = client_for(user).get(url.format(pk=character.pk))

    assert response.status_code == 404
    assert "«sin-paginas»" in element(response.content.decode(), "no-pages")


@pytest.mark.parametrize("system", ["sin-paginas", "../epic20", "Epic20", "a" * 40])
def test_a_new_character_of_a_system_without_a_builder_gets_the_clear_page(user, system):
    response = client_for(user).get("/characters/new/", {"system": system})

    assert response.status_code == 404
    assert "Este sistema no tiene constructor" in response.content.decode()


def test_the_builder_for_a_new_epic20_character_is_the_default(user):
    assert client_for(user).get("/characters/new/", {"system": "epic20"}).status_code == 200


def test_the_new_texts_speak_english_when_the_page_does(user):
    item = {"kind": "mundane", "name": "Rope", "power": None, "armor": False}
    client = client_for(user)

    body = client.post(
        "/characters/new/",
        form_data(traded_sheet() | {"equipment": [item]}),
        HTTP_ACCEPT_LANGUAGE="en",
        **HTMX,
    ).content.decode()

    assert "Costs ½ advantage" in element(body, "cost-equipment-0")
    assert "1 power point → 2 skill" in element(body, "conversions")
    assert "½ on mundane equipment" in element(body, "budget-advantages")
    assert "Pow." in element(body, "bar-powers")


def test_the_catalogue_lists_follow_each_answers_choices(user):
    first = live(
        user, nova(maneuvers=[{"maneuver": "desenfunda-rapido", "detail": "pistola"}]), shown="maneuver"
    )
    second = live(user, nova(maneuvers=["iniciativa-mejorada"]), shown="maneuver")
    again = live(
        user, nova(maneuvers=[{"maneuver": "desenfunda-rapido", "detail": "pistola"}]), shown="maneuver"
    )

    def checked(body, slug):
        return " checked" in re.search(rf'<input [^>]*id="maneuver-{slug}"[^>]*>', body).group(0)

    assert checked(first, "desenfunda-rapido") and not checked(first, "iniciativa-mejorada")
    assert checked(second, "iniciativa-mejorada") and not checked(second, "desenfunda-rapido")
    assert 'value="pistola"' in element(first, "maneuver-detail-desenfunda-rapido")
    assert 'value=""' in element(second, "maneuver-detail-desenfunda-rapido")
    assert checked(again, "desenfunda-rapido") and 'value="pistola"' in again
