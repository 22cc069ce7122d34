"""The "Otra acción" box of the MSH declare forms: a red Escape's follow-up (move away or attack
at −2) and the other action of a holder squeezing someone held fast, from the page's form to the
declared action and through a round."""

from __future__ import annotations

import pytest

from combat import services as encounters
from combat.models import Encounter
from combat.systems import msh as page_msh
from tests.characters.html_parts import element
from tests.combat import test_msh_pages as base

declare, form, page, start = base.declare, base.form, base.page, base.start
fight, queued = base.fight, base.queued  # the same fixtures

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("fields", "declared"),
    [
        (
            {"kind": "escape", "then": "attack", "then_attack": "blunt|unarmed", "then_target": 2, "then_karma": 3},
            {"type": "escape", "then": {"combat_type": "blunt", "with": "unarmed", "target": 2, "karma": 3}},
        ),
        ({"kind": "escape", "then": "away", "then_attack": "blunt|unarmed"}, {"type": "escape", "away": True}),
        ({"kind": "escape", "then": "", "then_attack": "blunt|unarmed"}, {"type": "escape"}),
        (
            {"kind": "dodge", "then": "attack", "then_attack": "energy|Rayo", "then_target": 4},
            {"type": "dodge", "then": {"combat_type": "energy", "with": "Rayo", "target": 4}},
        ),
        (
            {"kind": "attack", "attack": "grappling|unarmed", "target": 2, "then": "attack",
             "then_attack": "blunt|unarmed", "then_target": 4},
            {"type": "attack", "combat_type": "grappling", "with": "unarmed", "target": 2,
             "then": {"combat_type": "blunt", "with": "unarmed", "target": 4}},
        ),
        ({"kind": "block", "then": "attack", "then_attack": "blunt|unarmed"}, {"type": "block"}),
    ],
)  # fmt: skip
def test_the_other_action_box_becomes_the_declarations_then_or_away(fields, declared):
    assert page_msh.declared_action(form(**fields)) == declared


def _coloso_holds_the_thug(fight, queued):
    """Round 1: Coloso's grapple comes out red (99), the Matón is held fast; round 2 rolls
    initiative 4 (heroes) against 3 and the villains declare first again."""
    start(fight, queued)
    declare(fight["gm"], fight, fight["npc"], kind="pass")
    queued[:] = [99, 4, 3] + [1] * 30
    declare(
        fight["player"], fight, fight["hero"], kind="attack", attack="grappling|unarmed", target=fight["npc"]
    )
    state = Encounter.objects.get(pk=fight["encounter"].pk).state
    assert state["round"] == 2
    assert state["combatants"][str(fight["npc"])]["effects"]["held_by"]["full"] is True


def test_the_held_npcs_form_offers_the_escapes_follow_up_and_the_holders_offers_its_other_action(
    fight, queued
):
    _coloso_holds_the_thug(fight, queued)
    npc_form = element(page(fight["gm"], fight), f"declare-{fight['npc']}")
    box = element(npc_form, f"then-box-{fight['npc']}")
    assert 'data-for="dodge escape"' in box and 'value="away"' in box
    assert "Si el escape sale rojo" in box

    declare(fight["gm"], fight, fight["npc"], kind="pass")
    hero_box = element(page(fight["player"], fight), f"then-box-{fight['hero']}")
    assert 'data-for="dodge escape attack"' in hero_box
    assert "Si aprietas a quien tienes inmovilizado (Matón" in hero_box


def test_a_squeeze_and_its_other_action_declared_on_the_page_resolve_in_the_round(fight, queued):
    _coloso_holds_the_thug(fight, queued)
    declare(fight["gm"], fight, fight["npc"], kind="pass")
    queued[:] = [50] + [1] * 30  # Coloso's punch after the squeeze: green on Excellent
    answer = declare(
        fight["player"],
        fight,
        fight["hero"],
        kind="attack",
        attack="grappling|unarmed",
        target=fight["npc"],
        then="attack",
        then_attack="blunt|unarmed",
        then_target=fight["npc"],
    )
    assert answer.status_code == 200
    encounter = Encounter.objects.get(pk=fight["encounter"].pk)
    attacks = [e for e in encounter.events.order_by("seq") if e.type == "attack" and e.payload.get("hit")]
    assert [e.payload.get("effect") for e in attacks][-2:] == ["squeeze", "hit"]
    # 70 Health: the squeeze (Strength 50) and the punch (50), each less the Matón's armour 6.
    assert encounter.state["combatants"][str(fight["npc"])]["hit_points"] == 0
    assert "declara: Atacar (tabla universal) contra Matón, y además ataca" in page(fight["player"], fight)


