"""A long fight costs no more queries to show than a short one."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from combat.models import Encounter, Event

pytestmark = pytest.mark.django_db

LONG = 1000


def long_fight(table, faces, events=LONG):
    """A started fight, then `events` attack events added in bulk (built like the real ones)."""
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    faces.extend([15, 3])
    table.act(encounter, type="start")
    row = Encounter.objects.get(pk=encounter)
    first = row.last_seq + 1
    Event.objects.bulk_create(
        Event(
            encounter=row,
            seq=seq,
            action=seq,
            type="attack",
            round=1 + (seq - first) // 10,
            actor_id=nova,
            target_id=thug,
            payload={
                "text": {"es": f"Nova ataca ({seq}).", "en": f"Nova attacks ({seq})."},
                "rule": "ATACAR EN COMBATE",
                "roll": {
                    "sides": 20,
                    "faces": [seq % 20 + 1, 7],
                    "nonces": [2 * seq, 2 * seq + 1],
                    "superiority": 1,
                    "kept": seq % 20 + 1,
                    "bonus": 8,
                    "total": seq % 20 + 9,
                    "commitment": row.commitment,
                    "sources": [
                        {
                            "slug": "punto-de-heroe",
                            "delta": 1,
                            "rule": "PUNTOS DE HÉROE",
                            "label_es": "Punto de Héroe",
                            "label_en": "Hero point",
                        }
                    ],
                },
                "target_defense": 12,
                "hit": True,
                "critical": False,
                "margin": 3,
                "damage": 0,
                "defense_penalty": 1,
                "target_hit_points": 2,
                "target_status": "active",
            },
            patch={},
        )
        for seq in range(first, first + events)
    )
    Encounter.objects.filter(pk=encounter).update(last_seq=first + events - 1)
    return encounter


@pytest.mark.parametrize("size", [10, LONG])
def test_the_log_api_costs_the_same_for_a_long_fight(table, faces, size, django_assert_max_num_queries):
    encounter = long_fight(table, faces, size)
    with django_assert_max_num_queries(6):
        response = table.player_api.get(f"/api/v1/encounters/{encounter}/events/", {"page_size": 200})
    assert response.status_code == 200
    assert response.json()["count"] >= size


@pytest.mark.parametrize("page", ["detail", "log"])
def test_the_encounter_pages_cost_the_same_for_a_long_fight(
    table, faces, page, django_assert_max_num_queries
):
    encounter = long_fight(table, faces)
    client = Client()
    client.force_login(table.player)
    client.get(reverse(f"encounters:{page}", args=[encounter]))  # warm the session
    with django_assert_max_num_queries(10):
        response = client.get(reverse(f"encounters:{page}", args=[encounter]))
    assert response.status_code == 200
    if page == "log":
        assert response.content.decode().count('class="encounter-event') == 200  # the last page


def test_the_state_api_is_a_constant_number_of_queries(table, faces, django_assert_max_num_queries):
    encounter = long_fight(table, faces)
    with django_assert_max_num_queries(4):
        assert table.player_api.get(f"/api/v1/encounters/{encounter}/").status_code == 200
