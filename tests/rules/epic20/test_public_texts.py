"""The public texts of events that carry a GM's numbers: what players read when those numbers are a
hidden NPC's. They tell what happened at the table (roll, hit, damage dealt) and leave out the
defense, the hit points left and the hero points held."""

from fractions import Fraction

from rules.core.dice import FixedDice
from rules.epic20.resolution import AttackSpec, CombatantState, dying_check, resolve_attack
from rules.epic20.resolution.hero_points import award
from rules.epic20.resolution.state import DYING

H = Fraction(1, 2)


def fighter(id, level=8, hit_points=4, **kw):
    return CombatantState(id, level=level, hit_points=hit_points, hit_points_max=4, name=id.title(), **kw)


def test_an_attack_and_its_damage_have_public_texts_without_defense_or_hit_points():
    outcome = resolve_attack(fighter("ana"), fighter("orco"), AttackSpec(kind="melee"), FixedDice([20]))
    attack = next(e for e in outcome.events if e.type == "attack")
    damage = next(e for e in outcome.events if e.type == "damage")
    defense = attack.data["target_defense"]
    assert f"defensa {defense}" in attack.text_es
    assert attack.private == "target" and damage.private == "target"
    public_es, public_en = attack.public
    assert "defensa" not in public_es and "defense" not in public_en
    assert public_es == f"Ana ataca a Orco: {outcome.roll.total}, impacta ({outcome.damage} de daño)."
    left = outcome.target.hit_points
    assert damage.text_es.endswith(f"({left}).")
    points_es, points_en = ("punto", "point") if outcome.damage == 1 else ("puntos", "points")
    assert damage.public == (
        f"Orco pierde {outcome.damage} {points_es} de vida.",
        f"Orco loses {outcome.damage} hit {points_en}.",
    )
    assert attack.as_dict()["public_text_es"] == public_es


def test_a_miss_reads_as_a_miss_in_public():
    outcome = resolve_attack(fighter("ana"), fighter("orco"), AttackSpec(kind="melee"), FixedDice([1]))
    attack = next(e for e in outcome.events if e.type == "attack")
    assert attack.public[0].endswith(", falla.") and attack.public[1].endswith(", misses.")


def test_a_dying_check_that_loses_a_point_keeps_the_hit_points_left_out_of_the_public_text():
    state, events = dying_check(fighter("orco", hit_points=-2, status=DYING), FixedDice([3]))
    check = events[0]
    assert check.text_es.endswith(": -3.")
    assert check.private == "actor"
    assert check.public == ("Orco pierde 1 punto de vida (3).", "Orco loses 1 hit point (3).")


def test_a_hero_point_award_hides_the_count_in_public():
    state, (event,) = award(fighter("orco"), 1)
    assert "(1/4)" in event.text_es
    assert event.public == ("Orco gana 1 punto de Héroe.", "Orco gains 1 hero point.")
