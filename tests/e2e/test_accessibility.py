"""The character pages of every system in Chromium at a desk (1366×900) and on a phone (390×844):
axe-core finds no serious or critical violation on the character list, the import page, the
builder (new and editing) and the sheet, as the character's owner and as the campaign's GM
(who may open the sheet and the builder of a character in their campaign); and nothing scrolls
sideways at 390 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rules.registration import registrations
from tests.e2e.test_fight_page import SIZES, _scrolls_sideways, _serious_violations

pytestmark = pytest.mark.e2e

SYSTEMS = tuple(registrations())


def _sheet(system: str) -> dict:
    """A legal sheet of each system with rows in every list the builder draws."""
    if system == "epic20":
        from tests.characters.helpers import nova

        return nova()
    if system == "hero":
        from tests.rules.hero.helpers import attack_entry, sheet

        return sheet("Dragón", attacks=[attack_entry("Rayo", dice=6)])
    if system == "msh":
        from tests.rules.msh.helpers import sheet

        return sheet(
            "Coloso",
            fighting=20,
            strength=50,
            endurance=40,
            intuition=10,
            weapons=[{"name": "Viga", "combat_type": "thrown-blunt", "damage": 20, "material": 40}],
        )
    from rules.anima.examples import SWORDSWOMAN

    return dict(SWORDSWOMAN)


@pytest.fixture
def table(make_user):
    """Per system: a GM's campaign of that system and a player's character in it."""

    def build(system: str) -> dict:
        from characters import services as characters
        from tests.factories import campaign_for, player_in

        gm, player = make_user(username=f"gm-{system}"), make_user(username=f"pj-{system}")
        campaign = campaign_for(gm, system=system)
        player_in(campaign, player)
        character = characters.character_create(owner=player, sheet=_sheet(system), campaign=campaign)
        return {"gm": gm, "player": player, "character": character}

    return build


def _pages(system: str, role: str, pk: int) -> dict[str, str]:
    pages = {"sheet": f"/characters/{pk}/", "edit": f"/characters/{pk}/edit/"}
    if role == "player":
        pages.update(
            {
                "list": "/characters/",
                "new": f"/characters/new/?system={system}",
                "import": "/characters/import/",
            }
        )
    return pages


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("role", ["player", "gm"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_character_pages_pass_axe_and_fit_the_screen(new_page, force_login, table, system, role, size):
    people = table(system)
    page = force_login(new_page(viewport=SIZES[size]), people[role])
    problems = {}
    for name, url in _pages(system, role, people["character"].pk).items():
        response = page.goto(url)
        assert response.status == 200, (url, response.status)
        page.wait_for_load_state("networkidle")
        found = _serious_violations(page)
        if size == "phone" and _scrolls_sideways(page):
            width = page.evaluate("document.documentElement.scrollWidth")
            found.append(f"the page scrolls sideways at 390 px ({width} px wide)")
        if found:
            problems[name] = found
    assert not problems, problems


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_builders_errors_pass_axe_too(new_page, force_login, table, system):
    """A builder showing errors: the same checks with the red boxes and the summary on screen, and
    the emptied name names its error box, so a screen reader reads the error with the field."""
    people = table(system)
    page = force_login(new_page(viewport=SIZES["phone"]), people["player"])
    page.goto(f"/characters/{people['character'].pk}/edit/")
    name = page.locator("#id_name")
    name.fill("")
    name.dispatch_event("change")
    expect(page.locator("#err-name")).not_to_be_empty()
    page.wait_for_load_state("networkidle")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_attribute("aria-describedby", re.compile(r"(^| )err-name( |$)"))
    assert page.locator("[aria-live]").filter(has=page.locator("[href='#field-name']")).count() == 1
    found = _serious_violations(page)
    if _scrolls_sideways(page):
        found.append("the page scrolls sideways at 390 px")
    assert not found, found


# --- The site's own pages around the characters: home, sign-in, the API reference, the account,
# the notifications page, joining a campaign and bringing a character, a duplicate import. -----


def _problems(page, size: str) -> list[str]:
    page.wait_for_load_state("networkidle")
    found = _serious_violations(page)
    if size == "phone" and _scrolls_sideways(page):
        found.append("the page scrolls sideways at 390 px")
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_logged_out_pages_and_the_api_reference_pass_axe(new_page, size):
    page = new_page(viewport=SIZES[size])
    problems = {}
    for url in ("/", "/accounts/login/", "/accounts/signup/", "/api/v1/docs/"):
        assert page.goto(url).status == 200, url
        if url == "/api/v1/docs/":
            page.wait_for_selector("redoc h1", timeout=30_000)  # drawn from the schema, made once
        problems[url] = _problems(page, size)
    assert not any(problems.values()), problems
    page.goto("/")
    expect(page.locator("main a[href='/accounts/login/']")).to_be_visible()
    assert page.locator("#nav-main a[href='/api/v1/docs/']").count() == 0  # in the footer, not the menu


@pytest.mark.parametrize("size", SIZES)
def test_the_notifications_page_passes_axe_with_its_list_and_with_a_refused_webhook(
    new_page, force_login, make_user, size
):
    from notifications import outbox
    from tests.factories import campaign_for, player_in

    user = make_user(username="avisada", email="avisada@example.org")
    campaign = campaign_for(make_user(username="dj"), name="Puerto Niebla")
    player_in(campaign, user)
    outbox.notify(
        user=user, event="your_turn", key="turn:e2e:1", text="Te toca en el muelle.", campaign=campaign
    )
    page = force_login(new_page(viewport=SIZES[size]), user)
    page.goto("/campaigns/")
    expect(page.locator("#nav-unread")).to_contain_text("1")
    assert not (found := _problems(page, size)), found
    page.goto("/notifications/")
    expect(page.locator("#notification-list")).to_contain_text("Te toca en el muelle.")
    assert not (found := _problems(page, size)), found
    page.fill("#id_webhook_url", "https://127.0.0.1/hook")
    page.locator("#preference-form button[type=submit]").click()
    expect(page.locator("#error_1_id_webhook_url")).to_contain_text("dirección privada o local")
    assert not (found := _problems(page, size)), found
    page.select_option("#scope-select", str(campaign.pk))
    page.locator("#scope-form button[type=submit]").click()
    expect(page.locator("#scope-note")).to_contain_text("Puerto Niebla")
    assert not (found := _problems(page, size)), found
    expect(page.locator("#nav-unread")).to_have_count(0)


@pytest.mark.parametrize("size", SIZES)
def test_joining_and_bringing_a_character_pass_axe(new_page, force_login, make_user, size):
    from characters import services as characters
    from tests.factories import campaign_for

    player = make_user(username="recien")
    campaign = campaign_for(make_user(username="dj-hero"), name="Mesa Hero", system="hero")
    characters.character_create(owner=player, sheet=_sheet("hero"))
    page = force_login(new_page(viewport=SIZES[size]), player)
    page.goto("/campaigns/")
    page.fill("input[name=invite_code]", campaign.invite_code)
    page.locator("form[action='/campaigns/join/'] button[type=submit]").click()
    offer = page.locator("[data-bring-character]")
    expect(offer).to_contain_text("Dragón")
    expect(offer).to_be_in_viewport()
    assert not (found := _problems(page, size)), found
    offer.get_by_role("button").first.click()
    expect(page.locator("#campaign-character-list")).to_contain_text("Dragón")
    assert not (found := _problems(page, size)), found


def test_the_duplicate_import_warning_passes_axe(new_page, force_login, make_user):
    import json

    player = make_user(username="importadora")
    payload = {
        "name": "nova.json",
        "mimeType": "application/json",
        "buffer": json.dumps(_sheet("epic20")).encode(),
    }
    page = force_login(new_page(viewport=SIZES["phone"]), player)
    for _attempt in range(2):
        page.goto("/characters/import/")
        page.set_input_files("input[name=file]", payload)
        page.locator("main form button[type=submit]").first.click()
        page.wait_for_load_state()
    expect(page.locator("#already-imported a.alert-link").first).to_be_visible()
    assert not (found := _problems(page, "phone")), found
