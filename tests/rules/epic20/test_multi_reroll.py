"""A hero point rerolls ONE roll of an action with several (PUNTOS DE HÉROE: "Repetir un dado de
20 ya lanzado. Sólo será válido el segundo resultado"): an area attack's roll against one target,
or one of Ataque doble's two attacks. Only that die is thrown again; the other rolls stay exactly
as first thrown."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.resolution import (
    AttackSpec,
    CombatantState,
    Refused,
    resolve_double_attack,
    resolve_multi_attack,
)

H = Fraction(1, 2)
AREA = "ataque-especial-de-area-circular-a-distancia"


def fighter(id, **kw):
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update(kw.pop("attributes", {}))
    return CombatantState(id, level=8, hit_points=4, hit_points_max=4, attributes=attributes, **kw)


def rolls(events):
    return [e.roll for e in events if e.type == "attack"]


def area_first():
    attacker = fighter("a", powers={AREA}, attributes={"agilidad": 1}, hero_points=3)
    targets = [fighter("t1"), fighter("t2")]
    spec = AttackSpec("ranged", AREA)
    after, hit, events = resolve_multi_attack(attacker, targets, spec, FixedDice([2, 16]))
    return attacker, targets, spec, rolls(events), hit


def test_rerolling_the_first_target_keeps_the_second_roll_and_costs_two_points():
    attacker, targets, spec, first, hit = area_first()
    assert [r.kept for r in first] == [2, 16]
    after, again, events = resolve_multi_attack(
        attacker, targets, spec, FixedDice([19]), first_rolls=first, reroll=0
    )
    second = rolls(events)
    assert [r.kept for r in second] == [19, 16]
    assert second[0].previous == first[0] and second[1] is first[1]
    assert after.hero_points == 1  # "Cuesta 2 puntos de héroe si la acción es de combate"
    assert again[1].hit_points == hit[1].hit_points
    assert again[0].hit_points < hit[0].hit_points  # the 19 now hits the first target
    assert [e.type for e in events].count("hero_point") == 1


def test_rerolling_the_second_target_leaves_the_first_as_it_was():
    attacker, targets, spec, first, hit = area_first()
    _, again, events = resolve_multi_attack(
        attacker, targets, spec, FixedDice([1]), first_rolls=first, reroll=1
    )
    assert [r.kept for r in rolls(events)] == [2, 1]
    assert again[0].hit_points == hit[0].hit_points
    assert again[1].hit_points == 4  # the 16 that hit is gone: only the second result counts


def test_a_reroll_must_name_one_of_the_action_rolls():
    attacker, targets, spec, first, _ = area_first()
    for reroll in (None, 2, -1):
        with pytest.raises(Refused) as refused:
            resolve_multi_attack(attacker, targets, spec, FixedDice([5]), first_rolls=first, reroll=reroll)
        assert refused.value.code == "hero_points.reroll_mismatch"
    with pytest.raises(Refused):
        resolve_multi_attack(attacker, targets[:1], spec, FixedDice([5]), first_rolls=first, reroll=0)


def test_a_reroll_without_the_points_is_refused():
    attacker, targets, spec, first, _ = area_first()
    poor = fighter("a", powers={AREA}, attributes={"agilidad": 1}, hero_points=1)
    with pytest.raises(Refused):
        resolve_multi_attack(poor, targets, spec, FixedDice([19]), first_rolls=first, reroll=0)


def test_one_of_the_two_attacks_of_ataque_doble_is_rerolled():
    brute = fighter(
        "a", powers={"superfuerza"}, maneuvers={"ataque-doble"}, attributes={"corpulencia": 1}, hero_points=2
    )
    pair = (fighter("t1"), fighter("t2"))
    _, first_hit, events = resolve_double_attack(brute, pair, AttackSpec("melee"), FixedDice([11, 12, 3, 2]))
    first = rolls(events)
    assert [r.kept for r in first] == [11, 2]
    after, again, events = resolve_double_attack(
        brute, pair, AttackSpec("melee"), FixedDice([18, 17]), first_rolls=first, reroll=1
    )
    second = rolls(events)
    assert second[0] is first[0] and second[1].kept == 17 and second[1].previous == first[1]
    assert again[0].hit_points == first_hit[0].hit_points
    assert again[1].hit_points < first_hit[1].hit_points
    assert after.hero_points == 0


# --- help that is for one roll ------------------------------------------------------------------


def test_teamwork_helps_only_the_first_roll_of_an_area_attack_and_inspiration_all_of_them():
    """Trabajo en equipo: Superioridad "en cualquier tirada" (one roll); Inspirar a otros:
    Superioridad "en su próxima acción estándar" (the whole action, every roll)."""
    from rules.epic20.resolution.sources import Source

    attacker = fighter("a", powers={AREA}, attributes={"agilidad": 1})
    targets = [fighter("t1"), fighter("t2")]
    teamwork = Source("trabajo-en-equipo", +1, "LISTA DE VENTAJAS", "Trabajo en equipo", "Teamwork")
    inspired = Source("inspirar-a-otros", +1, "LISTA DE VENTAJAS", "Inspirado", "Inspired")
    spec = AttackSpec("ranged", AREA, extra_sources=(teamwork,))
    _, _, events = resolve_multi_attack(attacker, targets, spec, FixedDice([5, 6, 7]))
    assert [r.superiority for r in rolls(events)] == [1, 0]
    spec = AttackSpec("ranged", AREA, extra_sources=(inspired,))
    _, _, events = resolve_multi_attack(attacker, targets, spec, FixedDice([5, 6, 7, 8]))
    assert [r.superiority for r in rolls(events)] == [1, 1]


def test_teamwork_helps_only_the_first_attack_of_ataque_doble():
    from rules.epic20.resolution.sources import Source

    brute = fighter("a", powers={"superfuerza"}, maneuvers={"ataque-doble"}, attributes={"corpulencia": 1})
    teamwork = Source("trabajo-en-equipo", +1, "LISTA DE VENTAJAS", "Trabajo en equipo", "Teamwork")
    pair = (fighter("t1"), fighter("t2"))
    _, _, events = resolve_double_attack(
        brute, pair, AttackSpec("melee", extra_sources=(teamwork,)), FixedDice([11, 12, 3])
    )
    assert [r.superiority for r in rolls(events)] == [0, -1]  # Inferioridad of Ataque doble, helped once
