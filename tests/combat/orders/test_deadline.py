"""Standing orders when the deadline runs out, in every system (docs/api.md "Standing orders"):
the order is taken as its controller's action, its "por orden permanente" line first (asserted
whole, in Spanish and in English), undoable as one action; with no order the GM's default
applies as before; an order the rules refuse then (its target left the fight) changes nothing and
the default applies. Time is moved by the test, never slept."""

from __future__ import annotations

import pytest

from combat import services
from combat.deadline_tasks import apply_due
from combat.models import Combatant
from notifications.models import Outbox
from tests.combat.orders.fights import OrderFight, order_for
from tests.combat.system_fights import SYSTEMS
from tests.tracking.helpers import send

pytestmark = pytest.mark.django_db

# The order's line as each system's log shows it: (heading, text, target, what) in es and en.
LINES = {
    "epic20": {
        "es": ("Asalto 1", "Nova actúa por orden permanente: Atacar → Matón.", "Matón",
               "A distancia · Ataque especial a distancia", "Órdenes permanentes"),
        "en": ("Round 1", "Nova acts on a standing order: Attack → Matón.", "Matón",
               "Ranged · Special ranged attack", "Standing orders"),
    },
    "msh": {
        "es": ("Asalto 1", "Matón actúa por orden permanente: Atacar (tabla universal) → Coloso.", "Coloso",
               "Contundente", "Órdenes permanentes"),
        "en": ("Round 1", "Matón acts on a standing order: Attack (Universal Table) → Coloso.", "Coloso",
               "Blunt", "Standing orders"),
    },
    "anima": {
        "es": ("Turno 1", "Celia actúa por orden permanente: Ataque Completo o poder de ataque → Orco.", "Orco",
               "Espada larga", "Órdenes permanentes"),
        "en": ("Turn 1", "Celia acts on a standing order: Full attack or attack power → Orco.", "Orco",
               "Espada larga", "Standing orders"),
    },
    "hero": {
        "es": ("Turno 1", "Dragón actúa por orden permanente: Atacar con una maniobra → Robot.", "Robot",
               "Rayo", "Órdenes permanentes"),
        "en": ("Turn 1", "Dragón acts on a standing order: Attack with a maneuver → Robot.", "Robot",
               "Rayo", "Standing orders"),
    },
}  # fmt: skip
# What the order's own action writes right after its line: the attack, or the declaration (MSH).
ACTED = {"epic20": "attack", "msh": "declare", "anima": "attack", "hero": "attack"}


def whole_line(system: str, lang: str, seq: int, actor: str) -> dict:
    heading, text, target, what, rule = LINES[system][lang]
    return {
        "seq": seq, "type": "standing_order", "heading": heading, "time": heading, "text": text,
        "actor": actor, "target": target, "what": what, "rolls": [], "outcome": "", "rule": rule,
        "tone": "", "undone": False, "superseded_by": 0, "superseded_label": "",
    }  # fmt: skip


