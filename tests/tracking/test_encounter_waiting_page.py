"""The encounter page's "who the fight waits for" box (`templates/combat/_deadline.html`): the
countdown to the deadline, and, declaring ahead, who has declared — never what a hidden NPC
declared; the GM turns declaring ahead on from the drawer."""

import pytest

from tests.tracking.helpers import send

pytestmark = pytest.mark.django_db


def page(client, user, encounter):
    client.force_login(user)
    response = client.get(f"/encounters/{encounter}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_whom_the_fight_waits_for_with_a_live_countdown(fight, client, frozen):
    table, encounter, nova, thug = fight
    send(table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", {"turn_deadline_hours": 24})
    html = page(client, table.player, encounter)
    assert 'id="fight-waiting"' in html and f'data-waiting="{thug}"' in html
    assert '<time data-countdown datetime="2026-12-02T10:00:00+00:00"' in html
    assert 'aria-live="polite" data-countdown-announce' in html and "js/countdown.js" in html


def test_the_gm_turns_declaring_ahead_on_from_the_drawer_and_players_see_who_declared(fight, client):
    table, encounter, nova, thug = fight
    assert 'id="declare-ahead-on"' in page(client, table.gm, encounter)
    client.post(f"/encounters/{encounter}/act/", {"type": "declare_ahead_on"})
    assert table.state(encounter)["declare_ahead"] is True
    club = {"type": "attack", "target": nova, "kind": "melee", "with": "Porra"}
    assert table.act(encounter, type="declare", actor=thug, action=club).status_code == 201
    html = page(client, table.player, encounter)
    assert "Declaraciones abiertas (Asalto 1)" in html
    assert f'data-declared="{thug}">✓ Matón</span>' in html and "Atacar → Nova" not in html
    gm_html = page(client, table.gm, encounter)
    words = "Atacar → Nova · Cuerpo a cuerpo · Porra"  # the declared action in words, not its type
    assert f'data-declared="{thug}">✓ Matón · {words}</span>' in gm_html and 'id="resolve-round"' in gm_html
