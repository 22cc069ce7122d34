"""Two edits of one character at once never lose one (PostgreSQL only: SQLite serialises writers
on its own). The owner's PATCH races the GM's PATCH of another key, and a GM's level award races
the owner's PATCH: every accepted change is in the stored sheet."""

from __future__ import annotations

import pytest
from django.db import connection

from characters import services
from characters.models import Character
from tests.characters.helpers import nova
from tests.combat.encounters.conftest import client_for
from tests.combat.encounters.test_concurrency import _run_in_threads
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
]


def _table():
    gm = UserFactory()
    campaign = campaign_for(gm)
    owner = player_in(campaign)
    character = services.character_create(owner=owner, sheet=nova(), campaign=campaign)
    return gm, owner, character


@pytest.mark.parametrize("attempt", range(5))
def test_an_owners_patch_and_the_gms_patch_both_stay(attempt):
    gm, owner, character = _table()
    url = f"/api/v1/characters/{character.pk}/"
    bodies = [(owner, {"concept": "piloto nocturna"}), (gm, {"name": "Nova Prime"})]

    def work(index):
        user, body = bodies[index]
        response = client_for(user).patch(url, body, format="json")
        assert response.status_code == 200, response.json()

    _run_in_threads(work)
    sheet = Character.objects.get(pk=character.pk).sheet
    assert sheet["concept"] == "piloto nocturna" and sheet["name"] == "Nova Prime"


@pytest.mark.parametrize("attempt", range(5))
def test_a_level_award_racing_the_owners_patch_keeps_the_level(attempt):
    gm, owner, character = _table()
    level = character.sheet["level"]

    def work(index):
        if index == 0:
            services.character_award(character=character, awarded_by=gm, category="levels", amount=1)
        else:
            response = client_for(owner).patch(
                f"/api/v1/characters/{character.pk}/", {"concept": "otra"}, format="json"
            )
            assert response.status_code in (200, 400), response.json()

    _run_in_threads(work)
    stored = Character.objects.get(pk=character.pk)
    assert stored.sheet["level"] == level + 1
