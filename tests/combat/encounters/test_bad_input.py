"""Nonsense never makes a 500: every odd action is a 4xx envelope and changes nothing."""

from __future__ import annotations

import pytest

from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db

ODD_ACTIONS = [
    {"type": "attack", "kind": "melee", "circumstances": ["no-existe", "diferencia-de-tamano:x"]},
    {"type": "attack", "kind": "melee", "circumstances": ["diferencia-de-tamano:99999999999"]},
    {"type": "attack", "kind": "melee", "circumstances": ["diferencia-de-tamano:²"]},
    {"type": "attack", "kind": "melee", "maneuvers": ["no-existe"]},
    {"type": "attack", "kind": "melee", "maneuvers": ["ataque-a-fondo", "ataque-poderoso"]},
    {"type": "attack", "kind": "melee", "hero_point": "no-existe"},
    {"type": "attack", "kind": "mental", "with": "no-existe\x01"},
    {"type": "attack", "kind": "ranged", "with": "unarmed"},
    {"type": "attack", "kind": "melee", "counter": True},
    {"type": "escape", "power": "agarrar-a-distancia", "by": 1},
    {"type": "escape", "power": "x", "by": 999999},
    {"type": "spend_hero_point", "use": "no-existe"},
    {"type": "spend_hero_point", "use": "superpoder", "power": "no-existe"},
    {"type": "spend_hero_point", "use": "maniobra"},
    {"type": "spend_hero_point", "use": "superioridad"},
    {"type": "maneuver", "maneuver": "no-existe"},
    {"type": "maneuver", "maneuver": "estudiar-objetivo"},
    {"type": "maneuver", "maneuver": "ataque-defensivo"},
    {"type": "maneuver", "maneuver": "interponerse-antes", "target": 999999},
    {"type": "maneuver", "maneuver": "desenfundar", "item": "nada"},
    {"type": "maneuver", "maneuver": "mostrar-punto-debil", "allies": [999999]},
    {"type": "delay", "other": 999999},
    {"type": "set_minion_hp", "hit_points": 3},
    {"type": "rest", "minutes": 5, "target": 999999},
    {"type": "start", "surprise": [999999]},
    {"type": "attack", "kind": "melee", "circumstances": ["diferencia-de-tamano:11"]},
    {"type": "skill_check", "skill": "no-existe"},
    {"type": "skill_check", "skill": "acrobacias:\x00"},
    {"type": "skill_check", "skill": ["acrobacias"]},
    {"type": "skill_check", "skill": "acrobacias", "difficulty": 10**20},
    {"type": "skill_check", "skill": "acrobacias", "difficulty": 10, "opposed_total": 10},
    {"type": "skill_check", "skill": "acrobacias", "hero_point": "repetir-tirada"},
    {"type": "skill_check", "skill": "acrobacias", "free": "yes"},
    {"type": "reroll"},
    {"type": "spend_hero_point", "use": "repetir-tirada"},
]


@pytest.mark.parametrize("action", ODD_ACTIONS, ids=lambda a: f"{a['type']}-{sorted(a)}")
def test_odd_actions_are_refused_cleanly(table, faces, action):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.extend([10] * 10)
    before = table.state(encounter)
    body = {"actor": nova, "target": thug, **action}
    for client in (table.player_api, table.gm_api):
        response = table.act(encounter, client=client, **body)
        assert response.status_code in (400, 403, 409), (action, response.status_code, response.content[:300])
        assert response.json()["errors"][0]["code"]
    assert table.state(encounter)["version"] == before["version"]


@pytest.mark.parametrize(
    "params",
    [
        {"kind": "melee", "circumstances": "no-existe"},
        {"kind": "melee", "circumstances": "diferencia-de-tamano:99999999999"},
        {"kind": "melee", "maneuvers": "no-existe,ataque-a-fondo"},
        {"kind": "mental", "with": "nada"},
        {"kind": "melee", "target": "abc"},
        {"kind": "melee", "target": 999999},
        {"kind": "psionic"},
    ],
)
def test_odd_odds_requests_are_refused_cleanly(table, faces, params):
    encounter, nova, thug = started(table, faces, thug_first=False)
    query = {"actor": nova, "target": thug, **params}
    response = table.gm_api.get(f"/api/v1/encounters/{encounter}/odds/", query)
    assert response.status_code == 400, (params, response.content[:300])


def test_odd_combatants_are_refused_cleanly(table):
    encounter = table.create()["id"]
    for body in (
        {"npc": "not a sheet", "side": "villains"},
        {"npc": {"level": "ocho"}, "side": "villains"},
        {"npc": {"name": "x", "level": 5, "attributes": {"corpulencia": 7}}, "side": "villains"},
        {"npc": {"name": "x", "level": 5}, "character": 1, "side": "x"},
        {"character": 999999, "side": "heroes"},
        {"character": table.character.pk, "side": ""},
        {"npc": {"name": "x", "level": 5}, "side": "villains", "hit_points": 0},
    ):
        response = table.gm_api.post(f"/api/v1/encounters/{encounter}/combatants/", body, format="json")
        assert response.status_code == 400, (body, response.content[:300])
