"""A fight its GM makes public is readable from the directory as any player reads it (the
players' view of the log, `combat.selectors.players_reader`): never a hidden NPC's numbers;
a fight not made public, or of another campaign, is not there at all."""

import pytest
from django.urls import reverse

from combat.models import Encounter
from tables import services
from tests.combat.encounters.conftest import faces, table  # noqa: F401 - fixtures
from tests.combat.encounters.test_fight_api import started
from tests.factories import UserFactory

from .helpers import PITCH, listed_campaign

pytestmark = pytest.mark.django_db


def _fought(table, faces):  # noqa: F811 - fixtures
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(20)
    response = table.act(
        encounter, client=table.player_api, type="attack", actor=nova, target=thug, kind="melee"
    )
    assert response.status_code == 201, response.json()
    services.listing_update(campaign=table.campaign, changes={"listed": True, "pitch": PITCH, "seats": 1})
    return encounter


def test_a_fight_is_not_readable_until_the_gm_makes_it_public(client, table, faces):  # noqa: F811
    encounter = _fought(table, faces)
    url = reverse("tables:public_fight", args=[table.campaign.pk, encounter])
    assert client.get(url).status_code == 404
    assert url not in client.get(reverse("tables:table", args=[table.campaign.pk])).content.decode()


def test_a_public_fight_reads_as_a_player_reads_it(client, table, faces):  # noqa: F811
    encounter = _fought(table, faces)
    services.listing_update(campaign=table.campaign, changes={"public_encounters": [encounter]})
    url = reverse("tables:public_fight", args=[table.campaign.pk, encounter])
    assert url in client.get(reverse("tables:table", args=[table.campaign.pk])).content.decode()
    text = client.get(url).content.decode()
    assert "impacta" in text
    assert "contra defensa" not in text  # the GM's line names the NPC's defense


def test_a_fight_of_another_campaign_is_not_found_under_this_table(client, table, faces):  # noqa: F811
    _fought(table, faces)
    other = listed_campaign(UserFactory(), name="Otra")
    foreign = Encounter.objects.create(campaign=other, name="Ajeno")
    services.listing_update(campaign=other, changes={"public_encounters": [foreign.pk]})
    assert client.get(reverse("tables:public_fight", args=[other.pk, foreign.pk])).status_code == 200
    assert client.get(reverse("tables:public_fight", args=[table.campaign.pk, foreign.pk])).status_code == 404
