"""Find a table, in the browser: a GM lists a campaign, a new player finds it in `/mesas/` on a
phone, applies with a sheet, the GM accepts, and the player is a member with the sheet attached
(and takes it into the next fight). Each page of the way is checked at a desk (1366×900) and on
a phone (390×844) for sideways scrolling; with SCREENSHOT_DIR set, each is saved there too:

    SCREENSHOT_DIR=/tmp/shots .venv/bin/pytest -p no:xdist -m e2e tests/e2e/test_find_a_table.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

DESK = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
PITCH = "Una ciudad **sin héroes**: buscamos gente que escriba dos veces por semana."


def _look(page, name: str, size: dict) -> None:
    """Nothing scrolls sideways; saved when SCREENSHOT_DIR is set."""
    page.wait_for_load_state("networkidle")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size["width"], f"{name} is {width} px wide"
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))
        page.screenshot(path=str(Path(folder) / f"{name}-full.png"), full_page=True)


@pytest.fixture
def cast(make_user):
    from campaigns import services as campaign_services
    from tests.characters.helpers import make_character

    gm, player = make_user(username="directora"), make_user(username="recien_llegada")
    campaign = campaign_services.campaign_create(gm=gm, name="La Liga de la Noche")
    return {"gm": gm, "player": player, "campaign": campaign, "sheet": make_character(player)}


def _gm_lists(gm_page, campaign) -> None:
    gm_page.goto(f"/campaigns/{campaign.pk}/")
    gm_page.get_by_role("link", name="Anuncio en Buscar mesa").click()
    form = gm_page.locator("#listing-form")
    form.get_by_label("Anunciar la campaña en Buscar mesa").check()
    form.get_by_label("Presentación").fill(PITCH)
    form.get_by_label("Ritmo").select_option("brisk")
    form.locator("input[name=seats]").fill("2")
    form.get_by_role("button", name="Guardar el anuncio").click()
    expect(gm_page.get_by_text("Anuncio guardado.")).to_be_visible()


def _player_applies(phone, cast) -> None:
    phone.goto("/")
    phone.get_by_role("button", name="Abrir el menú").click()
    phone.get_by_role("link", name="Buscar mesa").click()
    expect(phone.get_by_role("heading", name="Buscar mesa")).to_be_visible()
    _look(phone, "mesas-phone", PHONE)
    phone.get_by_role("link", name="La Liga de la Noche").click()
    expect(phone.locator("#pitch strong")).to_have_text("sin héroes")
    expect(phone.locator("#seats-left")).to_have_text("2 plazas libres")
    _look(phone, "mesa-phone", PHONE)
    phone.get_by_role("link", name="Quiero jugar").click()
    phone.get_by_label("Mensaje para quien dirige").fill("Hola: llevo a Nova, piloto.")
    phone.get_by_label("Ficha").select_option(str(cast["sheet"].pk))
    _look(phone, "solicitar-phone", PHONE)
    phone.get_by_role("button", name="Enviar la solicitud").click()
    expect(phone.get_by_text("Solicitud enviada.")).to_be_visible()
    expect(phone.locator("#my-applications")).to_contain_text("Pendiente")


def _gm_accepts(gm_page, campaign) -> None:
    gm_page.goto(f"/mesas/campana/{campaign.pk}/solicitudes/")
    card = gm_page.locator("#applications li").filter(has_text="recien_llegada")
    expect(card).to_contain_text("Nova")
    _look(gm_page, "solicitudes-desk", DESK)
    card.get_by_label("Nota para quien se apunta").fill("¡Bienvenida a la Liga!")
    card.get_by_role("button", name="Aceptar").click()
    expect(gm_page.get_by_text("recien_llegada ya es de la mesa.")).to_be_visible()
    expect(gm_page.locator("#seats-left")).to_contain_text("1 plaza libre")


def test_a_gm_lists_a_player_finds_applies_on_a_phone_and_is_accepted(new_page, force_login, cast):
    from campaigns.models import Membership
    from characters.models import Character
    from combat import services as combat_services

    campaign = cast["campaign"]
    gm_page = force_login(new_page(viewport=DESK), cast["gm"])
    _gm_lists(gm_page, campaign)

    phone = force_login(new_page(viewport=PHONE), cast["player"])
    _player_applies(phone, cast)
    _gm_accepts(gm_page, campaign)

    assert Membership.objects.filter(campaign=campaign, user=cast["player"], role="player").exists()
    assert Character.objects.get(pk=cast["sheet"].pk).campaign_id == campaign.pk
    phone.goto("/mesas/solicitudes/")
    expect(phone.locator("#my-applications")).to_contain_text("Aceptada")
    expect(phone.locator("#my-applications")).to_contain_text("¡Bienvenida a la Liga!")
    # Into the next fight: the sheet the player sent is theirs to bring to the table's encounter.
    encounter = combat_services.encounter_create(campaign=campaign, user=cast["gm"], name="Primera noche")
    combatant = combat_services.combatant_add(
        encounter=encounter, user=cast["player"], side="heroes", character_id=cast["sheet"].pk
    )
    phone.goto(f"/encounters/{encounter.pk}/")
    phone.get_by_role("tab", name="Combatientes").click()  # on a phone each part is a tab
    expect(phone.get_by_role("tabpanel").get_by_text(combatant.name).first).to_be_visible()


@pytest.mark.parametrize("size", {"desk": DESK, "phone": PHONE}.items(), ids=["desk", "phone"])
def test_the_directory_pages_fit_the_screen(new_page, force_login, cast, size):
    from tables import services
    from tables.services import application_create

    name, viewport = size
    campaign = cast["campaign"]
    services.listing_update(campaign=campaign, changes={"listed": True, "pitch": PITCH, "seats": 3})
    application_create(user=cast["player"], table_id=campaign.pk, message="Hola, **llevo a Nova**.",
                       character_id=cast["sheet"].pk)  # fmt: skip
    visitor = new_page(viewport=viewport)
    for page_name, path in (("mesas", "/mesas/"), ("mesa", f"/mesas/{campaign.pk}/")):
        visitor.goto(path)
        _look(visitor, f"{page_name}-{name}", viewport)
    applicant = force_login(new_page(viewport=viewport), cast["gm"])
    applicant.goto(f"/mesas/campana/{campaign.pk}/solicitudes/")
    _look(applicant, f"solicitudes-{name}", viewport)
    applicant.goto(f"/mesas/campana/{campaign.pk}/anuncio/")
    _look(applicant, f"anuncio-{name}", viewport)
    player = force_login(new_page(viewport=viewport), cast["player"])
    player.goto("/mesas/solicitudes/")
    _look(player, f"mis-solicitudes-{name}", viewport)
    newcomer = force_login(new_page(viewport=viewport), cast["gm"].__class__.objects.create_user("otra"))
    newcomer.goto(f"/mesas/{campaign.pk}/solicitar/")
    _look(newcomer, f"solicitar-{name}", viewport)
