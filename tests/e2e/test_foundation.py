"""The foundation as people use it: a GM signs up and gathers a table, a player joins it from
another browser, and the site switches to English."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

PASSWORD = "dados-de-veinte-caras"


def sign_up(page, username):
    page.goto("/accounts/signup/")
    form = page.locator("form:has(input[name='password1'])")
    form.get_by_label("Nombre de usuario").fill(username)
    form.locator("input[name='password1']").fill(PASSWORD)
    form.locator("input[name='password2']").fill(PASSWORD)
    with page.expect_navigation():
        form.get_by_role("button", name="Crear la cuenta").click()
    expect(page).to_have_url(re.compile(r"/campaigns/$"))
    expect(page.locator("nav")).to_contain_text(username)


def test_a_gm_gathers_a_table_and_a_player_joins_from_another_browser(page, new_page):
    sign_up(page, "directora")

    page.get_by_label("Nombre de la campaña").fill("La Liga de la Noche")
    page.get_by_role("button", name="Crear campaña").click()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("La Liga de la Noche")

    # A new code arrives without reloading the page.
    old_code = page.locator("#invite-code").inner_text().strip()
    page.evaluate("window.sameDocument = true")
    page.get_by_role("button", name="Generar un código nuevo").click()
    expect(page.locator("#invite-code")).not_to_have_text(old_code)
    expect(page.get_by_role("status")).to_contain_text("Nuevo código generado")
    assert page.evaluate("window.sameDocument === true")
    code = page.locator("#invite-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{10}", code)

    player = new_page()
    sign_up(player, "jugadora")
    player.evaluate("window.sameDocument = true")
    player.get_by_label("Código de invitación").fill(code.lower())
    player.get_by_role("button", name="Unirse", exact=True).click()
    expect(player.get_by_role("status")).to_contain_text("Te has unido a «La Liga de la Noche»")
    expect(player.locator("#campaign-list")).to_contain_text("La Liga de la Noche")
    assert player.evaluate("window.sameDocument === true")

    player.get_by_role("link", name="La Liga de la Noche").first.click()
    expect(player.locator("#members")).to_contain_text("directora")
    expect(player.locator("#invite-code")).to_have_count(0)

    page.reload()
    expect(page.locator("#members")).to_contain_text("jugadora")

    with page.expect_navigation():
        page.locator("#language-select").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Members")).to_be_visible()
    expect(page.get_by_role("button", name="Generate a new code")).to_be_visible()
    expect(page.get_by_role("link", name="My campaigns").first).to_be_visible()


def test_the_campaign_pages_fit_a_phone(new_page, make_user, force_login):
    from tests.factories import campaign_for

    gm = make_user(username="directora")
    campaign = campaign_for(gm=gm, name="Una campaña con un nombre bastante largo para un teléfono")
    phone = force_login(new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True), gm)
    for path in ("/campaigns/", f"/campaigns/{campaign.pk}/"):
        phone.goto(path)
        expect(phone.get_by_role("heading", level=1)).to_be_visible()
        # Nothing wider than the screen: no sideways scrolling on a phone.
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
    expect(phone.locator("#invite-code")).to_have_text(campaign.invite_code)
