"""The GM opens a system's builder from the fight's drawer ("Crear un PNJ con el constructor"),
saves a new sheet with one click, and lands back on the fight, in every system with a builder
that opens from a fight: Anima, MSH and Hero (Epic20's is covered in test_npc_from_saved_sheet)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
DESK = {"width": 1366, "height": 900}


@pytest.mark.parametrize("system", ["anima", "msh", "hero"])
def test_the_builder_opened_from_the_fight_comes_back_to_it(new_page, force_login, make_user, system):
    from characters.models import Character
    from tests.combat.system_fights import running_fight

    fight = running_fight(
        system, gm=make_user(username="directora"), veteran=make_user(username="ana"),
        newcomer=make_user(username="brisa"),
    )  # fmt: skip
    gm = force_login(new_page(viewport=DESK), fight.gm)
    gm.goto(fight.url)
    gm.locator("#gm-drawer-button").click()
    gm.get_by_role("link", name="Crear un PNJ con el constructor").click()
    expect(gm).to_have_url(re.compile(r"/characters/new/\?system=" + system))
    gm.locator("#save-button, button[name=save]").first.click()  # refused first: no name yet
    expect(gm.locator("#not-saved")).to_be_visible()
    gm.locator("#id_name").fill("Vigía del puerto")
    for box in gm.locator("#builder input[type=number]").all():  # Anima's numbers start empty
        if not box.input_value():
            box.fill("10")
    gm.locator("#id_name").press("Tab")
    gm.wait_for_load_state("networkidle")
    gm.locator("#save-button, button[name=save]").first.click()
    expect(gm).to_have_url(re.compile(rf"/encounters/{fight.encounter.pk}/$"), timeout=8000)
    assert Character.objects.filter(owner=fight.gm, name="Vigía del puerto").exists()