def by_seq(events: list[dict], seq: int) -> dict:
    return next(e for e in events if e["seq"] == seq)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_deadline_takes_the_standing_order_as_one_undoable_action(system, later):
    fight = OrderFight(system)
    assert fight.put(fight.first, {"action": order_for(system, fight.other)}).status_code == 200
    fight.deadline("end_turn")
    later(minutes=59)
    assert apply_due() == []
    later(minutes=2)
    applied = apply_due()
    assert applied[0]["combatant"] == fight.first and applied[0]["default"] == "standing_order"
    seq = applied[0]["seq"]
    actor = Combatant.objects.get(pk=fight.first).name
    for lang in ("es", "en"):
        event = by_seq(fight.events(lang), seq)
        assert event["line"] == whole_line(system, lang, seq, actor)
        assert event["actor"] == fight.first
    assert by_seq(fight.events(), seq + 1)["type"] == ACTED[system]
    # Undo takes back what followed, then the order's whole action: its line and its attack.
    while not by_seq(fight.events(), seq)["undone"]:
        assert fight.gm.post(f"{fight.url}/undo/").status_code == 200
    assert by_seq(fight.events(), seq + 1)["undone"] is True
    assert fight.state()["round"] == 1 and [w["combatant"] for w in fight.state()["waiting_for"]] == [
        fight.first
    ]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_order_stays_until_its_owner_removes_it(system, later):
    fight = OrderFight(system)
    fight.put(fight.first, {"action": order_for(system, fight.other), "note": "Siempre al más cercano"})
    fight.deadline("end_turn")
    later(hours=2)
    apply_due()
    answer = fight.controller.get(fight.order_url(fight.first))
    assert answer.status_code == 200 and answer.json()["note"] == "Siempre al más cercano"
    assert send(fight.controller, "DELETE", fight.order_url(fight.first)).status_code == 204
    assert fight.controller.get(fight.order_url(fight.first)).status_code == 404


@pytest.mark.parametrize("system", SYSTEMS)
def test_without_an_order_the_gm_default_applies_as_before(system, later):
    fight = OrderFight(system)
    fight.deadline("end_turn")
    later(hours=2)
    [applied] = apply_due()
    assert applied["combatant"] == fight.first
    if system == "msh":  # declaring: no action stands for a missing declaration, the GM is told
        assert applied["default"] == "ask_gm"
        assert Outbox.objects.filter(user=fight.fight.gm, event="deadline_near").exists()
    else:
        assert applied["default"] == "end_turn"
        assert [w["combatant"] for w in fight.state()["waiting_for"]] == [fight.other]
    assert not any(e["type"] == "standing_order" for e in fight.events())


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_order_the_rules_refuse_when_taken_changes_nothing_and_the_default_applies(system, later):
    fight = OrderFight(system)
    newcomer = services.combatant_add(
        encounter=fight.encounter,
        user=fight.fight.newcomer,
        side="heroes",
        character_id=fight.fight.newcomer_character.pk,
    )
    assert fight.put(fight.first, {"action": order_for(system, newcomer.pk)}).status_code == 200
    services.combatant_remove(encounter=fight.encounter, combatant=newcomer, user=fight.fight.gm)
    fight.deadline("end_turn")
    later(hours=2)
    before = len(fight.events())
    [applied] = apply_due()
    assert applied["combatant"] == fight.first and applied["order_refused"]
    assert applied["default"] == ("ask_gm" if system == "msh" else "end_turn")
    types = [e["type"] for e in fight.events()[before:]]
    assert "standing_order" not in types and ACTED[system] not in types


@pytest.mark.parametrize("system", ["epic20", "anima", "hero"])
def test_declaring_ahead_the_order_is_declared_and_the_round_resolves_by_the_default(system, later):
    fight = OrderFight(system)
    answer = send(fight.gm, "PATCH", f"{fight.url}/", {"declare_ahead": True})
    assert answer.status_code == 200, answer.json()
    assert (
        fight.put(fight.pc, {"action": order_for(system, fight.npc)}, client=fight.player).status_code == 200
    )
    fight.deadline("end_turn")
    later(hours=2)
    ordered, resolved = apply_due()
    assert ordered["combatant"] == fight.pc and ordered["default"] == "standing_order"
    assert resolved == {**resolved, "combatant": fight.npc, "default": "resolve_round"}
    events = fight.events()
    line = by_seq(events, ordered["seq"])
    assert line["type"] == "standing_order" and by_seq(events, ordered["seq"] + 1)["type"] == "declare"
    after = [e["type"] for e in events if e["seq"] > ordered["seq"]]
    # The round resolved with what was declared: Nova's (Celia's, Dragón's) attack, by the order.
    assert "declarations_closed" in after and "attack" in after
    assert [e["actor"] for e in events if e["type"] == "attack"] == [fight.pc]
