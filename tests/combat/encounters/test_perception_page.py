"""The page's skill check names whom a perception roll is trying to find, so a camouflaged or
invisible combatant hinders it there as through the API."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.combat.encounters.test_powers_in_play_api import GHOST, fight

pytestmark = pytest.mark.django_db


def test_a_perception_roll_from_the_page_against_an_invisible_combatant(table, faces, client):
    encounter, nova, ghost, initiative = fight(table, faces, GHOST, npc_first=False)
    assert table.act(encounter, type="use_power", actor=ghost, power="invisibilidad").status_code == 201
    faces.extend(initiative)
    assert table.act(encounter, type="start").status_code == 201
    client.force_login(table.player)
    page = client.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="skill-target"' in page and f'<option value="{ghost}">Fantasma</option>' in page
    faces.extend([10, 10])
    response = client.post(
        reverse("encounters:act", args=[encounter]),
        {"type": "skill_check", "actor": nova, "skill": "percepcion-visual", "target": ghost},
    )
    assert response.status_code == 302
    (check,) = [e for e in table.events(encounter)["results"] if e["type"] == "skill_check"]
    assert {s["slug"]: s["delta"] for s in check["roll"]["sources"]}["invisibilidad"] == -2
