"""The standing orders' API (docs/api.md "Standing orders"): whoever controls a combatant gives,
reads and removes its order; bad input is a 400 naming the field and changes nothing (an action
of another system too); someone else's combatant is a 403, a combatant with no order a 404; a
hidden NPC's order is null to players. Every answer is checked against the schema."""

from __future__ import annotations

import pytest

from combat.models import StandingOrder
from tests.combat.orders.fights import OrderFight, order_for
from tests.tracking.helpers import client_for, codes, send

pytestmark = pytest.mark.django_db


@pytest.fixture
def epic20(later):
    return OrderFight("epic20")


@pytest.fixture
def msh(later):
    return OrderFight("msh")


def test_the_player_gives_reads_replaces_and_removes_their_order(epic20):
    url = epic20.order_url(epic20.pc)
    first = send(epic20.player, "PUT", url, {"action": order_for("epic20", epic20.npc), "note": "Al matón"})
    assert first.status_code == 200
    assert first.json() == {
        "combatant": epic20.pc,
        "action": {
            "type": "attack",
            "target": epic20.npc,
            "kind": "ranged",
            "with": "ataque-especial-a-distancia",
        },
        "note": "Al matón",
        "updated_at": "2026-12-01T10:00:00+00:00",
    }
    again = send(epic20.player, "PUT", url, {"action": {"type": "end_turn"}})
    assert again.json()["action"] == {"type": "end_turn"} and again.json()["note"] == ""
    for reader in (epic20.player, epic20.gm, epic20.newcomer):  # a character's order: seen as declared
        assert reader.get(url).json()["action"] == {"type": "end_turn"}
    assert send(epic20.player, "DELETE", url).status_code == 204
    assert epic20.player.get(url).status_code == 404
    assert send(epic20.player, "DELETE", url).status_code == 404


BAD_ORDERS = [
    ({}, "/action", "action.required"),
    ({"action": "attack"}, "/action", "action.declare_no_action"),
    ({"action": {"type": "evade"}}, "/action/type", "declare.unknown_type"),  # an MSH action
    (
        {"action": {"type": "attack", "target": 2, "combat_type": "blunt"}},
        "/action/combat_type",
        "combat_type.unknown_field",
    ),
    ({"action": {"type": "attack", "target": 2, "kind": "psychic"}}, "/action/kind", "kind.invalid_choice"),
    ({"action": {"type": "end_turn"}, "note": "x" * 501}, "/note", "note.max_length"),
    ({"action": {"type": "end_turn"}, "note": 7}, "/note", "note.invalid"),
    ({"action": {"type": "end_turn"}, "orders": 1}, "/orders", "orders.unknown_field"),
    (
        {"action": {"type": "resolve_round"}},
        "/action/type",
        "declare.unknown_type",
    ),  # the GM's, not declarable
]


@pytest.mark.parametrize(("body", "path", "code"), BAD_ORDERS)
def test_a_bad_order_is_a_400_naming_the_field_and_changes_nothing(epic20, body, path, code):
    send(epic20.player, "PUT", epic20.order_url(epic20.pc), {"action": {"type": "end_turn"}, "note": "antes"})
    answer = send(epic20.player, "PUT", epic20.order_url(epic20.pc), body)
    assert answer.status_code == 400, answer.json()
    assert answer.json()["errors"][0]["path"] == path and codes(answer) == {code}
    order = StandingOrder.objects.get()
    assert order.action == {"type": "end_turn"} and order.note == "antes"


def test_an_order_of_another_system_is_refused_in_msh_too_in_english(msh):
    epic20_attack = {"type": "attack", "target": msh.pc, "kind": "melee", "with": "Porra"}
    answer = msh.gm.generic(
        "PUT",
        msh.order_url(msh.npc),
        __import__("json").dumps({"action": epic20_attack}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 400
    assert {e["path"] for e in answer.json()["errors"]} == {"/action/kind"}
    assert answer.json()["errors"][0]["message"] == "Unknown field."
    assert not StandingOrder.objects.exists()


def test_only_whoever_controls_the_combatant_gives_or_removes_its_order(epic20):
    body = {"action": {"type": "end_turn"}}
    assert send(epic20.newcomer, "PUT", epic20.order_url(epic20.pc), body).status_code == 403
    assert send(epic20.player, "PUT", epic20.order_url(epic20.npc), body).status_code == 403
    refused = send(epic20.gm, "PUT", epic20.order_url(epic20.pc), body)  # the player's to give
    assert refused.status_code == 403 and codes(refused) == {"standing_order.not_yours"}
    assert send(epic20.gm, "PUT", epic20.order_url(epic20.npc), body).status_code == 200
    assert send(epic20.player, "DELETE", epic20.order_url(epic20.npc)).status_code == 403
    assert list(StandingOrder.objects.values_list("combatant_id", flat=True)) == [epic20.npc]


def test_an_unknown_combatant_or_encounter_is_a_404(epic20):
    from tests.factories import UserFactory

    assert epic20.player.get(epic20.order_url(epic20.pc)).status_code == 404  # no order yet
    assert (
        send(epic20.player, "PUT", epic20.order_url(999), {"action": {"type": "end_turn"}}).status_code == 404
    )
    stranger = client_for(UserFactory())
    assert (
        send(stranger, "PUT", epic20.order_url(epic20.pc), {"action": {"type": "end_turn"}}).status_code
        == 404
    )
    assert stranger.get(epic20.order_url(epic20.pc)).status_code == 404


def test_a_hidden_npc_s_order_is_null_to_players_and_whole_to_the_gm(epic20):
    order = {"type": "attack", "target": epic20.pc, "kind": "melee", "with": "Porra"}
    send(epic20.gm, "PUT", epic20.order_url(epic20.npc), {"action": order, "note": "Al más débil"})
    seen = epic20.player.get(epic20.order_url(epic20.npc)).json()
    assert seen == {
        "combatant": epic20.npc,
        "action": None,
        "note": None,
        "updated_at": "2026-12-01T10:00:00+00:00",
    }
    assert epic20.gm.get(epic20.order_url(epic20.npc)).json()["action"] == order


def test_when_a_hidden_npc_acts_by_its_order_players_see_that_it_did_not_what(epic20, later):
    from combat.deadline_tasks import apply_due

    assert epic20.act_end_turn(epic20.pc).status_code == 201  # the thug's turn now
    order = {"type": "attack", "target": epic20.pc, "kind": "melee", "with": "Porra"}
    send(epic20.gm, "PUT", epic20.order_url(epic20.npc), {"action": order})
    epic20.deadline("end_turn")
    later(hours=2)
    seq = apply_due()[0]["seq"]
    mine = next(e for e in epic20.events(client=epic20.player) if e["seq"] == seq)
    assert "action" not in mine
    assert (mine["line"]["text"], mine["line"]["what"]) == ("Matón actúa por orden permanente.", "")
    gm = next(e for e in epic20.events() if e["seq"] == seq)
    assert (gm["line"]["text"], gm["line"]["what"]) == (
        "Matón actúa por orden permanente: Atacar → Nova.",
        "Cuerpo a cuerpo · Porra",
    )
