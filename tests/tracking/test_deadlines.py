"""Turn deadlines (`combat.deadlines`): the GM sets them through the encounter's PATCH, the state
shows who the fight waits for and until when, the default applies when time is up (logged as an
ordinary, undoable action), the GM may pause or extend; a moved clock, never a sleep."""

from datetime import timedelta

import pytest

from combat.deadline import Deadline
from combat.deadline_tasks import apply_due, warn
from combat.models import Encounter
from notifications.models import Outbox
from notifications.notices import expand_pending
from tests.tracking.helpers import codes, send

pytestmark = pytest.mark.django_db


def patch(table, encounter, body, client=None):
    return send(client or table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", body)


def test_without_a_deadline_the_state_still_says_who_the_fight_waits_for(fight):
    table, encounter, nova, thug = fight
    assert table.state(encounter)["waiting_for"] == [{"combatant": thug, "until": None, "paused": False}]


def test_the_gm_sets_a_deadline_and_the_state_shows_until_when(fight, frozen):
    table, encounter, nova, thug = fight
    response = patch(table, encounter, {"turn_deadline_hours": 24, "deadline_default": "end_turn"})
    assert response.status_code == 200
    until = (frozen.now() + timedelta(hours=24)).isoformat()
    assert response.json()["waiting_for"] == [{"combatant": thug, "until": until, "paused": False}]


def test_acting_restarts_the_deadline_for_the_next_combatant(fight, frozen, later):
    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 24})
    later(hours=3)
    table.act(encounter, type="end_turn", actor=thug)
    until = (frozen.now() + timedelta(hours=24)).isoformat()
    assert table.state(encounter)["waiting_for"] == [{"combatant": nova, "until": until, "paused": False}]


def test_when_the_deadline_passes_the_default_applies_once_as_an_undoable_action(fight, later):
    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 1, "deadline_default": "end_turn"})
    later(minutes=59)
    assert apply_due() == []
    later(minutes=2)
    [applied] = apply_due()
    assert applied["combatant"] == thug and applied["default"] == "end_turn"
    assert table.state(encounter)["current"] == nova
    assert apply_due() == []  # the next turn's hour has only begun
    assert Deadline.of(Encounter.objects.get()).applied[0]["seq"] == applied["seq"]
    assert table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/").status_code == 200
    assert table.state(encounter)["current"] == thug


def test_a_second_run_of_the_task_for_the_same_turn_changes_nothing(fight, later):
    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 1, "deadline_default": "ask_gm"})
    later(hours=2)
    assert [a["default"] for a in apply_due()] == ["ask_gm"]
    assert apply_due() == []
    assert table.state(encounter)["current"] == thug
    told = Outbox.objects.filter(user=table.gm, event="deadline_near")
    assert told.count() == 1 and "plazo" in told.get().text


def test_a_default_the_system_does_not_have_tells_the_gm_instead(fight, later):
    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 1, "deadline_default": "hold"})
    later(hours=2)
    assert apply_due()[0]["default"] == "ask_gm"
    assert table.state(encounter)["current"] == thug


def test_a_paused_clock_does_not_run_out_and_resuming_adds_the_paused_time(fight, frozen, later):
    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 1, "deadline_default": "end_turn"})
    start = frozen.now()
    patch(table, encounter, {"deadline_paused": True})
    later(hours=5)
    assert apply_due() == []
    assert table.state(encounter)["waiting_for"][0]["paused"] is True
    patch(table, encounter, {"deadline_paused": False})
    until = table.state(encounter)["waiting_for"][0]["until"]
    assert until == (start + timedelta(hours=6)).isoformat()


