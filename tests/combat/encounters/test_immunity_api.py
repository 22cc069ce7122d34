"""Immunities through the app: the sheet's details reach the engine, survive the stored JSON, and
an immune target takes no damage in a fight played through the REST API (Superdefensas)."""

from __future__ import annotations

import copy
import json

import pytest

from rules.epic20.encounter.codec import decode_dataclass, encode
from rules.epic20.encounter.combatants import build_combatant, dump, load
from rules.epic20.resolution import CombatantState, EquipmentState
from tests.combat.encounters.conftest import THUG

FIRE = "inmunidad-a-un-elemento-o-tipo-de-energia-no-especial"
PLASMA = "inmunidad-a-un-tipo-de-energia-especial"

pytestmark = pytest.mark.django_db


def npc(name, *powers, **changes):
    sheet = copy.deepcopy(THUG)
    sheet.update(name=name, level=8, **changes)
    sheet["powers"] = [{"power": slug, "modifiers": [], "detail": detail} for slug, detail in powers]
    return sheet


def test_details_and_heavy_weapons_round_trip_through_the_stored_json():
    state = CombatantState(
        "7",
        level=8,
        hit_points=10,
        hit_points_max=10,
        details={FIRE: ("fuego", "frío"), "vulnerabilidad-a-algo": ("táser",)},
        equipment=(EquipmentState("Cañón", "special", ranged=True, heavy=True),),
    )
    stored = json.loads(json.dumps(encode(state)))
    assert stored["details"] == {FIRE: ["fuego", "frío"], "vulnerabilidad-a-algo": ["táser"]}
    back = decode_dataclass(CombatantState, stored)
    assert back == state
    assert back.details[FIRE] == ("fuego", "frío") and back.equipment[0].heavy is True
    assert load(json.loads(json.dumps(dump(state)))) == state


def test_a_state_stored_before_the_new_fields_still_loads():
    stored = encode(CombatantState("7", level=8, hit_points=10, hit_points_max=10))
    del stored["details"]
    for item in stored["equipment"]:
        item.pop("heavy", None)
    assert decode_dataclass(CombatantState, stored).details == {}


def test_build_combatant_keeps_the_sheet_details_immunities_and_vulnerabilities_need():
    sheet = npc("Salamandra", (FIRE, "fuego"), ("ataque-especial-a-distancia", "rayo de fuego"))
    sheet["complications"] = [{"complication": "vulnerabilidad-a-algo", "detail": "hielo"}]
    sheet["advantages"] = [{"advantage": "cazador-de-espiritus", "detail": "Porra"}]
    state = build_combatant(cid=3, name="Salamandra", side="villains", sheet=sheet)
    assert state.details[FIRE] == ("fuego",)
    assert state.details["ataque-especial-a-distancia"] == ("rayo de fuego",)
    assert state.details["vulnerabilidad-a-algo"] == ("hielo",)
    assert state.details["cazador-de-espiritus"] == ("Porra",)


def test_an_android_gets_its_taser_vulnerability_even_unlisted():
    sheet = npc("Unidad 7", archetype="androide")
    state = build_combatant(cid=4, name="Unidad 7", side="villains", sheet=sheet)
    assert state.archetype == "androide"
    assert "vulnerabilidad-a-algo" in state.complications
    assert state.details["vulnerabilidad-a-algo"] == ("táser",)


def fight(table, faces, sheet):
    """Nova (the player's, level 8, plasma ray +8) against an NPC; Nova acts first."""
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    foe = table.add_npc(encounter, sheet=sheet)["id"]
    faces.extend([15, 3])
    assert table.act(encounter, type="start").status_code == 201
    return encounter, nova, foe


def shoot(table, encounter, nova, foe, **extra):
    response = table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        target=foe,
        kind="ranged",
        **{"with": "ataque-especial-a-distancia"},
        **extra,
    )
    assert response.status_code == 201, response.json()
    return response.json()["events"]


def foe_state(table, encounter, foe):
    return next(c for c in table.state(encounter)["combatants"] if c["id"] == foe)


def test_an_immune_target_takes_no_damage_from_an_attack_of_its_element(table, faces):
    encounter, nova, foe = fight(table, faces, npc("Salamandra", (FIRE, "el fuego")))
    faces.append(17)  # 17 + 8 = 25 vs 14: two successes
    events = shoot(table, encounter, nova, foe, element="fuego")
    attack = next(e for e in events if e["type"] == "attack")
    assert (attack["hit"], attack["successes"], attack["damage"]) == (True, 2, 0)
    assert attack["immunity"] == FIRE
    immune = next(e for e in events if e["type"] == "immune")
    assert immune["rule"] == "LISTA DE PODERES › Superdefensas"
    assert immune["text_es"] and immune["text_en"]
    state = foe_state(table, encounter, foe)
    assert state["hit_points"] == state["hit_points_max"]
    assert state["defense_penalty"] == 0


def test_the_same_shot_without_the_element_hurts(table, faces):
    encounter, nova, foe = fight(table, faces, npc("Salamandra", (FIRE, "el fuego")))
    faces.append(17)
    events = shoot(table, encounter, nova, foe)
    assert next(e for e in events if e["type"] == "attack")["damage"] == 2
    state = foe_state(table, encounter, foe)
    assert state["hit_points"] == state["hit_points_max"] - 2


def test_the_power_detail_on_the_sheet_names_the_energy_without_declaring_it(table, faces):
    # Nova's ray is "rayo de plasma" on her sheet.
    encounter, nova, foe = fight(table, faces, npc("Golem de plasma", (PLASMA, "plasma")))
    faces.append(17)
    events = shoot(table, encounter, nova, foe)
    assert next(e for e in events if e["type"] == "attack")["damage"] == 0
    state = foe_state(table, encounter, foe)
    assert state["hit_points"] == state["hit_points_max"]


def test_the_element_field_is_checked_like_any_text(table, faces):
    encounter, nova, foe = fight(table, faces, npc("Salamandra", (FIRE, "fuego")))
    response = table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        target=foe,
        kind="ranged",
        element="x" * 81,
        **{"with": "ataque-especial-a-distancia"},
    )
    assert response.status_code == 400
