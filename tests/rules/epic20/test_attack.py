"""ATACAR EN COMBATE, DEFENDERSE EN COMBATE, the attack value FAQ and the circumstances."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    CIRCUMSTANCES,
    AttackSpec,
    CombatantState,
    EquipmentState,
    Refused,
    prepare_attack,
    resolve_attack,
    resolve_multi_attack,
)
from rules.epic20.resolution.circumstances import circumstance_sources
from rules.epic20.resolution.defense import defense_against
from rules.epic20.resolution.profiles import AttackProfile, attack_bonus
from rules.epic20.resolution.state import UNCONSCIOUS, Condition

H = Fraction(1, 2)


def fighter(id="a", level=8, **kw):
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    hp = kw.pop("hit_points", 4)
    return CombatantState(
        id, level=level, hit_points=hp, hit_points_max=max(hp, 1), attributes=attributes, **kw
    )


def blaster(kind="special", **kw):
    return EquipmentState("Blaster", kind=kind, ranged=True, **kw)


# --- attack bonus -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "attribute", "attack_type", "bonus"),
    [
        (10, 1, 1, 10),  # FAQ: nivel 10, Corpulencia destacable y Superfuerza → 1d20 + 10
        (10, H, 1, 5),  # FAQ: Agilidad normal y pistola blaster → 1d20 + 5
        (8, 1, H, 4),
        (8, 1, 0, 0),  # sin armas
        (8, 0, 1, 0),
        (9, H, 1, 4),  # ½ × 9 rounded down
        (9, 1, H, 4),
    ],
)
def test_attack_bonus_is_level_times_the_lower_of_attribute_and_attack_type(
    level, attribute, attack_type, bonus
):
    assert attack_bonus(level, Fraction(attribute), Fraction(attack_type)) == bonus


@pytest.mark.parametrize(
    ("kind", "attribute"),
    [
        ("melee", "corpulencia"),
        ("ranged", "agilidad"),
        ("mental", "inteligencia"),
        ("emotional", "presencia"),
    ],
)
def test_each_kind_of_attack_uses_its_attribute(kind, attribute):
    attacker = fighter(powers={"rayo"}, attributes={attribute: 1})
    prepared = prepare_attack(attacker, fighter("t"), AttackSpec(kind, "rayo"))
    assert prepared.profile.attribute == attribute and prepared.bonus == 8


@pytest.mark.parametrize(
    ("powers", "maneuvers", "bonus"),
    [((), (), 0), ((), ("lucha-sin-armas",), 4), (("superfuerza",), (), 8)],
)
def test_unarmed_is_0_lucha_sin_armas_half_and_superfuerza_special(powers, maneuvers, bonus):
    attacker = fighter(powers=powers, maneuvers=maneuvers, attributes={"corpulencia": 1})
    assert prepare_attack(attacker, fighter("t"), AttackSpec("melee")).bonus == bonus


def test_mundane_equipment_is_half_and_special_equipment_is_full_level():
    mundane = fighter(equipment=(blaster("mundane"),), attributes={"agilidad": 1})
    special = fighter(equipment=(blaster("special"),), attributes={"agilidad": 1})
    assert prepare_attack(mundane, fighter("t"), AttackSpec("ranged", "Blaster")).bonus == 4
    assert prepare_attack(special, fighter("t"), AttackSpec("ranged", "Blaster")).bonus == 8


def test_fineza_con_un_arma_uses_agilidad_for_a_one_handed_melee_weapon():
    sword = EquipmentState("Espada", kind="special")
    nimble = fighter(
        equipment=(sword,), maneuvers={"fineza-con-un-arma"}, attributes={"agilidad": 1, "corpulencia": 0}
    )
    assert prepare_attack(nimble, fighter("t"), AttackSpec("melee", "Espada")).bonus == 8
    two_handed = EquipmentState("Mandoble", kind="special", two_handed=True)
    clumsy = fighter(
        equipment=(two_handed,),
        maneuvers={"fineza-con-un-arma"},
        attributes={"agilidad": 1, "corpulencia": 0},
    )
    assert prepare_attack(clumsy, fighter("t"), AttackSpec("melee", "Mandoble")).bonus == 0


def test_ojo_agudo_uses_percepcion_with_a_single_shot_ranged_weapon():
    sniper = fighter(
        equipment=(blaster(),), maneuvers={"ojo-agudo"}, attributes={"percepcion": 1, "agilidad": 0}
    )
    assert prepare_attack(sniper, fighter("t"), AttackSpec("ranged", "Blaster")).bonus == 8


def test_an_unknown_weapon_is_refused():
    with pytest.raises(Refused) as err:
        prepare_attack(fighter(), fighter("t"), AttackSpec("ranged", "Bazooka"))
    assert err.value.code == "attack.unknown_weapon"


# --- defense ------------------------------------------------------------------------------

MELEE = AttackProfile("unarmed", "melee", Fraction(0), "corpulencia")
RANGED = AttackProfile("x", "ranged", Fraction(1), "agilidad")
MENTAL = AttackProfile("x", "mental", Fraction(1), "inteligencia")


@pytest.mark.parametrize(
    ("kw", "defense"),
    [
        ({}, 14),  # "un personaje de nivel 8 empieza con defensa base 14"
        ({"equipment": (EquipmentState("Cota", armor=True),)}, 16),  # 14 + 2
        (
            {
                "equipment": (
                    EquipmentState("Cota", armor=True),
                    EquipmentState("Armadura", kind="special", armor=True),
                )
            },
            18,
        ),
        ({"powers": {"superproteccion", "superesquiva"}}, 18),  # only one defense at a time
        ({"powers": {"superproteccion"}, "defense_penalty": 3}, 15),
    ],
)
def test_defense_is_10_plus_half_level_plus_the_single_best_defense_minus_penalties(kw, defense):
    assert defense_against(fighter("t", **kw), MELEE).value == defense


@pytest.mark.parametrize(("kind", "value"), [("mundane", 1), ("special", 1)])
def test_armor_adds_at_least_1(kind, value):
    low = fighter("t", level=1, equipment=(EquipmentState("Escudo", kind=kind, armor=True),))
    assert defense_against(low, MELEE).value == 10 + 0 + value


def test_parada_adds_a_quarter_level_stacking_with_mundane_armor_but_not_special_defense():
    parry = Condition("parrying", ends="start_of_turn")
    armored = fighter("t", equipment=(EquipmentState("Cota", armor=True),), conditions=(parry,))
    assert defense_against(armored, MELEE).value == 14 + 2 + 2
    special = fighter("t", powers={"superproteccion"}, conditions=(parry,))
    assert defense_against(special, MELEE).value == 18
    assert defense_against(fighter("t", conditions=(parry,)), RANGED).value == 14  # melee only
    assert defense_against(armored, MELEE, unstoppable=True).value == 16  # Imparable


def test_esquiva_works_against_ranged_attacks_too():
    dodge = fighter("t", conditions=(Condition("dodging", ends="start_of_turn"),))
    assert defense_against(dodge, RANGED).value == 16


def test_mental_attacks_ignore_every_defense_but_escudo_mental():
    armored = fighter("t", powers={"superproteccion"}, equipment=(EquipmentState("Cota", armor=True),))
    assert defense_against(armored, MENTAL).value == 14
    assert defense_against(fighter("t", powers={"escudo-mental"}), MENTAL).value == 18


def test_artista_marcial_without_armor_counts_as_mundane_armor():
    assert defense_against(fighter("t", archetype="artista-marcial"), MELEE).value == 16


# --- hit, miss, damage --------------------------------------------------------------------


def attack(face, *, bonus_attr=1, target=None, spec=None, attacker=None):
    attacker = attacker or fighter(powers={"superfuerza"}, attributes={"corpulencia": bonus_attr})
    target = target or fighter("t")  # defense 14
    return resolve_attack(
        attacker, target, spec or AttackSpec("melee"), FixedDice(face if isinstance(face, list) else [face])
    )


@pytest.mark.parametrize(
    ("face", "hit", "margin", "damage", "defense_loss"),
    [
        (5, False, -1, 0, 0),
        (6, True, 0, 0, 1),  # 14 vs 14: a hit by less than 5 costs 1 defense
        (10, True, 4, 0, 1),
        (11, True, 5, 1, 0),  # each full 5 of margin is 1 damage, no defense loss
        (15, True, 9, 1, 0),
        (16, True, 10, 2, 0),
    ],
)
def test_margin_decides_hit_damage_and_defense_loss(face, hit, margin, damage, defense_loss):
    out = attack(face)
    assert (out.hit, out.margin, out.damage, out.defense_loss) == (hit, margin, damage, defense_loss)
    assert out.target.hit_points == 4 - damage
    assert out.target.defense_penalty == defense_loss


def test_a_natural_20_always_hits_and_a_natural_1_always_misses():
    weak = fighter(attributes={"corpulencia": 0})
    strong_target = fighter("t", level=20, powers={"superproteccion"})
    crit = attack(20, attacker=weak, target=strong_target)
    assert crit.hit and crit.damage == 0 and crit.defense_loss == 1
    fumble = attack(1, target=fighter("t", level=0))
    assert not fumble.hit


def test_defense_penalties_accumulate_without_limit():
    target = fighter("t", defense_penalty=7)
    out = attack(9, target=target, attacker=fighter())  # 9 + 0 vs 14 - 7
    assert out.hit and out.damage == 0
    assert out.target.defense_penalty == 8


def test_a_penetrating_attack_costs_defense_on_every_hit():
    attacker = fighter(powers={"superfuerza"}, attributes={"corpulencia": 1}, penetrating={"unarmed"})
    out = attack(16, attacker=attacker)
    assert out.damage == 2 and out.defense_loss == 1


def test_defensa_contra_ataque_penetrante_cancels_it():
    attacker = fighter(powers={"superfuerza"}, attributes={"corpulencia": 1}, penetrating={"unarmed"})
    target = fighter("t", powers={"superproteccion", "defensa-contra-ataque-penetrante"})
    out = attack(20, attacker=attacker, target=target)  # 28 vs 18
    assert out.damage == 2 and out.defense_loss == 0


def test_the_attack_event_carries_the_api_fields():
    event = attack(11).events[0].as_dict()
    assert event["type"] == "attack"
    for key in (
        "target_defense",
        "hit",
        "critical",
        "margin",
        "damage",
        "defense_penalty",
        "target_hit_points",
        "target_status",
    ):
        assert key in event
    assert event["roll"]["total"] == 19 and event["roll"]["sources"] == []


# --- circumstances ------------------------------------------------------------------------


def test_circumstances_are_plain_catalogue_data_with_rule_and_delta():
    for circ in CIRCUMSTANCES:
        data = circ.as_dict()
        assert data["slug"] and data["name_es"] and data["name_en"] and data["rule"]
        assert data["description_es"] and data["description_en"]
        assert isinstance(data["delta"], int)
    assert len({c.slug for c in CIRCUMSTANCES}) == len(CIRCUMSTANCES)


@pytest.mark.parametrize(
    ("circumstances", "net"),
    [
        (("objetivo-paralizado",), 1),
        (("objetivo-desprevenido",), 1),
        (("atacante-en-el-suelo",), -1),
        (("objetivo-invisible",), -1),
        (("cobertura",), -1),
        (("diferencia-de-tamano:2",), -2),
        (("objetivo-paralizado", "objetivo-invisible"), 0),  # they cancel
        (("objetivo-invisible", "oscuridad"), -1),  # one situation: unseen
    ],
)
def test_named_circumstances_add_their_sources(circumstances, net):
    prepared = prepare_attack(fighter(), fighter("t"), AttackSpec("melee", circumstances=circumstances))
    assert prepared.net == net
    assert all(s.rule for s in prepared.sources)


def test_unknown_circumstances_are_refused():
    with pytest.raises(Refused) as err:
        prepare_attack(fighter(), fighter("t"), AttackSpec("melee", circumstances=("lluvia",)))
    assert err.value.code == "circumstances.unknown"


def test_shooting_into_melee_is_inferioridad_only_with_equipment():
    shooter = fighter(equipment=(blaster(),), powers={"ataque-especial-a-distancia"})
    melee = ("disparo-a-cuerpo-a-cuerpo",)
    assert (
        prepare_attack(shooter, fighter("t"), AttackSpec("ranged", "Blaster", circumstances=melee)).net == -1
    )
    power = AttackSpec("ranged", "ataque-especial-a-distancia", circumstances=melee)
    assert prepare_attack(shooter, fighter("t"), power).net == 0


@pytest.mark.parametrize("cancel", ["a-bocajarro", "a-la-espalda"])
def test_shooting_into_melee_point_blank_or_from_behind_has_no_inferioridad(cancel):
    shooter = fighter(equipment=(blaster(),))
    spec = AttackSpec("ranged", "Blaster", circumstances=("disparo-a-cuerpo-a-cuerpo", cancel))
    assert prepare_attack(shooter, fighter("t"), spec).net == 0


def test_ataque_de_distancia_a_melee_removes_it_but_not_for_burst_weapons():
    shooter = fighter(equipment=(blaster(),), maneuvers={"ataque-de-distancia-a-melee"})
    spec = AttackSpec("ranged", "Blaster", circumstances=("disparo-a-cuerpo-a-cuerpo",))
    assert prepare_attack(shooter, fighter("t"), spec).net == 0
    burst = fighter(equipment=(blaster(burst=True),), maneuvers={"ataque-de-distancia-a-melee"})
    assert prepare_attack(burst, fighter("t"), spec).net == -1


def test_sentir_el_entorno_and_blind_fighting_remove_the_invisible_inferioridad():
    spec = AttackSpec("melee", circumstances=("objetivo-invisible",))
    assert prepare_attack(fighter(powers={"sentir-el-entorno"}), fighter("t"), spec).net == 0
    located = fighter(conditions=(Condition("blind-fighting", other="t"),))
    assert prepare_attack(located, fighter("t"), spec).net == 0
    assert prepare_attack(located, fighter("u"), spec).net == -1


def test_a_stunned_or_prone_attacker_gets_inferioridad_from_its_state():
    stunned = fighter(conditions=(Condition("stunned"),))
    prone = fighter(conditions=(Condition("prone", ends="manual"),))
    assert prepare_attack(stunned, fighter("t"), AttackSpec("melee")).net == -1
    assert (
        prepare_attack(prone, fighter("t"), AttackSpec("melee", circumstances=("atacante-en-el-suelo",))).net
        == -1
    )


def test_finishing_a_helpless_target_has_superioridad_and_one_more_outside_stress():
    down = fighter("t", hit_points=0, status=UNCONSCIOUS)
    assert prepare_attack(fighter(), down, AttackSpec("melee")).net == 1
    assert prepare_attack(fighter(), down, AttackSpec("melee", stressful=False)).net == 2


def test_circumstance_sources_count_each_group_once():
    sources = circumstance_sources(["objetivo-paralizado", "rematar"])
    assert [s.delta for s in sources] == [1]


# --- several targets ----------------------------------------------------------------------


def test_area_attacks_roll_once_per_target():
    attacker = fighter(powers={"ataque-especial-de-area-circular-a-distancia"}, attributes={"agilidad": 1})
    targets = [fighter("t1"), fighter("t2"), fighter("t3")]
    spec = AttackSpec("ranged", "ataque-especial-de-area-circular-a-distancia")
    _, hit, events = resolve_multi_attack(attacker, targets, spec, FixedDice([11, 2, 16]))
    assert [t.hit_points for t in hit] == [3, 4, 2]
    assert [e.roll.kept for e in events if e.type == "attack"] == [11, 2, 16]


def test_a_burst_cone_reaches_up_to_three_targets_with_inferioridad():
    attacker = fighter(powers={"ataque-de-rafaga"}, attributes={"agilidad": 1})
    spec = AttackSpec("ranged", "ataque-de-rafaga", cone=True)
    _, _, events = resolve_multi_attack(
        attacker, [fighter("t1"), fighter("t2")], spec, FixedDice([11, 3, 12, 18])
    )
    attacks = [e for e in events if e.type == "attack"]
    assert [e.roll.kept for e in attacks] == [3, 12]
    with pytest.raises(Refused):
        resolve_multi_attack(attacker, [fighter(f"t{i}") for i in range(4)], spec, FixedDice([]))


@pytest.mark.parametrize("cone", [True, False])
def test_the_same_enemy_twice_in_a_cone_or_area_is_refused_and_nothing_is_rolled(cone):
    """Seed l.251: Ataque de ráfaga "para hacer un ataque a hasta tres enemigos diferentes": the
    same enemy twice is refused (the encounter kept the last copy and logged three hits)."""
    attacker = fighter(powers={"ataque-de-rafaga"}, attributes={"agilidad": 1})
    spec = AttackSpec("ranged", "ataque-de-rafaga", cone=cone)
    dice = FixedDice([11, 12, 13, 14, 15, 16])
    with pytest.raises(Refused) as err:
        resolve_multi_attack(attacker, [fighter("t1"), fighter("t2"), fighter("t1")], spec, dice)
    assert err.value.code == "attack.same_target_twice"
    assert dice.remaining == 6


def test_a_hero_point_on_an_area_attack_improves_only_the_first_roll():
    attacker = fighter(powers={"ataque-especial-de-area-circular-a-distancia"}, hero_points=1)
    spec = AttackSpec("ranged", "ataque-especial-de-area-circular-a-distancia", hero_point="superioridad")
    attacker, _, events = resolve_multi_attack(
        attacker, [fighter("t1"), fighter("t2")], spec, FixedDice([3, 9, 4])
    )
    attacks = [e for e in events if e.type == "attack"]
    assert [e.roll.superiority for e in attacks] == [1, 0]
    assert attacker.hero_points == 0


@given(st.integers(1, 20), st.integers(0, 20), st.integers(0, 20), st.booleans())
def test_an_attack_either_misses_harmlessly_or_follows_the_margin(face, penalty, level, penetrating):
    attacker = fighter(
        level=level,
        powers={"superfuerza"},
        attributes={"corpulencia": 1},
        penetrating={"unarmed"} if penetrating else set(),
    )
    out = resolve_attack(
        attacker, fighter("t", defense_penalty=penalty), AttackSpec("melee"), FixedDice([face])
    )
    if not out.hit:
        assert (out.damage, out.defense_loss, out.target.hit_points) == (0, 0, 4)
        assert face != 20
    else:
        assert face != 1
        assert out.damage == max(0, out.margin // 5)
        assert out.defense_loss == (1 if penetrating or out.damage == 0 else 0)
        assert out.target.hit_points == 4 - out.damage
