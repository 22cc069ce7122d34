"""Ataque combinado (001 l.320-326): "Si dos jugadores atacan en el mismo sitio al mismo tiempo…
El que tenga un número menor ha de tener éxito en una tirada de Agilidad. Caso de tener éxito, el
que tenga mayor Fuerza puede modificar con +1 columna su tirada para impactar." The partner's own
declaration of the round says whether it attacks the same target (fixed dice, whole rounds)."""

from __future__ import annotations

import copy

import pytest

from rules.core.dice import FixedDice
from rules.core.encounter import Table
from rules.core.errors import Refused

from .helpers import ATTACKER, COMBAT, DEFENDER, Dice, sheet

PISTOL = {"name": "Pistola", "combat_type": "shooting", "damage": 10, "material": 20}
BEA = sheet("Bea", weapons=[PISTOL])  # Strength 20, as Ana's: the same rank
VERA = sheet("Vera", strength=30)
RULE = "Ataques o maniobras especiales › Ataque combinado"
COMBINED = {"type": "attack", "target": 2, "combat_type": "blunt", "combined_with": 3}


def fight(heroes_first=True, *, auto_resolve=True) -> Table:
    """Heroes Ana (1) and Bea (3) against Vera (2) and Max (4). Initiative 7 against 3: the
    heroes act first when `heroes_first` (the villains declare first), else the villains."""
    t = Table.from_state(None)
    people = ((1, ATTACKER, "heroes"), (2, VERA, "villains"), (3, BEA, "heroes"), (4, DEFENDER, "villains"))
    for cid, sh, side in people:
        t.state["combatants"][str(cid)] = COMBAT.build_combatant(
            cid=cid, name=sh["name"], side=side, sheet=sh, options={}
        )
    dice = [7, 3] if heroes_first else [3, 7]  # rolled for the sides in name order
    COMBAT.actions["start"].resolve(t, FixedDice(dice), {"type": "start", "auto_resolve": auto_resolve}, None)
    return t


def declare(t: Table, cid: int, faces=(), **action) -> None:
    COMBAT.actions["declare"].resolve(
        t, Dice(faces), {"type": "declare", "actor": cid, "action": action}, cid
    )


def events(t: Table, kind: str, actor: int) -> list:
    return [e for e in t.entries if e.type == kind and e.actor == actor and e.round == 1]


def _villains_pass(t: Table) -> None:
    declare(t, 2, type="pass")
    declare(t, 4, type="pass")


@pytest.mark.parametrize(("agility_face", "column"), [(50, "remarkable"), (10, "excellent")])
def test_two_attacking_the_same_target_give_the_stronger_a_column_when_the_other_passes_agility(
    agility_face, column
):
    t = fight()
    _villains_pass(t)
    declare(t, 1, **COMBINED)
    # Bea's Agility (Excellent: green from 41), Ana's punch, Bea's punch.
    declare(t, 3, [agility_face, 50, 50], type="attack", target=2, combat_type="blunt")
    ana = events(t, "attack", 1)[0].payload
    assert ana["combined_roll"]["combatant"] == 3
    assert ana["combined_roll"]["colour"] == ("green" if agility_face == 50 else "white")
    assert ana["column"] == column  # Fighting Excellent, +1 on Bea's green
    assert ({"slug": "combined-attack", "shifts": 1, "rule": RULE} in ana["shift_reasons"]) is (
        column == "remarkable"
    )
    assert [e.target for e in events(t, "attack", 3)] == [2]


@pytest.mark.parametrize(
    "partner",
    [
        {"type": "attack", "target": 4, "also_targets": [2], "combat_type": "blunt"},
        {"type": "hold", "before": 2, "action": {"target": 2, "combat_type": "blunt"}},
        {"type": "dodge", "then": {"target": 2, "combat_type": "shooting", "with": "Pistola"}},
    ],
    ids=["one-of-several-targets", "held-action", "dodge-then-shot"],
)
def test_the_partners_attack_counts_however_it_was_declared(partner):
    t = fight()
    _villains_pass(t)
    declare(t, 1, **COMBINED)
    rolls = 4 if partner["type"] == "dodge" else 3  # the dodge, Bea's Agility, Ana's, Bea's attack
    declare(t, 3, [50] * rolls, **partner)
    ana = events(t, "attack", 1)[0].payload
    assert ana["combined_roll"]["combatant"] == 3 and ana["column"] == "remarkable"
    assert not events(t, "declaration_lapsed", 1)


