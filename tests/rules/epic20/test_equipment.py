"""Reglas de equipo: breaking, criticals against armor, lost/stolen/destroyed and reactivation."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    ActionBudget,
    AttackSpec,
    CombatantState,
    EquipmentState,
    Refused,
    equipment,
    resolve_attack,
)
from rules.epic20.resolution.lifecycle import start_session


def person(id="a", **kw):
    attributes = {"agilidad": Fraction(1), "corpulencia": Fraction(1)}
    return CombatantState(id, level=8, hit_points=4, hit_points_max=4, attributes=attributes, **kw)


def gunner(kind="special"):
    return person(
        equipment=(EquipmentState("Blaster", kind=kind, ranged=True),), powers={"ataque-especial-a-distancia"}
    )


@pytest.mark.parametrize("kind", ["special", "mundane"])
def test_a_natural_1_breaks_the_equipment_used(kind):
    out = resolve_attack(gunner(kind), person("t"), AttackSpec("ranged", "Blaster"), FixedDice([1]))
    assert out.attacker.item("Blaster").status == "broken"
    with pytest.raises(Refused) as err:
        resolve_attack(out.attacker, person("t"), AttackSpec("ranged", "Blaster"), FixedDice([10]))
    assert err.value.code == "equipment.not_ready"


def test_a_natural_1_with_inferioridad_leaves_it_useless_for_the_session():
    spec = AttackSpec("ranged", "Blaster", circumstances=("cobertura",))
    out = resolve_attack(gunner(), person("t"), spec, FixedDice([1, 12]))
    assert out.roll.fumble and out.attacker.item("Blaster").status == "unusable"


def test_powers_never_break():
    out = resolve_attack(
        gunner(), person("t"), AttackSpec("ranged", "ataque-especial-a-distancia"), FixedDice([1])
    )
    assert out.attacker.item("Blaster").status == "ready"


def test_a_received_critical_breaks_special_armor_and_ruins_mundane_armor():
    special = person("t", equipment=(EquipmentState("Armadura", kind="special", armor=True),))
    mundane = person("t", equipment=(EquipmentState("Cota", kind="mundane", armor=True),))
    assert (
        resolve_attack(gunner(), special, AttackSpec("ranged", "Blaster"), FixedDice([20]))
        .target.item("Armadura")
        .status
        == "broken"
    )
    assert (
        resolve_attack(gunner(), mundane, AttackSpec("ranged", "Blaster"), FixedDice([20]))
        .target.item("Cota")
        .status
        == "unusable"
    )
    assert (
        resolve_attack(gunner(), mundane, AttackSpec("ranged", "Blaster"), FixedDice([19]))
        .target.item("Cota")
        .status
        == "ready"
    )


def test_a_broken_item_takes_a_whole_turn_to_reactivate():
    broken = resolve_attack(gunner(), person("t"), AttackSpec("ranged", "Blaster"), FixedDice([1])).attacker
    state, budget, _ = equipment.reactivate(broken, "Blaster", ActionBudget())
    assert state.item("Blaster").status == "ready"
    assert budget.as_dict() == {"standard": 0, "move": 0, "object": 0, "communication": 0, "free": 3}
    moved, _ = ActionBudget().spend("move")
    with pytest.raises(Refused) as err:
        equipment.reactivate(broken, "Blaster", moved)
    assert err.value.code == "turn.needs_whole_turn"


@pytest.mark.parametrize(
    ("status", "after_session"),
    [
        ("lost", "ready"),
        ("stolen", "stolen"),
        ("destroyed", "destroyed"),
        ("unusable", "ready"),
        ("broken", "ready"),
    ],
)
def test_at_the_start_of_a_session_lost_items_are_found_but_stolen_and_destroyed_ones_are_not(
    status, after_session
):
    state, _ = equipment.set_status(gunner(), "Blaster", status)
    assert start_session(state).item("Blaster").status == after_session


def test_a_destroyed_item_must_be_bought_again():
    state, _ = equipment.set_status(gunner(), "Blaster", "destroyed")
    with pytest.raises(Refused):
        equipment.set_status(state, "Blaster", "ready")


def test_shooting_equipment_into_a_melee_has_inferioridad():
    spec = AttackSpec("ranged", "Blaster", circumstances=("disparo-a-cuerpo-a-cuerpo",))
    assert resolve_attack(gunner(), person("t"), spec, FixedDice([4, 16])).roll.superiority == -1
