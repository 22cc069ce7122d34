"""An Anima action is validated once, by the site, against its type's schema: a value of the
wrong shape is a 400 with its field's path that changes nothing, and the engine, which trusts a
validated action, never sees it."""

from __future__ import annotations

import pytest

from tests.combat.test_anima_api_fight import Table

pytestmark = pytest.mark.django_db

# (action, sent by the player for Celia or by the GM, the error's path); "orc" is the GM's NPC.
WRONG_SHAPES = [
    ({"type": "attack", "target": "orc", "with": "Espada larga", "aimed": ["head"]}, "player", "/aimed"),
    (
        {"type": "attack", "target": "orc", "with": "Espada larga", "capability": {"x": 1}},
        "player",
        "/capability",
    ),
    ({"type": "attack", "target": None, "with": "Espada larga"}, "player", "/target"),
    ({"type": "attack", "target": "2", "with": "Espada larga"}, "player", "/target"),
    ({"type": "attack", "target": "orc", "with": 7}, "player", "/with"),
    ({"type": "attack", "target": "orc", "with": "Espada larga", "attacks": 2.5}, "player", "/attacks"),
    ({"type": "attack", "target": "orc", "with": "Espada larga", "attacks": True}, "player", "/attacks"),
    ({"type": "attack", "with": "Espada larga"}, "player", "/target"),
    ({"type": "move", "metres": "lejos"}, "player", "/metres"),
    ({"type": "area_power", "power": "Fuego", "targets": ["x"]}, "player", "/targets/0"),
    ({"type": "area_power", "power": "Fuego", "targets": 2}, "player", "/targets"),
    ({"type": "equip", "weapons": "Espada larga"}, "player", "/weapons"),
    ({"type": "condition", "target": "orc", "condition": ["prone"]}, "gm", "/condition"),
    ({"type": "condition", "target": "orc", "condition": "prone", "on": "sí"}, "gm", "/on"),
    ({"type": "choose_defense", "capability": ["magic"]}, "gm-orc", "/capability"),
    ({"type": "adjust", "target": "orc", "hit_points": "50"}, "gm", "/hit_points"),
    (
        {"type": "set_results_table", "minimums": [1, "2"], "maximums": [], "damage_percents": []},
        "gm",
        "/minimums/1",
    ),
]


@pytest.mark.parametrize(("action", "who", "path"), WRONG_SHAPES)
def test_a_value_of_the_wrong_shape_is_refused_by_the_site_with_its_field(action, who, path):
    t = Table()
    sent = {k: (t.orc if v == "orc" else v) for k, v in action.items()}
    if who == "player":
        sent["actor"] = t.celia
    elif who == "gm-orc":
        sent["actor"] = t.orc
    client = t.player if who == "player" else t.gm
    before = t.gm.get(f"{t.url}/").json()
    answer = client.post(f"{t.url}/actions/", sent, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["errors"][0]["path"] == path
    assert t.gm.get(f"{t.url}/").json() == before
