"""A player who leaves a campaign, or is taken out of it, takes their characters along: the GM
can no longer read or change the sheet, and keeps only what the fights' log recorded."""

from __future__ import annotations

import pytest

from campaigns.models import Membership
from characters.models import Character
from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db


def _gm_loses_the_sheet(table) -> None:
    character = Character.objects.get(pk=table.character.pk)
    assert character.campaign_id is None and character.owner_id == table.player.pk
    url = f"/api/v1/characters/{character.pk}/"
    assert table.gm_api.get(url).status_code == 404
    assert table.gm_api.patch(url, {"concept": "otra"}, format="json").status_code == 404
    assert table.gm_api.get(f"/api/v1/characters/?campaign={table.campaign.pk}").json()["count"] == 0
    assert Character.objects.get(pk=character.pk).sheet["concept"] == "piloto con rayos de plasma"
    # Still the player's own.
    assert table.player_api.get(url).status_code == 200


def test_a_player_who_leaves_takes_their_characters_and_the_log_stays(table, faces):
    encounter, nova, _thug = started(table, faces)
    assert table.gm_api.get(f"/api/v1/characters/{table.character.pk}/").status_code == 200

    assert table.player_api.post(f"/api/v1/campaigns/{table.campaign.pk}/leave/").status_code == 204

    _gm_loses_the_sheet(table)
    events = table.events(encounter)["results"]
    added = [e for e in events if e["type"] == "combatant_added" and e["actor"] == nova]
    assert added[0]["text"] == "Nova se une al combate (Héroes)."
    state = table.state(encounter)
    assert [c["name"] for c in state["combatants"] if c["id"] == nova] == ["Nova"]


def test_a_player_taken_out_of_the_campaign_takes_their_characters(table):
    Membership.objects.get(campaign=table.campaign, user=table.player).delete()
    _gm_loses_the_sheet(table)


def test_the_page_to_leave_detaches_too(table):
    table.player_api.force_authenticate(None)
    table.player_api.force_login(table.player)
    response = table.player_api.post(f"/campaigns/{table.campaign.pk}/leave/")
    assert response.status_code == 302
    _gm_loses_the_sheet(table)


def test_another_players_characters_stay_in_the_campaign(table):
    from tests.characters.helpers import make_character, nova
    from tests.factories import UserFactory, player_in

    other = UserFactory()
    player_in(table.campaign, other)
    theirs = make_character(other, campaign=table.campaign, sheet=nova(name="Vega"))
    Membership.objects.get(campaign=table.campaign, user=table.player).delete()
    assert Character.objects.get(pk=theirs.pk).campaign_id == table.campaign.pk
