"""The GM adds an NPC to a running fight from one of their saved sheets, in the browser, at a desk
and on a phone: the drawer's select lists the GM's sheets of the campaign's system, the NPC
appears on the GM's page and on the player's, and the player reads none of its numbers. With
SCREENSHOT_DIR set, the drawer is saved there at both sizes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
LIVE_MS = 5000


def _save(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_the_gm_adds_an_npc_from_a_saved_sheet(new_page, force_login, make_user, size):
    from characters import services as characters
    from tests.characters.helpers import nova
    from tests.combat.system_fights import running_fight

    fight = running_fight(
        "epic20", gm=make_user(username="directora"), veteran=make_user(username="ana"),
        newcomer=make_user(username="brisa"),
    )  # fmt: skip
    boss = characters.character_create(owner=fight.gm, sheet=nova(name="Jefe del muelle"))
    gm = force_login(new_page(viewport=SIZES[size]), fight.gm)
    player = force_login(new_page(viewport=SIZES[size]), fight.veteran)
    gm.goto(fight.url)
    player.goto(fight.url)
    gm.locator("#gm-drawer-button").click()
    drawer = gm.locator("#gm-drawer")
    expect(drawer).to_be_visible()
    choice = drawer.get_by_label("De tus fichas guardadas")
    expect(choice).to_have_value(str(boss.pk))
    expect(drawer.get_by_role("link", name="Crear un PNJ con el constructor")).to_have_attribute(
        "href", f"/characters/new/?system=epic20&next=%2Fencounters%2F{fight.encounter.pk}%2F"
    )
    gm.locator("#npc-from-form").scroll_into_view_if_needed()
    _save(gm, f"npc-from-sheet-gm-{size}")
    assert gm.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    gm.locator("#npc-from-submit").click()
    expect(gm.locator("#gm-feedback")).to_contain_text("Combatiente añadido.", timeout=LIVE_MS)
    npc = fight.encounter.combatants.get(name="Jefe del muelle")
    assert npc.character_id is None and npc.owner_id is None
    card = player.locator(f"#combatant-cards [data-combatant='{npc.pk}']")
    if size == "phone":
        player.get_by_role("tab", name="Combatientes").click()
    expect(card).to_contain_text("Jefe del muelle", timeout=LIVE_MS)
    expect(card).to_contain_text("PNJ")
    expect(card).to_contain_text("PV —")  # the copy's numbers are the GM's
    _save(player, f"npc-from-sheet-player-{size}")
