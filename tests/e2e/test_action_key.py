"""In Chromium: the fight page's action forms carry a key against a repeated submit, and the
page draws a new one once an action is answered, so the next action acts."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.e2e import test_fight_page
from tests.e2e.test_fight_page import DESK, LIVE_MS, PHONE

pytestmark = pytest.mark.e2e
fight = test_fight_page.fight  # the fixture: the player's Nova against the GM's thug
KEYS = "() => [...new Set([...document.querySelectorAll(\"input[name='idempotency_key']\")].map((i) => i.value))]"


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
def test_an_answered_action_gives_the_forms_a_new_key_and_the_next_action_acts(
    new_page,
    force_login,
    fight,
    viewport,
):
    page = force_login(new_page(viewport=viewport), fight["player"])
    page.goto(f"/encounters/{fight['encounter'].pk}/")
    [first] = page.evaluate(KEYS)
    # Bare hands, not the ray the form starts on: the thug must stay up to take its turn.
    page.select_option("#attack-kind", "melee")
    page.select_option("#attack-with", "unarmed")
    page.locator("#attack-form").get_by_role("button", name="Atacar", exact=True).click()
    expect(page.locator("#tab-attack")).to_have_attribute("data-closed", "1", timeout=LIVE_MS)
    keys = page.evaluate(KEYS)
    assert len(keys) == 1 and keys != [first]
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=f"{folder}/action-key-{viewport['width']}.png", full_page=True)
    page.locator("#end-turn").click()
    expect(page.locator("#end-turn")).to_have_count(0, timeout=LIVE_MS)  # the thug's turn now
