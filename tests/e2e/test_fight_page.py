"""The fight page as a play-by-web table uses it, in Chromium at a desk (1366×900) and on a phone
(390×844): axe-core finds no serious or critical accessibility violation on the home, campaign
and fight pages, as GM or as player; no page scrolls sideways on the phone; the log keeps its
newest entry in view; the attack aims at an enemy; a spent action closes its controls with the
reason; and a lost connection is said on screen, then cleared when the server answers again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS_DIR

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "static" / "vendor" / "axe-core" / "axe.min.js"
DESK = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = {"desk": DESK, "phone": PHONE}
LIVE_MS = 4000
# What axe reports as serious or critical, one line per rule with a few of its elements.
AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id + ": " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
}"""


@pytest.fixture
def fight(live_url, make_user, settings):
    """The player's Nova against the GM's thug, started, dice scripted so Nova acts first."""
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
    nova = services.combatant_add(encounter=encounter, user=player, side="heroes", character_id=character.pk)
    thug = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=THUG)
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    yield {
        "gm": gm,
        "player": player,
        "campaign": campaign,
        "encounter": encounter,
        "nova": nova,
        "thug": thug,
    }
    dice.QUEUE.clear()


def _serious_violations(page) -> list[str]:
    page.evaluate(AXE.read_text(encoding="utf-8"))  # through the debugger: the page's CSP stays strict
    return page.evaluate(AXE_RUN)


def _scrolls_sideways(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("role", ["gm", "player"])
def test_the_home_campaign_and_encounter_pages_pass_axe_and_fit_the_screen(
    new_page, force_login, fight, role, size
):
    page = force_login(new_page(viewport=SIZES[size]), fight[role])
    pages = {
        "home": "/",
        "campaign": f"/campaigns/{fight['campaign'].pk}/",
        "fight": f"/encounters/{fight['encounter'].pk}/",
        "encounters": f"/encounters/campaign/{fight['campaign'].pk}/",
        "log": f"/encounters/{fight['encounter'].pk}/log/",
        "event": f"/encounters/{fight['encounter'].pk}/log/1/",
        "export": f"/encounters/{fight['encounter'].pk}/export/",
        "verify": f"/encounters/{fight['encounter'].pk}/verify/",
    }
    problems = {}
    for name, url in pages.items():
        page.goto(url)
        page.wait_for_load_state("networkidle")
        found = _serious_violations(page)
        if size == "phone" and _scrolls_sideways(page):
            found.append("the page scrolls sideways at 390 px")
        if found:
            problems[name] = found
        if name == "fight":
            RESULTS_DIR.mkdir(exist_ok=True)
            page.screenshot(path=str(RESULTS_DIR / f"fight-page-{role}-{size}.png"))
    RESULTS_DIR.mkdir(exist_ok=True)
    assert not problems, problems


def test_the_log_stays_at_its_newest_entry_unless_the_reader_scrolled_up(new_page, force_login, fight):
    from combat import services

    encounter, gm, thug = fight["encounter"], fight["gm"], fight["thug"]
    for _ in range(12):  # enough entries for the log column to scroll
        services.encounter_act(
            encounter=encounter, user=gm, action={"type": "award_hero_point", "target": thug.pk, "points": 1}
        )
    page = force_login(new_page(viewport=DESK), fight["player"])
    errors = []  # a CSP refusal or an htmx swap without a target shows up here
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"/encounters/{encounter.pk}/")
    log = page.locator("#log-scroller")
    expect(log).to_be_visible()
    at_bottom = "(el) => el.scrollHeight - el.scrollTop - el.clientHeight < 48"
    assert log.evaluate("(el) => el.scrollHeight > el.clientHeight"), "the log should overflow its column"
    assert log.evaluate(at_bottom)

    count = page.locator("#event-list .encounter-event").count()
    services.encounter_act(
        encounter=encounter, user=gm, action={"type": "award_hero_point", "target": thug.pk}
    )
    expect(page.locator("#event-list .encounter-event")).to_have_count(count + 1, timeout=LIVE_MS)
    page.wait_for_timeout(200)
    assert log.evaluate(at_bottom), "a new entry scrolls the log down to it"

    log.evaluate("(el) => { el.scrollTop = 0; el.dispatchEvent(new Event('scroll')); }")
    services.encounter_act(
        encounter=encounter, user=gm, action={"type": "award_hero_point", "target": thug.pk}
    )
    expect(page.locator("#event-list .encounter-event")).to_have_count(count + 2, timeout=LIVE_MS)
    assert log.evaluate("(el) => el.scrollTop") == 0, "a reader who scrolled up stays where they are"
    expect(page.locator("#log-jump")).to_be_visible()
    page.locator("#log-jump").click()
    assert log.evaluate(at_bottom)
    assert not errors, errors


