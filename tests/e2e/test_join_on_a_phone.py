"""A player new to a running fight, on a phone (390×844), in every system: the page opens on its
"Acción" tab with the join form in view, and entering from there puts their character in the
fight without switching tabs. With SCREENSHOT_DIR set, the page is saved there as the newcomer
and as the GM, at both sizes."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.combat.system_fights import SYSTEMS
from tests.e2e.test_fight_page import _serious_violations

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 900}
LIVE_MS = 5000


def _save(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_newcomer_joins_from_the_action_tab_on_a_phone(new_page, force_login, make_user, system):
    from tests.combat.system_fights import running_fight

    fight = running_fight(
        system, gm=make_user(username="directora"), veteran=make_user(username="ana"),
        newcomer=make_user(username="brisa"),
    )  # fmt: skip
    for size, viewport in (("desk", DESK), ("phone", PHONE)):
        gm = force_login(new_page(viewport=viewport), fight.gm)
        gm.goto(fight.url)
        expect(gm.locator("#join-form")).to_have_count(0)
        _save(gm, f"join-{system}-gm-{size}")
        # The GM's drawer offers the system's own builder for a new NPC.
        gm.locator("#gm-drawer-button").click()
        builder = gm.locator("#gm-drawer").get_by_role("link", name="Crear un PNJ con el constructor")
        expect(builder).to_be_in_viewport()
        gm.wait_for_timeout(400)  # the drawer's slide-in, before the picture
        expect(builder).to_have_attribute("href", re.compile(rf"^/characters/new/\?system={system}&next="))
        _save(gm, f"drawer-{system}-gm-{size}")
        assert _serious_violations(gm) == []  # the drawer open, its NPC forms included
    desk = force_login(new_page(viewport=DESK), fight.newcomer)
    desk.goto(fight.url)
    expect(desk.locator("#encounter-controls #join-form")).to_be_in_viewport()
    _save(desk, f"join-{system}-newcomer-desk")

    page = force_login(new_page(viewport=PHONE), fight.newcomer)
    page.goto(fight.url)
    expect(page.get_by_role("tab", name="Acción")).to_have_attribute("aria-selected", "true")
    form = page.locator("#join-form")
    expect(form).to_be_in_viewport()
    expect(form.get_by_label("Entrar con tu personaje")).to_have_value(str(fight.newcomer_character.pk))
    _save(page, f"join-{system}-newcomer-phone")
    assert _serious_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    form.get_by_role("button", name="Entrar en el combate").click()
    expect(page.locator("#action-feedback")).to_contain_text("Combatiente añadido.", timeout=LIVE_MS)
    expect(page.locator("#join-form")).to_have_count(0, timeout=LIVE_MS)  # the controls redrew
    expect(page.get_by_role("tab", name="Acción")).to_have_attribute("aria-selected", "true")
    _save(page, f"join-{system}-joined-phone")
    assert fight.encounter.combatants.filter(owner=fight.newcomer, removed=False).count() == 1
