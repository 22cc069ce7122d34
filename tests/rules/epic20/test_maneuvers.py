"""MANIOBRAS DE COMBATE, their stacking (FAQ) and the actions of a turn (Tipos de acciones)."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    ActionBudget,
    AttackSpec,
    CombatantState,
    EquipmentState,
    Refused,
    budget_for_turn,
    declare_defensive_attack,
    prepare_attack,
    resolve_attack,
    resolve_double_attack,
    start_turn,
)
from rules.epic20.resolution import declarations as declare
from rules.epic20.resolution.state import DROPPED, Condition

H = Fraction(1, 2)


def person(id="a", level=8, **kw):
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    hit_points = kw.pop("hit_points", 4)
    return CombatantState(
        id, level=level, hit_points=hit_points, hit_points_max=4, attributes=attributes, **kw
    )


def brute(*maneuvers, **kw):
    """Superfuerza and Corpulencia 1: +8 against a plain level-8 target's 14."""
    attributes = {"corpulencia": 1, **kw.pop("attributes", {})}
    return person(
        "a",
        powers={"superfuerza", *kw.pop("powers", ())},
        maneuvers=set(maneuvers),
        attributes=attributes,
        **kw,
    )


def hit(attacker, faces, *maneuvers, target=None, **spec):
    spec = AttackSpec(spec.pop("kind", "melee"), spec.pop("with_", "unarmed"), maneuvers=maneuvers, **spec)
    return resolve_attack(attacker, target or person("t"), spec, FixedDice(faces))


# --- the turn -----------------------------------------------------------------------------


def test_a_turn_has_1_standard_1_move_1_object_2_communication_and_3_free_actions():
    assert budget_for_turn(person()).as_dict() == {
        "standard": 1,
        "move": 1,
        "object": 1,
        "communication": 2,
        "free": 3,
    }


def test_extra_action_powers_and_frenesi_change_the_turn():
    assert budget_for_turn(person(powers={"accion-estandar-extra"})).standard == 2
    assert budget_for_turn(person(powers={"accion-de-movimiento-extra"})).move == 2
    frenzy = budget_for_turn(person(complications={"frenesi"})).as_dict()
    assert frenzy["object"] == 0 and frenzy["communication"] == 0


def test_the_budget_refuses_what_the_turn_no_longer_has_with_a_reason_code():
    budget, _ = ActionBudget().spend("standard")
    with pytest.raises(Refused) as err:
        budget.spend("standard")
    assert err.value.code == "turn.no_standard_action"


def test_standard_converts_to_move_and_move_to_object():
    budget = ActionBudget().convert("standard", "move")
    assert (budget.standard, budget.move) == (0, 2)
    budget = ActionBudget().convert("move", "object")
    assert (budget.move, budget.object) == (0, 2)
    with pytest.raises(Refused) as err:
        ActionBudget().convert("object", "standard")
    assert err.value.code == "turn.no_such_conversion"


def test_move_actions_come_before_standard_actions():
    budget, _ = ActionBudget().spend("standard")
    with pytest.raises(Refused) as err:
        budget.spend("move")
    assert err.value.code == "turn.move_after_standard"


def test_actuar_y_despues_moverse_allows_acting_first_but_not_moving_on_both_sides():
    budget = budget_for_turn(person(maneuvers={"actuar-y-despues-moverse"}))
    after, _ = budget.spend("standard")
    after.spend("move")
    both = budget.convert("standard", "move")
    both, _ = both.spend("move")
    both, _ = ActionBudget(standard=1, move=2, act_then_move=True).spend("move")
    both, _ = both.spend("standard")
    with pytest.raises(Refused):
        both.spend("move")


def test_moverse_mientras_actua_splits_the_move_and_gives_harmful_actions_inferioridad():
    budget = budget_for_turn(person(maneuvers={"actuar-y-despues-moverse", "moverse-mientras-actua"}))
    budget = replace_move(budget, 2)
    budget, _ = budget.spend("move")
    with pytest.raises(Refused) as err:
        budget.spend("standard")[0].spend("move")
    assert err.value.code == "turn.split_move_not_declared"
    budget = budget.declare_split_move()
    budget, sources = budget.spend("standard", harmful=True)
    assert [s.delta for s in sources] == [-1]
    budget.spend("move")
    with pytest.raises(Refused):
        ActionBudget().declare_split_move()


