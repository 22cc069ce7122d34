"""Set-up shared by the encounter tests: a GM, a player with a character in the campaign, API
clients for each, and dice that tests can script."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.characters.helpers import make_character, nova
from tests.combat.encounters import dice as scripted_dice
from tests.factories import UserFactory, campaign_for, player_in

# An NPC sheet: the GM's villains need not fit a player's budget, only be readable.
THUG = {
    "system": "epic20",
    "name": "Matón",
    "level": 5,
    "attributes": {"corpulencia": 1, "agilidad": 0.5, "percepcion": 0.5, "inteligencia": 0, "presencia": 0.5},
    "skills": [],
    "powers": [],
    "advantages": [],
    "maneuvers": [],
    "complications": [],
    "equipment": [{"kind": "mundane", "name": "Porra", "power": None, "armor": False}],
}


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def faces(settings):
    """Queue d20 faces: `faces.extend([12, 7])`. Every roll of the services takes the next one."""
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted_dice.QUEUE.clear()
    yield scripted_dice.QUEUE
    scripted_dice.QUEUE.clear()


class Table:
    """A campaign ready to fight: GM, player, the player's character, clients for both."""

    def __init__(self):
        self.gm = UserFactory(username="directora")
        self.player = UserFactory(username="jugador")
        self.campaign = campaign_for(self.gm)
        player_in(self.campaign, self.player)
        self.character = make_character(self.player, campaign=self.campaign, sheet=nova())
        self.gm_api = client_for(self.gm)
        self.player_api = client_for(self.player)

    def create(self, name="Emboscada en el puerto", **extra):
        response = self.gm_api.post(
            f"/api/v1/campaigns/{self.campaign.pk}/encounters/", {"name": name, **extra}, format="json"
        )
        assert response.status_code == 201, response.json()
        return response.json()

    def add_pc(self, encounter_id, client=None, side="heroes", character=None):
        response = (client or self.player_api).post(
            f"/api/v1/encounters/{encounter_id}/combatants/",
            {"character": (character or self.character).pk, "side": side},
            format="json",
        )
        assert response.status_code == 201, response.json()
        return response.json()

    def add_npc(self, encounter_id, sheet=None, **extra):
        response = self.gm_api.post(
            f"/api/v1/encounters/{encounter_id}/combatants/",
            {"npc": sheet or THUG, "side": "villains", **extra},
            format="json",
        )
        assert response.status_code == 201, response.json()
        return response.json()

    def act(self, encounter_id, client=None, **action):
        return (client or self.gm_api).post(
            f"/api/v1/encounters/{encounter_id}/actions/", action, format="json"
        )

    def state(self, encounter_id, client=None):
        response = (client or self.gm_api).get(f"/api/v1/encounters/{encounter_id}/")
        assert response.status_code == 200
        return response.json()

    def events(self, encounter_id, client=None, **params):
        response = (client or self.gm_api).get(f"/api/v1/encounters/{encounter_id}/events/", params)
        assert response.status_code == 200, response.json()
        return response.json()


@pytest.fixture
def table(db):
    return Table()
