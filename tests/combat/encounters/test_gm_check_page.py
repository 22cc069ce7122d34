"""The GM calls for a skill check from anyone, at any moment, from the console: the check takes no
action and the turn stays where it was."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db


def test_the_gm_calls_for_a_check_from_a_combatant_whose_turn_it_is_not(table, faces, client):
    encounter, nova, thug = started(table, faces)  # the thug's turn
    client.force_login(table.gm)
    url = reverse("encounters:detail", args=[encounter])
    page = client.get(url).content.decode()
    assert 'id="gm-check-form"' in page and 'value="intuicion"' in page
    before = table.state(encounter)
    faces.append(14)
    response = client.post(
        reverse("encounters:act", args=[encounter]),
        {"type": "skill_check", "free": "1", "actor": nova, "skill": "intuicion", "difficulty": "15"},
    )
    assert response.status_code == 302
    after = table.state(encounter)
    assert (after["current"], after["turn"]) == (before["current"], before["turn"])
    (check,) = [e for e in table.events(encounter)["results"] if e["type"] == "skill_check"]
    assert check["actor"] == nova and check["difficulty"] == 15
    assert check["roll"]["faces"][0] == 14


def test_players_do_not_get_the_gm_check_form(table, faces, client):
    encounter, nova, thug = started(table, faces)
    client.force_login(table.player)
    page = client.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="gm-check-form"' not in page
