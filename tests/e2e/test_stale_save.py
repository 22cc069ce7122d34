"""The owner and the GM edit one sheet in the builder at once: the second save says someone saved
first and keeps its edit in the form, instead of overwriting the first one."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.characters.helpers import make_character, nova
from tests.factories import campaign_for, player_in

pytestmark = pytest.mark.e2e
# Where to keep a picture of each width, when asked (EPIC20_SCREENSHOTS=<folder>).
SHOTS = os.environ.get("EPIC20_SCREENSHOTS")


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=["phone", "desktop"])
def test_a_stale_save_in_the_builder_says_so_and_keeps_the_first_save(new_page, make_user, force_login, size):
    from characters.models import Character

    gm, player = make_user(username="directora"), make_user(username="jugadora")
    campaign = campaign_for(gm)
    player_in(campaign, player)
    character = make_character(player, campaign=campaign, sheet=nova())
    width, height = size
    owner = force_login(new_page(viewport={"width": width, "height": height}), player)
    director = force_login(new_page(viewport={"width": width, "height": height}), gm)
    for page in (owner, director):
        page.goto(f"/characters/{character.pk}/edit/")

    owner.get_by_label("Concepto").fill("del dueño")
    with owner.expect_navigation():
        owner.get_by_role("button", name="Guardar personaje").click()
    director.get_by_label("Concepto").fill("del director")
    director.get_by_role("button", name="Guardar personaje").click()

    alert = director.locator("#save-error")
    expect(alert).to_contain_text("Alguien ha cambiado esto después de que lo leyeras")
    expect(director.get_by_label("Concepto")).to_have_value("del director")
    if SHOTS:
        director.screenshot(path=os.path.join(SHOTS, f"stale-save-{width}.png"), full_page=False)
    assert Character.objects.get(pk=character.pk).sheet["concept"] == "del dueño"
