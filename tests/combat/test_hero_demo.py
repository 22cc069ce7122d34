"""The Hero System demo table: a Hero campaign for the demo GM and players, a character each and a
fight against the GM's NPCs set up for the GM to start; running the demo twice changes nothing."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from campaigns.models import Campaign
from characters.models import Character
from combat.demos import hero as demo
from combat.models import Encounter

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _local_debug(settings):
    settings.DEBUG = True


def test_the_hero_demo_is_a_ready_campaign_with_a_fight_for_the_gm_to_start():
    call_command("load_demo")
    call_command("load_demo")

    campaign = Campaign.objects.get(name=demo.CAMPAIGN)
    assert campaign.system == "hero" and campaign.gm.username == "director"
    members = set(campaign.memberships.values_list("user__username", flat=True))
    assert {"director", "jugadora", "jugador"} <= members
    owners = dict(Character.objects.filter(campaign=campaign).values_list("name", "owner__username"))
    assert owners == {"Dragón": "jugadora", "Centella": "jugador"}
    encounter = Encounter.objects.get(campaign=campaign)
    assert encounter.name == demo.ENCOUNTER and encounter.status == "setup"
    combatants = encounter.combatants.filter(removed=False)
    assert combatants.count() == 4
    assert sorted(c.side for c in combatants) == ["heroes", "heroes", "villains", "villains"]


def test_every_demo_sheet_is_legal_and_spd_2_to_5_are_on_the_chart():
    from rules.hero.system import SYSTEM

    sheets = [sheet for _owner, sheet in demo.PLAYERS] + list(demo.NPCS)
    reports = [SYSTEM.check_sheet(sheet) for sheet in sheets]

    assert all(r.valid for r in reports), [r.errors for r in reports]
    assert sorted(s["characteristics"]["spd"] for s in sheets) == [2, 3, 4, 5]