def replace_move(budget, n):
    from dataclasses import replace

    return replace(budget, move=n)


# --- stacking (FAQ) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("maneuvers", "code"),
    [
        (("ataque-brutal", "ataque-a-fondo"), "maneuver.same_family"),
        (("aturdir", "tumbar"), "maneuver.two_standard_maneuvers"),
    ],
)
def test_maneuvers_of_one_family_or_two_standard_maneuvers_do_not_stack(maneuvers, code):
    attacker = brute("ataque-brutal", "ataque-a-fondo", "aturdir", "tumbar")
    with pytest.raises(Refused) as err:
        prepare_attack(attacker, person("t"), AttackSpec("melee", maneuvers=maneuvers))
    assert err.value.code == code


def test_a_maneuver_the_fighter_lacks_is_refused():
    with pytest.raises(Refused) as err:
        prepare_attack(brute(), person("t"), AttackSpec("melee", maneuvers=("aturdir",)))
    assert err.value.code == "maneuver.not_owned"


# --- attack maneuvers ---------------------------------------------------------------------


def test_ataque_a_fondo_gives_superioridad_exposes_the_fighter_and_earns_the_target_an_extra_attack():
    out = hit(brute("ataque-a-fondo"), [2, 9], "ataque-a-fondo")
    assert out.roll.superiority == 1 and out.roll.kept == 9
    assert out.counter_attack
    assert prepare_attack(person("t"), out.attacker, AttackSpec("melee")).net == 1
    counter = prepare_attack(person("t"), out.attacker, AttackSpec("melee", counter=True))
    assert counter.net == 0  # "sin la Superioridad que le conferiría esta maniobra"
    assert start_turn(out.attacker).state.condition("exposed") is None


@pytest.mark.parametrize(
    ("tiers", "net"),
    [
        (("ataque-a-fondo", "ataque-a-fondo-2"), -1),
        (("ataque-a-fondo", "ataque-a-fondo-2", "ataque-a-fondo-3"), -2),
    ],
)
def test_ataque_a_fondo_2_and_3_give_the_extra_attack_inferioridad(tiers, net):
    out = hit(brute(*tiers), [2, 9], "ataque-a-fondo")
    assert prepare_attack(person("t"), out.attacker, AttackSpec("melee", counter=True)).net == net


def test_no_extra_attack_if_the_target_falls():
    out = hit(brute("ataque-a-fondo"), [20, 20], "ataque-a-fondo", target=person("t", hit_points=1))
    assert not out.counter_attack


@pytest.mark.parametrize(("tier", "loss"), [(1, 2), (2, 1), (3, 0)])
def test_ataque_poderoso_gives_superioridad_and_lowers_the_fighters_defense_by_tier(tier, loss):
    slugs = ["ataque-poderoso", "ataque-poderoso-2", "ataque-poderoso-3"][:tier]
    out = hit(brute(*slugs), [2, 9], "ataque-poderoso")
    assert out.roll.superiority == 1
    assert out.attacker.defense_penalty == loss
    assert out.attacker.condition("exposed")


@pytest.mark.parametrize(("maneuver", "loss"), [("aturdir", 0), ("aturdir-2", 1)])
def test_aturdir_stuns_on_a_success_instead_of_damage_and_loses_no_defense_until_tier_2(maneuver, loss):
    attacker = brute("aturdir", maneuver)
    stunned = hit(attacker, [11], "aturdir")
    assert stunned.damage == 0 and stunned.target.hit_points == 4
    assert stunned.target.condition("stunned")
    bare = hit(attacker, [8], "aturdir")
    assert not bare.target.condition("stunned") and bare.target.defense_penalty == loss


def test_cegar_stuns_blinds_and_costs_a_hero_point_on_success():
    attacker = brute("cegar", hero_points=1)
    out = hit(attacker, [11], "cegar")
    assert out.target.condition("blinded") and out.target.condition("stunned")
    assert out.attacker.hero_points == 0
    missed = hit(attacker, [2], "cegar")
    assert missed.attacker.hero_points == 1
    with pytest.raises(Refused):
        hit(brute("cegar"), [11], "cegar")
    with pytest.raises(Refused) as err:
        hit(brute("cegar", hero_points=1, hero_point_uses_this_turn=1), [11], "cegar")
    assert err.value.code == "hero_points.one_per_turn"


