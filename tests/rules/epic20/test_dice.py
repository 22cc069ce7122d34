"""Dice: the verifiable source of docs/api.md and the d20 rules of RESOLVER ACCIONES."""

import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import (
    DiceExhausted,
    FixedDice,
    RejectedNonce,
    VerifiableDice,
    commitment_of,
    die_for_nonce,
    new_server_seed,
    verify_roll,
)
from rules.epic20.dice import reroll, roll_d20

SEED = bytes(range(32))
CLIENT = "mesa-de-los-jueves"


def reference_face(seed: bytes, client: str, nonce: int, sides: int):
    """docs/api.md "Verifiable dice", written out again independently of the engine."""
    h = hmac.new(seed, f"{client}:{nonce}".encode(), hashlib.sha256).digest()
    x = int.from_bytes(h[:8], "big")
    if x >= 2**64 - (2**64 % sides):
        return None
    return x % sides + 1


def test_commitment_is_the_sha256_hex_of_the_server_seed():
    dice = VerifiableDice(SEED, CLIENT)
    assert dice.commitment == hashlib.sha256(SEED).hexdigest() == commitment_of(SEED)


def test_known_answer_vectors_match_an_independent_computation():
    dice = VerifiableDice(SEED, CLIENT)
    got = [dice.roll(20) for _ in range(50)]
    assert got == [(reference_face(SEED, CLIENT, n, 20), n) for n in range(50)]
    assert dice.next_nonce == 50
    assert dice.used_nonces == list(range(50))


def test_a_fixed_known_answer_vector_never_changes():
    # Frozen from the formula: a change here breaks every revealed encounter.
    h = hmac.new(SEED, b"mesa-de-los-jueves:0", hashlib.sha256).digest()
    expected = int.from_bytes(h[:8], "big") % 20 + 1
    assert verify_roll(SEED.hex(), CLIENT, 0, 20) == expected


def test_dice_continue_from_the_persisted_nonce():
    dice = VerifiableDice(SEED, CLIENT, next_nonce=7)
    face, nonce = dice.roll(20)
    assert nonce == 7
    assert face == reference_face(SEED, CLIENT, 7, 20)
    assert dice.next_nonce == 8


def test_a_rejected_nonce_is_spent_and_the_next_one_is_tried():
    sides = 2**63 + 1  # about half of all x fall in the rejection zone
    rejected = next(n for n in range(200) if reference_face(SEED, CLIENT, n, sides) is None)
    dice = VerifiableDice(SEED, CLIENT, next_nonce=rejected)
    face, nonce = dice.roll(sides)
    assert nonce > rejected
    assert dice.spent_nonces[0] == rejected
    assert all(reference_face(SEED, CLIENT, n, sides) is None for n in range(rejected, nonce))
    assert face == reference_face(SEED, CLIENT, nonce, sides)
    assert dice.next_nonce == nonce + 1
    with pytest.raises(RejectedNonce):
        verify_roll(SEED.hex(), CLIENT, rejected, sides)


@pytest.mark.parametrize("sides", [2, 3, 6, 7, 20, 2**63 + 1, 2**64 - 1])
def test_rejection_boundary_is_exactly_two_to_the_64_minus_the_remainder(sides):
    for n in range(40):
        assert die_for_nonce(SEED, CLIENT, n, sides) == reference_face(SEED, CLIENT, n, sides)


def test_verify_roll_recomputes_every_logged_die():
    dice = VerifiableDice(SEED, CLIENT)
    roll = roll_d20(dice, superiority=2)
    for face, nonce in zip(roll.faces, roll.nonces, strict=True):
        assert verify_roll(SEED.hex(), CLIENT, nonce, 20) == face


def test_new_server_seeds_are_32_random_bytes():
    a, b = new_server_seed(), new_server_seed()
    assert len(a) == len(b) == 32 and a != b


def test_fixed_dice_refuse_to_invent_faces():
    dice = FixedDice([5])
    dice.roll(20)
    with pytest.raises(DiceExhausted):
        dice.roll(20)
    with pytest.raises(ValueError):
        FixedDice([21]).roll(20)


@pytest.mark.parametrize(
    ("faces", "superiority", "kept"),
    [
        ([7], 0, 7),
        ([7, 15], 1, 15),  # Superioridad: 2d20, keep the best
        ([7, 15, 3], 2, 15),  # Doble Superioridad: 3d20
        ([7, 15], -1, 7),  # Inferioridad: 2d20, keep the worst
        ([7, 15, 3], -2, 3),  # Doble Inferioridad
    ],
)
def test_superiority_rolls_extra_dice_and_keeps_best_or_worst(faces, superiority, kept):
    roll = roll_d20(FixedDice(faces), superiority, bonus=4)
    assert roll.faces == tuple(faces)
    assert roll.kept == kept
    assert roll.total == kept + 4


@given(
    st.lists(st.sampled_from([1, -1, 2, -2, 3, -3]), max_size=3),
    st.lists(st.integers(1, 20), min_size=10, max_size=10),
)
def test_superiority_and_inferiority_cancel(deltas, faces):
    net = sum(deltas)
    roll = roll_d20(FixedDice(faces), net)
    assert len(roll.faces) == abs(net) + 1
    if net > 0:
        assert roll.kept == max(roll.faces)
    elif net < 0:
        assert roll.kept == min(roll.faces)
    else:
        assert roll.faces == (faces[0],)


def test_superioridad_plus_double_inferioridad_rolls_with_inferioridad():
    roll = roll_d20(FixedDice([4, 18]), 1 - 2)
    assert roll.superiority == -1 and roll.kept == 4


def test_a_natural_1_is_a_fumble_only_with_inferioridad():
    assert roll_d20(FixedDice([1]), 0).natural_1
    assert not roll_d20(FixedDice([1]), 0).fumble
    assert not roll_d20(FixedDice([1, 1]), 1).fumble
    assert roll_d20(FixedDice([1, 12]), -1).fumble


def test_a_natural_20_is_critical_only_when_it_is_the_kept_die():
    assert roll_d20(FixedDice([20, 3]), 1).natural_20
    assert roll_d20(FixedDice([20]), 0).critical
    assert not roll_d20(FixedDice([20, 3]), -1).natural_20


def test_a_reroll_counts_only_the_second_result_and_keeps_the_first_for_the_log():
    first = roll_d20(FixedDice([2, 5]), 1, bonus=6)
    second = reroll(FixedDice([11, 9]), first)
    assert second.kept == 11 and second.total == 17
    assert second.superiority == 1
    assert second.previous == first
    assert second.as_dict()["rerolled_from"]["kept"] == 5


def test_the_roll_dict_has_the_api_fields():
    roll = roll_d20(FixedDice([12, 7]), 1, bonus=8)
    data = roll.as_dict()
    assert {"sides", "faces", "nonces", "superiority", "kept", "bonus", "total"} <= data.keys()
    assert data["faces"] == [12, 7] and data["nonces"] == [0, 1] and data["total"] == 20
