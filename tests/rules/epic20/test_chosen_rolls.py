"""The weapon Fineza con un arma / Ojo agudo chose and the bonus an attack with it rolls, as the
sheet page shows them (MANIOBRAS DE COMBATE, seed l.667-669; RESOLVER ACCIONES)."""

from __future__ import annotations

import copy

import pytest

from rules.core.dice import FixedDice
from rules.epic20 import index
from rules.epic20.chosen_rolls import ChosenRoll, chosen_rolls
from rules.epic20.encounter.combatants import build_combatant
from rules.epic20.resolution import AttackSpec, CombatantState, resolve_attack

BASE = {
    "system": "epic20",
    "name": "Esgrimista",
    "level": 8,
    "attributes": {"corpulencia": 0.5, "agilidad": 1, "percepcion": 1, "inteligencia": 0.5, "presencia": 0},
    "skills": [],
    "powers": [],
    "advantages": [],
    "maneuvers": [],
    "complications": [],
    "equipment": [],
}
SWORD = {"kind": "special", "name": "Estoque", "power": None, "armor": False}
AXE = {"kind": "special", "name": "Hacha", "power": None, "armor": False, "two_handed": True}
DAGGER = {"kind": "mundane", "name": "Daga", "power": None, "armor": False}
RIFLE = {"kind": "special", "name": "Rifle", "power": None, "armor": False, "ranged": True}
BLASTER = {"kind": "special", "name": "Bláster", "power": None, "armor": False, "ranged": True, "burst": True}


def sheet(maneuvers, equipment, **changes) -> dict:
    data = copy.deepcopy(BASE)
    data.update(maneuvers=maneuvers, equipment=equipment, **changes)
    return data


@pytest.mark.parametrize(
    ("maneuvers", "equipment", "expected"),
    [
        # Fineza: Agilidad instead of Corpulencia, level 8 × min(1, especial 1) = 8.
        (["fineza-con-un-arma"], [SWORD], [ChosenRoll("fineza-con-un-arma", "Estoque", "melee", "agilidad", 8)]),
        # A mundane weapon: min(Agilidad 1, mundano ½) × 8 = 4.
        (["fineza-con-un-arma"], [DAGGER], [ChosenRoll("fineza-con-un-arma", "Daga", "melee", "agilidad", 4)]),
        # "que no sea a dos manos": the axe is passed over for the dagger.
        (["fineza-con-un-arma"], [AXE, DAGGER], [ChosenRoll("fineza-con-un-arma", "Daga", "melee", "agilidad", 4)]),
        # Only a two-handed weapon: nothing to choose.
        (["fineza-con-un-arma"], [AXE], []),
        # Ojo agudo: "sin posibilidad de área, ni ráfagas": the rifle, not the burst blaster.
        (["ojo-agudo"], [BLASTER, RIFLE], [ChosenRoll("ojo-agudo", "Rifle", "ranged", "agilidad", 8)]),
        # No maneuver that chooses a weapon: nothing shown.
        ([], [SWORD, RIFLE], []),
    ],
)  # fmt: skip
def test_each_maneuver_shows_the_weapon_it_chose_and_its_bonus(maneuvers, equipment, expected):
    assert chosen_rolls(sheet(maneuvers, equipment)) == expected


def test_ojo_agudo_rolls_with_perception_when_it_is_the_better_attribute():
    """Ojo agudo: "usar la Percepción en lugar de la Agilidad"; Agilidad 0 here."""
    attributes = {**BASE["attributes"], "agilidad": 0, "corpulencia": 1}
    [roll] = chosen_rolls(sheet(["ojo-agudo"], [RIFLE], attributes=attributes))
    assert (roll.attribute, roll.bonus) == ("percepcion", 8)


def test_a_detail_naming_the_weapon_picks_it_over_the_first_that_fits():
    data = sheet([{"maneuver": "fineza-con-un-arma", "detail": "daga"}], [SWORD, DAGGER])
    [roll] = chosen_rolls(data)
    assert (roll.weapon, roll.bonus) == ("Daga", 4)


def test_an_unreadable_sheet_has_no_chosen_rolls():
    assert chosen_rolls({"system": "epic20", "name": "Sin nivel"}) == []


@pytest.mark.parametrize("equipment", [[SWORD], [DAGGER], [AXE, DAGGER]])
def test_the_bonus_shown_is_the_bonus_a_real_attack_rolls(equipment):
    """The number on the sheet is the one the fight adds to the die."""
    data = sheet(["fineza-con-un-arma"], equipment)
    [shown] = chosen_rolls(data)
    fighter = build_combatant(cid=1, name="Esgrimista", side="heroes", sheet=data)
    target = CombatantState("2", level=8, hit_points=4, hit_points_max=4)
    outcome = resolve_attack(
        fighter, target, AttackSpec("melee", shown.weapon), FixedDice([10]), index.POWERS
    )
    assert outcome.roll.bonus == shown.bonus
