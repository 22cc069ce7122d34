"""The encounter page's "add an NPC" form shares the API's strict JSON reader and validation: odd
input gets a clear refusal on the page and nothing is stored, never a server error."""

from __future__ import annotations

import pytest
from django.urls import reverse

from combat.models import Combatant
from tests.combat.encounters.conftest import THUG

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    "post",
    [
        {"npc": '{"name": ' + DEEP + "}", "side": "villains"},
        {"npc": '{"level": NaN}', "side": "villains"},
        {"npc": '{"name": "\\ud800"}', "side": "villains"},
        {"npc": '{"name": "Ma\\u0000ton"}', "side": "villains"},
        {"npc": "no es json", "side": "villains"},
        {"npc": "[1, 2]", "side": "villains"},
        {"npc": '{"name": "X", "level": 5}', "side": "vil\x00lains"},
        {"npc": '{"name": "X", "level": 5}', "side": "villains", "minion": "on", "hit_points": "-5"},
        {"npc": '{"name": "X", "level": 5}', "side": "villains", "minion": "on", "hit_points": "40000"},
        {"npc": '{"name": "X", "level": 5}', "side": "villains", "minion": "on", "hit_points": "1e20"},
        {
            "npc": '{"name": "X", "level": 5}',
            "side": "villains",
            "minion": "on",
            "hit_points": "100000000000000000000",
        },
    ],
)
def test_odd_npc_input_on_the_page_is_refused_and_stores_nothing(table, client, post):
    encounter = table.create()["id"]
    client.force_login(table.gm)
    url = reverse("encounters:combatant_add", args=[encounter])
    response = client.post(url, post, HTTP_HX_REQUEST="true")
    assert response.status_code in (200, 400), response.status_code
    assert "alert-danger" in response.content.decode() or response.status_code == 400
    assert not Combatant.objects.filter(encounter_id=encounter).exists()


def test_a_good_npc_from_the_page_joins(table, client):
    import json

    encounter = table.create()["id"]
    client.force_login(table.gm)
    url = reverse("encounters:combatant_add", args=[encounter])
    response = client.post(url, {"npc": json.dumps(THUG), "side": "villains"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert Combatant.objects.filter(encounter_id=encounter, name="Matón").exists()
