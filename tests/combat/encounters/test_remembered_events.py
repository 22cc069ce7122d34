"""The log's events are remembered as each reader saw them (`Reader.remembered_events`): every
read after an undo, a reroll that supersedes, or the undo of that reroll shows the event as it is
now, and a player never gets the GM's view of it."""

from __future__ import annotations

import pytest

from tests.combat.encounters.test_fight_api import started
from tests.combat.encounters.test_skill_and_reroll import attack, roll_event

pytestmark = pytest.mark.django_db


def logged(table, encounter, seq, client=None) -> dict:
    return {e["seq"]: e for e in table.events(encounter, client=client)["results"]}[seq]


def test_each_read_shows_the_event_as_it_is_now_through_reroll_undo_and_reroll_again(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(3)
    first = roll_event(attack(table, encounter, nova, thug), "attack")
    assert logged(table, encounter, first["seq"])["undone"] is False  # remembered now

    faces.append(19)
    again = table.act(encounter, client=table.player_api, type="reroll", actor=nova).json()["events"]
    seen = logged(table, encounter, first["seq"])
    assert seen["undone"] is True and seen["superseded_by"] == again[0]["seq"]

    assert table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/").status_code == 200
    seen = logged(table, encounter, first["seq"])
    assert seen["undone"] is False and "superseded_by" not in seen

    faces.append(18)
    later = table.act(encounter, client=table.player_api, type="reroll", actor=nova).json()["events"]
    seen = logged(table, encounter, first["seq"])
    assert seen["undone"] is True and seen["superseded_by"] == later[0]["seq"] != again[0]["seq"]


def test_the_gm_and_a_player_each_get_their_own_view_of_the_same_event(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(19)
    hit = roll_event(attack(table, encounter, nova, thug), "attack")
    gm = logged(table, encounter, hit["seq"])
    player = logged(table, encounter, hit["seq"], client=table.player_api)
    assert gm["target_defense"] is not None
    assert player.get("target_defense") is None  # the GM's NPC: behind the screen
    assert logged(table, encounter, hit["seq"])["target_defense"] == gm["target_defense"]


def test_a_page_of_the_log_read_again_shows_each_new_event_and_each_language(table, faces):
    # The page as a whole is remembered under the fight's version (`combat.log_api.EventListView`).
    encounter, nova, thug = started(table, faces, thug_first=False)
    before = table.events(encounter)
    assert table.events(encounter) == before
    faces.append(19)
    hit = roll_event(attack(table, encounter, nova, thug), "attack")
    after = table.events(encounter)
    assert after["count"] > before["count"] and hit["seq"] in {e["seq"] for e in after["results"]}
    english = table.gm_api.get(f"/api/v1/encounters/{encounter}/events/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert [e["text"] for e in english["results"]] != [e["text"] for e in after["results"]]
    assert [e["text_en"] for e in english["results"]] == [e["text"] for e in english["results"]]
