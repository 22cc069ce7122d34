"""Support powers and advantages through the API and the page: Contacto curativo and its reroll,
Inspirar a otros reaching the ally's attack, Motivador and Trabajo en equipo."""

from __future__ import annotations

import copy

import pytest
from django.test import Client
from django.urls import reverse

from tests.combat.encounters.conftest import THUG

pytestmark = pytest.mark.django_db

H = 0.5
# A level 8 healer of the GM's: Inteligencia and Presencia ½, so her rolls are 1d20 + 4.
HEALER = {
    "system": "epic20",
    "name": "Sanadora",
    "level": 8,
    "attributes": {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H},
    "skills": [{"skill": "percepcion-visual", "value": 0.5}],
    "powers": [
        {"power": "contacto-curativo", "modifiers": []},
        {"power": "regeneracion", "modifiers": []},
    ],
    "advantages": [
        {"advantage": "motivador", "points": 1},
        {"advantage": "inspirar-a-otros", "points": 1},
        {"advantage": "trabajo-en-equipo", "points": 1},
    ],
    "maneuvers": [],
    "complications": [],
    "equipment": [],
}
# The patient: Corpulencia 1, so 2 damage does not stun; defense 10 + 4.
REX = {**copy.deepcopy(THUG), "name": "Rex", "level": 8, "equipment": []}
# A villain with an emotional attack (Presencia 1: 1d20 + 8).
NIGHTMARE = {
    **copy.deepcopy(THUG),
    "name": "Pesadilla",
    "level": 8,
    "attributes": {"corpulencia": H, "agilidad": 0, "percepcion": H, "inteligencia": H, "presencia": 1},
    "powers": [{"power": "ataque-emocional-a-distancia", "modifiers": []}],
    "equipment": [],
}


def fight(table, faces, *, villain=None):
    """Nova, the healer and Rex (heroes), a villain. Initiative: Nova, healer, Rex, villain."""
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    healer = table.add_npc(encounter, HEALER, side="heroes")["id"]
    rex = table.add_npc(encounter, REX, side="heroes")["id"]
    villain = table.add_npc(encounter, villain or THUG)["id"]
    faces.extend([15, 12, 5, 1])
    response = table.act(encounter, type="start")
    assert response.status_code == 201, response.json()
    assert response.json()["state"]["turn_order"] == [nova, healer, rex, villain]
    return encounter, nova, healer, rex, villain


def combatant(table, encounter, cid):
    return next(c for c in table.state(encounter)["combatants"] if c["id"] == cid)


def ok(response):
    assert response.status_code == 201, response.json()
    return response.json()


def event(body, kind):
    return next(e for e in body["events"] if e["type"] == kind)


def hurt_rex(table, encounter, nova, rex, faces):
    """Nova's plasma ray (+8) on Rex (defense 14): 19 + 8 = 27, two damage."""
    faces.append(19)
    ok(
        table.act(
            encounter,
            client=table.player_api,
            type="attack",
            actor=nova,
            target=rex,
            kind="ranged",
            **{"with": "ataque-especial-a-distancia"},
        )
    )
    assert combatant(table, encounter, rex)["hit_points"] == 2
    ok(table.act(encounter, client=table.player_api, type="end_turn", actor=nova))


def test_contacto_curativo_heals_one_per_success_and_its_roll_is_rerolled_for_one_point(table, faces):
    encounter, nova, healer, rex, thug = fight(table, faces)
    hurt_rex(table, encounter, nova, rex, faces)
    points = combatant(table, encounter, healer)["hero_points"]
    faces.append(11)  # 11 + 4 = 15 against 10: one success
    body = ok(table.act(encounter, type="support", actor=healer, use="contacto-curativo", target=rex))
    roll = event(body, "support")
    assert roll["roll"]["faces"] == [11] and roll["roll"]["bonus"] == 4 and roll["roll"]["total"] == 15
    assert (roll["difficulty"], roll["successes"], roll["use"]) == (10, 1, "contacto-curativo")
    assert roll["rule"] == "LISTA DE PODERES" and roll["target"] == rex
    assert event(body, "heal")["healed"] == 1
    assert body["state"]["turn"]["left"]["standard"] == 0
    assert combatant(table, encounter, rex)["hit_points"] == 3
    # A hero point rerolls it: healing is not a combat action, so it costs 1.
    faces.append(16)
    body = ok(table.act(encounter, type="reroll", actor=healer))
    again = event(body, "support")
    assert again["roll"]["total"] == 20 and again["roll"]["rerolled_from"]["total"] == 15
    assert again["successes"] == 2
    assert combatant(table, encounter, rex)["hit_points"] == 4
    assert combatant(table, encounter, healer)["hero_points"] == points - 1
    # Nothing left to heal.
    response = table.act(encounter, type="support", actor=healer, use="regeneracion")
    assert response.json()["errors"][0]["code"] == "support.nothing_to_heal"


