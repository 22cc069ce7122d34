"""Necesita un elemento para subsistir (COMPLICACIONES, seed l.881)."""

from dataclasses import replace

import pytest

from rules.epic20.resolution import CombatantState, Refused, rest
from rules.epic20.resolution.damage import heal
from rules.epic20.resolution.hero_points import spend
from rules.epic20.resolution.needs import NEEDS_ELEMENT, sleep


def aquatic(**kw):
    return CombatantState(
        "n",
        level=8,
        hit_points=4,
        hit_points_max=4,
        complications={NEEDS_ELEMENT},
        details={NEEDS_ELEMENT: "agua"},
        **kw,
    )


def test_a_night_without_the_element_costs_a_point_that_nothing_heals_until_a_night_with_it():
    """Seed l.881: "debe dormir rodeado de cierto elemento o recibe 1 pto de daño que no puede ser
    sanado hasta haber logrado este tipo de sueño"."""
    dry, events = sleep(aquatic(), with_element=False)
    assert dry.hit_points == 3 and dry.unhealable_damage == 1
    assert "agua" in events[0].text_es and "agua" in events[0].text_en
    assert heal(dry, 3).hit_points == 3
    assert rest(dry, 60)[0].hit_points == 3
    assert spend(replace(dry, hero_points=1), "punto-de-vida")[0].hit_points == 3
    wet, _ = sleep(dry, with_element=True)
    assert wet.unhealable_damage == 0
    assert rest(wet, 5)[0].hit_points == 4


def test_the_block_stacks_night_after_night_but_other_damage_still_heals():
    dry, _ = sleep(aquatic(), with_element=False)
    drier, _ = sleep(dry, with_element=False)
    assert (drier.hit_points, drier.unhealable_damage) == (2, 2)
    hurt = replace(drier, hit_points=1)
    assert heal(hurt, 3).hit_points == 2  # the ordinary point heals, the two blocked do not


def test_sleep_is_refused_for_a_character_without_the_complication():
    with pytest.raises(Refused) as err:
        sleep(CombatantState("x", level=8, hit_points=4, hit_points_max=4), with_element=False)
    assert err.value.code == "needs.no_complication"
