"""The ready sheets are valid and fight each other."""

import pytest

from rules.anima.examples import EXAMPLES, ORC, SWORDSWOMAN, WIZARD
from rules.anima.system import SYSTEM

from .helpers import act, events, table_with


@pytest.mark.parametrize("data", EXAMPLES, ids=lambda d: d["name"])
def test_every_example_sheet_is_valid_without_warnings(data):
    checked = SYSTEM.check_sheet(data)
    assert checked.valid and checked.warnings == ()


def test_the_example_characters_fight_an_orc():
    table = table_with(
        SWORDSWOMAN, WIZARD, ORC, sides=["heroes", "heroes", "foes"], started=True, dice=[9, 5, 1]
    )
    assert table.state["turn_order"] == [1, 2, 3]
    act(table, [6, 4, 5, 5, 5, 5], {"type": "attack", "target": 3, "with": "Espada larga", "attacks": 3}, 1)
    act(table, [], {"type": "end_turn"}, 1)
    act(
        table,
        [7, 3, 6, 6],
        {"type": "attack", "target": 3, "with": "Dardo de fuego", "capability": "magic"},
        2,
    )
    act(table, [4], {"type": "area_power", "power": "Bola de fuego", "targets": [3]}, 2)
    assert len(events(table, "attack")) >= 2 and len(events(table, "power_effect")) == 1
