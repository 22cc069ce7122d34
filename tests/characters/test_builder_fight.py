"""A sheet built in the browser fights with its equipment's properties: a two-handed weapon and
Ataque brutal, saved through the builder's POST, attacking through the REST API.

MANIOBRAS DE COMBATE (seed l.711-721): Ataque brutal "Requiere el uso de un arma de cuerpo a
cuerpo a dos manos … Cuando el luchador gasta 1 punto de Héroe para ganar Superioridad en el
ataque, además gana el superpoder «ataque penetrante»"; Ataque brutal 2 "cada vez que tiene
Superioridad"; Ataque brutal 3 "cada vez que ataque sin Inferioridad".
"""

from __future__ import annotations

import pytest
from django.test import Client

from characters.models import Character
from tests.characters.helpers import form_data, nova
from tests.combat.encounters import dice as scripted_dice
from tests.combat.encounters.conftest import THUG, client_for
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

BRUTAL_CHAIN = ["ataque-brutal", "ataque-brutal-2", "ataque-brutal-3"]


@pytest.fixture
def faces(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted_dice.QUEUE.clear()
    yield scripted_dice.QUEUE
    scripted_dice.QUEUE.clear()


def brute(maneuvers: list[str], two_handed: bool) -> dict:
    """Nova without Volar (its point traded for an advantage and maneuvers), with a special
    greatsword: a legal level-8 sheet."""
    sheet = nova(name="Brava", maneuvers=maneuvers)
    sheet["powers"] = [p for p in sheet["powers"] if p["power"] != "volar"]
    item = {"kind": "special", "name": "Mandoble", "power": None, "armor": False}
    sheet["equipment"] = [{**item, "two_handed": True} if two_handed else item]
    return sheet


def built_in_the_browser(player, campaign, sheet: dict) -> Character:
    browser = Client()
    browser.force_login(player)
    response = browser.post("/characters/new/", form_data(sheet, save="1", campaign=str(campaign.pk)))
    assert response.status_code == 302, response.content.decode()[:3000]
    return Character.objects.get(owner=player, name="Brava")


def attack_with_the_greatsword(faces, maneuvers, two_handed, hero_point):
    gm, player = UserFactory(username="directora"), UserFactory(username="jugadora")
    campaign = campaign_for(gm)
    player_in(campaign, player)
    character = built_in_the_browser(player, campaign, brute(maneuvers, two_handed))
    gm_api, player_api = client_for(gm), client_for(player)
    encounter = gm_api.post(f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Duelo"}, format="json")
    encounter = encounter.json()["id"]
    hero = player_api.post(
        f"/api/v1/encounters/{encounter}/combatants/",
        {"character": character.pk, "side": "heroes"},
        format="json",
    ).json()["id"]
    thug = gm_api.post(
        f"/api/v1/encounters/{encounter}/combatants/", {"npc": THUG, "side": "villains"}, format="json"
    ).json()["id"]
    faces.extend([15, 3])  # Brava first
    assert (
        gm_api.post(f"/api/v1/encounters/{encounter}/actions/", {"type": "start"}, format="json").status_code
        == 201
    )
    faces.extend([11, 11])  # one d20, or two with the hero point's Superioridad
    action = {"type": "attack", "actor": hero, "target": thug, "kind": "melee", "with": "Mandoble"}
    if hero_point:
        action["hero_point"] = "superioridad"
    response = player_api.post(f"/api/v1/encounters/{encounter}/actions/", action, format="json")
    assert response.status_code == 201, response.json()
    return next(e for e in response.json()["events"] if e["type"] == "attack")


def test_the_builder_stores_the_two_handed_weapon_the_fight_reads(user):
    campaign = campaign_for(UserFactory())
    player_in(campaign, user)
    character = built_in_the_browser(user, campaign, brute(["ataque-brutal"], two_handed=True))

    assert character.sheet["equipment"][0]["two_handed"] is True
    assert "ataque-brutal" in character.sheet["maneuvers"]


@pytest.mark.parametrize(
    ("maneuvers", "two_handed", "hero_point", "penetrating"),
    [
        # Tier 1: only when the hero point buys Superioridad.
        (BRUTAL_CHAIN[:1], True, True, True),
        (BRUTAL_CHAIN[:1], True, False, False),
        # The weapon must be "a dos manos".
        (BRUTAL_CHAIN[:1], False, True, False),
        # Tier 3 keeps what tiers 1 and 2 give and adds "sin Inferioridad": no hero point needed.
        (BRUTAL_CHAIN, True, False, True),
        (BRUTAL_CHAIN, False, False, False),
    ],
)
def test_a_browser_built_greatsword_fighter_penetrates_as_the_brutal_chain_says(
    faces, maneuvers, two_handed, hero_point, penetrating
):
    attack = attack_with_the_greatsword(faces, maneuvers, two_handed, hero_point)

    assert attack["with"] == "Mandoble"
    assert attack["penetrating"] is penetrating
