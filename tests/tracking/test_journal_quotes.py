"""Quoting a round of a fight in the journal: the players' forum export, whoever quotes it."""

import pytest

from combat.models import Combatant
from tests.tracking.helpers import codes, send

pytestmark = pytest.mark.django_db


def test_a_round_is_quoted_as_the_players_export_hiding_the_gms_numbers(fight):
    table, encounter, nova, thug = fight
    table.act(encounter, type="end_turn", actor=thug)
    body = {"body": "Así empezó:", "quote": {"encounter": encounter, "round": 1}}
    response = send(table.gm_api, "POST", f"/api/v1/campaigns/{table.campaign.pk}/journal/", body)
    assert response.status_code == 201, response.json()
    text = response.json()["body"]
    assert text.startswith("Así empezó:") and "\n> " in text
    assert Combatant.objects.get(pk=thug).name in text
    assert "<blockquote>" in response.json()["html"]


@pytest.mark.parametrize(
    "quote", [{"encounter": 999999, "round": 1}, {"round": 1}, "ronda", {"encounter": 0}]
)
def test_a_quote_of_no_round_of_this_campaign_is_refused(fight, quote):
    table, encounter, *_ = fight
    body = {"body": "x", "quote": quote}
    response = send(table.gm_api, "POST", f"/api/v1/campaigns/{table.campaign.pk}/journal/", body)
    assert response.status_code == 400 and codes(response) == {"quote.invalid"}


def test_a_round_not_played_yet_cannot_be_quoted(fight):
    table, encounter, *_ = fight
    body = {"body": "x", "quote": {"encounter": encounter, "round": 5}}
    assert (
        send(table.gm_api, "POST", f"/api/v1/campaigns/{table.campaign.pk}/journal/", body).status_code == 400
    )
