"""ARQUETIPOS › Energizado: "todo el que le golpea cuerpo a cuerpo o le toca recibe un ataque
automático pero que sólo resta a la defensa y no puede causar daño. Esto no se aplica cuando él
mismo ataca." The aura is a real roll of the Energizado's special melee attack, thrown with the
injected dice right after the hit; a hit costs the toucher exactly 1 defense."""

from fractions import Fraction

from rules.core.dice import FixedDice
from rules.epic20 import index
from rules.epic20.resolution import AttackSpec, CombatantState, attack_odds, resolve_attack
from rules.epic20.resolution.state import UNCONSCIOUS

H = Fraction(1, 2)
FIRE = "inmunidad-a-un-elemento-o-tipo-de-energia-no-especial"


def fighter(id, level=8, **kw):
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    hp = kw.pop("hit_points", 10)
    return CombatantState(id, level=level, hit_points=hp, hit_points_max=hp, attributes=attributes, **kw)


def brawler(**kw):
    """Superfuerza, Corpulencia 1, level 8: unarmed special melee at +8; defense 14."""
    return fighter("a", powers={"superfuerza", *kw.pop("powers", ())}, attributes={"corpulencia": 1}, **kw)


def energized(power="ataque-especial-cuerpo-a-cuerpo", attributes=None, **kw):
    """An Energizado whose aura rolls its special melee attack at +8 (Corpulencia 1)."""
    return fighter(
        "e",
        archetype="energizado",
        powers={power, *kw.pop("powers", ())},
        attributes=attributes or {"corpulencia": 1},
        **kw,
    )


def attack(attacker, target, dice, **spec):
    kind = spec.pop("kind", "melee")
    return resolve_attack(attacker, target, AttackSpec(kind, **spec), dice, index.POWERS)


def aura_events(outcome):
    return [e for e in outcome.events if e.type == "energized_attack"]


def test_hitting_an_energized_in_melee_brings_an_automatic_attack_that_costs_one_defense():
    dice = FixedDice([16, 10])  # the punch: 24 vs 14; the aura: 10 + 8 = 18 vs the brawler's 14
    out = attack(brawler(), energized(), dice)
    assert out.hit and out.target.hit_points == 8
    assert out.attacker.defense_penalty == 1
    assert out.attacker.hit_points == 10
    (aura,) = aura_events(out)
    assert aura.rule == "ARQUETIPOS › Energizado"
    assert (aura.actor, aura.target) == ("e", "a")
    assert aura.roll.faces == (10,) and aura.roll.bonus == 8 and aura.roll.total == 18
    assert aura.data["hit"] is True and aura.data["defense_penalty"] == 1 and aura.data["damage"] == 0
    assert aura.text_es and aura.text_en
    assert [e.type for e in out.events].count("attack") == 1  # the reroll finds one attack roll


def test_the_aura_never_damages_and_its_successes_cost_no_more_than_one_defense():
    out = attack(brawler(), energized(), FixedDice([16, 19]))  # aura 27 vs 14: two successes
    (aura,) = aura_events(out)
    assert aura.data["successes"] == 2
    assert (out.attacker.defense_penalty, out.attacker.hit_points) == (1, 10)
    assert out.attacker.condition("stunned") is None


def test_an_aura_that_misses_costs_nothing():
    out = attack(brawler(), energized(), FixedDice([16, 3]))  # aura 11 vs 14
    (aura,) = aura_events(out)
    assert aura.data["hit"] is False
    assert out.attacker.defense_penalty == 0


def test_the_aura_rolls_against_the_toucher_s_own_defense():
    armoured = brawler(powers={"superproteccion"})  # 14 + ½ nivel special = 18
    out = attack(armoured, energized(), FixedDice([16, 9]))  # aura 17 vs 18
    assert aura_events(out)[0].data["target_defense"] == 18
    assert out.attacker.defense_penalty == 0


def test_the_aura_uses_the_energized_s_own_special_melee_power_and_attribute():
    nimble = energized("ataque-especial-cuerpo-a-cuerpo-agil", attributes={"corpulencia": 0, "agilidad": 1})
    out = attack(brawler(), nimble, FixedDice([16, 10]))  # Agilidad 1: +8, 18 vs 14
    (aura,) = aura_events(out)
    assert (aura.roll.bonus, aura.data["attribute"], aura.data["with"]) == (
        8,
        "agilidad",
        "ataque-especial-cuerpo-a-cuerpo-agil",
    )
    assert out.attacker.defense_penalty == 1


def test_a_miss_touches_nothing_and_rolls_no_aura():
    dice = FixedDice([2, 10])
    out = attack(brawler(), energized(), dice)
    assert not out.hit and aura_events(out) == []
    assert dice.remaining == 1 and out.attacker.defense_penalty == 0


