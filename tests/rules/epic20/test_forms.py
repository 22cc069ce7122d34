"""Changes of form: Convertirse en gas (seed l.357), gas nocivo (l.359), Convertirse en animal (l.355)."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.index import POWERS
from rules.epic20.resolution import (
    ActionBudget,
    AttackSpec,
    CombatantState,
    Refused,
    end_turn,
    resolve_attack,
    resolve_multi_attack,
    start_turn,
    use_power,
)

H = Fraction(1, 2)


def person(id="a", **kw):
    attributes = dict.fromkeys(("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia"), H)
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    return CombatantState(id, level=8, hit_points=4, hit_points_max=4, attributes=attributes, **kw)


def gas(power="convertirse-en-gas"):
    state, budget, events = use_power(person("g", powers={power}), power, budget=ActionBudget())
    assert budget.left("move") == 0  # "Cambiar de estado cuesta 1 acción de movimiento"
    return state


SHOOTER = person(
    powers={"ataque-especial-a-distancia", "ataque-especial-de-area-circular-a-distancia"},
    attributes={"agilidad": 1},
)


@pytest.mark.parametrize(
    ("with_", "element", "affected"),
    [
        ("ataque-especial-a-distancia", "", False),  # "El resto de efectos y daños no se le aplican"
        ("ataque-especial-a-distancia", "fuego", False),
        ("ataque-especial-a-distancia", "viento", True),  # "efectos de viento"
        ("ataque-especial-de-area-circular-a-distancia", "", True),  # "ataques con áreas de efecto"
    ],
)
def test_only_areas_of_effect_and_wind_affect_the_gas_form(with_, element, affected):
    """Seed l.357: "es afectado por ataques con áreas de efecto y por efectos de viento. El resto de
    efectos y daños no se le aplican"."""
    spec = AttackSpec("ranged", with_, element=element)
    out = resolve_attack(SHOOTER, gas(), spec, FixedDice([16]), POWERS)
    assert out.hit
    assert (out.target.hit_points < 4) is affected
    assert (out.target.defense_penalty + (4 - out.target.hit_points) > 0) is affected
    assert any(e.type == "gas_form" for e in out.events) is not affected


def test_a_cone_reaches_the_gas_form():
    spec = AttackSpec("ranged", "ataque-de-rafaga", cone=True)
    burst = person(powers={"ataque-de-rafaga"}, attributes={"agilidad": 1})
    _, (hit,), _ = resolve_multi_attack(burst, [gas()], spec, FixedDice([18, 18]), POWERS)
    assert hit.hit_points < 4


def test_the_gas_cannot_attack_the_physical_world_but_the_noxious_gas_can_choke():
    """Seed l.357: "No puede interactuar con el medio físico"; l.359, gas nocivo: "puede realizar un
    ataque mundano de ahogamiento, de cuerpo a cuerpo"."""
    with pytest.raises(Refused) as err:
        resolve_attack(gas(), person("t"), AttackSpec("melee"), FixedDice([10]))
    assert err.value.code == "attack.gas_form"
    noxious = gas("convertirse-en-gas-nocivo")
    out = resolve_attack(
        noxious, person("t"), AttackSpec("melee", "convertirse-en-gas-nocivo"), FixedDice([10])
    )
    assert out.roll is not None


def test_changing_into_an_animal_is_a_move_action_limited_to_once_per_turn():
    """Seed l.355: Convertirse en animal — "Cambiar de forma es una acción de movimiento, limitada a
    1 por turno"."""
    shifter = person("s", powers={"convertirse-en-animal", "accion-de-movimiento-extra"})
    budget = ActionBudget(move=2)
    shifted, budget, _ = use_power(shifter, "convertirse-en-animal", budget=budget)
    assert budget.left("move") == 1 and shifted.condition("animal-form")
    with pytest.raises(Refused) as err:
        use_power(shifted, "convertirse-en-animal", active=False, budget=budget)
    assert err.value.code == "powers.once_per_turn"
    next_turn = start_turn(end_turn(shifted)).state
    back, _, _ = use_power(next_turn, "convertirse-en-animal", active=False, budget=ActionBudget())
    assert not back.condition("animal-form")