def test_the_gm_extends_a_running_deadline(fight, frozen):
    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 2})
    response = patch(table, encounter, {"deadline_extend_hours": 1.5})
    assert response.json()["waiting_for"][0]["until"] == (frozen.now() + timedelta(hours=3.5)).isoformat()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"turn_deadline_hours": -1}, "turn_deadline_hours.invalid"),
        ({"turn_deadline_hours": 0}, "turn_deadline_hours.invalid"),
        ({"turn_deadline_hours": "mañana"}, "turn_deadline_hours.invalid"),
        ({"turn_deadline_hours": True}, "turn_deadline_hours.invalid"),
        ({"turn_deadline_hours": 10_000}, "turn_deadline_hours.invalid"),
        ({"turn_deadline_hours": 24, "deadline_default": "nap"}, "deadline_default.invalid"),
        ({"deadline_paused": "yes"}, "deadline_paused.invalid"),
        ({"deadline_extend_hours": -3}, "turn_deadline_hours.invalid"),
    ],
)
def test_a_bad_deadline_is_refused_and_nothing_changes(fight, body, code):
    table, encounter, *_ = fight
    response = patch(table, encounter, {"exact_odds_for_players": True, **body})
    assert response.status_code == 400 and codes(response) == {code}
    assert Encounter.objects.get().turn_deadline == {}
    assert table.state(encounter)["exact_odds_for_players"] is False


def test_a_player_may_not_set_a_deadline(fight):
    table, encounter, *_ = fight
    assert patch(table, encounter, {"turn_deadline_hours": 1}, client=table.player_api).status_code == 403
    assert Encounter.objects.get().turn_deadline == {}


def test_the_player_whose_turn_comes_is_told_once_and_warned_before_the_deadline(fight, later):
    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 24})
    table.act(encounter, type="end_turn", actor=thug)
    expand_pending()  # what the worker does after the action's commit
    mine = Outbox.objects.filter(user=table.player)
    assert list(mine.values_list("event", flat=True)) == ["your_turn"]
    later(hours=23)
    assert warn(encounter) == 1 and warn(encounter) == 1
    assert list(mine.values_list("event", flat=True)) == ["your_turn", "deadline_near"]


def test_the_campaign_page_shows_whom_each_fight_waits_for_with_a_countdown(fight, frozen):
    from django.test import Client

    table, encounter, nova, thug = fight
    patch(table, encounter, {"turn_deadline_hours": 24})
    client = Client()
    client.force_login(table.player)
    page = client.get(f"/campaigns/{table.campaign.pk}/").content.decode()
    until = (frozen.now() + timedelta(hours=24)).isoformat()
    assert 'id="fights-waiting"' in page and f'datetime="{until}"' in page and "espera a Matón" in page
    assert "js/countdown" in page


def test_the_gm_sets_a_deadline_from_the_campaign_page_and_a_bad_one_changes_nothing(fight, frozen):
    from django.test import Client

    table, encounter, nova, thug = fight
    gm = Client()
    gm.force_login(table.gm)
    url = f"/campaigns/{table.campaign.pk}/encounters/{encounter}/deadline/"
    page = gm.post(url, {"minutes": "-5", "default": "end_turn"}, follow=True).content.decode()
    assert "un plazo en el pasado no vale" in page and Encounter.objects.get().turn_deadline == {}
    gm.post(url, {"minutes": "1", "default": "end_turn"})
    deadline = Deadline.of(Encounter.objects.get())
    assert deadline.until() == frozen.now() + timedelta(minutes=1) and deadline.default == "end_turn"
    player = Client()
    player.force_login(table.player)
    assert player.post(url, {"minutes": "60"}).status_code == 403


def test_each_partida_on_the_campaign_page_lists_the_fights_begun_during_it(fight):
    from django.test import Client

    from tracking import partidas

    table, encounter, *_ = fight
    partidas.partida_open(campaign=table.campaign, title="La persecución")
    later_fight = table.create(name="Asalto al tejado")["id"]
    client = Client()
    client.force_login(table.player)
    page = client.get(f"/campaigns/{table.campaign.pk}/").content.decode()
    section = page[page.index("partida-list") :]
    assert f"/encounters/{later_fight}/" in section and f"/encounters/{encounter}/" not in section


def test_a_null_deadline_takes_the_deadline_away(fight, frozen):
    """`"turn_deadline_hours": number | null` (docs/api.md, "Campaign tracking"): null is no
    deadline, never a refusal."""
    table, encounter, nova, thug = fight
    assert patch(table, encounter, {"turn_deadline_hours": 24}).status_code == 200
    response = patch(table, encounter, {"turn_deadline_hours": None})
    assert response.status_code == 200, response.json()
    assert response.json()["waiting_for"] == [{"combatant": thug, "until": None, "paused": False}]
