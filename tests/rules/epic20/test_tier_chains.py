"""Maneuver chains whose tiers add to each other (issue 12, items 1-3; MANIOBRAS DE COMBATE)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    AttackSpec,
    CombatantState,
    EquipmentState,
    prepare_attack,
    resolve_attack,
    resolve_double_attack,
)
from rules.epic20.resolution.maneuvers import earned_by_tier
from rules.epic20.resolution.state import Condition

H = Fraction(1, 2)


def person(id="a", **kw):
    attributes = dict.fromkeys(("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia"), H)
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    return CombatantState(id, level=8, hit_points=4, hit_points_max=4, attributes=attributes, **kw)


STUNNED = Condition("stunned", source="test")
CHAINS = {
    "ataque-brutal": ("melee", EquipmentState("Hacha", kind="special", two_handed=True)),
    "ataque-brutal-de-rafaga": ("ranged", EquipmentState("Bláster", kind="special", ranged=True, burst=True)),
}


@pytest.mark.parametrize("base", sorted(CHAINS))
@pytest.mark.parametrize("tier", [1, 2, 3])
def test_a_stunned_fighter_who_pays_the_hero_point_penetrates_at_every_tier_of_the_brutal_chains(base, tier):
    """Seed l.711-721: "Ataque brutal 2: Requiere la anterior", so tier 2 and 3 keep tier 1's
    "Cuando el luchador gasta 1 punto de Héroe para ganar Superioridad … gana «ataque penetrante»"
    even when the hero point only cancels the stun's Inferioridad (net 0, or −1 with cover)."""
    kind, weapon = CHAINS[base]
    slugs = [base, f"{base}-2", f"{base}-3"][:tier]
    fighter = person(
        maneuvers=set(slugs),
        equipment=(weapon,),
        hero_points=1,
        conditions=(STUNNED,),
        attributes={"corpulencia": 1, "agilidad": 1},
    )
    spec = AttackSpec(kind, weapon.name, circumstances=("cobertura",), hero_point="superioridad")
    prepared = prepare_attack(fighter, person("t"), spec)
    assert prepared.net == -1
    assert prepared.penetrating


@pytest.mark.parametrize(
    ("tier", "hero", "net", "earned"),
    [
        (0, True, 1, False),
        (1, True, -2, True),
        (1, False, 1, False),
        (2, True, -1, True),  # tier 1's benefit kept
        (2, False, 1, True),
        (2, False, 0, False),
        (3, True, -1, True),  # tier 1's benefit kept
        (3, False, 1, True),  # tier 2's benefit kept
        (3, False, 0, True),
        (3, False, -1, False),
    ],
)
def test_each_tier_adds_to_the_ones_below_it(tier, hero, net, earned):
    """Seed l.711-733: each tier "Requiere la anterior" and widens it: hero point, then
    "cada vez que tiene Superioridad", then "cada vez que ataque sin Inferioridad"."""
    assert earned_by_tier(tier, hero_superiority=hero, net=net) is earned


@pytest.mark.parametrize("tier", [1, 2, 3])
def test_a_stunned_keeper_who_pays_the_hero_point_keeps_the_distance_at_every_tier(tier):
    """Seed l.729-733: Ataque manteniendo la distancia, then "Ataque de rango largo 2/3. Requiere
    la anterior": tier 2 and 3 keep tier 1's hero point for Superioridad."""
    slugs = ["ataque-manteniendo-la-distancia", "ataque-de-rango-largo-2", "ataque-de-rango-largo-3"]
    spear = EquipmentState("Lanza", reach=True)
    keeper = person(maneuvers=set(slugs[:tier]), equipment=(spear,), hero_points=1, conditions=(STUNNED,))
    spec = AttackSpec("melee", "Lanza", circumstances=("cobertura",), hero_point="superioridad")
    out = resolve_attack(keeper, person("t"), spec, FixedDice([10, 10]))
    assert out.attacker.condition("keeping-distance") is not None


def test_ataque_doble_3_makes_both_attacks_penetrating_with_the_hero_point():
    """Seed l.727: Ataque doble 3 "gastando 1 pto de Héroe concedería Superioridad a estos ataques y
    además aplicaría el superpoder «ataque penetrante»" — both attacks, not only the second."""
    swords = (EquipmentState("Espada 1", kind="special"), EquipmentState("Espada 2", kind="special"))
    fighter = person(
        maneuvers={"ataque-doble", "ataque-doble-2", "ataque-doble-3"},
        equipment=swords,
        hero_points=1,
        attributes={"corpulencia": 1},
    )
    spec = AttackSpec("melee", "Espada 1", hero_point="superioridad")
    _, _, events = resolve_double_attack(
        fighter,
        (person("t1"), person("t2")),
        spec,
        FixedDice([16, 16]),
        two_weapons=True,
        second_with="Espada 2",
    )
    attacks = [e for e in events if e.type == "attack"]
    assert [e.data["penetrating"] for e in attacks] == [True, True]
    assert [e.data["defense_penalty"] for e in attacks] == [
        1,
        1,
    ]  # 16 + 8 vs 14: a hit with damage still costs 1


def test_ataque_doble_2_gives_both_attacks_superioridad_but_no_penetration():
    """Seed l.725: tier 2 gives the Superioridad to both attacks; the penetration is tier 3's."""
    swords = (EquipmentState("Espada 1", kind="special"), EquipmentState("Espada 2", kind="special"))
    fighter = person(
        maneuvers={"ataque-doble", "ataque-doble-2"},
        equipment=swords,
        hero_points=1,
        attributes={"corpulencia": 1},
    )
    spec = AttackSpec("melee", "Espada 1", hero_point="superioridad")
    _, _, events = resolve_double_attack(
        fighter,
        (person("t1"), person("t2")),
        spec,
        FixedDice([16, 16]),
        two_weapons=True,
        second_with="Espada 2",
    )
    assert [e.data["penetrating"] for e in events if e.type == "attack"] == [False, False]


@given(st.integers(1, 2), st.booleans(), st.integers(-4, 4))
def test_a_higher_tier_never_loses_what_a_lower_tier_grants(tier, hero, net):
    """Seed l.711-733: "Requiere la anterior" — tier n+1 earns whenever tier n does."""
    if earned_by_tier(tier, hero_superiority=hero, net=net):
        assert earned_by_tier(tier + 1, hero_superiority=hero, net=net)
