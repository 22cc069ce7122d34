"""A whole Anima-style fight through the REST API (docs/api.md), with fixed dice: the player's
swordswoman makes three multiple attacks on the GM's orc, whose parry on the second earns a
counterattack that ends the rest (Atacar); the counterattack's devastating hit is a
Desmembramiento (Las Consecuencias Críticas); in round 2 the orc drops her into the Estado de
Vida y Muerte, and round 3 begins with her Resistencia Física check, which stabilises her with
−6 to every action. Each step is read back as the player and as the GM may see it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules.anima.examples import ORC, SWORDSWOMAN
from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

# Armour 3 (−30 points off every damage percentage), Capacidad de Defensa 22, Capacidad de Ataque 40.
ORC_SHEET = {**ORC, "name": "Orco", "attack": 40, "defense": 22}


@pytest.fixture
def queued(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


class Table:
    """The campaign, its two people and the encounter, all made through the API."""

    def __init__(self):
        gm_user, player_user = UserFactory(), UserFactory()
        campaign = campaign_for(gm_user, system="anima")
        player_in(campaign, player_user)
        self.gm, self.player = client_for(gm_user), client_for(player_user)
        sheet = self.player.post(
            "/api/v1/characters/", {**SWORDSWOMAN, "campaign": campaign.pk}, format="json"
        )
        assert sheet.status_code == 201, sheet.json()
        created = self.gm.post(
            f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Paso"}, format="json"
        )
        assert created.status_code == 201, created.json()
        self.url = f"/api/v1/encounters/{created.json()['id']}"
        celia = self.player.post(
            f"{self.url}/combatants/", {"character": sheet.json()["id"], "side": "heroes"}, format="json"
        )
        orc = self.gm.post(f"{self.url}/combatants/", {"npc": ORC_SHEET, "side": "villains"}, format="json")
        assert celia.status_code == 201 and orc.status_code == 201, (celia.json(), orc.json())
        self.celia, self.orc = celia.json()["id"], orc.json()["id"]

    def act(self, client, action: dict) -> dict:
        answer = client.post(f"{self.url}/actions/", action, format="json")
        assert answer.status_code == 201, answer.json()
        return answer.json()

    def seen(self, client) -> dict:
        return {c["id"]: c for c in client.get(f"{self.url}/").json()["combatants"]}


def strikes(answer: dict) -> list[dict]:
    return [e for e in answer["events"] if e["type"] == "attack"]


def test_a_whole_fight_with_multiple_attacks_a_counterattack_and_a_critical_consequence(queued):
    table = Table()
    celia, orc = table.celia, table.orc

    # Initiative: Celia 12 + 8 = 20, the orc 6 − 2 (Hacha) + 3 = 7.
    queued.extend([8, 3])
    started = table.act(table.gm, {"type": "start"})
    assert started["state"]["clock"] == {"round": 1, "current": celia}

    # Round 1. Three attacks with the medium sword, −3 for each added one: 32 − 6 = 26 each.
    # 26 + 6 against 22 + 2: a difference of 8, Impacto moderado, 50 % − 30 (armour 3) of 50 = 10.
    # 26 + 1 against 22 + 10: −5, "Contraataque" (bonus 5 / 2 → 2), and the third attack is lost.
    queued.extend([6, 2, 1, 10])
    answer = table.act(
        table.player, {"type": "attack", "actor": celia, "target": orc, "with": "Espada larga", "attacks": 3}
    )
    assert [e["type"] for e in answer["events"]] == ["attack", "attack", "attacks_lost"]
    first, second = strikes(answer)
    assert (first["attack_total"], first["impact_level"], first["damage"]) == (32, "moderate", 10)
    assert (second["attack_total"], second["impact_level"], second["damage"]) == (27, "counterattack", 0)
    assert answer["events"][2]["lost"] == 1 and answer["events"][2]["reason"] == "counterattack"
    # The orc is the GM's: the player sees its hits, never its defense, its total or its hit points.
    assert all("defense_total" not in e and "difference" not in e for e in (first, second))
    assert table.seen(table.player)[orc]["hit_points"] is None
    gm_view = table.seen(table.gm)[orc]
    assert (gm_view["hit_points"], gm_view["counterattack_offer"]["bonus"]) == (130, 2)

    # The orc's counterattack, out of its turn: 40 + 2 + 6 = 48 against Celia's 28 + 4 = 32, 16:
    # Impacto devastador, 150 % − 20 (armour 2) of 70 = 91, at least 75 % of her 120:
    # Desmembramiento, two zones by 2D10 (8 and 8: the right arm twice, so the arm and its
    # neighbour, the hand) and −20 % of the maximum.
    queued.extend([6, 4, 8, 8])
    answer = table.act(table.gm, {"type": "counterattack", "actor": orc, "target": celia, "with": "Hacha"})
    (counter,) = strikes(answer)
    assert (counter["attack_total"], counter["defense_total"], counter["impact_level"]) == (
        48,
        32,
        "devastating",
    )
    assert (counter["damage"], counter["critical"], counter["zones"]) == (
        91,
        "dismemberment",
        ["right-arm", "right-hand"],
    )
    assert counter["max_hit_points_lost"] == 24
    mine = table.seen(table.player)[celia]
    assert (mine["hit_points"], mine["hit_points_max"], mine["status"]) == (120 - 91 - 24, 96, "active")
    assert mine["destroyed_zones"] == ["right-arm", "right-hand"]
    # A second counterattack the same round ("una vez por turno") is refused and changes nothing.
    version = table.gm.get(f"{table.url}/").json()["version"]
    again = table.gm.post(
        f"{table.url}/actions/",
        {"type": "counterattack", "actor": orc, "target": celia, "with": "Hacha"},
        format="json",
    )
    assert again.status_code == 409  # its offer was spent: it is no longer the orc's moment
    assert table.gm.get(f"{table.url}/").json()["version"] == version

    table.act(table.player, {"type": "end_turn", "actor": celia})
    # Round 2: Celia 12 + 1 = 13, the orc 4 + 10 = 14; every defense counts from the first again.
    queued.extend([1, 10])
    answer = table.act(table.gm, {"type": "end_turn", "actor": orc})
    assert answer["state"]["clock"] == {"round": 2, "current": orc}

    # 40 + 3 against 28 + 7: 8, Impacto moderado, 50 % − 20 of 70 = 21 (under half her 96: no
    # critical). 5 − 21 = −16: between life and death (she dies at −5 × Constitución 5 = −25).
    queued.extend([3, 7])
    (hit,) = strikes(table.act(table.gm, {"type": "attack", "actor": orc, "target": celia, "with": "Hacha"}))
    assert (hit["defense_total"], hit["damage"], hit["critical"], hit["target_status"]) == (
        35,
        21,
        None,
        "dying",
    )
    assert table.seen(table.player)[celia]["hit_points"] == -16

    # Round 3 begins with her Resistencia Física (her Reflejos 14, the sheet having none) + 2 = 16,
    # above 12: stabilised at 0, conscious, −6 to every action; then initiative, Celia 17, the orc 9.
    queued.extend([2, 5, 5])
    answer = table.act(table.gm, {"type": "end_turn", "actor": orc})
    (check,) = [e for e in answer["events"] if e["type"] == "life_and_death"]
    assert (check["outcome"], check["total"], check["difficulty"]) == ("stabilised", 16, 12)
    assert answer["state"]["clock"] == {"round": 3, "current": celia}
    mine = table.seen(table.player)[celia]
    assert (mine["hit_points"], mine["status"], mine["life_death_penalty"]) == (0, "active", -6)

    # Her single attack carries the −6: 32 − 6 + 10 = 36 against 27, 9: Impacto mayor, 75 % − 30 of 50 = 22.
    queued.extend([10, 5])
    (last,) = strikes(
        table.act(table.player, {"type": "attack", "actor": celia, "target": orc, "with": "Espada larga"})
    )
    assert {"slug": "life-and-death", "value": -6} in last["attack_modifiers"]
    assert (last["attack_total"], last["impact_level"], last["damage"]) == (36, "major", 22)
    assert table.seen(table.gm)[orc]["hit_points"] == 130 - 22

    table.act(table.gm, {"type": "end"})
    assert not queued  # every die the story needed was rolled, and no other
    log = table.gm.get(f"{table.url}/events/").json()["results"]
    kinds = [e["type"] for e in log]
    assert kinds.count("attack") == 5 and kinds.count("round") == 3 and kinds[-1] == "end"