def test_inspiration_reaches_the_allys_next_attack_and_ends_with_its_turn(table, faces):
    encounter, nova, healer, rex, thug = fight(table, faces)
    ok(table.act(encounter, client=table.player_api, type="end_turn", actor=nova))
    points = combatant(table, encounter, healer)["hero_points"]
    body = ok(table.act(encounter, type="support", actor=healer, use="inspirar-a-otros", allies=[nova, rex]))
    assert body["state"]["turn"]["left"]["communication"] == 1
    assert combatant(table, encounter, healer)["hero_points"] == points - 2  # one per ally
    assert [c["slug"] for c in combatant(table, encounter, nova)["conditions"]] == ["inspired"]
    ok(table.act(encounter, type="end_turn", actor=healer))
    # Rex does not use it: it is gone when his turn ends, before the healer's next turn.
    ok(table.act(encounter, type="end_turn", actor=rex))
    assert combatant(table, encounter, rex)["conditions"] == []
    ok(table.act(encounter, type="end_turn", actor=thug))
    odds = table.player_api.get(
        f"/api/v1/encounters/{encounter}/odds/",
        {"actor": nova, "target": thug, "kind": "ranged", "with": "ataque-especial-a-distancia"},
    ).json()
    assert odds["superiority"] == 1 and "inspirar-a-otros" in [s["slug"] for s in odds["sources"]]
    faces.extend([4, 17])  # Superioridad: two dice, the best kept
    body = ok(
        table.act(
            encounter,
            client=table.player_api,
            type="attack",
            actor=nova,
            target=thug,
            kind="ranged",
            **{"with": "ataque-especial-a-distancia"},
        )
    )
    attack = event(body, "attack")
    assert attack["roll"]["superiority"] == 1 and attack["roll"]["kept"] == 17
    assert "inspirar-a-otros" in [s["slug"] for s in attack["roll"]["sources"]]
    assert combatant(table, encounter, nova)["conditions"] == []


def test_motivador_heals_emotional_damage_and_teamwork_helps_a_skill_check(table, faces):
    encounter, nova, healer, rex, nightmare = fight(table, faces, villain=NIGHTMARE)
    for cid in (nova, healer, rex):
        ok(table.act(encounter, type="end_turn", actor=cid))
    faces.append(16)  # 16 + 8 = 24 against Rex's 14: two emotional damage
    body = ok(
        table.act(
            encounter,
            type="attack",
            actor=nightmare,
            target=rex,
            kind="emotional",
            **{"with": "ataque-emocional-a-distancia"},
        )
    )
    assert (event(body, "damage")["damage"], event(body, "damage")["damage_type"]) == (2, "emotional")
    assert combatant(table, encounter, rex)["hit_points"] == 2
    ok(table.act(encounter, type="end_turn", actor=nightmare))
    # Contacto curativo does not heal it.
    ok(table.act(encounter, client=table.player_api, type="end_turn", actor=nova))
    response = table.act(encounter, type="support", actor=healer, use="contacto-curativo", target=rex)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "support.only_emotional_damage"
    points = combatant(table, encounter, healer)["hero_points"]
    faces.append(16)  # 16 + 4 = 20 against 10: two successes
    body = ok(table.act(encounter, type="support", actor=healer, use="motivador", target=rex))
    assert event(body, "heal")["heal_type"] == "emotional"
    assert event(body, "support")["rule"] == "LISTA DE VENTAJAS"
    assert combatant(table, encounter, rex)["hit_points"] == 4
    assert combatant(table, encounter, healer)["hero_points"] == points - 1
    assert body["state"]["turn"]["left"] == {
        **body["state"]["turn"]["left"],
        "standard": 0,
        "communication": 1,
    }
    ok(table.act(encounter, type="end_turn", actor=healer))
    ok(table.act(encounter, type="end_turn", actor=rex))
    ok(table.act(encounter, type="end_turn", actor=nightmare))
    # Round 3, Nova's turn; then the healer helps Rex with Percepción visual (hers: +4, 1d20).
    ok(table.act(encounter, client=table.player_api, type="end_turn", actor=nova))
    body = ok(
        table.act(
            encounter,
            type="support",
            actor=healer,
            use="trabajo-en-equipo",
            target=rex,
            skill="percepcion-visual",
        )
    )
    assert body["state"]["turn"]["left"]["standard"] == 0
    ok(table.act(encounter, type="end_turn", actor=healer))
    faces.append(2)  # Rex's value 0 (Inferioridad) + Trabajo en equipo (Superioridad): one plain 1d20
    body = ok(table.act(encounter, type="skill_check", actor=rex, skill="percepcion-visual", difficulty=15))
    check = event(body, "skill_check")
    assert check["roll"]["superiority"] == 0 and check["roll"]["kept"] == 2
    assert "trabajo-en-equipo" in [s["slug"] for s in check["roll"]["sources"]]
    assert combatant(table, encounter, rex)["conditions"] == []


