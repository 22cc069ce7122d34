"""An Anima-style fight from two browsers: the GM starts it, the player's swordswoman attacks the
GM's guard, whose parry earns a counterattack; the GM takes it from the offer that appeared on
the console, and both pages show each attack, its two rolls and the defenses of the turn without
anyone reloading. A second fight walks the 2 m reach and the Estado de Vida y Muerte: a melee
attack engages, the swordswoman steps out of reach, the guard's console offers the opportunity
attack at once, its hit drops her between life and death, and her ally's first aid stabilises
her, every page following live. The builder, the sheets and the results page pass axe-core at
a desk and on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

LIVE_MS = 3000
AXE = Path(__file__).resolve().parents[2] / "static" / "vendor" / "axe-core" / "axe.min.js"
# What axe reports as serious or critical (as tests/e2e/test_fight_page.py), with a few elements.
AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id + ": " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
}"""
SIZES = {"desk": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


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


# --- the 2 m reach and the Estado de Vida y Muerte -------------------------------------------------


@pytest.fixture
def reach_fight(live_url, make_user, settings):
    from campaigns import services as campaign_services
    from characters import services as characters
    from combat import services
    from rules.anima.examples import ARCHER, ORC, SWORDSWOMAN
    from tests.combat.encounters import dice

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    dice.QUEUE[:] = [10, 5, 1]  # initiative: Celia 12 + 10, Nerea 14 + 5, the guard 6 − 2 + 1
    gm, player = make_user(username="directora"), make_user(username="jugadora")
    campaign = campaign_services.campaign_create(gm=gm, name="Crónicas de Gaïa", system="anima")
    campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    # Celia comes to the bridge already worn down (60 Puntos de Vida); Nerea knows Medicina.
    celia_sheet = {**SWORDSWOMAN, "hit_points": 60}
    celia = characters.character_create(owner=player, sheet=celia_sheet, campaign=campaign)
    nerea = characters.character_create(owner=player, sheet={**ARCHER, "medicine": 8}, campaign=campaign)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Puente de piedra")
    ids = {}
    for name, character in (("celia", celia), ("nerea", nerea)):
        ids[name] = services.combatant_add(
            encounter=encounter, user=player, side="heroes", character_id=character.pk
        ).pk
    guard = {**ORC, "name": "Guardia", "attack": 40, "hit_points": 400}
    ids["guard"] = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=guard).pk
    yield gm, player, encounter, ids
    dice.QUEUE.clear()


