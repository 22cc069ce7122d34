"""A fight played by post, from three browsers: the GM sets a one-minute deadline on the campaign
page, the first player is told by e-mail (the console mail backend) and ends her turn, the
second misses his deadline and the GM's default ends it; both encounter pages show it live."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
LIVE_MS = 4000


@pytest.fixture
def table(live_url, make_user, settings):
    from campaigns import services as campaign_services
    from combat import services
    from tests.characters.helpers import make_character, nova
    from tests.combat.encounters import dice
    from tests.notifications import clock

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    settings.TRACKING_CLOCK = "tests.notifications.clock.now"
    settings.NOTIFY_GRACE_SECONDS = 0  # a turn's grace period is tested on its own (test_fewer_notices)
    clock.NOW[0] = datetime.now(UTC)
    gm = make_user(username="directora")
    ana = make_user(username="ana", email="ana@example.org")
    bea = make_user(username="bea", email="bea@example.org")
    campaign = campaign_services.campaign_create(gm=gm, name="La Liga de la Noche")
    for player in (ana, bea):
        campaign_services.campaign_join(user=player, invite_code=campaign.invite_code)
    first = make_character(ana, campaign=campaign)
    second = make_character(bea, campaign=campaign, sheet=nova(name="Vega"))
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Emboscada en el puerto")
    services.combatant_add(encounter=encounter, user=ana, side="heroes", character_id=first.pk)
    services.combatant_add(encounter=encounter, user=bea, side="heroes", character_id=second.pk)
    dice.QUEUE[:] = [15, 3]  # Nova first, then Vega
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    yield gm, ana, bea, campaign, encounter, clock
    dice.QUEUE.clear()


def run_worker():
    from django.core.management import call_command

    call_command("db_worker", "--batch", "--no-startup-delay")


def test_a_one_minute_deadline_a_notified_player_acts_and_a_missed_turn_ends_by_default(
    new_page, force_login, table, capsys
):
    from combat.deadline_tasks import apply_deadlines

    gm, ana, bea, campaign, encounter, clock = table
    gm_page = force_login(new_page(), gm)
    gm_page.goto(f"/campaigns/{campaign.pk}/")
    gm_page.get_by_label("Plazo por turno (minutos)").fill("1")
    gm_page.get_by_label("Al vencer").select_option("end_turn")
    gm_page.get_by_role("button", name="Guardar el plazo").click()
    expect(gm_page.locator("#fights-waiting time[data-countdown]")).to_contain_text("quedan")
    expect(gm_page.locator("#fights-waiting")).to_contain_text("espera a Nova")

    run_worker()  # the worker sends what the start of the fight wrote to the outbox
    mail = capsys.readouterr().out
    assert "To: ana@example.org" in mail and "Nova: te toca" in mail
    assert "bea@example.org" not in mail

    url = f"/encounters/{encounter.pk}/"
    ana_page = force_login(new_page(), ana)
    ana_page.goto(url)
    bea_page = force_login(new_page(viewport={"width": 390, "height": 844}), bea)
    bea_page.goto(url)
    gm_page.goto(url)
    ana_page.locator("#end-turn").click()
    for page in (gm_page, bea_page):
        expect(page.locator("#event-list [data-type='turn_ended']")).to_have_count(1, timeout=LIVE_MS)

    run_worker()  # the worker tells Bea of Vega's turn as soon as it comes
    assert "To: bea@example.org" in capsys.readouterr().out

    clock.NOW[0] += timedelta(seconds=61)  # Vega's minute passes; nobody sleeps
    assert apply_deadlines.call() == 1
    for page in (gm_page, bea_page):
        expect(page.locator("#event-list [data-type='turn_ended']")).to_have_count(2, timeout=LIVE_MS)


def _shoot(page, name):
    """With EPIC20_SHOTS=<dir>, keep a screenshot of the page (outside the repository)."""
    import os

    folder = os.environ.get("EPIC20_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


def test_declaring_ahead_from_the_drawer_a_countdown_and_who_declared_live_and_the_partida_lists_it(
    new_page, force_login, live_url, make_user, settings
):
    from campaigns import services as campaign_services
    from combat import deadlines, services
    from tests.characters.helpers import make_character
    from tests.combat.encounters import dice
    from tests.combat.encounters.conftest import THUG
    from tests.notifications import clock
    from tracking import partidas

    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    settings.TRACKING_CLOCK = "tests.notifications.clock.now"
    clock.NOW[0] = datetime.now(UTC)
    gm = make_user(username="directora")
    ana = make_user(username="ana", email="ana@example.org")
    campaign = campaign_services.campaign_create(gm=gm, name="La Liga de la Noche")
    campaign_services.campaign_join(user=ana, invite_code=campaign.invite_code)
    hero = make_character(ana, campaign=campaign)
    partidas.partida_open(campaign=campaign, title="El puerto")
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Emboscada en el puerto")
    nova = services.combatant_add(encounter=encounter, user=ana, side="heroes", character_id=hero.pk)
    thug = services.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=THUG)
    dice.QUEUE[:] = [3, 15]  # the thug first
    services.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    deadlines.deadline_update(
        encounter=encounter, clean=deadlines.check_settings({"turn_deadline_hours": 24})
    )

    url = f"/encounters/{encounter.pk}/"
    for size, viewport in (
        ("wide", {"width": 1366, "height": 900}),
        ("phone", {"width": 390, "height": 844}),
    ):
        gm_page = force_login(new_page(viewport=viewport), gm)
        gm_page.goto(f"/campaigns/{campaign.pk}/")
        expect(gm_page.locator("#partida-list .partida-encounters")).to_contain_text("Emboscada en el puerto")
        _shoot(gm_page, f"campaign-{size}")
    ana_page = force_login(new_page(viewport={"width": 390, "height": 844}), ana)
    ana_page.goto(url)
    expect(ana_page.locator("#fight-waiting time[data-countdown]")).to_contain_text("quedan 23 h")
    _shoot(ana_page, "encounter-countdown-phone")

    gm_page = force_login(new_page(viewport={"width": 1366, "height": 900}), gm)
    gm_page.goto(url)
    _shoot(gm_page, "encounter-countdown-wide")
    gm_page.locator("#gm-drawer-button").click()
    gm_page.locator("#declare-ahead-on").click()
    expect(ana_page.locator("#fight-waiting")).to_contain_text(
        "Declaraciones abiertas (Asalto 1)", timeout=LIVE_MS
    )
    club = {"type": "attack", "target": nova.pk, "kind": "melee", "with": "Porra"}
    services.encounter_act(
        encounter=encounter, user=gm, action={"type": "declare", "actor": thug.pk, "action": club}
    )
    expect(ana_page.locator(f"[data-declared='{thug.pk}']")).to_have_text("✓ Matón", timeout=LIVE_MS)
    expect(gm_page.locator(f"[data-declared='{thug.pk}']")).to_contain_text("Atacar → Nova", timeout=LIVE_MS)
    expect(gm_page.locator("#resolve-round")).to_be_visible()
    _shoot(gm_page, "encounter-declaring-gm-wide")
    _shoot(ana_page, "encounter-declaring-player-phone")
    wide = force_login(new_page(viewport={"width": 1366, "height": 900}), ana)
    wide.goto(url)
    _shoot(wide, "encounter-declaring-player-wide")
    phone = force_login(new_page(viewport={"width": 390, "height": 844}), gm)
    phone.goto(url)
    _shoot(phone, "encounter-declaring-gm-phone")
    dice.QUEUE[:] = [2]
    # The drawer closes (its body redrew with the declaration, so by its button, not Escape);
    # the fight's box has "resolve now" too.
    gm_page.locator("#gm-drawer .btn-close").click()
    expect(gm_page.locator("#gm-drawer")).not_to_be_visible()
    gm_page.locator("#resolve-round").click()
    expect(ana_page.locator("#event-list [data-type='declarations_closed']")).to_have_count(
        1, timeout=LIVE_MS
    )
    expect(ana_page.locator("#fight-waiting")).to_contain_text(
        "Declaraciones abiertas (Asalto 2)", timeout=LIVE_MS
    )