def test_desarmar_drops_the_weapon_instead_of_damage():
    target = person("t", equipment=(EquipmentState("Espada"),))
    out = hit(brute("desarmar"), [11], "desarmar", target=target, target_weapon="Espada")
    assert out.target.item("Espada").status == DROPPED and out.damage == 0
    assert hit(brute("desarmar"), [8], "desarmar", target=target).target.defense_penalty == 0
    assert hit(brute("desarmar", "desarmar-2"), [8], "desarmar", target=target).target.defense_penalty == 1


def test_desarmar_a_two_handed_weapon_has_inferioridad():
    spec_out = hit(brute("desarmar"), [5, 9], "desarmar", circumstances=("arma-a-dos-manos",))
    assert spec_out.roll.superiority == -1
    assert hit(brute(), [9], circumstances=("arma-a-dos-manos",)).roll.superiority == 0


@pytest.mark.parametrize(
    ("tiers", "face", "attacker_prone"),
    [(1, 1, True), (1, 9, True), (1, 10, False), (3, 4, True), (3, 5, False), (3, 9, False)],
)
def test_tumbar_knocks_down_and_a_miss_by_5_or_10_at_tier_3_knocks_down_the_fighter(
    tiers, face, attacker_prone
):
    slugs = ["tumbar", "tumbar-2", "tumbar-3"][:tiers]
    attacker = brute(*slugs, attributes={"corpulencia": 0, "agilidad": 0})  # +0 against 14
    out = hit(attacker, [face], "tumbar")
    assert bool(out.attacker.condition("prone")) is attacker_prone


def test_tumbar_prones_the_target_on_a_success_and_uses_the_better_of_corpulencia_or_agilidad():
    attacker = person(
        "a", maneuvers={"tumbar"}, powers={"superfuerza"}, attributes={"corpulencia": 0, "agilidad": 1}
    )
    out = hit(attacker, [11], "tumbar")
    assert out.target.condition("prone") and out.damage == 0
    assert prepare_attack(person("t", conditions=()), out.target, AttackSpec("melee")).net == 0
    assert prepare_attack(out.target, person("x"), AttackSpec("melee")).net == -1


def test_tumbar_refuses_targets_two_sizes_larger_and_pesado_gives_inferioridad():
    with pytest.raises(Refused):
        hit(brute("tumbar"), [11], "tumbar", circumstances=("diferencia-de-tamano:2",))
    assert (
        hit(brute("tumbar"), [11, 3], "tumbar", target=person("t", advantages={"pesado"})).roll.superiority
        == -1
    )


def test_empujar_pushes_1_5_meters_per_success_and_only_minions_lose_defense():
    out = hit(brute("empujar"), [16], "empujar")
    assert out.events[0].data["pushed_meters"] == 3.0 and out.damage == 0
    assert hit(brute("empujar"), [8], "empujar").target.defense_penalty == 0
    assert hit(brute("empujar"), [8], "empujar", target=person("t", minion=True)).target.defense_penalty == 1
    assert hit(brute("empujar", "empujar-2"), [8], "empujar").target.defense_penalty == 1


@pytest.mark.parametrize(("face", "loss"), [(9, 0), (10, 1), (14, 1), (15, 2), (20, 3)])
def test_agotar_lowers_defense_by_1_plus_successes_without_damage(face, loss):
    exhaust = person("a", maneuvers={"agotar"}, attributes={"inteligencia": 1})  # mundane: +4
    out = hit(exhaust, [face], "agotar")
    assert out.target.defense_penalty == loss and out.target.hit_points == 4


def test_agotar_2_and_3_roll_with_superioridad():
    exhaust = person("a", maneuvers={"agotar", "agotar-2", "agotar-3"})
    assert hit(exhaust, [1, 2, 3], "agotar").roll.superiority == 2


def test_desmoralizar_is_a_mundane_presencia_attack_that_does_emotional_damage_and_no_defense_loss():
    speaker = person("a", maneuvers={"desmoralizar"}, attributes={"presencia": 1})
    out = hit(speaker, [15], "desmoralizar")  # +4 → 19 vs 14
    assert out.damage == 1 and out.target.emotional_damage == 1
    assert hit(speaker, [11], "desmoralizar").target.defense_penalty == 0


