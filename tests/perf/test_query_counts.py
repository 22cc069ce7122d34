"""Reads cost a constant number of queries, however many sheets, members or events they show:
each read is counted once with few items, then must stay within that count with many."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from characters.services import character_create
from combat import services as combat
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

SHEETS = json.loads(
    (Path(__file__).resolve().parents[2] / "characters/fixtures/demo_sheets.json").read_text()
)


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _queries(client: APIClient, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, response.content
    return len(captured)


def _sheets(owner, count: int, campaign=None) -> None:
    for n in range(count):
        character_create(owner=owner, sheet=SHEETS[n % len(SHEETS)], campaign=campaign)


def _played(gm, campaign, turns: int):
    encounter = combat.encounter_create(campaign=campaign, user=gm, name="Prueba")
    for name in ("Garra", "Grulla de Jade"):
        sheet = next(s for s in SHEETS if s["name"] == name)
        combat.combatant_add(encounter=encounter, user=gm, side="villains", npc_sheet=sheet)
    combat.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    for _ in range(turns):
        encounter.refresh_from_db()
        current = encounter.state["current"]
        combat.encounter_act(encounter=encounter, user=gm, action={"type": "end_turn", "actor": current})
    return encounter


def test_the_character_list_costs_the_same_queries_for_twenty_sheets_as_for_one(
    django_assert_max_num_queries,
):
    one, twenty = UserFactory(), UserFactory()
    _sheets(one, 1)
    _sheets(twenty, 20)
    few = _queries(_client(one), "/api/v1/characters/")

    with django_assert_max_num_queries(few):
        response = _client(twenty).get("/api/v1/characters/")

    assert response.json()["count"] == 20


def test_reading_a_sheet_costs_the_same_queries_with_a_campaign_and_many_awards(
    django_assert_max_num_queries,
):
    owner = UserFactory()
    character_create(owner=owner, sheet=SHEETS[0])
    bare = _queries(_client(owner), f"/api/v1/characters/{owner.characters.get().pk}/")
    gm = UserFactory()
    campaign = campaign_for(gm=gm)
    player_in(campaign, owner)
    rich = character_create(owner=owner, sheet=SHEETS[1], campaign=campaign)
    for n in range(5):
        response = _client(gm).post(
            f"/api/v1/characters/{rich.pk}/awards/",
            {"category": "skills", "amount": 1, "note": f"{n}"},
            format="json",
        )
        assert response.status_code == 201, response.content

    with django_assert_max_num_queries(bare):
        response = _client(owner).get(f"/api/v1/characters/{rich.pk}/")

    assert response.status_code == 200


def test_campaign_detail_costs_the_same_queries_for_eight_members_as_for_one(django_assert_max_num_queries):
    alone, crowded = UserFactory(), UserFactory()
    small = campaign_for(gm=alone, name="Sola")
    big = campaign_for(gm=crowded, name="Llena")
    for _ in range(7):
        player_in(big)
    few = _queries(_client(alone), f"/api/v1/campaigns/{small.pk}/")

    with django_assert_max_num_queries(few):
        response = _client(crowded).get(f"/api/v1/campaigns/{big.pk}/")

    assert response.status_code == 200


def test_encounter_state_and_event_pages_cost_the_same_queries_for_a_long_fight(
    django_assert_max_num_queries,
):
    gm = UserFactory()
    short = _played(gm, campaign_for(gm=gm, name="Corta"), 2)
    long = _played(gm, campaign_for(gm=gm, name="Larga"), 60)
    client = _client(gm)
    state = _queries(client, f"/api/v1/encounters/{short.pk}/")
    events = _queries(client, f"/api/v1/encounters/{short.pk}/events/?page_size=100")

    with django_assert_max_num_queries(state):
        assert client.get(f"/api/v1/encounters/{long.pk}/").status_code == 200
    with django_assert_max_num_queries(events):
        page = client.get(f"/api/v1/encounters/{long.pk}/events/?page_size=100")

    assert len(page.json()["results"]) == 100


def _filler(encounter) -> list[dict]:
    """Actions that move a fight of any system on without ending it: the acting combatant
    passes (Hero, Anima), or every combatant of the declaring side passes (MSH)."""
    state = encounter.state
    if encounter.campaign.system == "msh":
        from combat.selectors import reader_for

        clock = reader_for(encounter.campaign.gm, encounter).state()["clock"]
        return [
            {"type": "declare", "actor": int(cid), "action": {"type": "pass"}}
            for cid, c in state["combatants"].items()
            if c["side"] == clock["side"]
            and str(cid) not in ((state.get("declarations") or {}).get("by") or {})
        ][:1]
    return [{"type": "end_turn", "actor": state["current"]}]


def _played_in(system: str, events: int):
    from combat.demos import anima, hero, msh

    sheets = {
        "hero": (hero.PLAYERS[0][1], hero.NPCS[1]),
        "anima": (anima.PLAYERS[0][1], anima.NPCS[0]),
        "msh": (msh.HEROES[0][1], msh.VILLAINS[0]),
    }[system]
    gm = UserFactory()
    encounter = combat.encounter_create(campaign=campaign_for(gm=gm, system=system), user=gm, name="Larga")
    for sheet, side in zip(sheets, ("heroes", "villains"), strict=True):
        combat.combatant_add(encounter=encounter, user=gm, side=side, npc_sheet=sheet)
    combat.encounter_act(encounter=encounter, user=gm, action={"type": "start"})
    while True:
        encounter.refresh_from_db()
        if encounter.last_seq >= events:
            return gm, encounter
        for action in _filler(encounter):
            combat.encounter_act(encounter=encounter, user=gm, action=action)


@pytest.mark.parametrize(("system", "long_fight"), [("hero", 1000), ("anima", 300), ("msh", 300)])
def test_a_fight_of_every_system_reads_in_the_same_queries_however_long(
    system, long_fight, django_assert_max_num_queries
):
    gm, short = _played_in(system, 4)
    _gm, long = _played_in(system, long_fight)
    client = _client(gm)
    state = _queries(client, f"/api/v1/encounters/{short.pk}/")
    events = _queries(client, f"/api/v1/encounters/{short.pk}/events/?page_size=100")
    client = _client(long.campaign.gm)
    with django_assert_max_num_queries(state):
        assert client.get(f"/api/v1/encounters/{long.pk}/").status_code == 200
    with django_assert_max_num_queries(events):
        page = client.get(f"/api/v1/encounters/{long.pk}/events/?page_size=100")
    assert len(page.json()["results"]) == 100
