"""The three systems that joined Epic20 run through the same encounter machinery and the API:
sheets stored through `/characters/`, combatants, start, the system's own clock, actions refused
out of turn or phase, the privacy of the GM's NPCs, undo. (Each engine's rules are tested in
tests/rules/<slug>/; this is the site around them.)"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules.anima import examples as anima_examples
from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.msh.helpers import sheet as msh_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted.QUEUE.clear()
    yield scripted.QUEUE
    scripted.QUEUE.clear()


def client(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def table_for(system: str):
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system=system)
    player_in(campaign, player)
    return campaign, client(gm), client(player)


def test_an_msh_round_is_declared_then_resolved_through_the_api(queued):
    campaign, gm, player = table_for("msh")
    coloso = msh_sheet("Coloso", fighting=20, strength=50, endurance=40, intuition=10)
    created = player.post("/api/v1/characters/", {**coloso, "campaign": campaign.pk}, format="json")
    assert created.status_code == 201, created.json()
    encounter = gm.post(
        f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Muelle"}, format="json"
    ).json()
    url = f"/api/v1/encounters/{encounter['id']}"
    hero = player.post(
        f"{url}/combatants/", {"character": created.json()["id"], "side": "heroes"}, format="json"
    )
    assert hero.status_code == 201, hero.json()
    maton = msh_sheet("Matón", fighting=10, strength=20, endurance=20, intuition=10, body_armor=6)
    npc = gm.post(f"{url}/combatants/", {"npc": maton, "side": "villains"}, format="json")
    assert npc.status_code == 201, npc.json()
    hero_id, npc_id = hero.json()["id"], npc.json()["id"]

    queued.extend([4, 3] + [1] * 10)  # initiative: heroes 4, villains 3
    started = gm.post(f"{url}/actions/", {"type": "start"}, format="json")
    assert started.status_code == 201, started.json()
    state = started.json()["state"]
    assert state["system"] == "msh"
    assert state["clock"]["phase"] == "declare" and state["clock"]["side"] == "villains"

    # The heroes declare after the defending villains: too early is a 409.
    early = player.post(
        f"{url}/actions/",
        {
            "type": "declare",
            "actor": hero_id,
            "action": {"type": "attack", "target": npc_id, "combat_type": "blunt"},
        },
        format="json",
    )
    assert early.status_code == 409, early.json()
    # An attack outside the declarations is not how MSH acts.
    direct = player.post(
        f"{url}/actions/",
        {"type": "attack", "actor": hero_id, "target": npc_id, "combat_type": "blunt"},
        format="json",
    )
    assert direct.status_code == 409
    passed = gm.post(
        f"{url}/actions/", {"type": "declare", "actor": npc_id, "action": {"type": "pass"}}, format="json"
    )
    assert passed.status_code == 201, passed.json()
    queued[:] = [97] + [1] * 30  # the punch: red; everything after it rolls low
    resolved = player.post(
        f"{url}/actions/",
        {
            "type": "declare",
            "actor": hero_id,
            "action": {"type": "attack", "target": npc_id, "combat_type": "blunt"},
        },
        format="json",
    )
    assert resolved.status_code == 201, resolved.json()
    attacks = [e for e in resolved.json()["events"] if e["type"] == "attack"]
    assert attacks and attacks[0]["colour"] == "red" and attacks[0]["roll"]["sides"] == 100
    assert attacks[0]["roll"]["commitment"] == encounter["dice"]["commitment"]
    # The GM's Matón keeps its Health behind the screen.
    assert "target_hit_points" not in attacks[0]
    seen = {c["id"]: c for c in player.get(url + "/").json()["combatants"]}
    assert seen[npc_id]["hit_points"] is None and seen[hero_id]["hit_points"] is not None
    assert gm.post(f"{url}/undo/").status_code == 200


def test_an_anima_attack_rolls_both_sides_and_keeps_the_npc_hidden(queued):
    campaign, gm, player = table_for("anima")
    samples = list(anima_examples.EXAMPLES)
    hero_sheet, npc_sheet = samples[0], samples[1]
    created = player.post("/api/v1/characters/", {**hero_sheet, "campaign": campaign.pk}, format="json")
    assert created.status_code == 201, created.json()
    encounter = gm.post(
        f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Bosque"}, format="json"
    ).json()
    url = f"/api/v1/encounters/{encounter['id']}"
    hero = player.post(
        f"{url}/combatants/", {"character": created.json()["id"], "side": "heroes"}, format="json"
    )
    npc = gm.post(f"{url}/combatants/", {"npc": npc_sheet, "side": "villains"}, format="json")
    assert hero.status_code == 201 and npc.status_code == 201, (hero.json(), npc.json())
    hero_id, npc_id = hero.json()["id"], npc.json()["id"]
    queued.extend([10, 1] + [5] * 10)  # initiative: the hero first
    started = gm.post(f"{url}/actions/", {"type": "start"}, format="json")
    assert started.status_code == 201, started.json()
    state = started.json()["state"]
    assert state["system"] == "anima" and state["clock"]["current"] == hero_id
    weapon = hero_sheet["weapons"][0]["name"] if hero_sheet.get("weapons") else "unarmed"
    queued[:] = [5] * 20
    attack = player.post(
        f"{url}/actions/",
        {"type": "attack", "actor": hero_id, "target": npc_id, "with": weapon},
        format="json",
    )
    assert attack.status_code == 201, attack.json()
    rolled = [e for e in attack.json()["events"] if "attack_roll" in e]
    assert rolled and rolled[0]["attack_roll"]["sides"] == 10
    assert rolled[0]["attack_roll"]["commitment"] == encounter["dice"]["commitment"]
    # The difference would give the NPC's defense away: the player sees neither, the GM both.
    assert "difference" not in rolled[0] and "faces" not in rolled[0]["defense_roll"]
    gm_events = gm.get(f"{url}/events/").json()["results"]
    assert any("difference" in e and "faces" in e["defense_roll"] for e in gm_events if "defense_roll" in e)
    seen = {c["id"]: c for c in attack.json()["state"]["combatants"]}
    assert seen[npc_id]["hit_points"] is None
    theirs = player.post(
        f"{url}/actions/",
        {"type": "attack", "actor": npc_id, "target": hero_id, "with": "unarmed"},
        format="json",
    )
    assert theirs.status_code == 403


def test_a_sheet_of_another_system_cannot_join_a_campaign():
    campaign, gm, player = table_for("msh")
    epic = {"system": "epic20", "name": "Nova", "level": 1, "campaign": campaign.pk}
    response = player.post("/api/v1/characters/", epic, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "campaign.other_system"
