"""The encounter pages through the test client: they render, act, and stay cheap."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from combat.models import Encounter

pytestmark = pytest.mark.django_db


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_gm_creates_an_encounter_from_the_campaign(table):
    gm = browser(table.gm)
    url = reverse("encounters:list", args=[table.campaign.pk])
    assert gm.get(url).status_code == 200
    response = gm.post(url, {"name": "Asalto al banco"})
    encounter = Encounter.objects.get(name="Asalto al banco")
    assert response.status_code == 302
    assert response["Location"] == reverse("encounters:detail", args=[encounter.pk])
    player = browser(table.player)
    assert player.post(url, {"name": "No"}).status_code == 403


def test_the_console_shows_the_commitment_before_the_first_roll_and_the_fight_after(table, faces):
    encounter = table.create()["id"]
    gm = browser(table.gm)
    page = gm.get(reverse("encounters:detail", args=[encounter])).content.decode()
    commitment = Encounter.objects.get(pk=encounter).commitment
    assert commitment in page
    assert "Tirar iniciativa y empezar" in page
    gm.post(
        reverse("encounters:combatant_add", args=[encounter]),
        {"character": table.character.pk, "side": "heroes"},
    )
    import json

    from tests.combat.encounters.conftest import THUG

    gm.post(
        reverse("encounters:combatant_add", args=[encounter]), {"npc": json.dumps(THUG), "side": "villains"}
    )
    faces.extend([15, 3])
    response = gm.post(reverse("encounters:act", args=[encounter]), {"type": "start"})
    assert response.status_code == 302
    page = gm.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'aria-current="step"' in page
    assert "Nova" in page and "Matón" in page
    assert 'id="event-1"' in page


def test_the_player_view_has_controls_only_on_their_turn(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    table.add_npc(encounter)
    faces.extend([3, 15])  # the thug first
    table.act(encounter, type="start")
    player = browser(table.player)
    page = player.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="attack-form"' not in page
    assert 'id="waiting"' in page
    assert "Herramientas del director" not in page
    thug = table.state(encounter)["current"]
    table.act(encounter, type="end_turn", actor=thug)
    page = player.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="attack-form"' in page
    assert f'value="{nova}"' in page


def test_a_player_attacks_from_the_page_and_sees_the_odds(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    faces.extend([15, 3])
    table.act(encounter, type="start")
    player = browser(table.player)
    odds = player.get(
        reverse("encounters:odds", args=[encounter]),
        {"actor": nova, "target": thug, "kind": "ranged", "with": "ataque-especial-a-distancia"},
    ).content.decode()
    # Against the GM's thug a player sees a band, never the exact chance that gives its defense away.
    assert 'data-odds="hit-band">muy probable' in odds and "17/20" not in odds
    faces.append(17)
    response = player.post(
        reverse("encounters:act", args=[encounter]),
        {
            "type": "attack",
            "actor": nova,
            "target": thug,
            "kind": "ranged",
            "with": "ataque-especial-a-distancia",
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert response["HX-Trigger"] == "encounter-changed"
    assert "ataca" in response.content.decode()
    log = player.get(reverse("encounters:log", args=[encounter])).content.decode()
    assert "17" in log and "ATACAR EN COMBATE" in log


def test_a_refused_action_is_explained_on_the_page(table, faces):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    thug = table.add_npc(encounter)["id"]
    faces.extend([3, 15])
    table.act(encounter, type="start")
    player = browser(table.player)
    response = player.post(
        reverse("encounters:act", args=[encounter]),
        {"type": "end_turn", "actor": thug},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "alert-danger" in response.content.decode()


def test_the_live_poll_answers_204_until_something_happens(table, faces, django_capture_on_commit_callbacks):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    state = table.state(encounter)
    player = browser(table.player)
    url = reverse("encounters:log_after", args=[encounter, state["last_seq"]])
    assert player.get(url, {"v": state["version"]}).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        table.add_npc(encounter)
    response = player.get(url, {"v": state["version"]})
    assert response.status_code == 200
    body = response.content.decode()
    assert 'hx-swap-oob="beforeend:#event-list"' in body
    assert "Matón" in body
    assert 'id="encounter-live"' in body


def test_pages_are_not_for_strangers(table):
    from tests.factories import UserFactory

    encounter = table.create()["id"]
    stranger = browser(UserFactory())
    for name in ("detail", "log", "export", "verify"):
        assert stranger.get(reverse(f"encounters:{name}", args=[encounter])).status_code == 404
    assert stranger.get(reverse("encounters:log_after", args=[encounter, 0])).status_code == 404
    anonymous = Client()
    assert anonymous.get(reverse("encounters:detail", args=[encounter])).status_code == 302


def test_the_log_page_filters_by_round_and_links_each_event(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    table.add_npc(encounter)
    faces.extend([15, 3])
    table.act(encounter, type="start")
    table.act(encounter, client=table.player_api, type="end_turn", actor=nova)
    player = browser(table.player)
    page = player.get(reverse("encounters:log", args=[encounter]), {"round": 0}).content.decode()
    assert "se une al combate" in page
    assert "Empieza el combate" not in page
    event = player.get(reverse("encounters:event", args=[encounter, 1]))
    assert event.status_code == 200
    assert f"/encounters/{encounter}/log/1/" in event.content.decode()
    english = player.get(reverse("encounters:log", args=[encounter]), HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 200


def test_export_and_verify_pages_render(table, faces):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    player = browser(table.player)
    export = player.get(reverse("encounters:export", args=[encounter]), {"format": "markdown"})
    assert export.status_code == 200 and "**Emboscada en el puerto**" in export.content.decode()
    download = player.get(reverse("encounters:export", args=[encounter]), {"format": "bbcode", "download": 1})
    assert download["Content-Type"].startswith("text/plain")
    verify = player.get(reverse("encounters:verify", args=[encounter])).content.decode()
    assert "js/encounter-verify.js" in verify
    assert 'id="verify-data"' in verify
