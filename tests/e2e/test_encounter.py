"""A fight as two people play it from two browsers: the GM starts it, the player attacks from
theirs, and both turn logs show the attack without anyone reloading."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS_DIR

pytestmark = pytest.mark.e2e

# Live updates must land within two seconds; allow a little for a loaded machine.
LIVE_MS = 3000


@pytest.fixture
def fight(live_url, make_user, settings):
    """A campaign with the player's Nova and the GM's thug in an encounter, dice scripted so
    Nova acts first and hits."""
    from campaigns import services as campaign_services
    from combat import services
    from tests.characters.helpers import make_character
    from tests.combat.encounters import dice
    from tests.combat.encounters.conftest import THUG

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    dice.QUEUE[:] = [15, 3, 17]  # Nova's initiative, the thug's, Nova's attack
    gm, player = make_user(username="directora"), make_user(username="jugadora")
    campaign = campaign_services.campaign_create(gm=gm, name="La Liga de la Noche")
    campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    character = make_character(player, campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Emboscada en el puerto")
    services.combatant_add(encounter=encounter, user=player, side="heroes", character_id=character.pk)
    thug = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=THUG)
    yield gm, player, encounter, thug
    dice.QUEUE.clear()


def test_the_gm_starts_the_player_attacks_and_both_logs_update_live(new_page, force_login, fight):
    gm, player, encounter, thug = fight
    url = f"/encounters/{encounter.pk}/"

    gm_page = force_login(new_page(), gm)
    gm_page.goto(url)
    player_page = force_login(new_page(), player)
    player_page.goto(url)
    for page in (gm_page, player_page):
        page.evaluate("window.sameDocument = true")
    expect(player_page.locator("#waiting")).to_have_count(0)
    expect(player_page.locator("#attack-form")).to_have_count(0)

    gm_page.get_by_role("button", name="Tirar iniciativa y empezar").click()
    for page in (gm_page, player_page):
        expect(page.locator("#turn-order li[aria-current='step']")).to_contain_text("Nova", timeout=LIVE_MS)
        expect(page.locator("#event-list [data-type='initiative']")).to_have_count(2, timeout=LIVE_MS)

    # The player's page grew an attack form by itself; the odds arrive as they choose.
    form = player_page.locator("#attack-form")
    expect(form).to_be_visible(timeout=LIVE_MS)
    form.get_by_label("Objetivo", exact=True).select_option(str(thug.pk))
    form.get_by_label("Tipo de ataque", exact=True).select_option("ranged")
    form.get_by_label("Con", exact=True).select_option("ataque-especial-a-distancia")
    # Against the GM's NPC a player sees a band, never the exact chance that gives its defense away.
    expect(player_page.locator("#odds [data-odds='hit-band']")).to_have_text("muy probable", timeout=LIVE_MS)
    form.get_by_role("button", name="Atacar", exact=True).click()

    for page in (player_page, gm_page):
        attack = page.locator("#event-list [data-type='attack']")
        expect(attack).to_have_count(1, timeout=LIVE_MS)
        expect(attack).to_contain_text("Nova ataca a Matón")
        expect(attack.locator(".die-kept")).to_have_text("17")
        expect(attack).to_contain_text("ATACAR EN COMBATE")
        assert page.evaluate("window.sameDocument === true"), "the page reloaded"
    # The GM sees the thug's hit points drop on its card; the player does not see them at all.
    expect(gm_page.locator(f"#combatant-{thug.pk} .combatant-hit-points")).to_have_text(
        "0 / 2", timeout=LIVE_MS
    )
    expect(player_page.locator(f"#combatant-{thug.pk} .combatant-hit-points")).to_have_text("—")
    # The thug's defense is the GM's to read, in the log too.
    expect(gm_page.locator("#event-list [data-type='attack']")).to_contain_text("contra defensa")
    expect(player_page.locator("#event-list [data-type='attack']")).not_to_contain_text("defensa")

    RESULTS_DIR.mkdir(exist_ok=True)
    gm_page.screenshot(path=str(RESULTS_DIR / "encounter-gm-console.png"), full_page=True)
    player_page.screenshot(path=str(RESULTS_DIR / "encounter-player-view.png"), full_page=True)


def test_after_the_fight_the_browser_rechecks_every_die(new_page, force_login, fight, settings):
    from combat import services

    gm, player, encounter, thug = fight
    settings.EPIC20_DICE_FACTORY = None  # the encounter's real, seeded dice
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    services.encounter_end(encounter=encounter, user=gm)

    page = force_login(new_page(), player)
    page.goto(f"/encounters/{encounter.pk}/verify/")
    root = page.locator("#verify-root")
    expect(root).to_have_attribute("data-done", "ok")
    expect(page.locator("[data-summary]")).to_contain_text("Comprobadas: 2 de 2 tiradas · incorrectas: 0")
    expect(page.locator("[data-commitment-row] [data-verdict]")).to_have_text("coincide")
