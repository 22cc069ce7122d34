"""FAQ "¿Cómo muere un personaje?": the dying check, stabilizing, death and Inmortalidad."""

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.core.errors import Refused
from rules.epic20.resolution import CombatantState, dying_check, stabilize, start_turn
from rules.epic20.resolution.dying import dying_sources
from rules.epic20.resolution.state import DEAD, DYING, STABLE, UNCONSCIOUS

H = Fraction(1, 2)


def dying(hit_points=-1, level=8, corpulencia=H, **kw):
    state = CombatantState(
        "d",
        level=level,
        hit_points=4,
        hit_points_max=4,
        attributes={"corpulencia": Fraction(corpulencia)},
        **kw,
    )
    return replace(state, hit_points=hit_points, status=DYING)


@pytest.mark.parametrize(
    ("face", "hit_points", "status"),
    [
        (1, -2, DYING),
        (9, -2, DYING),  # below 10: loses 1 hit point
        (10, -1, DYING),  # 10+: no loss
        (15, -1, DYING),
        (16, -1, STABLE),  # 16+: stabilizes
        (20, -1, STABLE),
    ],
)
def test_dying_check_loses_a_point_below_10_holds_at_10_and_stabilizes_at_16(face, hit_points, status):
    state, events = dying_check(dying(), FixedDice([face]))
    assert (state.hit_points, state.status) == (hit_points, status)
    assert events[0].roll.bonus == 0


@pytest.mark.parametrize(
    ("corpulencia", "advantages", "net"),
    [(0, (), -1), (H, (), 0), (1, (), 1), (0, ("dificil-de-matar",), 0), (1, ("dificil-de-matar",), 2)],
)
def test_corpulencia_and_dificil_de_matar_set_the_superioridad_of_the_check(corpulencia, advantages, net):
    state = dying(corpulencia=corpulencia, advantages=advantages)
    assert sum(s.delta for s in dying_sources(state)) == net
    faces = [5, 18, 3][: abs(net) + 1]
    after, events = dying_check(state, FixedDice(faces))
    assert events[0].roll.superiority == net
    assert events[0].roll.kept == (max(faces) if net >= 0 else min(faces))


def test_reaching_minus_level_kills():
    state, events = dying_check(dying(hit_points=-7, level=8), FixedDice([3]))
    assert (state.hit_points, state.status) == (-8, DEAD)
    assert events[-1].data["target_status"] == DEAD


def test_an_immortal_stops_losing_at_minus_level_and_stays_unconscious():
    state, _ = dying_check(dying(hit_points=-8, level=8, powers={"inmortalidad"}), FixedDice([3]))
    assert (state.hit_points, state.status) == (-8, UNCONSCIOUS)


def test_the_dying_check_happens_at_the_start_of_the_dying_characters_turn():
    start = start_turn(dying(), FixedDice([2]))
    assert start.state.hit_points == -2
    assert start.budget.as_dict()["standard"] == 0
    assert [e.type for e in start.events] == ["dying_check"]


def test_medicine_or_healing_stabilizes_and_only_the_dying_can_be_stabilized():
    state, _ = stabilize(dying())
    assert state.status == STABLE
    with pytest.raises(Refused):
        stabilize(state)
    with pytest.raises(Refused):
        dying_check(state, FixedDice([10]))
