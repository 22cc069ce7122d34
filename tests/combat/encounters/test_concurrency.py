"""Two clients acting at once never lose, duplicate or misplace an event (PostgreSQL only: SQLite
serialises writers on its own, so there is nothing to race)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from combat import services
from combat.models import Encounter, Event
from epic20site.errors import DomainError
from rules.core import fold
from tests.combat.encounters.conftest import THUG, client_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
]


def _run_in_threads(work, count=2):
    barrier = threading.Barrier(count)
    errors: list[BaseException] = []

    def run(index):
        try:
            barrier.wait()
            work(index)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors


def test_two_clients_ending_turns_at_once_keep_the_log_whole(table):
    encounter = table.create()["id"]
    for _ in range(4):
        table.add_npc(encounter, sheet=THUG)
    assert table.act(encounter, type="start").status_code == 201
    row = Encounter.objects.get(pk=encounter)
    done = {0: 0, 1: 0}

    def work(index):
        for _ in range(15):
            current = Encounter.objects.get(pk=encounter).state["current"]
            try:
                services.encounter_act(
                    encounter=Encounter.objects.get(pk=encounter),
                    user=table.gm,
                    action={"type": "end_turn", "actor": current},
                )
            except DomainError as exc:
                assert exc.status == 409, exc.as_errors()
                continue  # the other client ended that turn first: a 409, nothing written
            done[index] += 1

    _run_in_threads(work)

    row.refresh_from_db()
    seqs = list(Event.objects.filter(encounter=row).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)), "seqs must be consecutive and unique"
    assert row.last_seq == seqs[-1]
    ended = list(Event.objects.filter(encounter=row, type="turn_ended").order_by("seq"))
    assert len(ended) == done[0] + done[1], "every successful end_turn left exactly one event"
    # Each turn ended was the turn of whoever was acting: replaying the log gives the cached state.
    replayed = fold.replay(
        Event.objects.filter(encounter=row, undone=False).order_by("seq").values_list("patch", flat=True)
    )
    assert replayed == row.state
    order = row.state["initiative_order"]
    actors = [e.actor_id for e in ended]
    first = order.index(actors[0])
    assert actors == [order[(first + i) % len(order)] for i in range(len(actors))]


def test_the_same_idempotency_key_sent_twice_at_once_acts_once(table):
    encounter = table.create()["id"]
    table.add_pc(encounter)
    table.add_npc(encounter)
    answers = {}

    def work(index):
        answers[index] = client_for(table.gm).post(
            f"/api/v1/encounters/{encounter}/actions/",
            {"type": "start"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="a-la-vez",
        )

    _run_in_threads(work)
    assert answers[0].status_code == answers[1].status_code == 201
    assert answers[0].json() == answers[1].json()
    assert Event.objects.filter(encounter_id=encounter, type="encounter_started").count() == 1
