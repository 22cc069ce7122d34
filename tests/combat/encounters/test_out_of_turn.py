"""Acting out of turn is a conflict (docs/api.md: 409) whatever the action: an attack, a maneuver, a
support action or switching a power, and it changes nothing."""

from __future__ import annotations

import pytest

from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "action",
    [
        {"type": "attack", "kind": "melee"},
        {"type": "maneuver", "maneuver": "defensa-total"},
        {"type": "support", "use": "regeneracion"},
        {"type": "use_power", "power": "volar"},
        {"type": "end_turn"},
    ],
    ids=lambda a: a["type"],
)
def test_a_player_acting_on_the_thugs_turn_gets_a_conflict(table, faces, action):
    encounter, nova, thug = started(table, faces)  # the thug's turn
    version = table.state(encounter)["version"]
    extra = {"target": thug} if action["type"] == "attack" else {}
    response = table.act(encounter, client=table.player_api, actor=nova, **action, **extra)
    assert response.status_code == 409, response.json()
    assert response.json()["errors"][0]["code"] in ("turn.not_yours", "turn.none")
    assert table.state(encounter)["version"] == version