def test_ranged_cone_and_area_attacks_do_not_touch():
    ray = fighter("a", powers={"ataque-especial-a-distancia"}, attributes={"agilidad": 1})
    dice = FixedDice([16, 10])
    out = attack(ray, energized(), dice, kind="ranged", with_="ataque-especial-a-distancia")
    assert out.hit and aura_events(out) == [] and dice.remaining == 1
    cone = "ataque-especial-cuerpo-a-cuerpo-forma-de-cono"
    breath = fighter("a", powers={cone}, attributes={"corpulencia": 1})
    dice = FixedDice([16, 10])
    out = attack(breath, energized(), dice, with_=cone)
    assert out.hit and aura_events(out) == [] and dice.remaining == 1


def test_the_energized_own_attacks_bring_no_aura():
    dice = FixedDice([16, 10])
    out = attack(energized(), fighter("x"), dice, with_="ataque-especial-cuerpo-a-cuerpo")
    assert out.hit and aura_events(out) == [] and dice.remaining == 1
    assert out.attacker.defense_penalty == 0


def test_an_energized_hitting_another_energized_gets_the_other_s_aura():
    other = fighter("x", archetype="energizado", powers={"ataque-especial-cuerpo-a-cuerpo"})
    out = attack(energized(), other, FixedDice([16, 18]), with_="ataque-especial-cuerpo-a-cuerpo")
    # The other's aura: Corpulencia ½ at level 8 → +4; 22 vs the attacker's 14.
    (aura,) = aura_events(out)
    assert (aura.actor, aura.target, aura.roll.bonus) == ("x", "e", 4)
    assert out.attacker.defense_penalty == 1


def test_an_attacker_immune_to_the_aura_s_energy_loses_nothing():
    fire_aura = energized(details={"ataque-especial-cuerpo-a-cuerpo": ("fuego",)})
    salamander = brawler(powers={FIRE}, details={FIRE: ("fuego",)})
    out = attack(salamander, fire_aura, FixedDice([16, 10]))
    (aura,) = aura_events(out)
    assert aura.data["hit"] is True and aura.data["blocked"] == "immune"
    assert aura.data["element"] == "fuego"
    assert out.attacker.defense_penalty == 0
    plain = attack(brawler(), fire_aura, FixedDice([16, 10]))
    assert plain.attacker.defense_penalty == 1


def test_a_helpless_or_insubstantial_energized_shocks_nobody():
    down = energized(status=UNCONSCIOUS, hit_points=10)
    dice = FixedDice([16, 5, 10])  # finishing a helpless target: Superioridad, two dice
    out = attack(brawler(), down, dice)
    assert out.hit and aura_events(out) == [] and dice.remaining == 1
    ghostly = energized(powers={"insustancial"})
    dice = FixedDice([16, 10])
    out = attack(brawler(), ghostly, dice)
    assert aura_events(out) == [] and dice.remaining == 1


def test_a_hero_point_reroll_of_the_hit_also_brings_the_aura():
    attacker = brawler(hero_points=3)
    first = attack(attacker, energized(), FixedDice([2]))  # a miss: no aura
    spec = AttackSpec("melee")
    out = resolve_attack(attacker, energized(), spec, FixedDice([16, 10]), index.POWERS, rerolling=first.roll)
    assert out.hit and len(aura_events(out)) == 1
    assert out.attacker.defense_penalty == 1


def test_odds_are_about_the_attack_itself():
    plain = fighter("e", powers={"ataque-especial-cuerpo-a-cuerpo"}, attributes={"corpulencia": 1})
    with_aura = attack_odds(brawler(), energized(), "melee", "unarmed", powers=index.POWERS)
    without = attack_odds(brawler(), plain, "melee", "unarmed", powers=index.POWERS)
    assert (with_aura["p_hit"], with_aura["expected_damage"]) == (
        without["p_hit"],
        without["expected_damage"],
    )


def test_a_hit_the_energized_is_immune_to_still_touches_it():
    fire_proof = energized(powers={FIRE}, details={FIRE: ("fuego",)})
    out = attack(brawler(), fire_proof, FixedDice([16, 10]), element="fuego")
    assert out.damage == 0 and out.target.hit_points == 10
    assert len(aura_events(out)) == 1 and out.attacker.defense_penalty == 1


def test_both_attacks_of_ataque_doble_touch_the_energized():
    from rules.epic20.resolution import resolve_double_attack

    brute = brawler(maneuvers={"ataque-doble"})
    target = energized()
    # Each attack rolls 2d20 keep worst (Inferioridad): 16, 18 → 16 hits (24 vs 14); the aura
    # answers with a 10 (18 vs 14); the second attack the same, then its aura misses with a 2.
    attacker, _, events = resolve_double_attack(
        brute, (target, target), AttackSpec("melee"), FixedDice([16, 18, 10, 17, 19, 2]), index.POWERS
    )
    auras = [e for e in events if e.type == "energized_attack"]
    assert [a.roll.faces for a in auras] == [(10,), (2,)]
    assert attacker.defense_penalty == 1
