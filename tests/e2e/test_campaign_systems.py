"""A GM starts a campaign of each game system from the browser: the form's cards offer every
system, Epic20 chosen, and the campaign page says which system the table plays."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_fight_page import SIZES, _scrolls_sideways, _serious_violations

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NAMES = {
    "epic20": "Epic20",
    "msh": "Marvel Super Heroes (tabla universal)",
    "anima": "Anima (d10)",
    "hero": "Hero System",
}


def create_campaign(page, name: str, system: str | None) -> None:
    page.goto("/campaigns/")
    page.get_by_label("Nombre de la campaña").fill(name)
    if system is not None:
        page.locator(f"label[for='system-{system}']").click()
        expect(page.locator(f"#system-{system}")).to_be_checked()
    page.get_by_role("button", name="Crear campaña").click()
    expect(page).to_have_url(re.compile(r"/campaigns/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(name)


def test_a_gm_creates_a_campaign_of_each_system_and_opens_it(page, make_user, force_login):
    force_login(page, make_user(username="directora"))
    page.goto("/campaigns/")
    expect(page.locator("#system-epic20")).to_be_checked()
    expect(page.locator("#system-choice input[type=radio]")).to_have_count(len(NAMES))

    for slug, system_name in NAMES.items():
        # Epic20 is the one already chosen: the GM only types a name.
        create_campaign(page, f"Mesa de {slug}", None if slug == "epic20" else slug)
        expect(page.locator("#campaign-meta .system-badge")).to_have_text(system_name)
        expect(page.locator("#campaign-characters")).to_contain_text("Aún no hay personajes")

    page.goto("/campaigns/")
    for slug, system_name in NAMES.items():
        row = page.locator("#campaign-list li", has_text=f"Mesa de {slug}")
        expect(row.locator(".system-badge")).to_have_text(system_name)


def test_on_a_phone_the_system_cards_fit_and_answer_a_tap(new_page, make_user, force_login):
    phone = new_page(**PHONE)
    force_login(phone, make_user(username="directora"))
    phone.goto("/campaigns/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # The whole card is the target: a tap on its summary chooses the system.
    phone.locator("label[for='system-hero'] .small").tap()
    expect(phone.locator("#system-hero")).to_be_checked()
    expect(phone.locator("#system-epic20")).not_to_be_checked()
    box = phone.locator("label[for='system-hero']").bounding_box()
    assert box is not None and box["height"] >= 44  # a comfortable finger target
    phone.get_by_label("Nombre de la campaña").fill("Campeones")
    phone.get_by_role("button", name="Crear campaña").click()
    expect(phone.locator("#campaign-meta .system-badge")).to_have_text("Hero System")


@pytest.mark.parametrize("size", SIZES)
def test_the_campaign_list_with_its_form_passes_axe_and_fits(new_page, make_user, force_login, size):
    page = force_login(new_page(viewport=SIZES[size]), make_user(username="directora"))
    page.goto("/campaigns/")
    page.wait_for_load_state("networkidle")
    assert _serious_violations(page) == []
    assert not _scrolls_sideways(page)
    # A refused form (a name of spaces only) draws its errors in place, just as accessibly.
    page.get_by_label("Nombre de la campaña").fill("   ")
    page.locator("label[for='system-msh']").click()
    page.get_by_role("button", name="Crear campaña").click()
    expect(
        page.locator("#campaigns-panel .invalid-feedback, #campaigns-panel [aria-invalid='true']").first
    ).to_be_visible()
    expect(page.locator("#system-msh")).to_be_checked()
    assert _serious_violations(page) == []
