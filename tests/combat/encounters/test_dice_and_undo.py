"""Verifiable dice, undo and idempotency, with the encounter's real seeded dice."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from combat.models import Event, IdempotencyKey

pytestmark = pytest.mark.django_db


def independent_face(server_seed_hex: str, client_seed: str, nonce: int, sides: int) -> int | None:
    """docs/api.md "Verifiable dice", computed here with nothing from the app or the engine."""
    digest = hmac.new(
        bytes.fromhex(server_seed_hex), f"{client_seed}:{nonce}".encode(), hashlib.sha256
    ).digest()
    x = int.from_bytes(digest[:8], "big")
    if x >= 2**64 - (2**64 % sides):
        return None
    return x % sides + 1


def rolls_of(events):
    for event in events:
        roll = event.get("roll")
        while roll:
            yield event, roll
            roll = roll.get("rerolled_from")


def fight(table, *, turns=4):
    """Start a fight with real dice and trade a few attacks and turns."""
    encounter = table.create(client_seed="foro-de-rol")["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    assert table.act(encounter, type="start").status_code == 201
    for _ in range(turns):
        state = table.state(encounter)
        current = state["current"]
        if current == nova:
            client, target, kind, weapon = table.player_api, thug, "ranged", "ataque-especial-a-distancia"
        else:
            client, target, kind, weapon = table.gm_api, nova, "melee", "Porra"
        table.act(
            encounter,
            client=client,
            type="attack",
            actor=current,
            target=target,
            kind=kind,
            **{"with": weapon},
        )
        response = table.act(encounter, client=client, type="end_turn", actor=current)
        assert response.status_code == 201, response.json()
    return encounter, nova, thug


def all_events(table, encounter):
    page = table.events(encounter, page_size=200)
    return page["results"]


def test_every_roll_checks_out_against_the_revealed_seed(table):
    encounter, nova, thug = fight(table)
    commitment = table.state(encounter)["dice"]["commitment"]
    response = table.gm_api.post(f"/api/v1/encounters/{encounter}/reveal/")
    assert response.status_code == 200
    seed = response.json()["server_seed"]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    assert response.json()["dice"]["commitment"] != commitment  # a fresh seed for later rolls
    checked = 0
    for event, roll in rolls_of(all_events(table, encounter)):
        assert roll["commitment"] == commitment
        for face, nonce in zip(roll["faces"], roll["nonces"], strict=True):
            assert independent_face(seed, "foro-de-rol", nonce, roll["sides"]) == face, event
            checked += 1
        assert roll["kept"] in roll["faces"]
    # Two initiative rolls and the first attack at least (real dice: a knock-out may end the trading early).
    assert checked >= 2 + 1


def test_rolls_after_a_reveal_use_the_new_commitment(table):
    encounter, nova, thug = fight(table, turns=1)
    table.gm_api.post(f"/api/v1/encounters/{encounter}/reveal/")
    new_commitment = table.state(encounter)["dice"]["commitment"]
    current = table.state(encounter)["current"]
    client = table.player_api if current == nova else table.gm_api
    other = thug if current == nova else nova
    kind, weapon = ("ranged", "ataque-especial-a-distancia") if current == nova else ("melee", "Porra")
    response = table.act(
        encounter, client=client, type="attack", actor=current, target=other, kind=kind, **{"with": weapon}
    )
    assert response.status_code == 201, response.json()
    roll = next(e for e in response.json()["events"] if e["type"] == "attack")["roll"]
    assert roll["commitment"] == new_commitment
    seeds = table.state(encounter)["dice"]["revealed"]
    assert len(seeds) == 1 and seeds[0]["commitment"] != new_commitment


def test_undo_marks_the_last_action_undone_rewinds_the_state_and_never_reuses_a_nonce(table):
    encounter, nova, thug = fight(table, turns=1)
    before = table.state(encounter)
    current = before["current"]
    client = table.player_api if current == nova else table.gm_api
    other = thug if current == nova else nova
    kind, weapon = ("ranged", "ataque-especial-a-distancia") if current == nova else ("melee", "Porra")
    attacked = table.act(
        encounter, client=client, type="attack", actor=current, target=other, kind=kind, **{"with": weapon}
    ).json()
    attack_seqs = [e["seq"] for e in attacked["events"]]

    assert table.player_api.post(f"/api/v1/encounters/{encounter}/undo/").status_code == 403
    response = table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/")
    assert response.status_code == 200, response.json()
    assert response.json()["undone"] == attack_seqs
    after = response.json()["state"]
    assert after["combatants"] == before["combatants"]
    assert after["current"] == before["current"]

    log = all_events(table, encounter)
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert all(e["undone"] for e in log if e["seq"] in attack_seqs)
    assert Event.objects.filter(encounter_id=encounter).count() == len(log)  # nothing deleted

    again = table.act(
        encounter, client=client, type="attack", actor=current, target=other, kind=kind, **{"with": weapon}
    ).json()
    assert again["events"][0]["seq"] == attack_seqs[-1] + 1
    used = [n for _, roll in rolls_of(all_events(table, encounter)) for n in roll["nonces"]]
    assert len(used) == len(set(used)), "a die nonce was used twice"


def test_undo_with_nothing_to_undo_is_a_conflict(table):
    encounter = table.create()["id"]
    response = table.gm_api.post(f"/api/v1/encounters/{encounter}/undo/")
    assert response.status_code == 409


def test_the_same_idempotency_key_acts_once_and_answers_the_same(table):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    table.add_npc(encounter)
    url = f"/api/v1/encounters/{encounter}/actions/"
    first = table.gm_api.post(url, {"type": "start"}, format="json", HTTP_IDEMPOTENCY_KEY="inicio-1")
    second = table.gm_api.post(url, {"type": "start"}, format="json", HTTP_IDEMPOTENCY_KEY="inicio-1")
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert Event.objects.filter(encounter_id=encounter, type="encounter_started").count() == 1
    assert IdempotencyKey.objects.count() == 1
    other = table.gm_api.post(
        url, {"type": "end_turn", "actor": 1}, format="json", HTTP_IDEMPOTENCY_KEY="inicio-1"
    )
    assert other.status_code == 409
    assert other.json()["errors"][0]["code"] == "idempotency_key.reused"
