"""Whole fights through the API: create, add combatants, start, act, end turns."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_a_gm_creates_an_encounter_with_a_published_dice_commitment(table):
    body = table.create(client_seed="mesa-del-jueves")
    assert body["status"] == "setup"
    assert body["round"] == 0
    assert len(body["dice"]["commitment"]) == 64
    assert body["dice"]["client_seed"] == "mesa-del-jueves"
    listed = table.gm_api.get(f"/api/v1/campaigns/{table.campaign.pk}/encounters/").json()
    assert [e["id"] for e in listed["results"]] == [body["id"]]


def test_start_rolls_initiative_and_gives_the_turn_to_the_highest(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)
    thug = table.add_npc(encounter)
    faces.extend([3, 15])  # Nova (bonus 8 + Iniciativa mejorada 4) then the thug (bonus 2)
    response = table.act(encounter, type="start")
    assert response.status_code == 201, response.json()
    state = response.json()["state"]
    assert state["status"] == "active"
    assert state["round"] == 1
    assert state["turn_order"] == [thug["id"], nova["id"]]
    assert state["current"] == thug["id"]
    initiative = {c["id"]: c["initiative"] for c in state["combatants"]}
    assert initiative[thug["id"]] == 15 + 2
    types = [e["type"] for e in response.json()["events"]]
    assert types[:3] == ["encounter_started", "initiative", "initiative"]
    assert types[-2:] == ["round_started", "turn_started"]


def started(table, faces, *, thug_first=True):
    """An encounter with Nova (the player's) and a thug (the GM's), started. Returns ids."""
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    faces.extend([3, 15] if thug_first else [15, 3])
    response = table.act(encounter, type="start")
    assert response.status_code == 201, response.json()
    return encounter, nova, thug


def test_ending_turns_walks_the_order_and_starts_a_new_round(table, faces):
    encounter, nova, thug = started(table, faces)
    response = table.act(encounter, type="end_turn", actor=thug)
    assert response.status_code == 201, response.json()
    assert response.json()["state"]["current"] == nova
    response = table.act(encounter, client=table.player_api, type="end_turn", actor=nova)
    state = response.json()["state"]
    assert (state["round"], state["current"]) == (2, thug)
    types = [e["type"] for e in response.json()["events"]]
    assert types == ["turn_ended", "round_started", "turn_started"]
    assert [e["round"] for e in response.json()["events"]] == [1, 2, 2]


def test_an_attack_that_beats_defense_by_five_deals_damage(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    # Nova's plasma ray: ranged special, Agilidad 1 at level 8 → +8. The thug's defense: 10 + 2.
    faces.append(17)
    response = table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        target=thug,
        kind="ranged",
        **{"with": "ataque-especial-a-distancia"},
    )
    assert response.status_code == 201, response.json()
    attack = next(e for e in response.json()["events"] if e["type"] == "attack")
    assert attack["roll"]["faces"] == [17]
    assert attack["roll"]["bonus"] == 8
    assert attack["roll"]["total"] == 25
    assert attack["hit"] is True
    assert attack["damage"] == 2
    # The thug's defense and the margin that gives it away are the GM's to read.
    assert "target_defense" not in attack and "margin" not in attack
    seen_by_gm = next(e for e in table.events(encounter)["results"] if e["type"] == "attack")
    assert seen_by_gm["target_defense"] == 12
    assert seen_by_gm["margin"] == 13
    assert attack["roll"]["commitment"] == table.state(encounter)["dice"]["commitment"]
    assert attack["text_es"] and attack["text_en"] and attack["rule"] == "ATACAR EN COMBATE"
    thug_state = next(c for c in table.state(encounter)["combatants"] if c["id"] == thug)
    assert thug_state["hit_points"] == thug_state["hit_points_max"] - 2


def test_acting_out_of_turn_is_a_conflict_and_changes_nothing(table, faces):
    encounter, nova, thug = started(table, faces)  # the thug acts first
    before = table.state(encounter)
    response = table.act(encounter, client=table.player_api, type="end_turn", actor=nova)
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "turn.not_yours"
    assert table.state(encounter)["version"] == before["version"]


def test_a_player_cannot_act_for_someone_elses_combatant(table, faces):
    encounter, nova, thug = started(table, faces)
    response = table.act(encounter, client=table.player_api, type="end_turn", actor=thug)
    assert response.status_code == 403
    assert response.json()["errors"][0]["code"] == "actor.not_yours"


def test_only_the_gm_starts_the_fight(table, faces):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    response = table.act(encounter, client=table.player_api, type="start")
    assert response.status_code == 403


def test_players_do_not_see_the_internals_of_npcs(table, faces):
    encounter, nova, thug = started(table, faces)
    seen = {c["id"]: c for c in table.state(encounter, client=table.player_api)["combatants"]}
    assert seen[thug]["hit_points"] is None
    assert seen[thug]["defense"] is None
    assert seen[thug]["hero_points"] is None
    assert seen[thug]["name"] == "Matón"
    assert seen[nova]["hit_points"] == 4
    gm_view = {c["id"]: c for c in table.state(encounter)["combatants"]}
    assert gm_view[thug]["hit_points"] == 2


def test_someone_outside_the_campaign_sees_nothing(table, faces):
    from tests.combat.encounters.conftest import client_for
    from tests.factories import UserFactory

    encounter = table.create()["id"]
    stranger = client_for(UserFactory())
    assert stranger.get(f"/api/v1/encounters/{encounter}/").status_code == 404
    assert stranger.get(f"/api/v1/encounters/{encounter}/events/").status_code == 404
    response = stranger.post(f"/api/v1/encounters/{encounter}/actions/", {"type": "start"}, format="json")
    assert response.status_code == 404


def test_bad_input_is_a_400_envelope_and_changes_nothing(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    version = table.state(encounter)["version"]
    for body, path in (
        ({"type": "attack", "actor": nova, "target": thug}, "/kind"),
        ({"type": "attack", "actor": nova, "target": 999999, "kind": "melee"}, "/target"),
        ({"type": "dance", "actor": nova}, "/type"),
        ({"type": "end_turn", "actor": nova, "colour": "red"}, "/colour"),
        ({"type": "end_turn", "actor": "nova"}, "/actor"),
    ):
        response = table.act(encounter, client=table.player_api, **body)
        assert response.status_code == 400, (body, response.json())
        assert path in [e["path"] for e in response.json()["errors"]], response.json()
    assert table.state(encounter)["version"] == version
    response = table.player_api.post(f"/api/v1/encounters/{encounter}/actions/", [1, 2], format="json")
    assert response.status_code == 400


def test_an_invalid_item_of_a_list_points_at_its_index(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    response = table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        target=thug,
        kind="melee",
        maneuvers=["ataque-a-fondo", ""],
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/maneuvers/1"
