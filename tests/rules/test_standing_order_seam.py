"""The standing orders' part of the seam (`rules.core.declarations`), with no system: the request
an order makes (a declaration while declarations are open, else the action), the log's "por orden
permanente" entry, and what a viewer sees of an order (as of a declared action)."""

from __future__ import annotations

from rules.core import declarations as decl
from rules.core.encounter import ActionType, CombatantFacts, Table, Viewer
from rules.core.schema import NoInput

POKE = ActionType("poke", lambda *a: None, NoInput, summary_es="Pinchar.", summary_en="Poke.")
KINDS = {"poke": POKE}
FACTS = {
    1: CombatantFacts(1, "Uno", "heroes", npc=False, owner=7),
    2: CombatantFacts(2, "Dos", "villains", npc=True),
}


def table() -> Table:
    state = {"status": "active", "round": 3, "combatants": {"1": {"name": "Uno"}, "2": {"name": "Dos"}}}
    return Table.from_state(state)


def test_an_order_is_the_action_itself_when_nobody_is_declaring():
    assert decl.order_request({}, 2, {"type": "poke", "target": 1, "actor": 9}) == {
        "type": "poke",
        "target": 1,
        "actor": 2,
    }


def test_an_order_is_a_declaration_while_declarations_are_open():
    state: dict = {}
    decl.open_round(state, 1)
    assert decl.order_request(state, 2, {"type": "poke", "target": 1}) == {
        "type": "declare",
        "actor": 2,
        "action": {"type": "poke", "target": 1},
    }


def test_the_log_entry_says_what_to_those_who_may_see_and_only_that_to_others():
    entry = decl.order_entry(table(), 2, {"type": "poke", "target": 1}, KINDS, policy=decl.StandingOrders())
    assert (entry.type, entry.actor, entry.target, entry.round) == ("standing_order", 2, 1, 3)
    assert entry.payload == {
        "action": {"type": "poke", "target": 1},
        "text": {
            "es": "Dos actúa por orden permanente: Pinchar → Uno.",
            "en": "Dos acts on a standing order: Poke → Uno.",
        },
        "public_text": {"es": "Dos actúa por orden permanente.", "en": "Dos acts on a standing order."},
        "private": "actor",
        "rule": "Órdenes permanentes",
    }


def test_names_the_state_does_not_keep_come_from_the_site():
    bare = Table.from_state({"status": "active", "round": 1, "combatants": {"1": {}, "2": {}}})
    entry = decl.order_entry(bare, 1, {"type": "wave"}, KINDS, policy=decl.StandingOrders(), names={1: "Uno"})
    assert entry.payload["text"]["es"] == "Uno actúa por orden permanente: wave."


def test_a_hidden_npc_s_order_is_none_to_players_and_whole_to_the_gm_and_a_character_s_to_all():
    order = {"type": "poke", "target": 1}
    player, stranger, gm = Viewer(gm=False, controls=frozenset({1})), Viewer(gm=False), Viewer(gm=True)
    policy = decl.StandingOrders()
    assert decl.view_order(2, order, viewer=player, facts=FACTS, policy=policy) is None
    assert decl.view_order(2, order, viewer=gm, facts=FACTS, policy=policy) == order
    assert decl.view_order(1, order, viewer=stranger, facts=FACTS, policy=policy) == order


def test_a_system_may_show_part_of_a_hidden_combatant_s_order():
    policy = decl.StandingOrders(redact=lambda action: {"type": action["type"]})
    seen = decl.view_order(
        2, {"type": "poke", "target": 1}, viewer=Viewer(gm=False), facts=FACTS, policy=policy
    )
    assert seen == {"type": "poke"}