def test_leaving_the_reach_offers_the_opportunity_attack_and_an_ally_stabilises_the_fallen(
    new_page, force_login, reach_fight
):
    import os

    from tests.combat.encounters import dice

    gm, player, encounter, ids = reach_fight
    celia, nerea, guard = ids["celia"], ids["nerea"], ids["guard"]
    url = f"/encounters/{encounter.pk}/"
    gm_page = force_login(new_page(), gm)
    gm_page.goto(url)
    player_page = force_login(new_page(viewport={"width": 390, "height": 844}), player)
    player_page.goto(url)
    for page in (gm_page, player_page):
        page.evaluate("window.sameDocument = true")
    row = {who: f"#anima-defenses tr[data-combatant='{cid}']" for who, cid in ids.items()}

    gm_page.get_by_role("button", name="Tirar iniciativa y empezar").click()
    # Celia's melee attack: 32 + 5 against 20 + 5, Impacto total; the sword engages them.
    form = player_page.locator("#anima-attack-form")
    expect(form).to_be_visible(timeout=LIVE_MS)
    dice.QUEUE[:] = [5, 5]
    form.get_by_label("Blanco", exact=True).select_option(str(guard))
    form.get_by_label("Con", exact=True).select_option("attack:Espada larga")
    form.get_by_role("button", name="Atacar", exact=True).click()
    for page in (player_page, gm_page):
        expect(page.locator(row["celia"])).to_contain_text("a 2 m de Guardia", timeout=LIVE_MS)
        expect(page.locator(row["guard"])).to_contain_text("a 2 m de Celia")
    expect(gm_page.locator("[id^='opportunity-form']")).to_have_count(0)

    # She steps 3 m away, out of the guard's reach: his console offers the opportunity attack.
    move = player_page.locator("#anima-move-form")
    move.get_by_label("Metros").fill("3")
    move.get_by_label("Sale del alcance (2 m) de Guardia").check()
    move.get_by_role("button", name="Moverse").click()
    offer = gm_page.locator(f"#opportunity-form-{guard}-{celia}")
    expect(offer).to_be_visible(timeout=LIVE_MS)
    expect(offer).to_contain_text("Guardia puede hacer un Ataque de Oportunidad a Celia")
    expect(gm_page.locator(row["guard"])).to_contain_text("puede hacer un Ataque de Oportunidad")
    for page in (player_page, gm_page):
        expect(page.locator(row["celia"])).not_to_contain_text("a 2 m de", timeout=LIVE_MS)
    expect(player_page.locator("[id^='opportunity-form']")).to_have_count(0)
    if folder := os.environ.get("EPIC20_ANIMA_SHOTS"):
        gm_page.screenshot(path=f"{folder}/e2e-gm-opportunity.png", full_page=True)

    # Reflejos 10 − 1 (Grande) + 10 against 14 + 1: he strikes, with Flanqueo (−4 to her defense):
    # 40 + 3 against 28 − 4 + 6, 13: Impacto total, 80 % of 70 = 56, at least 75 % of her 60:
    # Desmembramiento (both legs, 1 and 2 on the zone dice), −12 to her maximum: 60 − 56 − 12 = −8.
    dice.QUEUE[:] = [10, 1, 3, 6, 1, 2]
    offer.get_by_role("button", name="Atacar").click()
    for page in (player_page, gm_page):
        expect(page.locator(row["celia"])).to_contain_text("entre la vida y la muerte", timeout=LIVE_MS)
        expect(page.locator("[id^='opportunity-form']")).to_have_count(0)
    expect(player_page.locator(row["celia"])).to_contain_text("muere a -25 PV")
    expect(gm_page.locator(f"{row['celia']} .anima-zone-lost")).to_have_text(
        ["Pierna derecha", "Pierna izquierda"]
    )
    expect(gm_page.locator("#anima-stabilise-form")).to_have_count(1)  # in the GM's closed box
    # Fallen in her own turn, she can only end it; then it is Nerea's, who may tend her.
    expect(player_page.locator("#anima-turn-down")).to_be_visible(timeout=LIVE_MS)
    player_page.get_by_role("button", name="Terminar el turno de Celia").click()
    # Nerea's attack offers the enemy first, not the ally at her feet.
    expect(player_page.locator("#attack-target option").first).to_have_attribute("value", str(guard))
    aid = player_page.locator("#anima-first-aid-form")
    expect(aid).to_be_visible(timeout=LIVE_MS)
    expect(aid.get_by_label("Primeros auxilios (Acción Compleja)")).to_have_value(str(celia))
    expect(aid.locator("input[name='actor']")).to_have_value(str(nerea))
    if folder := os.environ.get("EPIC20_ANIMA_SHOTS"):
        player_page.screenshot(path=f"{folder}/e2e-player-first-aid.png", full_page=True)

    dice.QUEUE[:] = [5]  # Medicina 8 + 5 = 13, above 12
    aid.get_by_role("button", name="Atender").click()
    for page in (player_page, gm_page):
        expect(page.locator("#event-list [data-type='first_aid']")).to_have_count(1, timeout=LIVE_MS)
        expect(page.locator("#event-list [data-type='first_aid']")).to_contain_text(
            "Nerea atiende a Celia (Medicina 13 contra 12): se estabiliza."
        )
        expect(page.locator(row["celia"])).not_to_contain_text("entre la vida y la muerte", timeout=LIVE_MS)
        expect(page.locator(row["celia"])).to_contain_text("vida y muerte -6")
        assert page.evaluate("window.sameDocument === true"), "the page reloaded"
    expect(gm_page.locator("#anima-stabilise-form")).to_have_count(0)
    expect(player_page.locator("#anima-first-aid-form")).to_have_count(0)
    assert not dice.QUEUE
    if folder := os.environ.get("EPIC20_ANIMA_SHOTS"):
        gm_page.screenshot(path=f"{folder}/e2e-gm-stabilised.png", full_page=True)
        player_page.screenshot(path=f"{folder}/e2e-player-stabilised.png", full_page=True)


# --- accessibility of the Anima pages ------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_anima_builder_sheets_and_results_page_pass_axe_and_fit_the_screen(
    new_page, force_login, make_user, size
):
    from campaigns import services as campaign_services
    from characters import services as characters
    from rules.anima.examples import SWORDSWOMAN, WIZARD

    player = make_user(username="jugadora")
    campaign = campaign_services.campaign_create(gm=player, name="Crónicas de Gaïa", system="anima")
    celia = characters.character_create(owner=player, sheet=SWORDSWOMAN, campaign=campaign)
    darius = characters.character_create(owner=player, sheet=WIZARD, campaign=campaign)
    page = force_login(new_page(viewport=SIZES[size]), player)
    pages = {
        "builder": "/characters/new/?system=anima",
        "edit-with-powers": f"/characters/{darius.pk}/edit/",
        "sheet": f"/characters/{celia.pk}/",
        "sheet-with-powers": f"/characters/{darius.pk}/",
        "results": f"/campaigns/{campaign.pk}/anima/results/",
    }
    problems = {}
    for name, url in pages.items():
        page.goto(url)
        page.wait_for_load_state("networkidle")
        problems[name] = _violations(page, size)
    # The builder once its live check has found errors: the error list and the fields it marks.
    page.goto(pages["edit-with-powers"])
    page.locator("#id_attack").fill("-5")
    page.locator("#id_hit_points").fill("")
    expect(page.locator("#error-list")).to_be_visible(timeout=LIVE_MS)
    problems["builder-with-errors"] = _violations(page, size)
    assert not {name: found for name, found in problems.items() if found}


def _violations(page, size: str) -> list[str]:
    page.evaluate(AXE.read_text(encoding="utf-8"))  # through the debugger: the page's CSP stays strict
    found = page.evaluate(AXE_RUN)
    if size == "phone" and page.evaluate("document.documentElement.scrollWidth > window.innerWidth"):
        found.append("the page scrolls sideways at 390 px")
    return found
