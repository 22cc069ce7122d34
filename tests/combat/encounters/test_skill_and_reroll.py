"""Skill checks and the hero point reroll through the API and the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rules.core.dice import verify_roll
from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db


def nova_state(table, encounter, nova):
    return next(c for c in table.state(encounter)["combatants"] if c["id"] == nova)


def roll_event(response, kind):
    return next(e for e in response.json()["events"] if e["type"] == kind)


def attack(table, encounter, nova, thug, **extra):
    target = {"target": thug} if thug is not None else {}
    return table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        **target,
        kind="ranged",
        **{"with": "ataque-especial-a-distancia"},
        **extra,
    )


# --- skill checks ----------------------------------------------------------------------------


def test_a_players_skill_check_lands_in_the_log_with_its_roll(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(7)  # Acrobacias ½ with Agilidad 1 at level 8: 1d20 + 8
    response = table.act(
        encounter, client=table.player_api, type="skill_check", actor=nova, skill="acrobacias", difficulty=15
    )
    assert response.status_code == 201, response.json()
    check = roll_event(response, "skill_check")
    assert check["roll"]["faces"] == [7] and check["roll"]["bonus"] == 8 and check["roll"]["total"] == 15
    assert check["roll"]["superiority"] == 0
    assert check["roll"]["sources"][0]["label_es"] == "Acrobacias (½)"
    assert check["success"] is True and check["difficulty"] == 15 and check["margin"] == 0
    assert check["text"] == "Nova tira Acrobacias: 15 contra 15 (media), éxito."
    assert check["rule"] == "RESOLVER ACCIONES" and len(check["roll"]["commitment"]) == 64
    # It took the standard action.
    assert response.json()["state"]["turn"]["left"]["standard"] == 0
    log = table.events(encounter, client=table.player_api, after=check["seq"] - 1)["results"]
    assert log[0]["type"] == "skill_check" and log[0]["roll"]["faces"] == [7]
    again = table.act(encounter, client=table.player_api, type="skill_check", actor=nova, skill="sigilo")
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "turn.no_standard_action"


def test_a_skill_with_superioridad_and_a_specialty(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.extend([4, 9, 16])  # Vehículos 1 + Excelente piloto: Doble Superioridad
    response = table.act(
        encounter, client=table.player_api, type="skill_check", actor=nova, skill="vehiculos"
    )
    check = roll_event(response, "skill_check")
    assert check["roll"]["superiority"] == 2 and check["roll"]["kept"] == 16
    assert check["success"] is None  # no difficulty: the GM judges the total
    table.act(encounter, client=table.player_api, type="end_turn", actor=nova)
    faces.append(12)
    response = table.act(
        encounter,
        type="skill_check",
        actor=nova,
        skill="conocimientos-de:Supervivencia",
        difficulty=10,
        free=True,
    )
    assert response.status_code == 201, response.json()
    assert roll_event(response, "skill_check")["skill_name_es"] == "Conocimientos de Supervivencia"


def test_a_critical_skill_check_in_the_fight_gives_a_hero_point_up_to_the_maximum(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    table.act(encounter, client=table.player_api, type="spend_hero_point", actor=nova, use="punto-de-vida")
    faces.append(20)
    response = table.act(encounter, client=table.player_api, type="skill_check", actor=nova, skill="sigilo")
    assert roll_event(response, "skill_check")["critical"] is True
    assert [e["type"] for e in response.json()["events"]][-1] == "hero_point_award"
    assert nova_state(table, encounter, nova)["hero_points"] == 4


@pytest.mark.parametrize(
    ("body", "code", "path"),
    [
        ({"skill": "volar"}, "skill.unknown", "/skill"),
        ({"skill": "conocimientos-de:Historia"}, "skill.unknown", "/skill"),
        ({"skill": "Acrobacias!"}, "skill.invalid_skill", "/skill"),
        ({"skill": "acrobacias", "difficulty": 61}, "difficulty.max_value", "/difficulty"),
        ({"skill": "acrobacias", "difficulty": -1}, "difficulty.min_value", "/difficulty"),
        ({"skill": "acrobacias", "difficulty": "15"}, "difficulty.invalid", "/difficulty"),
        ({"skill": "acrobacias", "hero_point": "punto-de-vida"}, "hero_points.use_with_roll", ""),
        ({"skill": "acrobacias", "difficulty": 10, "opposed_total": 12}, "skills.difficulty_or_opposed", ""),
        ({}, "skill.required", "/skill"),
    ],
)
def test_a_bad_skill_check_is_a_400_and_changes_nothing(table, faces, body, code, path):
    encounter, nova, thug = started(table, faces, thug_first=False)
    before = table.state(encounter)["last_seq"]
    faces.extend([10, 10])
    response = table.act(encounter, client=table.player_api, type="skill_check", actor=nova, **body)
    assert response.status_code == 400, response.json()
    error = response.json()["errors"][0]
    assert (error["code"], error["path"]) == (code, path)
    assert error["message"]
    assert table.state(encounter)["last_seq"] == before


def test_only_the_gm_calls_for_a_free_check_and_it_may_come_out_of_turn(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    table.add_npc(encounter)
    mine = table.act(
        encounter, client=table.player_api, type="skill_check", actor=nova, skill="intuicion", free=True
    )
    assert mine.status_code == 403
    faces.append(11)
    # Before the fight: Intuición to sense the ambush; not stressful, no action spent.
    response = table.act(
        encounter, type="skill_check", actor=nova, skill="intuicion", difficulty=20, free=True
    )
    assert response.status_code == 201, response.json()
    check = roll_event(response, "skill_check")
    assert check["stressful"] is False and check["success"] is False  # 11 + 8 = 19 < 20
    out_of_turn = table.act(
        encounter, client=table.player_api, type="skill_check", actor=nova, skill="sigilo"
    )
    assert out_of_turn.status_code == 409


# --- the hero point reroll ------------------------------------------------------------------------


def test_a_reroll_charges_two_points_resolves_the_attack_again_and_keeps_the_first_roll(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(3)  # 3 + 8 = 11 against defense 12: a miss
    first = roll_event(attack(table, encounter, nova, thug), "attack")
    assert first["hit"] is False
    faces.append(19)  # 19 + 8 = 27: a hit by 15, 3 damage
    response = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert response.status_code == 201, response.json()
    events = response.json()["events"]
    assert [e["type"] for e in events][:2] == ["hero_point", "attack"]
    assert events[0]["points"] == 2 and events[0]["use"] == "repetir-tirada"
    again = roll_event(response, "attack")
    assert again["hit"] is True and again["roll"]["faces"] == [19] and again["damage"] == 3
    assert again["roll"]["rerolled_from"]["faces"] == [3]
    assert again["roll"]["rerolled_from"]["commitment"] == first["roll"]["commitment"]
    state = response.json()["state"]
    assert nova_state(table, encounter, nova)["hero_points"] == 2
    thug_now = next(c for c in table.state(encounter)["combatants"] if c["id"] == thug)
    assert thug_now["hit_points"] == thug_now["hit_points_max"] - 3  # only the second roll counts
    assert state["turn"]["left"]["standard"] == 0  # the attack's standard action, spent once
    # The first attack stays in the log, superseded by the new one.
    log = {e["seq"]: e for e in table.events(encounter)["results"]}
    assert log[first["seq"]]["undone"] is True
    assert log[first["seq"]]["superseded_by"] == events[0]["seq"]
    assert log[again["seq"]]["undone"] is False
    # The replaced line says what replaced it in Epic20's words, in the reader's language.
    seq = events[0]["seq"]
    assert log[first["seq"]]["line"]["superseded_label"] == f"repetida con un punto de Héroe: ver #{seq}"
    assert log[again["seq"]]["line"]["superseded_label"] == ""
    answer = table.gm_api.get(f"/api/v1/encounters/{encounter}/events/", HTTP_ACCEPT_LANGUAGE="en")
    english = {e["seq"]: e for e in answer.json()["results"]}
    assert english[first["seq"]]["line"]["superseded_label"] == f"rerolled with a hero point: see #{seq}"


def test_a_reroll_uses_fresh_nonces_that_check_out_once_the_seed_is_revealed(table, faces, settings):
    encounter, nova, thug = started(table, faces, thug_first=False)
    settings.EPIC20_DICE_FACTORY = None  # the real, verifiable dice from here on
    first = roll_event(
        table.act(encounter, client=table.player_api, type="skill_check", actor=nova, skill="medicina"),
        "skill_check",
    )
    assert len(first["roll"]["nonces"]) == 2  # Medicina 0: Inferioridad
    response = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert response.status_code == 201, response.json()
    again = roll_event(response, "skill_check")
    assert min(again["roll"]["nonces"]) > max(first["roll"]["nonces"])
    assert response.json()["events"][0]["points"] == 1  # a skill check is no combat action
    assert response.json()["state"]["dice"]["next_nonce"] > max(again["roll"]["nonces"])
    end = table.act(encounter, type="end")
    seed = end.json()["state"]["dice"]["revealed"][0]
    client_seed = seed["client_seed"]
    for roll in (first["roll"], again["roll"], again["roll"]["rerolled_from"]):
        for face, nonce in zip(roll["faces"], roll["nonces"], strict=True):
            assert verify_roll(seed["server_seed"], client_seed, nonce, 20) == face


def test_a_reroll_out_of_turn_or_without_a_fresh_roll_is_a_409(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    nothing = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert nothing.status_code == 409
    assert nothing.json()["errors"][0]["code"] == "reroll.nothing"
    faces.append(3)
    attack(table, encounter, nova, thug)
    table.act(encounter, client=table.player_api, type="end_turn", actor=nova)
    late = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert late.status_code == 409
    assert late.json()["errors"][0]["code"] == "turn.not_yours"
    # The GM's roll is not the player's to reroll.
    faces.append(5)
    table.act(encounter, type="attack", actor=thug, target=nova, kind="melee")
    theirs = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert theirs.status_code == 409
    assert nova_state(table, encounter, nova)["hero_points"] == 4


def test_spending_a_hero_point_to_reroll_is_the_same_and_a_reroll_is_final(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(2)
    table.act(
        encounter, client=table.player_api, type="skill_check", actor=nova, skill="sigilo", difficulty=15
    )
    faces.append(4)
    response = table.act(
        encounter, client=table.player_api, type="spend_hero_point", actor=nova, use="repetir-tirada"
    )
    assert response.status_code == 201, response.json()
    assert roll_event(response, "skill_check")["roll"]["faces"] == [4]
    assert nova_state(table, encounter, nova)["hero_points"] == 3
    faces.append(18)
    twice = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert twice.status_code == 400
    assert twice.json()["errors"][0]["code"] == "hero_points.already_rerolled"


def test_a_reroll_needs_the_turns_hero_point_use(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.extend([2, 3])
    attack(table, encounter, nova, thug, hero_point="superioridad")
    faces.extend([19, 19])
    response = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "hero_points.one_per_turn"


def test_undoing_a_reroll_brings_the_first_result_back(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(3)
    first = roll_event(attack(table, encounter, nova, thug), "attack")
    faces.append(19)
    table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    undo = table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/")
    assert undo.status_code == 200, undo.json()
    log = {e["seq"]: e for e in table.events(encounter)["results"]}
    assert log[first["seq"]]["undone"] is False and "superseded_by" not in log[first["seq"]]
    assert nova_state(table, encounter, nova)["hero_points"] == 4
    thug_now = next(c for c in table.state(encounter)["combatants"] if c["id"] == thug)
    assert thug_now["hit_points"] == thug_now["hit_points_max"]


def test_an_attack_on_several_targets_needs_the_roll_to_reroll(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thugs = [table.add_npc(encounter)["id"] for _ in range(2)]
    faces.extend([15, 3, 2, 17, 4])
    table.act(encounter, type="start")
    attack(table, encounter, nova, None, targets=thugs)
    response = table.act(encounter, client=table.player_api, type="reroll", actor=nova)
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "reroll.which"


# --- the page ---------------------------------------------------------------------------------------


def test_the_page_offers_a_skill_check_and_then_the_reroll(table, faces, client):
    encounter, nova, thug = started(table, faces, thug_first=False)
    client.force_login(table.player)
    url = reverse("encounters:detail", args=[encounter])
    page = client.get(url).content.decode()
    assert 'id="skill-form"' in page and 'value="acrobacias"' in page
    assert 'name="free"' not in page  # only the GM calls for free checks
    assert 'id="reroll-form"' not in page
    faces.append(6)
    response = client.post(
        reverse("encounters:act", args=[encounter]),
        {"type": "skill_check", "actor": nova, "skill": "sigilo", "difficulty": "20"},
    )
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "Nova tira Sigilo: 14 contra 20 (requiere entrenamiento), fallo." in page
    assert 'id="reroll-form"' in page and "1 punto de Héroe" in page
    faces.append(15)
    client.post(reverse("encounters:act", args=[encounter]), {"type": "reroll", "actor": nova})
    page = client.get(url).content.decode()
    assert "repetida con un punto de Héroe" in page
    assert 'id="reroll-form"' not in page
