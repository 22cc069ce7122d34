"""Declaring ahead in Epic20, through the API (`rules.core.ahead` on the system seam): the GM turns
it on with the encounter's PATCH, the player declares for Nova and the GM for the thug, the round
resolves in Epic20's initiative order through Epic20's own attack, it is one undoable action, a
refused declaration lapses, players see that the thug declared but not what, and the declaration
deadline resolves the round."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from combat.deadline_tasks import apply_due
from notifications.models import Outbox
from notifications.notices import expand_pending
from tests.combat.encounters import dice as scripted_dice
from tests.combat.encounters.conftest import Table
from tests.notifications import clock
from tests.tracking.helpers import send

pytestmark = pytest.mark.django_db
RAY = {"type": "attack", "target": None, "kind": "ranged", "with": "ataque-especial-a-distancia"}
CLUB = {"type": "attack", "target": None, "kind": "melee", "with": "Porra"}


@pytest.fixture
def faces(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    settings.TRACKING_CLOCK = "tests.notifications.clock.now"
    clock.NOW[0] = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    scripted_dice.QUEUE.clear()
    yield scripted_dice.QUEUE
    scripted_dice.QUEUE.clear()


@pytest.fixture
def fight(faces):
    """Nova (the player's) and a thug (the GM's), the thug first, declaring ahead."""
    table = Table()
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    faces.extend([3, 15])
    assert table.act(encounter, type="start").status_code == 201
    response = send(table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", {"declare_ahead": True})
    assert response.status_code == 200, response.json()
    return table, encounter, nova, thug


def declare(table, encounter, actor, action, client=None):
    return table.act(encounter, client=client or table.gm_api, type="declare", actor=actor, action=action)


def test_turning_it_on_opens_the_declarations_and_direct_actions_are_then_refused(fight):
    table, encounter, nova, thug = fight
    state = table.state(encounter, table.player_api)
    assert state["declare_ahead"] is True
    assert state["declarations"] == {"open": True, "round": 1, "waiting": [nova, thug], "declared": []}
    assert [w["combatant"] for w in state["waiting_for"]] == [nova, thug]
    refused = table.act(encounter, type="end_turn", actor=thug)
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "declare.ahead"


def test_the_round_resolves_in_initiative_order_through_epic20_s_own_attack_and_undoes_whole(fight, faces):
    table, encounter, nova, thug = fight
    mine = declare(table, encounter, nova, {**RAY, "target": thug}, client=table.player_api)
    assert mine.status_code == 201, mine.json()
    player_view = table.state(encounter, table.player_api)["declarations"]
    assert player_view["declared"] == [{"combatant": nova, "action": {**RAY, "target": thug}}]
    faces.extend([2, 17])  # the thug (first in the order) misses with a 2; Nova's ray hits with 17
    last = declare(table, encounter, thug, {**CLUB, "target": nova})
    assert last.status_code == 201, last.json()
    attacks = [(e["actor"], e["target"]) for e in last.json()["events"] if e["type"] == "attack"]
    assert attacks == [(thug, nova), (nova, thug)]
    types = [e["type"] for e in last.json()["events"]]
    assert types[:2] == ["declare", "declarations_closed"] and types[-1] == "declarations_opened"
    state = last.json()["state"]
    assert (
        state["round"] == 2
        and state["declarations"]["round"] == 2
        and state["declarations"]["declared"] == []
    )
    hurt = {c["id"]: c["hit_points"] for c in state["combatants"]}[thug]
    assert hurt < {c["id"]: c["hit_points_max"] for c in state["combatants"]}[thug]
    # One undo takes the whole resolution (and the last declaration) back.
    undone = table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/").json()["state"]
    assert undone["round"] == 1 and [d["combatant"] for d in undone["declarations"]["declared"]] == [nova]
    assert {c["id"]: c["hit_points"] for c in undone["combatants"]}[thug] == {
        c["id"]: c["hit_points_max"] for c in undone["combatants"]
    }[thug]


def test_players_see_that_the_thug_declared_but_not_what(fight):
    table, encounter, nova, thug = fight
    assert declare(table, encounter, thug, {**CLUB, "target": nova}).status_code == 201
    seen = table.state(encounter, table.player_api)["declarations"]["declared"]
    assert seen == [{"combatant": thug, "action": None}]
    event = table.events(encounter, table.player_api)["results"][-1]
    assert event["type"] == "declare" and "action" not in event
    assert event["text"] == "Matón ha declarado su acción."
    gm_event = table.events(encounter)["results"][-1]
    assert gm_event["action"]["with"] == "Porra" and "Atacar" in gm_event["text"] or "→" in gm_event["text"]


def test_bad_declarations_are_refused_with_paths_under_action_and_change_nothing(fight):
    table, encounter, nova, thug = fight
    version = table.state(encounter)["version"]
    unknown = declare(table, encounter, thug, {"type": "start"})
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["path"] == "/action/type"
    bad = declare(table, encounter, thug, {"type": "attack", "target": "x", "kind": "melee", "with": "Porra"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/action/target"
    not_yours = declare(table, encounter, thug, {**CLUB, "target": nova}, client=table.player_api)
    assert not_yours.status_code == 403
    en = table.gm_api.post(
        f"/api/v1/encounters/{encounter}/actions/",
        {"type": "declare", "actor": thug, "action": {"type": "fly"}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert en.status_code == 400 and "declared" in en.json()["errors"][0]["message"]
    assert table.state(encounter)["version"] == version


def test_a_declared_attack_the_rules_refuse_at_resolution_lapses(fight, faces):
    table, encounter, nova, thug = fight
    # Nova declares a punch with a power she does not have: Epic20 refuses it when her turn comes.
    odd = {"type": "attack", "target": thug, "kind": "melee", "with": "no-such-power"}
    assert declare(table, encounter, nova, odd, client=table.player_api).status_code == 201
    faces.extend([2])
    resolved = declare(table, encounter, thug, {**CLUB, "target": nova})
    events = resolved.json()["events"]
    lapsed = [e for e in events if e["type"] == "declaration_lapsed"]
    assert [e["actor"] for e in lapsed] == [nova] and lapsed[0]["rule"]
    assert [e["actor"] for e in events if e["type"] == "attack"] == [thug]


def test_the_declaration_deadline_resolves_the_round_and_people_are_told(fight, faces, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    table, encounter, nova, thug = fight
    send(table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", {"turn_deadline_hours": 2,
                                                                      "deadline_default": "end_turn"})  # fmt: skip
    expand_pending()
    opened = Outbox.objects.filter(event="declarations_open", user=table.player)
    assert opened.exists()  # turning it on opened the declarations
    assert declare(table, encounter, thug, {**CLUB, "target": nova}).status_code == 201
    clock.NOW[0] += timedelta(hours=2, minutes=1)
    faces.extend([2])
    applied = apply_due()
    assert [a["default"] for a in applied] == ["resolve_round"] and applied[0]["combatant"] == nova
    events = table.events(encounter)["results"]
    assert [e["type"] for e in events if e["type"] in ("attack", "declaration_lapsed")] == [
        "attack",
        "declaration_lapsed",
    ]
    expand_pending()
    assert Outbox.objects.filter(event="round_resolved", user=table.player).exists()
    assert apply_due() == []


def test_a_system_that_declares_by_itself_refuses_the_option(db):
    from tests.factories import UserFactory, campaign_for
    from tests.tracking.helpers import client_for

    gm = UserFactory()
    campaign = campaign_for(gm, system="msh")
    api = client_for(gm)
    encounter = api.post(f"/api/v1/campaigns/{campaign.pk}/encounters/", {"name": "X"}, format="json").json()
    response = send(api, "PATCH", f"/api/v1/encounters/{encounter['id']}/", {"declare_ahead": True})
    assert response.status_code == 409 and response.json()["errors"][0]["code"] == "declare_ahead.own_rules"
