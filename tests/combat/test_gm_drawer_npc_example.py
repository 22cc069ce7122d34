"""The GM's drawer in every system: the NPC sheet shown as the JSON box's example is one the
fight takes as it is (pasted, it adds the NPC), and a refusal of the drawer's forms is answered in
the drawer's own feedback box, where the GM is looking, not behind the drawer."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from combat import services
from combat.models import Combatant
from rules.registration import registrations
from tests.characters.html_parts import element
from tests.factories import UserFactory, campaign_for

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "gm-feedback"}


def _drawer_page(system: str):
    gm = UserFactory()
    campaign = campaign_for(gm, system=system)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Muelle")
    client = Client()
    client.force_login(gm)
    return client, encounter


@pytest.mark.parametrize("system", list(registrations()))
def test_the_npc_example_the_drawer_shows_adds_an_npc_when_pasted(system):
    client, encounter = _drawer_page(system)
    page = client.get(f"/encounters/{encounter.pk}/").content.decode()
    example = (
        html.unescape(re.sub(r"<[^>]+>", "", element(page, "npc-sheet-example"))).split(":", 1)[1].strip()
    )

    answer = client.post(
        f"/encounters/{encounter.pk}/combatants/", {"npc": example, "side": "villains"}, **HTMX
    )

    assert answer.status_code == 200 and "HX-Retarget" not in answer, answer.content.decode()
    assert Combatant.objects.filter(encounter=encounter, character__isnull=True).count() == 1


def test_a_refused_npc_is_answered_in_the_drawer_s_feedback_box():
    client, encounter = _drawer_page("epic20")
    answer = client.post(
        f"/encounters/{encounter.pk}/combatants/", {"npc": '{"system": "epic20"}', "side": "villains"}, **HTMX
    )
    assert answer["HX-Retarget"] == "#gm-feedback"
    assert Combatant.objects.filter(encounter=encounter).count() == 0
