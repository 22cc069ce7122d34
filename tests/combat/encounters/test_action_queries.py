"""An action costs the same queries however many combatants the fight has (docs/performance.md,
"Ataque en un encuentro"): the encounter is read once under its lock, no combatant row is read or
written by an attack, the events go in with one INSERT and the answer reads the combatants once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

# With `force_authenticate` (no token query): the access check, the encounter locked and read,
# the events' INSERT, the encounter's UPDATE, the combatants for the answer, and the test
# transaction's SAVEPOINT and RELEASE around the action's own; and the one notice an attack
# writes for the outbox (`notifications.ActionNotice`, expanded by a task after the commit).
GM_ATTACK_QUERIES = 8
# A player's attack also reads who owns the actor.
PLAYER_ATTACK_QUERIES = GM_ATTACK_QUERIES + 1


def fight(table, faces, size: int) -> tuple[int, int, int]:
    """A started encounter with the player's Nova and `size - 1` NPCs; Nova acts first."""
    encounter = table.create(name=f"Pelea de {size}")["id"]
    nova = table.add_pc(encounter)["id"]
    thugs = [table.add_npc(encounter)["id"] for _ in range(size - 1)]
    faces.extend([20, *range(2, size + 1)])  # initiative, by id: Nova rolls the 20
    response = table.act(encounter, type="start")
    assert response.status_code == 201, response.json()
    assert response.json()["state"]["current"] == nova
    return encounter, nova, thugs[-1]


def attack_queries(table, faces, size: int, client) -> int:
    encounter, nova, thug = fight(table, faces, size)
    faces.extend([10] * 4)
    with CaptureQueriesContext(connection) as queries:
        response = table.act(
            encounter,
            client=client,
            type="attack",
            actor=nova,
            target=thug,
            kind="melee",
            **{"with": "unarmed"},
        )
    assert response.status_code == 201, response.json()
    assert len(response.json()["state"]["combatants"]) == size
    return len(queries.captured_queries)


@pytest.mark.parametrize("size", [2, 8])
def test_a_gm_attack_costs_a_fixed_number_of_queries(table, faces, size, django_assert_num_queries):
    encounter, nova, thug = fight(table, faces, size)
    faces.extend([10] * 4)
    with django_assert_num_queries(GM_ATTACK_QUERIES):
        response = table.act(
            encounter, type="attack", actor=nova, target=thug, kind="melee", **{"with": "unarmed"}
        )
    assert response.status_code == 201, response.json()
    assert len(response.json()["state"]["combatants"]) == size


@pytest.mark.parametrize("size", [2, 8])
def test_a_player_attack_costs_a_fixed_number_of_queries(table, faces, size, django_assert_num_queries):
    encounter, nova, thug = fight(table, faces, size)
    faces.extend([10] * 4)
    with django_assert_num_queries(PLAYER_ATTACK_QUERIES):
        response = table.act(
            encounter,
            client=table.player_api,
            type="attack",
            actor=nova,
            target=thug,
            kind="melee",
            **{"with": "unarmed"},
        )
    assert response.status_code == 201, response.json()
    assert len(response.json()["state"]["combatants"]) == size


@pytest.mark.parametrize("who", ["gm", "player"])
def test_more_combatants_cost_no_more_queries(table, faces, who):
    client = table.gm_api if who == "gm" else table.player_api
    assert attack_queries(table, faces, 2, client) == attack_queries(table, faces, 8, client)