def test_the_declarations_panel_tells_the_other_action():
    names = {1: "Ana", 2: "Vera"}
    escape = {"type": "escape", "then": {"target": 2, "combat_type": "blunt"}}
    assert page_msh._declared_text(escape, names, "es") == (
        "Escape · si sale rojo, ataca (−2): Atacar (tabla universal) · Contundente contra Vera"
    )
    assert page_msh._declared_text({"type": "escape", "away": True}, names, "en") == (
        "Escape · on a red, moves away"
    )


def test_the_api_takes_an_escapes_follow_up_and_refuses_one_the_seed_does_not_give(fight, queued):
    from rest_framework.test import APIClient

    start(fight, queued)
    api = APIClient()
    api.force_authenticate(fight["encounter"].campaign.gm)
    url = f"/api/v1/encounters/{fight['encounter'].pk}/actions/"
    before = Encounter.objects.get(pk=fight["encounter"].pk).version
    wrong = api.post(
        url,
        {"type": "declare", "actor": fight["npc"], "action": {"type": "block", "away": True}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert wrong.status_code == 400, wrong.json()
    error = wrong.json()["errors"][0]
    assert (error["code"], error["path"]) == ("declare.no_away", "/action/away")
    assert error["message"] == "Moving away only follows a red escape."
    assert Encounter.objects.get(pk=fight["encounter"].pk).version == before
    dodge = {"type": "dodge", "then": {"target": fight["hero"], "combat_type": "blunt"}}
    ok = api.post(url, {"type": "declare", "actor": fight["npc"], "action": dodge}, format="json")
    assert ok.status_code == 201, ok.json()


def test_the_odds_box_of_a_squeeze_shows_what_it_does_instead_of_a_roll(fight, queued):
    _coloso_holds_the_thug(fight, queued)
    declare(fight["gm"], fight, fight["npc"], kind="pass")
    query = {"actor": fight["hero"], "kind": "attack", "attack": "grappling|unarmed", "target": fight["npc"]}
    # The Matón is the GM's hidden NPC: the player learns what a squeeze does, not its numbers.
    mine = fight["player"].get(fight["url"] + "odds/", query).content.decode()
    assert 'data-odds="squeeze"' in mine and "Apretar: sin tirada" in mine
    assert "data-odds-colour" not in mine and "Armadura Corporal del objetivo" in mine
    assert "44" not in mine
    # The GM sees the numbers: Coloso's Strength 50 less the Matón's Body Armor 6.
    gms = fight["gm"].get(fight["url"] + "odds/", query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Squeeze: no roll" in gms and "(50)" in gms and "44 damage" in gms and "Health after: 26" in gms


def test_a_charge_declared_on_the_page_may_say_there_are_obstacles_beyond_the_target(fight, queued):
    fields = {"kind": "attack", "attack": "charging|unarmed", "target": 2, "obstacles": "1", "areas": 2}
    assert page_msh.declared_action(form(**fields)) == {
        "type": "attack",
        "combat_type": "charging",
        "with": "unarmed",
        "target": 2,
        "areas": 2,
        "obstacles": True,
    }
    start(fight, queued)
    shown = element(page(fight["gm"], fight), f"declare-{fight['npc']}")
    assert f'id="obstacles-{fight["npc"]}"' in shown and "Obstáculos al otro lado" in shown


def test_a_combined_attack_is_declared_on_the_page_with_a_partner_of_the_same_side(fight, queued):
    henchman = encounters.combatant_add(
        encounter=fight["encounter"],
        user=fight["encounter"].campaign.gm,
        side="villains",
        npc_sheet={**base.THUG, "name": "Secuaz"},
    ).pk
    start(fight, queued)
    shown = element(page(fight["gm"], fight), f"combined-with-{fight['npc']}")
    assert f'<option value="{henchman}">Secuaz</option>' in shown and "Coloso" not in shown
    blow = {"kind": "attack", "attack": "blunt|unarmed", "target": fight["hero"]}
    declare(fight["gm"], fight, fight["npc"], combined_with=henchman, **blow)
    declare(fight["gm"], fight, henchman, **blow)
    # The heroes act first (Coloso passes); then the Secuaz's Agility 50 (green on Excellent), the
    # Matón's punch and the Secuaz's.
    queued[:] = [50, 50, 50] + [1] * 30
    declare(fight["player"], fight, fight["hero"], kind="pass")
    encounter = Encounter.objects.get(pk=fight["encounter"].pk)
    punch = next(e for e in encounter.events.all() if e.type == "attack" and e.actor_id == fight["npc"])
    assert punch.payload["combined_roll"]["combatant"] == henchman
    assert punch.payload["column"] == "excellent"  # the Matón's Fighting Good, +1


def test_the_form_sends_the_combined_attacks_partner_only_when_one_is_picked():
    fields = {"kind": "attack", "attack": "blunt|unarmed", "target": 2}
    assert page_msh.declared_action(form(**fields, combined_with=3))["combined_with"] == 3
    assert "combined_with" not in page_msh.declared_action(form(**fields, combined_with=""))
