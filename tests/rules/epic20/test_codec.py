"""The state codec: every field type the engine's combatant uses survives JSON and comes back as
the exact type, and stored states missing newer fields still load."""

from __future__ import annotations

import json
from fractions import Fraction

from rules.epic20.encounter.codec import decode, decode_dataclass, encode
from rules.epic20.resolution import CombatantState, Condition, EquipmentState, ProgressionEffect, SkillStat

H = Fraction(1, 2)


def rich_state() -> CombatantState:
    return CombatantState(
        "3",
        level=8,
        hit_points=-2,
        hit_points_max=6,
        name="Nova",
        side="heroes",
        attributes={
            "corpulencia": Fraction(1),
            "agilidad": H,
            "percepcion": H,
            "inteligencia": H,
            "presencia": 0,
        },
        powers={"superfuerza", "volar"},
        maneuvers={"parada"},
        advantages={"dificil-de-matar"},
        complications={"vulnerabilidad-a-algo"},
        archetype="energizado",
        penetrating={"Espada"},
        attack_bonus={"melee": 8, "mental": None},
        skills={"sigilo": SkillStat(4, -1, "agilidad", H)},
        equipment=(EquipmentState("Espada", "special", power="x", reach=True, status="broken"),),
        minion=True,
        defense_penalty=3,
        conditions=(Condition("stunned", "damage", "ATURDIMIENTO", by="4", other=None, value=1, turns=2),),
        progressions=(ProgressionEffect("agarrar", "4", 8, 2, ("a", "b"), "corpulencia", maintained=False),),
        hero_points=2,
        status="dying",
        emotional_damage=1,
        attribute_drain={"agilidad": H},
    )


def test_a_combatant_round_trips_through_json_with_its_exact_types():
    state = rich_state()
    back = decode_dataclass(CombatantState, json.loads(json.dumps(encode(state))))
    assert back == state
    assert isinstance(back.attributes["agilidad"], Fraction)
    assert isinstance(back.powers, frozenset) and isinstance(back.equipment, tuple)
    assert isinstance(back.skills["sigilo"].value, Fraction)
    assert back.progressions[0].steps == ("a", "b")


def test_unknown_keys_are_ignored_and_missing_ones_take_their_default():
    stored = encode(rich_state())
    stored["from_a_future_engine"] = 1
    del stored["hero_points"]
    back = decode_dataclass(CombatantState, stored)
    assert back.hero_points == 0 and back.name == "Nova"


def test_plain_values_decode_to_their_annotated_types():
    assert decode(int, "7") == 7 and decode(int, True) is True
    assert decode(Fraction, "1/2") == H
    assert decode(tuple[int, ...], [1, "2"]) == (1, 2)
    assert decode(int | None, None) is None
    assert decode(dict[str, Fraction], {"a": "3/2"}) == {"a": Fraction(3, 2)}