@pytest.mark.parametrize(
    ("partner", "why"),
    [
        (
            {"type": "attack", "target": 4, "combat_type": "blunt"},
            "Bea no ha declarado un ataque contra Vera",
        ),
        ({"type": "pass"}, "Bea no ha declarado un ataque contra Vera"),
        ({"type": "block"}, "Bea no ha declarado un ataque contra Vera"),
    ],
)
def test_a_combined_attack_lapses_when_the_partner_does_not_attack_the_same_target(partner, why):
    t = fight()
    _villains_pass(t)
    declare(t, 1, karma=5, **COMBINED)
    declare(t, 3, [50] if partner["type"] != "pass" else [], **partner)
    assert not events(t, "attack", 1)
    lapsed = events(t, "declaration_lapsed", 1)
    assert len(lapsed) == 1 and why in lapsed[0].payload["text"]["es"]
    assert "did not declare an attack on Vera" in lapsed[0].payload["text"]["en"]
    assert lapsed[0].payload["rule"] == RULE
    assert t.combatant(1)["karma"] == 30  # nothing of the lapsed attack is spent
    if partner["type"] == "attack":
        assert [e.target for e in events(t, "attack", 3)] == [4]  # Bea's own attack goes on


def test_a_combined_attack_lapses_when_the_partner_has_not_declared():
    t = fight(auto_resolve=False)
    _villains_pass(t)
    declare(t, 1, **COMBINED)
    COMBAT.actions["resolve_round"].resolve(t, Dice(), {"type": "resolve_round"}, None)
    lapsed = events(t, "declaration_lapsed", 1)
    assert "Bea no ha declarado un ataque contra Vera" in lapsed[0].payload["text"]["es"]


def test_a_combined_attack_lapses_when_the_partner_was_stunned_first():
    t = fight(heroes_first=False)
    declare(t, 1, **COMBINED)
    declare(t, 3, type="attack", target=2, combat_type="blunt")
    declare(t, 4, type="pass")
    # Vera's punch at Bea: 97 red on Excellent; 30 damage beats Bea's Endurance 20, her Stun roll
    # is a 10 (white): stunned 1d10 turns.
    declare(t, 2, [97, 10, 4], type="attack", target=3, combat_type="blunt")
    assert t.combatant(3)["status"] == "stunned"
    lapsed = events(t, "declaration_lapsed", 1)
    assert len(lapsed) == 1 and "Bea ya no puede actuar" in lapsed[0].payload["text"]["es"]
    assert not events(t, "attack", 1)


def test_the_partner_is_checked_at_declaration_and_a_refusal_changes_nothing():
    t = fight()
    _villains_pass(t)
    t.combatant(3)["abilities"]["strength"] = 30  # Bea stronger: she must declare it
    before = copy.deepcopy(t.state)
    with pytest.raises(Refused) as refused:
        declare(t, 1, **COMBINED)
    assert refused.value.code == "attack.combined_strength" and refused.value.rule == RULE
    with pytest.raises(Refused) as refused:
        declare(t, 1, **{**COMBINED, "combined_with": 4})  # a villain is no partner
    assert refused.value.code == "attack.bad_partner"
    assert t.state == before


def test_two_of_equal_strength_may_not_each_declare_the_combined_attack_for_the_other():
    t = fight()
    _villains_pass(t)
    declare(t, 1, **COMBINED)
    before = copy.deepcopy(t.state)
    with pytest.raises(Refused) as refused:
        declare(t, 3, type="attack", target=2, combat_type="blunt", combined_with=1)
    assert (refused.value.code, refused.value.rule) == ("attack.combined_mutual", RULE)
    assert refused.value.text_en and t.state == before
    # As another action (a dodge's) it is the same attack of the same turn.
    with pytest.raises(Refused):
        declare(t, 3, type="dodge", then={"target": 2, "combat_type": "blunt", "combined_with": 1})