def test_agarron_is_a_melee_grab_with_degrees_and_exposes_the_fighter():
    out = hit(brute("agarron"), [16], "agarron")
    assert out.target.progressions[0].degrees == 2 and out.damage == 0
    assert out.target.progressions[0].grab
    assert out.attacker.condition("exposed")


@pytest.mark.parametrize(
    ("tiers", "faces", "empty"),
    [(1, [19, 3], True), (1, [20, 3], False), (2, [19, 3], False), (3, [18, 3], False), (3, [17, 3], True)],
)
def test_ataque_sostenido_runs_out_of_ammo_unless_a_die_is_high_enough(tiers, faces, empty):
    slugs = ["ataque-sostenido", "ataque-sostenido-2", "ataque-sostenido-3"][:tiers]
    gunner = person("a", maneuvers=set(slugs), equipment=(EquipmentState("Rifle", ranged=True),))
    out = hit(gunner, faces, "ataque-sostenido", kind="ranged", with_="Rifle")
    assert out.roll.superiority == 1
    assert (out.attacker.item("Rifle").status == "broken") is empty
    if empty:
        with pytest.raises(Refused) as err:
            prepare_attack(
                out.attacker, person("t"), AttackSpec("ranged", "Rifle", maneuvers=("ataque-sostenido",))
            )
        assert err.value.code in ("maneuver.sustained_once_per_scene", "equipment.not_ready")


@pytest.mark.parametrize(
    ("tier", "hero", "circumstances", "penetrating"),
    [
        (1, False, (), False),
        (1, True, (), True),
        (2, False, ("objetivo-paralizado",), True),
        (2, False, (), False),
        (3, False, (), True),
        (3, False, ("cobertura",), False),
    ],
)
def test_ataque_brutal_gains_ataque_penetrante_by_tier(tier, hero, circumstances, penetrating):
    slugs = ["ataque-brutal", "ataque-brutal-2", "ataque-brutal-3"][:tier]
    axe = EquipmentState("Hacha", kind="special", two_handed=True)
    fighter = person(
        "a", maneuvers=set(slugs), equipment=(axe,), hero_points=1, attributes={"corpulencia": 1}
    )
    spec = AttackSpec(
        "melee", "Hacha", circumstances=circumstances, hero_point="superioridad" if hero else None
    )
    assert prepare_attack(fighter, person("t"), spec).penetrating is penetrating


def test_ataque_brutal_needs_a_two_handed_weapon():
    fighter = person(
        "a",
        maneuvers={"ataque-brutal", "ataque-brutal-2", "ataque-brutal-3"},
        equipment=(EquipmentState("Daga"),),
    )
    assert not prepare_attack(fighter, person("t"), AttackSpec("melee", "Daga")).penetrating


def test_ataque_defensivo_gives_inferioridad_to_both_the_fighter_and_the_chosen_enemy():
    out = hit(brute("ataque-defensivo"), [3, 9], "ataque-defensivo")
    assert out.roll.superiority == -1
    assert prepare_attack(person("t"), out.attacker, AttackSpec("melee")).net == -1
    assert prepare_attack(person("u"), out.attacker, AttackSpec("melee")).net == 0
    declared, _ = declare_defensive_attack(brute("ataque-defensivo"), "t")
    assert prepare_attack(person("t"), declared, AttackSpec("melee")).net == -1


def test_ataque_doble_makes_two_attacks_with_inferioridad_and_exposes_the_fighter():
    fighter = brute("ataque-doble")
    attacker, (t1, t2), events = resolve_double_attack(
        fighter, (person("t1"), person("t2")), AttackSpec("melee"), FixedDice([11, 12, 17, 16])
    )
    attacks = [e for e in events if e.type == "attack"]
    assert [e.roll.superiority for e in attacks] == [-1, -1]
    assert (t1.hit_points, t2.hit_points) == (3, 2)
    assert attacker.condition("exposed")


