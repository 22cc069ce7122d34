"""Powers switched on, cast or paid for in combat (resolution.powers_in_play): Camuflaje,
Invisibilidad, Disminuirse, Crecer, the Velocista's running, Masa de músculos' thrown objects, the
Mago's spells, the Tecnificado's armour and Uso limitado."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    AttackSpec,
    CombatantState,
    Refused,
    prepare_attack,
    resolve_attack,
    resolve_multi_attack,
    skill_check,
    use_power,
)
from rules.epic20.resolution.lifecycle import end_scene, end_turn, start_turn
from rules.epic20.resolution.maneuvers import tier
from rules.epic20.resolution.powers_in_play import ARMOUR, THROWN_OBJECT, TURNS_PER_MINUTE
from rules.epic20.resolution.state import Condition, SkillStat
from rules.epic20.resolution.turn import ActionBudget

H = Fraction(1, 2)


def fighter(id="a", level=8, **kw):
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    hp = kw.pop("hit_points", 4)
    return CombatantState(id, level=level, hit_points=hp, hit_points_max=hp, attributes=attributes, **kw)


def acting(state):
    """The state and budget at the start of its turn."""
    started = start_turn(state)
    return started.state, started.budget


def sources(prepared):
    return {s.slug: s.delta for s in prepared.sources}


# --- switching on and off -------------------------------------------------------------------


def test_switching_a_power_on_takes_the_move_action_and_leaves_a_manual_condition():
    state, budget = acting(fighter(powers={"invisibilidad"}))
    state, budget, events = use_power(state, "invisibilidad", budget=budget)
    cond = state.condition("invisible")
    assert cond is not None and cond.ends == "manual"
    assert budget.left("move") == 0 and budget.left("standard") == 1
    assert events[0].type == "power" and events[0].data["active"] is True
    assert events[0].text_es and events[0].text_en
    with pytest.raises(Refused) as exc:
        use_power(state, "invisibilidad", budget=ActionBudget())
    assert exc.value.code == "powers.already"
    # Switching off is a change of state too: a move action ("Cambiar de estado cuesta 1 acción de movimiento").
    state, budget, _ = use_power(state, "invisibilidad", active=False, budget=ActionBudget())
    assert state.condition("invisible") is None and budget.left("move") == 0


def test_without_a_move_action_left_the_power_is_not_switched():
    state = fighter(powers={"camuflaje"})
    with pytest.raises(Refused) as exc:
        use_power(state, "camuflaje", budget=ActionBudget(move=0, standard=0))
    assert exc.value.code == "turn.no_move_action"


def test_before_the_fight_switching_spends_nothing():
    state, budget, _ = use_power(fighter(powers={"camuflaje"}), "camuflaje", budget=None)
    assert budget is None and state.condition("camouflaged")


def test_only_owned_switchable_powers_are_switched():
    with pytest.raises(Refused) as exc:
        use_power(fighter(), "invisibilidad", budget=ActionBudget())
    assert exc.value.code == "powers.not_owned"
    with pytest.raises(Refused) as exc:
        use_power(fighter(powers={"superfuerza"}), "superfuerza", budget=ActionBudget())
    assert exc.value.code == "powers.not_switchable"
    with pytest.raises(Refused) as exc:
        use_power(fighter(powers={"crecer"}), "crecer", active=False, budget=ActionBudget())
    assert exc.value.code == "powers.not_active"


# --- Camuflaje, Invisibilidad ----------------------------------------------------------------


@pytest.mark.parametrize(("power", "slug"), [("camuflaje", "camouflaged"), ("invisibilidad", "invisible")])
def test_attacking_switches_camouflage_and_invisibility_off(power, slug):
    attacker = fighter(powers={power}, conditions=(Condition(slug, source=power, ends="manual"),))
    out = resolve_attack(attacker, fighter("b"), AttackSpec("melee"), FixedDice([15]))
    assert out.attacker.condition(slug) is None
    assert any(e.type == "power" and e.data["active"] is False for e in out.events)


def test_attacking_does_not_switch_shrinking_off():
    attacker = fighter(powers={"disminuirse"}, conditions=(Condition("shrunk", ends="manual"),))
    out = resolve_attack(attacker, fighter("b"), AttackSpec("melee"), FixedDice([15, 15]))
    assert out.attacker.condition("shrunk") is not None


def test_an_invisible_target_is_attacked_with_inferiority_unless_located():
    target = fighter("b", conditions=(Condition("invisible", ends="manual"),))
    assert sources(prepare_attack(fighter(), target, AttackSpec("melee")))["objetivo-invisible"] == -1
    located = fighter(conditions=(Condition("blind-fighting", other="b"),))
    assert "objetivo-invisible" not in sources(prepare_attack(located, target, AttackSpec("melee")))
    # Camuflaje hinders perception rolls only: no Inferioridad on the attack of a seen target.
    hidden = fighter("b", conditions=(Condition("camouflaged", ends="manual"),))
    assert prepare_attack(fighter(), hidden, AttackSpec("melee")).net == 0


def perceiver():
    return fighter(
        skills={"percepcion-visual": SkillStat(4, 0, "percepcion"), "sigilo": SkillStat(4, 0, "agilidad")}
    )


@pytest.mark.parametrize(("slug", "delta"), [("invisible", -2), ("camouflaged", -1)])
def test_perception_rolls_against_camouflage_and_invisibility(slug, delta):
    observed = fighter("b", conditions=(Condition(slug, ends="manual"),))
    out = skill_check(perceiver(), "percepcion-visual", FixedDice([10, 10, 10]), observed=observed)
    assert out.roll.superiority == delta
    plain = skill_check(perceiver(), "percepcion-visual", FixedDice([10]), observed=fighter("b"))
    assert plain.roll.superiority == 0
    other_skill = skill_check(perceiver(), "sigilo", FixedDice([10]), observed=observed)
    assert other_skill.roll.superiority == 0


# --- Disminuirse ------------------------------------------------------------------------------


def test_shrunk_brawn_attacks_have_inferiority_but_agility_attacks_do_not():
    shrunk = fighter(powers={"disminuirse"}, conditions=(Condition("shrunk", ends="manual"),))
    assert sources(prepare_attack(shrunk, fighter("b"), AttackSpec("melee")))["disminuirse"] == -1
    ranged = prepare_attack(shrunk, fighter("b"), AttackSpec("ranged", with_=THROWN_OBJECT))
    assert "disminuirse" not in sources(ranged)


def test_shrunk_brawn_checks_have_inferiority_and_stealth_superiority():
    shrunk = fighter(
        conditions=(Condition("shrunk", ends="manual"),),
        skills={"atletismo": SkillStat(4, 0, "corpulencia"), "sigilo": SkillStat(4, 0, "agilidad")},
    )
    assert skill_check(shrunk, "atletismo", FixedDice([10, 10])).roll.superiority == -1
    assert skill_check(shrunk, "sigilo", FixedDice([10, 10])).roll.superiority == 1


# --- Crecer -----------------------------------------------------------------------------------


def test_grown_counts_as_superfuerza_and_gains_interponerse():
    small = fighter(powers={"crecer"}, attributes={"corpulencia": 1})
    assert prepare_attack(small, fighter("b"), AttackSpec("melee")).bonus == 0  # bare hands: 0
    assert tier(small, "interponerse") == 0
    grown, _, _ = use_power(small, "crecer", budget=ActionBudget())
    assert prepare_attack(grown, fighter("b"), AttackSpec("melee")).bonus == 8  # special, Corpulencia 1
    assert grown.has("superfuerza") and tier(grown, "interponerse") == 1


def test_growth_attacks_only_while_grown():
    small = fighter(powers={"crecer"})
    with pytest.raises(Refused) as exc:
        prepare_attack(small, fighter("b"), AttackSpec("melee", with_="crecer"))
    assert exc.value.code == "powers.not_active"
    grown, _, _ = use_power(small, "crecer", budget=ActionBudget())
    assert prepare_attack(grown, fighter("b"), AttackSpec("melee", with_="crecer")).profile.slug == "crecer"


# --- Velocista --------------------------------------------------------------------------------


def speedster(running=True, archetype="velocista"):
    conds = (Condition("running", source="supermovimiento", ends="manual"),) if running else ()
    return fighter(
        archetype=archetype,
        powers={"supermovimiento", "ataque-especial-a-distancia"},
        attributes={"agilidad": 1, "corpulencia": H},
        conditions=conds,
    )


def test_a_running_speedster_fights_in_melee_with_agility():
    prepared = prepare_attack(speedster(), fighter("b"), AttackSpec("melee"))
    assert prepared.profile.attribute == "agilidad"
    assert prepare_attack(speedster(running=False), fighter("b"), AttackSpec("melee")).profile.attribute == (
        "corpulencia"
    )
    # Only the Velocista: anyone else running keeps Corpulencia.
    other = prepare_attack(speedster(archetype=None), fighter("b"), AttackSpec("melee"))
    assert other.profile.attribute == "corpulencia"


def test_a_running_speedster_shoots_with_inferiority():
    spec = AttackSpec("ranged", with_="ataque-especial-a-distancia")
    assert sources(prepare_attack(speedster(), fighter("b"), spec))["velocista"] == -1
    assert "velocista" not in sources(prepare_attack(speedster(running=False), fighter("b"), spec))


def test_running_is_switched_with_supermovimiento():
    state, budget, _ = use_power(speedster(running=False), "supermovimiento", budget=ActionBudget())
    assert state.condition("running") is not None and budget.left("move") == 0


# --- Masa de músculos: thrown objects ----------------------------------------------------------


def test_a_thrown_object_is_a_mundane_ranged_attack_with_agility():
    thrower = fighter(attributes={"agilidad": 1, "corpulencia": H})
    prepared = prepare_attack(thrower, fighter("b"), AttackSpec("ranged", with_=THROWN_OBJECT))
    assert prepared.profile.attribute == "agilidad"
    assert prepared.bonus == 4  # level 8 × min(1, mundane ½)
    with pytest.raises(Refused) as exc:
        prepare_attack(thrower, fighter("b"), AttackSpec("melee", with_=THROWN_OBJECT))
    assert exc.value.code == "attack.thrown_is_ranged"


def test_a_mass_of_muscle_throws_with_brawn():
    hulk = fighter(
        archetype="masa-de-musculos",
        attributes={"agilidad": 0, "corpulencia": 1},
        powers={"ataque-especial-a-distancia"},
        thrown={"ataque-especial-a-distancia"},
    )
    thrown = prepare_attack(hulk, fighter("b"), AttackSpec("ranged", with_=THROWN_OBJECT))
    assert thrown.profile.attribute == "corpulencia" and thrown.bonus == 4
    power = prepare_attack(hulk, fighter("b"), AttackSpec("ranged", with_="ataque-especial-a-distancia"))
    assert power.profile.attribute == "corpulencia" and power.bonus == 8


# --- Mago -------------------------------------------------------------------------------------


def mage():
    return fighter(archetype="mago", level=6, powers={"ataque-especial-a-distancia", "invisibilidad"})


def test_a_mage_must_cast_a_power_before_attacking_with_it():
    spec = AttackSpec("ranged", with_="ataque-especial-a-distancia")
    with pytest.raises(Refused) as exc:
        prepare_attack(mage(), fighter("b"), spec)
    assert exc.value.code == "powers.spell_not_cast"
    assert exc.value.text_es and exc.value.text_en
    state, budget = acting(mage())
    state, budget, events = use_power(state, "ataque-especial-a-distancia", budget=budget)
    assert (budget.left("move"), budget.left("communication"), budget.left("standard")) == (0, 1, 1)
    spell = state.condition("spell", other="ataque-especial-a-distancia")
    assert spell.turns == TURNS_PER_MINUTE * 6  # "1 minuto por nivel"
    assert events[0].data["spell_turns"] == 60
    out = resolve_attack(state, fighter("b"), spec, FixedDice([12]))
    assert out.hit is not None  # cast: the attack goes on
    # Casting again starts the duration over.
    recast, _, _ = use_power(end_turn(state), "ataque-especial-a-distancia", budget=ActionBudget())
    assert recast.condition("spell", other="ataque-especial-a-distancia").turns == 60
    # The next turns need no casting, until the spell runs out.
    again = end_turn(out.attacker)
    prepare_attack(again, fighter("b"), spec)
    for _ in range(59):
        again = end_turn(again)
    with pytest.raises(Refused):
        prepare_attack(again, fighter("b"), spec)


def test_a_mage_casting_a_switchable_power_switches_it_on_for_the_spell():
    state, budget, _ = use_power(mage(), "invisibilidad", budget=ActionBudget())
    assert (budget.left("move"), budget.left("communication")) == (0, 1)
    assert state.condition("invisible").turns == 60
    # Switched off and on again while the spell lasts: no new casting, only the move action.
    state, _, _ = use_power(state, "invisibilidad", active=False, budget=ActionBudget())
    state, budget, _ = use_power(state, "invisibilidad", budget=ActionBudget())
    assert (budget.left("move"), budget.left("communication")) == (0, 2)


# --- Tecnificado ------------------------------------------------------------------------------


def test_a_tech_suited_hero_without_the_armour_has_no_powers():
    hero = fighter(archetype="tecnificado", powers={"ataque-especial-a-distancia", "camuflaje"})
    spec = AttackSpec("ranged", with_="ataque-especial-a-distancia")
    prepare_attack(hero, fighter("b"), spec)  # armoured at the start of the fight
    bare, budget, _ = use_power(hero, ARMOUR, active=False, budget=ActionBudget())
    assert budget.left("move") == 0 and bare.condition("unarmoured")
    with pytest.raises(Refused) as exc:
        prepare_attack(bare, fighter("b"), spec)
    assert exc.value.code == "powers.needs_armour"
    with pytest.raises(Refused):
        use_power(bare, "camuflaje", budget=ActionBudget())
    suited, budget, events = use_power(bare, ARMOUR, budget=ActionBudget())
    assert budget.left("move") == 0 and suited.condition("unarmoured") is None
    assert "armadura" in events[0].text_es
    prepare_attack(suited, fighter("b"), spec)
    with pytest.raises(Refused):
        use_power(fighter(), ARMOUR, budget=ActionBudget())


def test_out_of_the_armour_no_power_counts_not_even_defenses_or_superfuerza():
    """ "forma sin superpoderes": Superprotección and Superfuerza go with the armour."""
    hero = fighter(
        archetype="tecnificado", powers={"superproteccion", "superfuerza"}, attributes={"corpulencia": 1}
    )
    punch = AttackSpec("melee")
    suited_defense = prepare_attack(fighter("b"), hero, punch).defense.value
    suited_bonus = prepare_attack(hero, fighter("b"), punch).bonus
    bare, _, _ = use_power(hero, ARMOUR, active=False, budget=ActionBudget())
    assert bare.powers == frozenset() and not bare.has("superfuerza")
    assert prepare_attack(fighter("b"), bare, punch).defense.value < suited_defense
    assert prepare_attack(bare, fighter("b"), punch).bonus < suited_bonus  # unarmed again
    suited, _, _ = use_power(bare, ARMOUR, budget=ActionBudget())
    assert suited.powers == hero.powers and suited.stowed_powers == frozenset()
    assert prepare_attack(fighter("b"), suited, punch).defense.value == suited_defense


# --- Uso limitado -----------------------------------------------------------------------------


def droid(hero_points=3):
    return fighter(
        powers={"ataque-especial-a-distancia"},
        limited={"ataque-especial-a-distancia": 1},
        hero_points=hero_points,
    )


SHOT = AttackSpec("ranged", with_="ataque-especial-a-distancia")


def test_a_limited_power_costs_hero_points_and_works_once_per_scene():
    state, _ = acting(droid())
    out = resolve_attack(state, fighter("b"), SHOT, FixedDice([12]))
    assert out.attacker.hero_points == 2
    assert any(e.data.get("hero_points_spent") == 1 for e in out.events)
    later, _ = acting(end_turn(out.attacker))
    with pytest.raises(Refused) as exc:
        prepare_attack(later, fighter("b"), SHOT)
    assert exc.value.code == "powers.limited_once_per_scene"
    # A new scene: usable again.
    fresh, _ = acting(end_scene(later))
    assert prepare_attack(fresh, fighter("b"), SHOT).attacker.hero_points == 1


def test_a_limited_power_needs_enough_hero_points():
    state = droid(hero_points=0)
    with pytest.raises(Refused) as exc:
        prepare_attack(state, fighter("b"), SHOT)
    assert exc.value.code == "powers.limited_needs_hero_points"
    pricey = fighter(
        powers={"ataque-especial-a-distancia"}, limited={"ataque-especial-a-distancia": 2}, hero_points=1
    )
    with pytest.raises(Refused):
        prepare_attack(pricey, fighter("b"), SHOT)


def test_paying_for_limited_use_is_the_turns_hero_point_use():
    state, _ = acting(droid())
    with pytest.raises(Refused) as exc:
        prepare_attack(
            state,
            fighter("b"),
            AttackSpec("ranged", with_="ataque-especial-a-distancia", hero_point="superioridad"),
        )
    assert exc.value.code == "hero_points.one_per_turn"


def test_an_area_attack_with_a_limited_power_is_one_use():
    state, _ = acting(droid())
    attacker, _hit, _events = resolve_multi_attack(
        state, [fighter("b"), fighter("c")], SHOT, FixedDice([12, 12])
    )
    assert attacker.hero_points == 2


def test_a_limited_power_with_duration_lasts_while_hero_points_keep_being_spent():
    state, budget = acting(fighter(powers={"invisibilidad"}, limited={"invisibilidad": 1}, hero_points=3))
    state, budget, _ = use_power(state, "invisibilidad", budget=budget)
    assert state.hero_points == 2 and state.condition("invisible")
    state, budget = acting(end_turn(state))
    assert state.condition("invisible")  # paid until the end of this next turn
    state, budget, events = use_power(state, "invisibilidad", budget=budget)  # keep it: pay again
    assert state.hero_points == 1 and budget.left("move") == 1  # no action
    assert events[-1].data["sustained"] is True
    state, _ = acting(end_turn(state))
    state = end_turn(state)  # not paid this turn: it ends
    assert state.condition("invisible") is None
    state, budget = acting(state)
    with pytest.raises(Refused) as exc:
        use_power(state, "invisibilidad", budget=budget)
    assert exc.value.code == "powers.limited_once_per_scene"
