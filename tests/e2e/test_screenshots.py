"""The fight page (as the GM and as a player) and the builder at a desk (1366×900) and on a phone
(390×844): the newest log entry is in view (on a phone, once its tab is open) and nothing scrolls
sideways. With SCREENSHOT_DIR set, each view is saved there too (the screen as it opens and the
whole page), so two versions of the site can be compared by eye:

    SCREENSHOT_DIR=/tmp/shots .venv/bin/pytest -p no:xdist -m e2e tests/e2e/test_screenshots.py
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
NEWEST = "#event-list .encounter-event:last-child"


@pytest.fixture
def table(live_url, make_user, settings):
    """The player's Nova against the GM's thug, started, a few log entries long."""
    from campaigns import services as campaign_services
    from combat import services
    from tests.characters.helpers import make_character
    from tests.combat.encounters import dice
    from tests.combat.encounters.conftest import THUG

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    dice.QUEUE[:] = [15, 3]  # Nova's initiative, the thug's
    gm, player = make_user(username="directora"), make_user(username="jugadora")
    campaign = campaign_services.campaign_create(gm=gm, name="La Liga de la Noche")
    campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    character = make_character(player, campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Emboscada en el puerto")
    services.combatant_add(encounter=encounter, user=player, side="heroes", character_id=character.pk)
    thug = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=THUG)
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    for _ in range(8):  # a log longer than one screen
        services.encounter_act(
            encounter=encounter, user=gm, action={"type": "award_hero_point", "target": thug.pk, "points": 1}
        )
    yield {"gm": gm, "player": player, "encounter": encounter}
    dice.QUEUE.clear()


def _save(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(folder) / f"{name}.png"))
    page.screenshot(path=str(Path(folder) / f"{name}-full.png"), full_page=True)


def _width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def _open_log_tab(page) -> None:
    """On a phone the log is a tab of its own."""
    tab = page.get_by_role("tab", name="Registro")
    if tab.count() and tab.is_visible():
        tab.click()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("role", ["gm", "player"])
def test_the_fight_page_keeps_the_newest_entry_in_view_and_fits(new_page, force_login, table, role, size):
    page = force_login(new_page(viewport=SIZES[size]), table[role])
    page.goto(f"/encounters/{table['encounter'].pk}/")
    page.wait_for_load_state("networkidle")
    _save(page, f"fight-{role}-{size}")
    width = _width(page)
    _open_log_tab(page)
    expect(page.locator(NEWEST)).to_be_in_viewport()
    assert width <= SIZES[size]["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("size", SIZES)
def test_the_builder_fits_the_screen(new_page, force_login, make_user, size):
    page = force_login(new_page(viewport=SIZES[size]), make_user(username="constructora"))
    page.goto("/characters/new/")
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("heading", level=1)).to_have_text("Nuevo personaje")
    _save(page, f"builder-{size}")
    width = _width(page)
    assert width <= SIZES[size]["width"], f"the builder is {width} px wide"


READ_BACK_PAGES = {
    "campaigns": lambda t: "/campaigns/",
    "characters": lambda t: "/characters/",
    "sheet": lambda t: f"/characters/{t['character'].pk}/",
    "edit": lambda t: f"/characters/{t['character'].pk}/edit/",
}


@pytest.fixture
def shelf(make_user):
    """A player with a sheet of each system in a campaign of each system."""
    from campaigns import services as campaign_services
    from characters import services
    from tests.characters.helpers import nova

    player = make_user(username="jugadora")
    characters = {"epic20": services.character_create(owner=player, sheet=nova())}
    campaign = campaign_services.campaign_create(
        gm=make_user(username="directora"), name="La Liga de la Noche"
    )
    campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    characters["epic20"].campaign = campaign
    characters["epic20"].save()
    return {"player": player, "character": characters["epic20"]}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", READ_BACK_PAGES)
def test_a_page_read_back_from_the_cache_looks_and_works_as_drawn(new_page, force_login, shelf, name, size):
    # The second visit is the remembered page (epic20site/remembered_pages.py): the same
    # screen, and its forms carry this visit's CSRF token, so the language switch still works.
    page = force_login(new_page(viewport=SIZES[size]), shelf["player"])
    url = READ_BACK_PAGES[name](shelf)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.goto(url)
    page.wait_for_load_state("networkidle")
    _save(page, f"remembered-{name}-{size}")
    width = _width(page)
    assert width <= SIZES[size]["width"], f"the page is {width} px wide"
    USE_A_FORM[name](page)


def _duplicate(page) -> None:
    page.locator("main").get_by_role("button", name="Duplicar").first.click()
    expect(page.get_by_text("Nova (copia)").first).to_be_visible()


def _create_campaign(page) -> None:
    page.locator("#campaigns-panel input[name=name]").fill("Mesa del puerto")
    page.get_by_role("button", name="Crear campaña").click()
    expect(page.get_by_role("heading", name="Mesa del puerto")).to_be_visible()


def _save_sheet(page) -> None:
    page.get_by_role("button", name="Guardar personaje").click()
    expect(page).to_have_url(re.compile(r"/characters/\d+/$"))


# A form inside each page's remembered part: it must carry this visit's CSRF token.
USE_A_FORM = {
    "campaigns": _create_campaign,
    "characters": _duplicate,
    "sheet": _duplicate,
    "edit": _save_sheet,
}