def test_ataque_doble_with_two_weapons_does_not_expose_and_tier_2_lends_the_hero_point_to_both():
    swords = (EquipmentState("Espada 1", kind="special"), EquipmentState("Espada 2", kind="special"))
    fighter = person(
        "a",
        maneuvers={"ataque-doble", "ataque-doble-2"},
        equipment=swords,
        hero_points=1,
        attributes={"corpulencia": 1},
    )
    spec = AttackSpec("melee", "Espada 1", hero_point="superioridad")
    attacker, _, events = resolve_double_attack(
        fighter,
        (person("t"), person("t")),
        spec,
        FixedDice([3, 11, 4, 16]),
        two_weapons=True,
        second_with="Espada 2",
    )
    attacks = [e for e in events if e.type == "attack"]
    assert [e.roll.superiority for e in attacks] == [0, 0]  # −1 + hero point on both
    assert attacker.hero_points == 0 and not attacker.condition("exposed")


def test_ataque_manteniendo_la_distancia_avoids_the_defense_loss_of_bare_melee_hits():
    spear = EquipmentState("Lanza", reach=True)
    keeper = person("t", maneuvers={"ataque-manteniendo-la-distancia"}, equipment=(spear,), hero_points=1)
    keeper, _ = declare.keep_distance(keeper)
    assert keeper.hero_points == 0
    assert hit(brute(), [6], target=keeper).target.defense_penalty == 0
    piercing = brute(penetrating={"unarmed"})
    assert hit(piercing, [6], target=keeper).target.defense_penalty == 1


@pytest.mark.parametrize(("tier", "loss"), [(1, 0), (2, 0), (3, 0)])
def test_defensa_con_escudo_avoids_the_bare_hit_loss_against_an_attack_value_not_above_its_own(tier, loss):
    slugs = ["defensa-con-escudo", "defensa-con-escudo-2", "defensa-con-escudo-3"][:tier]
    shield = EquipmentState("Escudo", shield=True)
    defender = person("t", maneuvers=set(slugs), equipment=(shield,), attack_bonus={"melee": 8})
    assert hit(brute(), [6], target=defender).target.defense_penalty == loss


def test_defensa_con_escudo_fails_against_a_higher_attack_value_or_an_unaware_defender():
    shield = EquipmentState("Escudo", shield=True)
    defender = person("t", maneuvers={"defensa-con-escudo"}, equipment=(shield,), attack_bonus={"melee": 6})
    assert hit(brute(), [6], target=defender).target.defense_penalty == 1  # +8 against +6
    tier2 = person(
        "t",
        maneuvers={"defensa-con-escudo", "defensa-con-escudo-2"},
        equipment=(shield,),
        attack_bonus={"melee": 6},
    )
    assert hit(brute(), [6], target=tier2).target.defense_penalty == 0  # 8 ≤ 6 + 2
    assert (
        hit(brute(), [1, 6], target=tier2, circumstances=("objetivo-paralizado",)).target.defense_penalty == 1
    )  # 8 + 2 > 8
    tier3 = person(
        "t",
        maneuvers={"defensa-con-escudo", "defensa-con-escudo-2", "defensa-con-escudo-3"},
        equipment=(shield,),
        attack_bonus={"melee": 6},
    )
    assert (
        hit(brute(), [1, 6], target=tier3, circumstances=("objetivo-paralizado",)).target.defense_penalty == 0
    )
    assert (
        hit(brute(), [1, 6], target=tier3, circumstances=("objetivo-desprevenido",)).target.defense_penalty
        == 1
    )


def test_golpe_en_los_nervios_makes_a_bare_handed_attack_special_but_not_against_armor():
    boxer = person("a", maneuvers={"golpe-en-los-nervios", "lucha-sin-armas"}, attributes={"corpulencia": 1})
    assert (
        prepare_attack(boxer, person("t"), AttackSpec("melee", maneuvers=("golpe-en-los-nervios",))).bonus
        == 8
    )
    with pytest.raises(Refused):
        prepare_attack(
            boxer,
            person("t", powers={"superproteccion"}),
            AttackSpec("melee", maneuvers=("golpe-en-los-nervios",)),
        )


