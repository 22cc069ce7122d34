"""An Anima-style fight from two browsers: the GM starts it, the player's swordswoman attacks the
GM's guard, whose parry earns a counterattack; the GM takes it from the offer that appeared on
the console, and both pages show each attack, its two rolls and the defenses of the turn without
anyone reloading."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

LIVE_MS = 3000


@pytest.fixture
def fight(live_url, make_user, settings):
    from campaigns import services as campaign_services
    from characters import services as characters
    from combat import services
    from rules.anima.examples import ORC, SWORDSWOMAN
    from tests.combat.encounters import dice

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    # Initiative (Celia 10, the guard 1); Celia's attack 1 against the guard's parry 10 (a
    # difference of −37: "Contraataque"); the counterattack's two rolls and two zone rolls.
    dice.QUEUE[:] = [10, 1, 1, 10, 5, 5, 3, 4]
    gm, player = make_user(username="directora"), make_user(username="jugadora")
    campaign = campaign_services.campaign_create(gm=gm, name="Crónicas de Gaïa", system="anima")
    campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    celia = characters.character_create(owner=player, sheet=SWORDSWOMAN, campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Puente de piedra")
    services.combatant_add(encounter=encounter, user=player, side="heroes", character_id=celia.pk)
    guard = {**ORC, "name": "Guardia", "defense": 60, "hit_points": 400}
    npc = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=guard)
    yield gm, player, encounter, npc
    dice.QUEUE.clear()


def test_an_attack_earns_a_counterattack_and_both_pages_follow_it_live(new_page, force_login, fight):
    import os

    gm, player, encounter, npc = fight
    url = f"/encounters/{encounter.pk}/"
    gm_page = force_login(new_page(), gm)
    gm_page.goto(url)
    player_page = force_login(new_page(viewport={"width": 390, "height": 844}), player)
    player_page.goto(url)
    for page in (gm_page, player_page):
        page.evaluate("window.sameDocument = true")

    gm_page.get_by_role("button", name="Tirar iniciativa y empezar").click()
    form = player_page.locator("#anima-attack-form")
    expect(form).to_be_visible(timeout=LIVE_MS)
    form.get_by_label("Blanco", exact=True).select_option(str(npc.pk))
    form.get_by_label("Con", exact=True).select_option("attack:Espada larga")
    # Against the GM's hidden guard, the player's odds come in words, never in numbers.
    expect(player_page.locator(".anima-odds [data-odds='hit-band']").first).to_be_visible(timeout=LIVE_MS)
    form.get_by_role("button", name="Atacar", exact=True).click()

    for page in (player_page, gm_page):
        attack = page.locator("#event-list [data-type='attack']")
        expect(attack).to_have_count(1, timeout=LIVE_MS)
        expect(page.locator("#anima-attack-roll")).to_contain_text("33", timeout=LIVE_MS)
        expect(page.locator(f"#anima-defenses tr[data-combatant='{npc.pk}'] td[data-defenses]")).to_have_text(
            "1"
        )
        expect(page.locator(f"#anima-defenses tr[data-combatant='{npc.pk}']")).to_contain_text(
            "puede contraatacar"
        )
    # Both rolls for the GM; the guard's roll stays behind the screen for the player.
    expect(gm_page.locator("#anima-defense-roll")).to_contain_text("70")
    expect(player_page.locator("#anima-defense-roll")).to_contain_text("oculto")
    expect(player_page.locator("[id^='counterattack-form']")).to_have_count(0)

    offer = gm_page.locator(f"#counterattack-form-{npc.pk}")
    expect(offer).to_be_visible(timeout=LIVE_MS)
    expect(offer).to_contain_text("+18 al ataque")
    if folder := os.environ.get("EPIC20_ANIMA_SHOTS"):
        gm_page.screenshot(path=f"{folder}/e2e-gm-offer.png", full_page=True)
        player_page.screenshot(path=f"{folder}/e2e-player-offer.png", full_page=True)
    offer.get_by_role("button", name="Contraatacar").click()

    for page in (gm_page, player_page):
        expect(page.locator("#event-list [data-type='attack']")).to_have_count(2, timeout=LIVE_MS)
        expect(page.locator(f"#anima-defenses tr[data-combatant='{npc.pk}']")).not_to_contain_text(
            "puede contraatacar", timeout=LIVE_MS
        )
        assert page.evaluate("window.sameDocument === true"), "the page reloaded"
    expect(gm_page.locator("[id^='counterattack-form']")).to_have_count(0)
    if folder := os.environ.get("EPIC20_ANIMA_SHOTS"):
        gm_page.screenshot(path=f"{folder}/e2e-gm-after.png", full_page=True)
        player_page.screenshot(path=f"{folder}/e2e-player-after.png", full_page=True)
