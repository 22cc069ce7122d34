"""Declaring ahead from the encounter pages, in three browsers: the GM turns it on from the
drawer (whose switch redraws at once), two players declare from their own pages, the GM declares
for the thug and resolves, and every page follows live. With EPIC20_SHOTS=<dir> it keeps
screenshots of the GM's and a player's page with the declarations open, at both sizes."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
LIVE_MS = 5000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def _shoot(page, name):
    folder = os.environ.get("EPIC20_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


def test_the_gm_turns_declaring_on_two_players_declare_the_gm_resolves_every_page_follows(
    new_page, force_login, live_url, make_user, settings
):
    from campaigns import services as campaign_services
    from combat import services
    from tests.characters.helpers import make_character, nova
    from tests.combat.encounters import dice
    from tests.combat.encounters.conftest import THUG

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    gm = make_user(username="directora")
    ana, bea = make_user(username="ana"), make_user(username="bea")
    campaign = campaign_services.campaign_create(gm=gm, name="La Liga de la Noche")
    for player in (ana, bea):
        campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    first = make_character(ana, campaign=campaign)
    second = make_character(bea, campaign=campaign, sheet=nova(name="Vega"))
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Emboscada en el puerto")
    for owner, character in ((ana, first), (bea, second)):
        services.combatant_add(encounter=encounter, user=owner, side="heroes", character_id=character.pk)
    services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=THUG)
    dice.QUEUE[:] = [10, 5, 15]  # the initiative rolls of Nova, Vega and the thug
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    url = f"/encounters/{encounter.pk}/"
    gm_page = force_login(new_page(viewport=DESKTOP), gm)
    ana_page = force_login(new_page(viewport=DESKTOP), ana)
    bea_page = force_login(new_page(viewport=PHONE), bea)
    for page in (gm_page, ana_page, bea_page):
        page.goto(url)

    gm_page.locator("#gm-drawer-button").click()
    gm_page.locator("#declare-ahead-on").click()
    expect(gm_page.locator("#declare-ahead-off")).to_be_visible(timeout=LIVE_MS)  # the switch redrew
    gm_page.locator("#gm-drawer .btn-close").click()
    expect(gm_page.locator("#gm-drawer")).not_to_be_visible()
    for page in (gm_page, ana_page, bea_page):
        expect(page.locator("#controls-heading")).to_contain_text("Declaraciones abiertas", timeout=LIVE_MS)
    _shoot(ana_page, "epic20-player-desktop")
    _shoot(bea_page, "epic20-player-phone")
    _shoot(gm_page, "epic20-gm-desktop")

    ana_page.locator("#attack-form button[type=submit]").click()  # "Declarar", the thug as target
    expect(ana_page.locator("#my-declarations")).to_contain_text("Atacar → Matón", timeout=LIVE_MS)
    expect(ana_page.locator("#action-feedback")).to_contain_text("Nova declara: Atacar → Matón")
    # The phone shows the waiting box in the action pane, where Bea looks.
    expect(bea_page.locator("#fight-pane-actions #fight-waiting")).to_be_visible()
    expect(bea_page.locator("#declared-list")).to_contain_text("Nova", timeout=LIVE_MS)
    bea_page.locator("#tab-skill").click()
    bea_page.locator("#skill-form button[type=submit]").click()
    expect(bea_page.locator("#my-declarations")).to_contain_text("Tirada de habilidad", timeout=LIVE_MS)
    _shoot(bea_page, "epic20-player-phone-declared")
    expect(gm_page.locator("#declared-list")).to_contain_text("Vega · Tirada de habilidad", timeout=LIVE_MS)
    _shoot(gm_page, "epic20-gm-desktop-declared")

    dice.QUEUE[:] = [12, 12, 10, 10]  # Nova's attack, Vega's check (the thug declared nothing: passes)
    gm_page.locator("#resolve-round").click()
    for page in (gm_page, ana_page, bea_page):
        expect(page.locator("#controls-heading")).to_contain_text(
            "Declaraciones abiertas (Asalto 2)", timeout=LIVE_MS
        )
        expect(page.locator("#event-list [data-type='declarations_closed']")).to_have_count(
            1, timeout=LIVE_MS
        )
    dice.QUEUE.clear()