def test_estudiar_objetivo_makes_mundane_melee_attacks_special_against_that_target():
    sword = EquipmentState("Espada")
    student = person(
        "a", maneuvers={"estudiar-objetivo-1"}, equipment=(sword,), attributes={"corpulencia": 1}
    )
    student, budget, _ = declare.study_target(student, ActionBudget(), "t")
    assert (budget.move, budget.object) == (0, 0)
    assert prepare_attack(student, person("t"), AttackSpec("melee", "Espada")).bonus == 8
    assert prepare_attack(student, person("u"), AttackSpec("melee", "Espada")).bonus == 4


def test_excelente_apuntando_takes_the_turn_and_gives_the_next_attack_on_that_target_superioridad():
    aimer = person("a", maneuvers={"excelente-apuntando"}, powers={"superfuerza"})
    aimer, budget, _ = declare.aim(aimer, ActionBudget(), "t")
    assert budget.as_dict()["standard"] == 0 and budget.as_dict()["move"] == 0
    out = resolve_attack(aimer, person("t"), AttackSpec("melee"), FixedDice([2, 9]))
    assert out.roll.superiority == 1
    assert prepare_attack(out.attacker, person("t"), AttackSpec("melee")).net == 0


def test_mostrar_punto_debil_gives_an_allys_next_attack_superioridad_and_tier_2_a_second_ally_for_2_points():
    leader = person("a", maneuvers={"mostrar-punto-debil"})
    leader, budget, (ally,), _ = declare.show_weak_point(leader, ActionBudget(), [person("b")])
    assert budget.as_dict() == {"standard": 0, "move": 0, "object": 1, "communication": 1, "free": 3}
    assert prepare_attack(ally, person("t"), AttackSpec("melee")).net == 1
    with pytest.raises(Refused):
        declare.show_weak_point(
            person("a", maneuvers={"mostrar-punto-debil"}), ActionBudget(), [person("b"), person("c")]
        )
    tier2 = person("a", maneuvers={"mostrar-punto-debil", "mostrar-punto-debil-2"}, hero_points=2)
    tier2, _, helped, _ = declare.show_weak_point(tier2, ActionBudget(), [person("b"), person("c")])
    assert tier2.hero_points == 0 and all(h.condition("assisted") for h in helped)


def test_total_defense_gives_attackers_inferioridad_and_takes_the_turn_by_tier():
    defender = person("t", maneuvers={"defensa-total"})
    defender, budget, _ = declare.total_defense(defender, ActionBudget())
    assert budget.as_dict()["move"] == 0 and budget.as_dict()["standard"] == 0
    assert prepare_attack(person("a"), defender, AttackSpec("melee")).net == -1
    _, budget2, _ = declare.total_defense(
        person("t", maneuvers={"defensa-total", "defensa-total-2"}), ActionBudget()
    )
    assert budget2.as_dict()["move"] == 1
    _, budget3, _ = declare.total_defense(
        person("t", maneuvers={"defensa-total", "defensa-total-2", "defensa-total-3"}), ActionBudget()
    )
    assert budget3.as_dict()["object"] == 1
    moved, _ = ActionBudget().spend("move")
    with pytest.raises(Refused):
        declare.total_defense(person("t", maneuvers={"defensa-total"}), moved)


@pytest.mark.parametrize("tier", [1, 2, 3])
def test_defensa_a_la_carrera_gives_ranged_attackers_1_2_or_3_inferioridades(tier):
    slugs = ["defensa-a-la-carrera", "defensa-a-la-carrera-2", "defensa-a-la-carrera-3"][:tier]
    runner, _, _ = declare.running_defense(person("t", maneuvers=set(slugs)), ActionBudget())
    gunner = person("a", equipment=(EquipmentState("Rifle", ranged=True),))
    assert prepare_attack(gunner, runner, AttackSpec("ranged", "Rifle")).net == -tier
    assert prepare_attack(gunner, runner, AttackSpec("melee")).net == 0


def test_parry_and_dodge_are_declared_at_the_start_and_cost_their_actions():
    parried, budget, _ = declare.parry(person("t", maneuvers={"parada"}), ActionBudget())
    assert parried.condition("parrying") and budget.standard == 0 and budget.move == 1
    dodged, budget, _ = declare.parry(person("t", maneuvers={"esquiva"}), ActionBudget(), dodge=True)
    assert dodged.condition("dodging") and budget.standard == 0 and budget.move == 0


