"""A Hero attack through the API as docs/api.md says: the attack event's fields, a half die's own
re-checkable roll, knockback into a wall, and a bad obstacle refused in the error envelope."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.combat.encounters import dice as scripted
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.hero.helpers import attack_entry, sheet

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


def fight():
    gm, player = UserFactory(), UserFactory()
    campaign = campaign_for(gm, system="hero")
    player_in(campaign, player)
    gm_api, player_api = client(gm), client(player)
    nova = sheet("Nova", dex=20, attacks=[attack_entry("Rayo", dice=2, half_die=True)])
    created = player_api.post("/api/v1/characters/", {**nova, "campaign": campaign.pk}, format="json")
    assert created.status_code == 201, created.json()
    encounter = gm_api.post(f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "Azotea"}, format="json")
    url = f"/api/v1/encounters/{encounter.json()['id']}"
    pc = player_api.post(
        f"{url}/combatants/", {"character": created.json()["id"], "side": "heroes"}, format="json"
    )
    npc = gm_api.post(f"{url}/combatants/", {"npc": sheet("Matón", dex=8), "side": "villains"}, format="json")
    assert gm_api.post(f"{url}/actions/", {"type": "start"}, format="json").status_code == 201
    return url, gm_api, player_api, pc.json()["id"], npc.json()["id"], encounter.json()["dice"]["commitment"]


def test_an_attack_with_a_half_die_into_a_wall_keeps_every_field_and_every_die_rechecks(queued):
    url, gm, player, pc, npc, commitment = fight()
    queued.extend([3, 3, 3] + [6, 6] + [5] + [2, 1] + [4, 4])  # hit; 2½d6 (5 BODY); 2" back; 2d6
    answer = player.post(
        f"{url}/actions/",
        {"type": "attack", "actor": pc, "target": npc, "attack": "Rayo", "range": 2, "obstacle": "wall"},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    gm_event = next(e for e in gm.get(f"{url}/events/").json()["results"] if e["type"] == "attack")
    for key in ("roll", "ocv", "dcv", "to_hit", "hit", "damage_roll", "stun_rolled", "body_rolled"):
        assert key in gm_event
    assert {"stun", "body"} <= set(gm_event["damage"])
    assert {"target_stun", "target_body", "target_end"} <= set(gm_event)
    assert (gm_event["stun_rolled"], gm_event["body_rolled"]) == (6 + 6 + 3, 2 + 2 + 1)
    half = gm_event["half_die_roll"]
    assert half["faces"] == [5] and half["commitment"] == commitment and len(half["nonces"]) == 1
    kb = gm_event["knockback"]["damage_taken"]
    assert kb["into"] == "wall" and kb["damage_roll"]["faces"] == [4, 4]
    assert kb["damage_roll"]["commitment"] == commitment and kb["damage"] == {"stun": 3, "body": 0}
    seen = next(e for e in answer.json()["events"] if e["type"] == "attack")
    assert "damage" not in seen["knockback"]["damage_taken"] and "target_stun" not in seen


@pytest.mark.parametrize(("lang", "word"), [("es", "objeto"), ("en", "object")])
def test_an_object_without_body_is_refused_in_the_envelope_and_changes_nothing(queued, lang, word):
    url, gm, player, pc, npc, _ = fight()
    before = gm.get(f"{url}/").json()["version"]
    answer = player.post(
        f"{url}/actions/",
        {"type": "attack", "actor": pc, "target": npc, "attack": "Rayo", "obstacle": "object"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert error["code"] == "obstacle.body_missing" and error["path"] == "/obstacle_body"
    assert word in error["message"].lower()
    assert gm.get(f"{url}/").json()["version"] == before


def test_the_gm_names_the_obstacle_after_the_attack_and_undo_takes_it_back(queued):
    url, gm, player, pc, npc, commitment = fight()
    queued.extend([3, 3, 3] + [6, 6] + [5] + [2, 1] + [4])  # hit; 2½d6 (5 BODY); 2" onto the ground: 1d6
    attack = {"type": "attack", "actor": pc, "target": npc, "attack": "Rayo", "range": 2}
    assert player.post(f"{url}/actions/", attack, format="json").status_code == 201
    stun_after_attack = next(c for c in gm.get(f"{url}/").json()["combatants"] if c["id"] == npc)["stun"]
    amend = {"type": "knockback_obstacle", "target": npc, "obstacle": "wall"}

    refused = player.post(f"{url}/actions/", amend, format="json")
    assert refused.status_code == 403
    queued.extend([4, 4])  # into the wall: 1d6 an inch
    answer = gm.post(f"{url}/actions/", amend, format="json")

    assert answer.status_code == 201, answer.json()
    event = next(e for e in gm.get(f"{url}/events/").json()["results"] if e["type"] == "knockback_obstacle")
    taken = event["knockback"]["damage_taken"]
    assert taken["into"] == "wall" and taken["damage_roll"]["faces"] == [4, 4]
    assert taken["damage_roll"]["commitment"] == commitment
    assert event["knockback"]["replaced"]["into"] == "ground"
    seen = next(
        e for e in player.get(f"{url}/events/").json()["results"] if e["type"] == "knockback_obstacle"
    )
    assert "damage" not in seen["knockback"]["damage_taken"] and "target_stun" not in seen
    stun_now = next(c for c in gm.get(f"{url}/").json()["combatants"] if c["id"] == npc)["stun"]
    assert stun_now == stun_after_attack + 0 - 3  # the ground's 4 − PD 5 gave 0; the wall's 8 − 5 is 3

    assert gm.post(f"{url}/undo/").status_code == 200
    back = next(c for c in gm.get(f"{url}/").json()["combatants"] if c["id"] == npc)["stun"]
    assert back == stun_after_attack


@pytest.mark.parametrize(("lang", "word"), [("es", "despedido"), ("en", "knocked back")])
def test_naming_an_obstacle_with_no_knockback_to_amend_is_a_409_in_the_envelope(queued, lang, word):
    url, gm, _player, _pc, npc, _ = fight()
    before = gm.get(f"{url}/").json()["version"]
    answer = gm.post(
        f"{url}/actions/",
        {"type": "knockback_obstacle", "target": npc, "obstacle": "wall"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert answer.status_code == 409
    error = answer.json()["errors"][0]
    assert error["code"] == "knockback.nothing_to_amend" and word in error["message"]
    assert gm.get(f"{url}/").json()["version"] == before


def test_after_another_action_the_last_attacks_knockback_can_no_longer_be_amended(queued):
    url, gm, player, pc, npc, _ = fight()
    queued.extend([3, 3, 3] + [6, 6] + [5] + [2, 1] + [4])
    attack = {"type": "attack", "actor": pc, "target": npc, "attack": "Rayo", "range": 2}
    assert player.post(f"{url}/actions/", attack, format="json").status_code == 201
    prone = {"type": "set_condition", "target": pc, "condition": "prone", "on": True}
    assert gm.post(f"{url}/actions/", prone, format="json").status_code == 201

    late = gm.post(
        f"{url}/actions/", {"type": "knockback_obstacle", "target": npc, "obstacle": "wall"}, format="json"
    )

    assert late.status_code == 409 and late.json()["errors"][0]["code"] == "knockback.nothing_to_amend"


def test_reordering_a_dex_tie_is_the_gms_and_a_pair_not_tied_is_refused_with_its_rule():
    url, gm, player, pc, npc, _ = fight()
    refused = gm.post(f"{url}/actions/", {"type": "reorder_tie", "first": npc, "second": pc}, format="json")
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert (error["code"], error["path"], error["rule"]) == ("tie.not_tied", "/second", "6E Speed Chart")
    twin = gm.post(f"{url}/combatants/", {"npc": sheet("Gemelo", dex=8), "side": "villains"}, format="json")
    tied = {"type": "reorder_tie", "first": twin.json()["id"], "second": npc}
    assert player.post(f"{url}/actions/", tied, format="json").status_code == 403
    assert gm.post(f"{url}/actions/", tied, format="json").status_code == 201
    chart = [row["combatant"] for row in gm.get(f"{url}/").json()["clock"]["chart"]]
    assert chart.index(twin.json()["id"]) < chart.index(npc)


# Bad input the site refuses once, against the action type's schema, before the engine sees it:
# the engine trusts a validated action. (action, who sends it, path of the error)
SITE_REFUSED = [
    ({"type": "attack", "target": "npc", "range": -1}, "player", "/range"),
    ({"type": "attack", "target": "npc", "range": 10**7}, "player", "/range"),
    ({"type": "attack", "target": "npc", "range": "far"}, "player", "/range"),
    ({"type": "attack", "target": "npc", "shots": 0}, "player", "/shots"),
    ({"type": "attack", "target": "npc", "levels_dcv": -2}, "player", "/levels_dcv"),
    ({"type": "attack", "target": "npc", "velocity": -5}, "player", "/velocity"),
    ({"type": "attack", "target": "npc", "attackers": True}, "player", "/attackers"),
    ({"type": "attack", "target": "npc", "surprise_bonus": 4}, "player", "/surprise_bonus"),
    ({"type": "attack"}, "player", "/target"),
    ({"type": "move", "inches": -3}, "player", "/inches"),
    ({"type": "set_condition", "target": "npc", "condition": "invisible"}, "gm", "/condition"),
    ({"type": "adjust", "target": "npc", "stun": 5000}, "gm", "/stun"),
]


@pytest.mark.parametrize(("action", "who", "path"), SITE_REFUSED)
def test_bad_input_is_refused_once_by_the_site_with_its_path_and_changes_nothing(action, who, path):
    url, gm, player, pc, npc, _ = fight()
    sent = {**action, **({"actor": pc} if who == "player" else {})}
    sent = {k: (npc if v == "npc" else v) for k, v in sent.items()}
    before = gm.get(f"{url}/").json()
    answer = (player if who == "player" else gm).post(f"{url}/actions/", sent, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["errors"][0]["path"] == path
    assert gm.get(f"{url}/").json() == before


def test_acting_outside_ones_phase_is_a_conflict_the_site_answers_and_changes_nothing():
    url, gm, player, pc, npc, _ = fight()
    before = gm.get(f"{url}/").json()
    assert before["clock"]["current"] == pc  # Nova (DEX 20) acts first on segment 12
    for action in ({"type": "end_turn"}, {"type": "defend", "maneuver": "dodge"}):
        answer = gm.post(f"{url}/actions/", {**action, "actor": npc}, format="json")
        assert answer.status_code == 409 and answer.json()["errors"][0]["code"] == "turn.not_yours"
    assert gm.get(f"{url}/").json() == before
