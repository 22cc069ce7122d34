"""A passed deadline is applied by the worker alone, every time: RQ's scheduler keeps a job's time
in whole seconds, rounded down, so the deadline task is queued for the next whole second, and a
run that still starts early (a worker whose clock lags) queues itself again for when the deadline
has passed. A moved clock, never a sleep."""

from datetime import UTC, datetime, timedelta

import pytest

from combat import deadline_tasks
from combat.deadline import Deadline
from combat.models import Encounter
from tests.tracking.helpers import send

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch):
    """What the deadline code asks the queue for: `(task name, args, run_after)`."""
    calls = []

    def record(task, *args, run_after=None):
        calls.append((task.name, args, run_after))
        return True

    monkeypatch.setattr(deadline_tasks, "enqueue_now", record)
    monkeypatch.setattr(
        deadline_tasks,
        "enqueue_on_commit",
        lambda task, *args, run_after=None: record(task, *args, run_after=run_after),
    )
    return calls


def test_a_deadline_with_a_fraction_of_a_second_is_queued_for_the_next_whole_second():
    moment = datetime(2026, 12, 1, 11, 0, 0, 600_000, tzinfo=UTC)
    assert deadline_tasks.whole_second_after(moment) == datetime(2026, 12, 1, 11, 0, 1, tzinfo=UTC)
    whole = datetime(2026, 12, 1, 11, 0, 0, tzinfo=UTC)
    assert deadline_tasks.whole_second_after(whole) == whole


def test_setting_a_deadline_queues_its_task_for_the_encounter_at_a_whole_second_not_before_it(
    fight, frozen, queued
):
    table, encounter, nova, thug = fight
    frozen.NOW[0] += timedelta(microseconds=250_000)
    send(table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", {"turn_deadline_hours": 1})
    until = Deadline.of(Encounter.objects.get()).until()
    [apply] = [call for call in queued if call[0] == "apply_deadlines"]
    assert apply[1] == (encounter,)
    assert apply[2] >= until and apply[2].microsecond == 0 and apply[2] - until < timedelta(seconds=1)


def test_a_task_that_starts_before_its_deadline_runs_again_when_it_has_passed_and_applies_it(
    fight, frozen, queued
):
    table, encounter, nova, thug = fight
    send(
        table.gm_api,
        "PATCH",
        f"/api/v1/encounters/{encounter}/",
        {"turn_deadline_hours": 1, "deadline_default": "end_turn"},
    )
    until = Deadline.of(Encounter.objects.get()).until()
    queued.clear()
    frozen.NOW[0] = until - timedelta(milliseconds=400)  # the scheduler rounded its second down
    assert deadline_tasks.apply_deadlines.call(encounter) == 0
    assert table.state(encounter)["current"] == thug
    assert queued == [("apply_deadlines", (encounter,), deadline_tasks.whole_second_after(until))]
    frozen.NOW[0] = queued[0][2]
    queued.clear()
    assert deadline_tasks.apply_deadlines.call(encounter) == 1
    assert table.state(encounter)["current"] == nova
    assert not [call for call in queued if call[0] == "apply_deadlines" and call[2] <= frozen.NOW[0]]


def test_a_task_far_ahead_of_its_deadline_does_not_queue_itself_again(fight, frozen, queued):
    table, encounter, nova, thug = fight
    send(table.gm_api, "PATCH", f"/api/v1/encounters/{encounter}/", {"turn_deadline_hours": 1})
    queued.clear()
    frozen.NOW[0] += timedelta(minutes=10)  # a task queued before the GM extended the deadline
    assert deadline_tasks.apply_deadlines.call(encounter) == 0
    assert queued == []