def test_interponerse_early_leaves_only_a_move_and_a_communication_action():
    guard, _, _ = declare.interpose(person("g", maneuvers={"interponerse"}), None, "vip", early=True)
    assert declare.interposer_for([guard], "vip") == "g"
    turn = start_turn(guard)
    assert turn.budget.as_dict() == {"standard": 0, "move": 1, "object": 0, "communication": 1, "free": 3}


def test_luchar_a_ciegas_is_an_opposed_roll_that_removes_the_darkness_inferioridad():
    seer = person("a", maneuvers={"luchar-a-ciegas"}, attributes={"percepcion": 1})
    seer, budget, events = declare.blind_fight(
        seer, ActionBudget(), person("t"), FixedDice([10, 12])
    )  # 18 vs 16
    assert events[0].data["success"] and budget.move == 0
    assert prepare_attack(seer, person("t"), AttackSpec("melee", circumstances=("oscuridad",))).net == 0
    tier3 = person("a", maneuvers={"luchar-a-ciegas", "luchar-a-ciegas-2", "luchar-a-ciegas-3"})
    _, budget, events = declare.blind_fight(tier3, ActionBudget(), person("t"), FixedDice([1, 15, 2]))
    assert budget.move == 1 and events[0].roll.superiority == 1


def test_standing_up_is_a_move_action_or_free_with_levantarse_rapido():
    prone = Condition("prone", ends="manual")
    _, budget, _ = declare.stand_up(person(conditions=(prone,)), ActionBudget())
    assert budget.move == 0
    _, budget, _ = declare.stand_up(
        person(conditions=(prone,), maneuvers={"levantarse-rapido"}), ActionBudget()
    )
    assert budget.move == 1 and budget.free == 2


def test_drawing_is_an_object_action_or_free_with_desenfunda_rapido():
    gun = EquipmentState("Pistola", status=DROPPED)
    _, budget, _ = declare.draw(person(equipment=(gun,)), ActionBudget(), "Pistola")
    assert budget.object == 0
    state, budget, _ = declare.draw(
        person(equipment=(gun,), maneuvers={"desenfunda-rapido"}), ActionBudget(), "Pistola"
    )
    assert budget.object == 1 and state.item("Pistola").status == "ready"


def test_provocar_choque_uses_agilidad_and_each_success_teaches_the_target():
    trickster = person("a", maneuvers={"provocar-choque"}, attributes={"agilidad": 1})
    first = hit(trickster, [15], "provocar-choque")
    assert first.events[0].data["attribute"] == "agilidad" and first.damage == 1
    second = prepare_attack(first.attacker, person("t"), AttackSpec("melee", maneuvers=("provocar-choque",)))
    assert second.net == -1
    strong = prepare_attack(
        trickster, person("t", powers={"superfuerza"}), AttackSpec("melee", maneuvers=("provocar-choque",))
    )
    assert strong.bonus == 8 and second.bonus == 4


def test_provocar_ataque_costs_a_hero_point_and_three_actions_and_succeeds_once_per_combat_per_target():
    trickster = person("a", maneuvers={"provocar-ataque-a-otro-objetivo"}, hero_points=2)
    state, budget, enemy, events = declare.provoke_attack(trickster, ActionBudget(), person("t"), "ally")
    assert state.hero_points == 1
    assert budget.as_dict() == {"standard": 0, "move": 0, "object": 1, "communication": 1, "free": 3}
    assert events[0].data["extra_attack"] and events[0].data["victim"] == "ally"
    with pytest.raises(Refused) as err:
        declare.provoke_attack(start_turn(state).state, ActionBudget(), enemy, "ally")
    assert err.value.code == "maneuver.provoke_once_per_combat"


def test_golpe_en_los_nervios_is_refused_against_machines():
    """Seed l.795: "sólo funciona contra seres vivos": the Androide is a machine, as Contacto
    curativo ("No cura máquinas") treats it."""
    boxer = person("a", maneuvers={"golpe-en-los-nervios", "lucha-sin-armas"}, attributes={"corpulencia": 1})
    android = person("t", archetype="androide")
    with pytest.raises(Refused) as err:
        prepare_attack(boxer, android, AttackSpec("melee", maneuvers=("golpe-en-los-nervios",)))
    assert err.value.code == "maneuver.nerve_strike_living"
    assert "máquina" in err.value.text_es and "machine" in err.value.text_en
