"""Acciones defensivas × colour, and Interposición (fixed dice)."""

from __future__ import annotations

import pytest

from .helpers import ATTACKER, FACE, act, attack, duel, sheet, table

BRUNO = sheet("Bruno")  # 20 everywhere: rolls on Excellent too


def _defend(kind, colour, **fields):
    t = duel(defender=BRUNO)
    entries = act(t, kind, 2, [FACE[colour]], **fields)
    return t, entries[-1].payload


@pytest.mark.parametrize(
    ("colour", "attack_colour", "effect"),
    [
        ("white", "green", "hit"),
        ("green", "green", "evaded"),
        ("yellow", "red", "evaded"),
        ("red", "red", "evaded"),
    ],
)
def test_evading_stops_melee_attacks_from_green_up_and_a_white_turns_a_white_attack_green(
    colour, attack_colour, effect
):
    t, payload = _defend("evade", colour)
    assert payload["colour"] == colour
    first = attack(t, [FACE["white"] if colour == "white" else FACE[attack_colour]], combat_type="blunt")
    assert first["effect"] == effect
    assert first["damage"] == (20 if effect == "hit" else 0)


@pytest.mark.parametrize(("colour", "bonus"), [("white", None), ("green", None), ("yellow", 1), ("red", 2)])
def test_a_lucky_evasion_gives_columns_the_next_turn(colour, bonus):
    t, _ = _defend("evade", colour)
    found = t.combatant(2)["effects"].get("bonus_cs")
    assert (found or {}).get("shifts") == bonus
    if bonus:
        assert found["round"] == 2


def test_evading_does_not_stop_ranged_attacks():
    t, _ = _defend("evade", "green")
    assert attack(t, [FACE["green"]], combat_type="shooting", with_="Pistola")["damage"] == 10


@pytest.mark.parametrize(
    ("colour", "incoming", "column"),
    [("white", 0, "excellent"), ("green", -2, "typical"), ("yellow", -4, "feeble"), ("red", -6, "shift-0")],
)
def test_dodging_takes_two_four_or_six_columns_off_ranged_attacks(colour, incoming, column):
    t, payload = _defend("dodge", colour)
    assert payload["incoming_shifts"] == incoming
    assert attack(t, [FACE["green"]], combat_type="shooting", with_="Pistola")["column"] == column


def test_a_dodger_acts_two_columns_down_even_after_a_white():
    t, _ = _defend("dodge", "white")
    payload = attack(t, [FACE["green"]], actor=2, target=1, combat_type="blunt")
    assert payload["column"] == "typical"


@pytest.mark.parametrize(
    ("colour", "armour", "damage"), [("white", 0, 20), ("green", 2, 18), ("yellow", 6, 14), ("red", 10, 10)]
)
def test_blocking_gives_a_one_turn_body_armor_of_strength_less_six_four_two_or_one_columns(
    colour, armour, damage
):
    t, payload = _defend("block", colour)
    assert payload["block_armor"] == armour
    assert attack(t, [FACE["green"]], combat_type="blunt")["damage"] == damage


def test_a_block_does_not_stand_against_an_energy_attack():
    t, _ = _defend("block", "red")
    assert attack(t, [FACE["green"]], combat_type="energy", with_="Rayo")["damage"] == 30


@pytest.mark.parametrize(
    ("colour", "freed"), [("white", False), ("green", False), ("yellow", True), ("red", True)]
)
def test_escaping_frees_from_a_hold_on_yellow_and_red(colour, freed):
    t = duel(defender=BRUNO)
    attack(t, [FACE["red"]], combat_type="grappling")
    payload = act(t, "escape", 2, [FACE[colour]])[-1].payload
    assert payload["freed"] is freed
    assert ("held_by" in t.combatant(2)["effects"]) is not freed
    assert ("holding" in t.combatant(1)["effects"]) is not freed


def test_escape_ignores_the_partial_hold_penalty():
    t = duel(defender=BRUNO)
    t.combatant(2)["effects"]["held_by"] = {"by": 1, "full": False, "round": 1}
    assert act(t, "escape", 2, [FACE["green"]])[-1].payload["column"] == "excellent"


@pytest.mark.parametrize(("colour", "interposed"), [("white", False), ("green", True)])
def test_an_interposing_hero_who_passes_agility_takes_the_shot(colour, interposed):
    t = table((1, ATTACKER, "heroes"), (2, BRUNO, "villains"), (3, sheet("Carla"), "villains"))
    act(t, "interpose", 3, [FACE[colour]], protect=2)
    entries = act(t, "attack", 1, [FACE["green"]], target=2, combat_type="shooting", with_="Pistola")
    assert entries[-1].target == (3 if interposed else 2)


@pytest.mark.parametrize(
    ("kind", "text", "rule"),
    [
        ("pass", "Bruno: no hace nada.", "Secuencia de combate"),
        ("aim", "Bruno: apunta.", "Tipos de combate › A distancia"),
        ("interpose", "Bruno: Interposición", "Ataques o maniobras especiales › Interposición"),
    ],
)
def test_passing_aiming_and_interposing_each_tell_their_own_rule(kind, text, rule):
    fields = {"protect": 1} if kind == "interpose" else {}
    _, payload = _defend(kind, "green", **fields)
    assert payload["text"]["es"].startswith(text) and payload["rule"] == rule
