"""Powers in play through the API and the page: `use_power` switches powers on and off, a Mago
casts before attacking, Uso limitado costs hero points once per scene, Invisibilidad hinders
attackers until its holder attacks."""

from __future__ import annotations

import copy

import pytest
from django.test import Client
from django.urls import reverse

from tests.combat.encounters.conftest import THUG

pytestmark = pytest.mark.django_db


def sheet(**changes) -> dict:
    npc = copy.deepcopy(THUG)
    npc.update(changes)
    return npc


# A level-5 Mago (2 hero points): a limited ranged blast (Uso limitado: 1 hero point) and Invisibilidad.
MAGE = sheet(
    name="Hechicera",
    archetype="mago",
    powers=[
        {"power": "ataque-especial-a-distancia", "modifiers": ["uso-limitado"]},
        {"power": "invisibilidad", "modifiers": []},
    ],
)
GHOST = sheet(name="Fantasma", powers=[{"power": "invisibilidad", "modifiers": []}])


def combatant(response_or_state, cid):
    state = response_or_state.json()["state"] if hasattr(response_or_state, "json") else response_or_state
    return next(c for c in state["combatants"] if c["id"] == cid)


def slugs(view):
    return {c["slug"] for c in view["conditions"]}


def fight(table, faces, npc_sheet, *, npc_first=True):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    npc = table.add_npc(encounter, sheet=npc_sheet)["id"]
    return encounter, nova, npc, ([3, 15] if npc_first else [15, 3])


def test_a_mage_casts_before_attacking_and_a_limited_power_costs_hero_points_once_per_scene(table, faces):
    encounter, nova, mage, initiative = fight(table, faces, MAGE)
    faces.extend(initiative)
    assert table.act(encounter, type="start").status_code == 201
    blast = {
        "type": "attack",
        "actor": mage,
        "target": nova,
        "kind": "ranged",
        "with": "ataque-especial-a-distancia",
    }

    refused = table.act(encounter, **blast)
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert (error["code"], error["rule"]) == ("powers.spell_not_cast", "ARQUETIPOS")

    cast = table.act(encounter, type="use_power", actor=mage, power="ataque-especial-a-distancia")
    assert cast.status_code == 201, cast.json()
    assert cast.json()["events"][0]["type"] == "power"
    left = cast.json()["state"]["turn"]["left"]
    assert (left["move"], left["communication"], left["standard"]) == (0, 1, 1)
    view = combatant(cast, mage)
    assert "spell" in slugs(view)
    assert view["hero_points"] == 2

    faces.append(12)
    shot = table.act(encounter, **blast)
    assert shot.status_code == 201, shot.json()
    assert [e["type"] for e in shot.json()["events"]][:2] == ["power", "attack"]
    view = combatant(shot, mage)
    assert view["hero_points"] == 1  # Uso limitado: 1 hero point
    assert "limited-used" in slugs(view)

    # Next round: the spell still holds, but the limited power was used this scene.
    table.act(encounter, type="end_turn", actor=mage)
    table.act(encounter, client=table.player_api, type="end_turn", actor=nova)
    again = table.act(encounter, **blast)
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "powers.limited_once_per_scene"


def test_invisibility_switched_on_before_the_fight_hinders_attackers_until_its_holder_attacks(table, faces):
    encounter, nova, ghost, initiative = fight(table, faces, GHOST, npc_first=False)
    before = table.act(encounter, type="use_power", actor=ghost, power="invisibilidad")
    assert before.status_code == 201, before.json()
    assert "invisible" in slugs(combatant(before, ghost))
    # A perception roll to find the ghost: Doble Inferioridad ("tiradas de percepción").
    faces.extend([10, 10])  # her Percepción visual 1 (Superioridad) − 2
    look = table.act(
        encounter, type="skill_check", actor=nova, skill="percepcion-visual", free=True, target=ghost
    )
    assert look.status_code == 201, look.json()
    check = look.json()["events"][0]
    assert {s["slug"]: s["delta"] for s in check["roll"]["sources"]}["invisibilidad"] == -2
    assert check["roll"]["superiority"] == -1
    faces.extend(initiative)
    assert table.act(encounter, type="start").status_code == 201

    # Nova shoots at the invisible ghost: Inferioridad (two dice, the lower kept).
    faces.extend([18, 6])
    shot = table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        target=ghost,
        kind="ranged",
        **{"with": "ataque-especial-a-distancia"},
    )
    assert shot.status_code == 201, shot.json()
    attack = next(e for e in shot.json()["events"] if e["type"] == "attack")
    assert attack["roll"]["superiority"] == -1 and attack["roll"]["kept"] == 6
    assert "objetivo-invisible" in {s["slug"] for s in attack["roll"]["sources"]}
    # Nova cannot switch a power she lacks.
    refused = table.act(
        encounter, client=table.player_api, type="use_power", actor=nova, power="invisibilidad"
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "powers.not_owned"
    table.act(encounter, client=table.player_api, type="end_turn", actor=nova)

    faces.append(10)
    punch = table.act(encounter, type="attack", actor=ghost, target=nova, kind="melee", **{"with": "Porra"})
    assert punch.status_code == 201, punch.json()
    assert "invisible" not in slugs(combatant(punch, ghost))  # "Se desactiva si se realiza un ataque"


def test_switching_out_of_turn_is_refused_and_off_needs_it_on(table, faces):
    encounter, nova, ghost, initiative = fight(table, faces, GHOST, npc_first=False)
    faces.extend(initiative)
    table.act(encounter, type="start")
    out_of_turn = table.act(encounter, type="use_power", actor=ghost, power="invisibilidad")
    assert out_of_turn.status_code == 409  # docs/api.md: acting out of turn is a conflict
    assert out_of_turn.json()["errors"][0]["code"] == "turn.not_yours"
    table.act(encounter, client=table.player_api, type="end_turn", actor=nova)
    off = table.act(encounter, type="use_power", actor=ghost, power="invisibilidad", active=False)
    assert off.status_code == 400
    assert off.json()["errors"][0]["code"] == "powers.not_active"
    missing = table.act(encounter, type="use_power", actor=ghost)
    assert missing.status_code == 400


def test_the_page_offers_the_power_form_and_switches_from_it(table, faces):
    encounter, nova, ghost, initiative = fight(table, faces, GHOST)
    faces.extend(initiative)
    table.act(encounter, type="start")
    gm = Client()
    gm.force_login(table.gm)
    page = gm.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert 'id="power-form"' in page and 'value="invisibilidad"' in page
    url = reverse("encounters:act", args=[encounter])
    response = gm.post(
        url,
        {"type": "use_power", "actor": ghost, "power": "invisibilidad", "active": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "alert-danger" not in response.content.decode()
    state = table.state(encounter)
    assert "invisible" in slugs(combatant(state, ghost))
    assert state["turn"]["left"]["move"] == 0
    page = gm.get(reverse("encounters:detail", args=[encounter])).content.decode()
    assert '<span class="badge text-bg-warning">Invisible</span>' in page  # the card shows the power on
    # The "Desactivar" button posts active=0: switching off needs a move action, and none is left.
    response = gm.post(
        url,
        {"type": "use_power", "actor": ghost, "power": "invisibilidad", "active": "0"},
        HTTP_HX_REQUEST="true",
    )
    assert "alert-danger" in response.content.decode()
    assert "invisible" in slugs(combatant(table.state(encounter), ghost))
