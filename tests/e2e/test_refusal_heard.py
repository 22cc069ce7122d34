"""A refusal is heard where it happened: a move too long for the character, typed and sent with
the keyboard alone, is answered in the action pane's live region as an alert a screen reader
reads at once, beside the form that was sent, at both sizes (Hero's move form)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_move_is_announced_beside_its_form(new_page, force_login, make_user, size):
    from tests.combat.system_fights import running_fight

    fight = running_fight(
        "hero", gm=make_user(username="directora"), veteran=make_user(username="ana"),
        newcomer=make_user(username="brisa"),
    )  # fmt: skip
    page = force_login(new_page(viewport=SIZES[size]), fight.veteran)
    page.goto(fight.url)
    inches = page.get_by_label("Moverse (pulgadas)")
    inches.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("500")
    page.keyboard.press("Enter")
    alert = page.locator("#action-feedback").get_by_role("alert")
    expect(alert).to_contain_text("Puede moverse como mucho")
    assert page.locator("#action-feedback").get_attribute("aria-live") == "polite"
    # Where it happened: the answer sits in the same pane as the form, above it.
    pane = page.locator("#fight-pane-actions")
    expect(pane.locator("#action-feedback")).to_be_visible()
    expect(pane.locator("#move-form")).to_be_visible()