@pytest.mark.parametrize(
    ("body", "code", "path"),
    [
        ({"use": "volar"}, "use.unknown", "/use"),
        ({}, "use.required", "/use"),
        ({"use": "contacto-reparador"}, "support.not_owned", ""),
        ({"use": "motivador"}, "target.required", "/target"),
        ({"use": "inspirar-a-otros", "allies": []}, "support.inspire_allies", ""),
        ({"use": "trabajo-en-equipo", "target": 999}, "target.not_found", "/target"),
    ],
)
def test_a_bad_support_action_is_a_400_and_changes_nothing(table, faces, body, code, path):
    encounter, nova, healer, rex, thug = fight(table, faces)
    ok(table.act(encounter, client=table.player_api, type="end_turn", actor=nova))
    before = table.state(encounter)["last_seq"]
    response = table.act(encounter, type="support", actor=healer, **body)
    assert response.status_code == 400, response.json()
    error = response.json()["errors"][0]
    assert (error["code"], error["path"]) == (code, path)
    assert table.state(encounter)["last_seq"] == before


def test_the_support_form_shows_for_a_healer_and_heals_from_the_page(table, faces):
    encounter, nova, healer, rex, thug = fight(table, faces)
    gm = Client()
    gm.force_login(table.gm)
    page = gm.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="support-form"' not in page  # Nova has none of them
    hurt_rex(table, encounter, nova, rex, faces)
    page = gm.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="support-form"' in page and 'value="contacto-curativo"' in page
    assert 'value="regeneracion"' in page and 'value="inspirar-a-otros"' in page
    assert 'id="support-allies"' in page and 'id="support-skill"' in page
    assert "Regeneración: acción estándar y de movimiento" in page

    faces.append(16)
    response = gm.post(
        reverse("encounters:act", args=[encounter]),
        {
            "type": "support",
            "actor": healer,
            "use": "contacto-curativo",
            "target": rex,
            "skill": "",
            "kind": "",
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "alert-danger" not in response.content.decode()
    assert combatant(table, encounter, rex)["hit_points"] == 4
    response = gm.post(
        reverse("encounters:act", args=[encounter]),
        {"type": "support", "actor": healer, "use": "inspirar-a-otros", "allies": [nova, rex]},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert [c["slug"] for c in combatant(table, encounter, nova)["conditions"]] == ["inspired"]


def test_the_support_form_asks_only_what_the_combatants_uses_take(table, faces):
    troll = {**copy.deepcopy(THUG), "name": "Trol", "powers": [{"power": "regeneracion", "modifiers": []}]}
    encounter = table.create()["id"]
    table.add_pc(encounter)
    table.add_npc(encounter, sheet=troll)
    faces.extend([3, 15])  # the troll first
    assert table.act(encounter, type="start").status_code == 201
    gm = Client()
    gm.force_login(table.gm)
    page = gm.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="support-form"' in page and 'value="regeneracion"' in page
    for field in ("support-target", "support-allies", "support-skill", "support-kind", "support-hero-point"):
        assert f'id="{field}"' not in page, field
    assert "Regeneración: acción estándar y de movimiento, 1 punto de vida." in page
    assert "Contacto curativo:" not in page
