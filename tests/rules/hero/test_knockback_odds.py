"""The exact odds count the knockback an attack may cause (6E Knockback): the chance of a knockdown
and of any knockback, the inches and the knockback damage expected, for the obstacle named."""

import itertools
from fractions import Fraction

import pytest

from rules.core.encounter import GM, Viewer

from .helpers import COMBAT, attack_entry, sheet, table_with

BODY_OF = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2}
PLAYER = Viewer(gm=False, controls=frozenset({1}))


def odds(t, viewer=GM, hidden=frozenset(), **action):
    return COMBAT.odds(
        t.state, {"type": "attack", "actor": 1, "target": 2, **action}, viewer=viewer, hidden=hidden
    )


def frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def damage_of(whole: int, half: bool) -> dict:
    """The joint (STUN, BODY) of `whole` normal d6 and maybe a ½d6, one die at a time."""
    out = {(0, 0): Fraction(1)}
    dice = [[(f, BODY_OF[f]) for f in range(1, 7)]] * whole
    if half:
        dice.append([((h + 1) // 2, int(h >= 4)) for h in range(1, 7)])
    for faces in dice:
        nxt: dict = {}
        for (st, bo), q in out.items():
            for fs, fb in faces:
                nxt[(st + fs, bo + fb)] = nxt.get((st + fs, bo + fb), Fraction(0)) + q / 6
        out = nxt
    return out


def brute_force(body_outcomes, kb_dice: int, dice_for, pd: int):
    """(P knockdown, P knockback, E inches, E STUN after PD, E BODY after PD), by enumeration."""
    down = back = inches = stun = body = Fraction(0)
    kb_faces = list(itertools.product(range(1, 7), repeat=kb_dice))
    for b, pb in body_outcomes.items():
        for faces in kb_faces:
            p = pb / len(kb_faces)
            n = b - sum(faces)
            if n < 0:
                continue
            down += p
            if n == 0:
                continue
            back, inches = back + p, inches + p * n
            whole, half = dice_for(n)
            for (st, bo), q in damage_of(whole, half).items():
                stun += p * q * max(0, st - pd)
                body += p * q * max(0, bo - pd)
    return down, back, inches, stun, body


def normal_body(dice: int) -> dict:
    out: dict = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        b = sum(BODY_OF[f] for f in faces)
        out[b] = out.get(b, Fraction(0)) + Fraction(1, 6**dice)
    return out


def check(kb, expected):
    down, back, inches, stun, body = expected
    assert kb["knockdown"]["exact"] == frac(down) and kb["chance"]["exact"] == frac(back)
    assert kb["inches"]["exact"] == frac(inches)
    assert kb["expected_per_hit"] == {
        "stun": {"value": float(stun), "exact": frac(stun)},
        "body": {"value": float(body), "exact": frac(body)},
    }


def test_a_strike_on_open_ground_counts_its_knockback_exactly():
    t = table_with(sheet("A", str=30), sheet("B", pd=2))  # 6d6 normal, 2d6 knockback, 1d6 per 2"
    o = odds(t)
    check(o["knockback"], brute_force(normal_body(6), 2, lambda n: (n // 2, n % 2 == 1), 2))
    assert o["knockback"]["into"] == "ground"


def test_into_a_wall_the_knockback_does_a_d6_an_inch():
    t = table_with(sheet("A", str=30), sheet("B", pd=2))
    o = odds(t, obstacle="wall")
    check(o["knockback"], brute_force(normal_body(6), 2, lambda n: (n, False), 2))
    assert o["knockback"]["into"] == "wall"


def test_an_object_caps_the_dice_at_its_def_plus_body():
    t = table_with(sheet("A", str=30), sheet("B", pd=2))
    o = odds(t, obstacle="object", obstacle_def=1, obstacle_body=1)
    check(o["knockback"], brute_force(normal_body(6), 2, lambda n: (min(n, 2), False), 2))


def test_a_killing_attack_knocks_back_on_3d6_and_a_flying_target_on_one_die_fewer():
    gun = attack_entry("Pistola", "ranged", 2, killing=True, energy=False)
    body = {}
    for faces in itertools.product(range(1, 7), repeat=2):
        body[sum(faces)] = body.get(sum(faces), Fraction(0)) + Fraction(1, 36)
    t = table_with(sheet("A", attacks=[gun]), sheet("B", pd=3))
    on_ground = brute_force(body, 3, lambda n: (n // 2, n % 2 == 1), 3)
    check(odds(t, attack="Pistola", range=2)["knockback"], on_ground)
    t.state["combatants"]["2"]["conditions"].append("flying")
    check(
        odds(t, attack="Pistola", range=2)["knockback"],
        brute_force(body, 2, lambda n: (n // 2, n % 2 == 1), 3),
    )


def test_the_expected_total_adds_the_knockback_damage_to_the_attacks():
    t = table_with(sheet("A", str=30), sheet("B", pd=2))
    o = odds(t, obstacle="wall")
    for key in ("stun", "body"):
        total = Fraction(o["expected"][key]["exact"]) + Fraction(o["knockback"]["expected"][key]["exact"])
        assert o["expected_with_knockback"][key]["exact"] == frac(total)
    assert Fraction(o["knockback"]["expected"]["stun"]["exact"]) > 0


@pytest.mark.parametrize(
    ("action", "attacker"),
    [
        ({"maneuver": "disarm", "weapon": "Espada"}, sheet("A")),
        ({"attack": "Mente", "range": 2}, sheet("A", attacks=[attack_entry("Mente", "mental", 3)])),
    ],
)
def test_an_attack_that_cannot_knock_back_has_no_knockback_odds(action, attacker):
    sword = attack_entry("Espada", "hth", 1, killing=True, energy=False)
    t = table_with(attacker, sheet("B", attacks=[sword]))
    o = odds(t, **action)
    assert o["knockback"] is None
    assert o["expected_with_knockback"]["stun"] == o["expected"]["stun"]


def test_a_pulled_punch_counts_half_the_body_for_knockback():
    t = table_with(sheet("A", str=30), sheet("B", pd=2))
    halved = {}
    for b, p in normal_body(6).items():
        halved[b // 2] = halved.get(b // 2, Fraction(0)) + p
    o = odds(t, maneuver="pulled-punch")
    check(o["knockback"], brute_force(halved, 2, lambda n: (n // 2, n % 2 == 1), 2))


def test_a_player_against_a_hidden_npc_gets_only_the_band_and_the_dice_rolled():
    t = table_with(sheet("A", str=30), sheet("B", pd=2))
    o = odds(t, viewer=PLAYER, hidden=frozenset({2}), obstacle="wall")
    assert not o["exact"]
    assert set(o["knockback"]) == {"into", "band", "expected_rolled_per_hit"}
    assert o["knockback"]["expected_rolled_per_hit"]["stun"]["exact"]