def test_on_a_phone_the_log_is_a_tab(new_page, force_login, fight):
    page = force_login(new_page(viewport=PHONE), fight["player"])
    page.goto(f"/encounters/{fight['encounter'].pk}/")
    expect(page.locator("#attack-form")).to_be_visible()
    expect(page.locator("#log-scroller")).to_be_hidden()
    page.get_by_role("tab", name="Registro").click()
    expect(page.locator("#log-scroller")).to_be_visible()
    expect(page.locator("#attack-form")).to_be_hidden()


def test_the_attack_aims_at_an_enemy_and_its_weapons_follow_the_kind(new_page, force_login, fight):
    page = force_login(new_page(viewport=DESK), fight["player"])
    page.goto(f"/encounters/{fight['encounter'].pk}/")
    form = page.locator("#attack-form")
    expect(form.get_by_label("Objetivo", exact=True)).to_have_value(str(fight["thug"].pk))
    form.get_by_label("Tipo de ataque", exact=True).select_option("ranged")
    weapon = form.get_by_label("Con", exact=True)
    expect(weapon.locator("option[value='unarmed']")).to_be_disabled()
    assert weapon.evaluate("(el) => el.selectedOptions[0].dataset.kind") == "ranged"
    weapon.select_option("ataque-especial-a-distancia")
    expect(form.get_by_label("Tipo de ataque", exact=True)).to_have_value("ranged")


def test_a_spent_standard_action_closes_the_attack_with_the_reason(new_page, force_login, fight):
    page = force_login(new_page(viewport=DESK), fight["player"])
    page.goto(f"/encounters/{fight['encounter'].pk}/")
    form = page.locator("#attack-form")
    form.get_by_role("button", name="Atacar", exact=True).click()
    # The panel now opens on a tab still open; the attack tab says why it is closed.
    expect(page.locator("#tab-attack")).to_have_attribute("data-closed", "1", timeout=LIVE_MS)
    expect(page.locator("#tab-attack")).not_to_have_class(re.compile(r"\bactive\b"))
    page.locator("#tab-attack").click()
    expect(page.locator("#attack-closed-reason")).to_contain_text("acción estándar")
    expect(page.locator("#attack-form").get_by_role("button", name="Atacar", exact=True)).to_be_disabled()
    expect(page.locator("#end-turn")).to_be_enabled()


def test_a_lost_connection_is_said_on_screen_and_cleared_when_it_is_back(new_page, force_login, fight):
    page = force_login(new_page(viewport=PHONE), fight["player"])
    page.goto(f"/encounters/{fight['encounter'].pk}/")
    banner = page.locator("#connection-banner")
    expect(banner).to_be_hidden()
    page.context.set_offline(True)
    expect(banner).to_be_visible(timeout=LIVE_MS)
    expect(banner).to_contain_text("Sin conexión")
    page.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=10_000)


def test_dice_still_behind_the_secret_seed_are_pending_not_a_success(new_page, force_login, fight):
    page = force_login(new_page(viewport=PHONE), fight["player"])
    page.goto(f"/encounters/{fight['encounter'].pk}/verify/")
    expect(page.locator("#verify-root")).to_have_attribute("data-done", "pending")
    summary = page.locator("[data-summary]")
    expect(summary).to_contain_text("Comprobadas: 0 de 2 tiradas")
    expect(summary).to_have_class(re.compile(r"\balert-warning\b"))


def test_the_export_offers_to_copy_its_text(new_page, force_login, fight):
    page = force_login(new_page(viewport=DESK), fight["gm"])
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/encounters/{fight['encounter'].pk}/export/")
    page.get_by_role("button", name="Copiar al portapapeles").click()
    expect(page.locator("#export-copy-status")).to_have_text("Copiado")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.locator("#export-text").input_value()
