"""The production worker as the Procfile starts it: a real `rqworker --burst` with django-tasks-rq's
job class, over a notification's delivery and a passed deadline, run in a process of its own on
the test's database and Redis. Without the job class every job fails ("'Task' object is not
callable"); with it both succeed and do their work.

It needs a database another process can open (PostgreSQL) and Redis: CI's PostgreSQL + Redis
section runs it on its own (`.ci/run`), where `REQUIRE_RQWORKER=1` makes a missing one a failure,
not a skip."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django_tasks.base import TaskResultStatus

from combat import deadline_tasks
from combat.deadline import Deadline
from combat.models import Encounter
from notifications import tasks
from notifications.models import Outbox
from notifications.outbox import notify
from tests.combat.encounters.conftest import Table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


def _worker_command() -> list[str]:
    """The Procfile's `worker:` line for Redis, as written there, with `--burst`."""
    line = next(x for x in (ROOT / "Procfile").read_text().splitlines() if x.startswith("worker:"))
    redis_branch = line.split("then", 1)[1].split(";", 1)[0].strip()
    words = shlex.split(redis_branch)
    assert words[:2] == ["exec", "python"], line
    return [sys.executable, *words[2:], "--burst"]


def _database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def real_queue():
    if connection.vendor != "postgresql" or not django_settings.REDIS_URL:
        message = "needs PostgreSQL and REDIS_URL (CI's PostgreSQL + Redis section)"
        if os.environ.get("REQUIRE_RQWORKER"):
            pytest.fail(message)
        pytest.skip(message)
    import django_rq

    queue = django_rq.get_queue("default")
    queue.empty()
    for registry in (queue.scheduled_job_registry, queue.failed_job_registry):
        for job_id in registry.get_job_ids():
            registry.remove(job_id, delete_job=True)
    return queue


def _run_worker() -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "REDIS_URL": django_settings.REDIS_URL,
        "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(
        _worker_command(), cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_procfile_worker_starts_rq_with_the_job_class_of_django_tasks_rq():
    command = _worker_command()
    assert command[command.index("--job-class") + 1] == "django_tasks_rq.Job"
    import django_tasks_rq

    assert django_tasks_rq.Job.__module__ == "django_tasks_rq.backend"


def test_a_real_rqworker_delivers_a_notification_and_applies_a_passed_deadline(real_queue, settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    from tests.combat.encounters import dice

    dice.QUEUE[:] = [3, 15]
    table = Table()
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    assert table.act(encounter, type="start").status_code == 201
    patch = {"turn_deadline_hours": 1, "deadline_default": "end_turn"}
    assert table.gm_api.patch(f"/api/v1/encounters/{encounter}/", patch, format="json").status_code == 200
    row = Encounter.objects.get(pk=encounter)  # the hour ran out while nobody looked
    passed = Deadline.of(row)
    passed.started -= timedelta(hours=2)
    passed.store(row)
    row.save(update_fields=["turn_deadline"])
    real_queue.empty()

    ana = UserFactory(email="ana@example.org")
    [written] = notify(user=ana, event="deadline_near", key="deadline_near:rq", text="Se acaba el plazo.")
    delivery = tasks.deliver.enqueue(written.pk)
    deadline = deadline_tasks.apply_deadlines.using(run_after=passed.until()).enqueue(encounter)

    finished = _run_worker()
    assert finished.returncode == 0, finished.stderr[-3000:]
    delivery.refresh()
    deadline.refresh()
    assert delivery.status == TaskResultStatus.SUCCESSFUL, (delivery.errors, finished.stderr[-3000:])
    assert deadline.status == TaskResultStatus.SUCCESSFUL, (deadline.errors, finished.stderr[-3000:])
    assert delivery.return_value == "sent" and deadline.return_value == 1
    assert Outbox.objects.get(pk=written.pk).status == "sent"
    assert table.state(encounter)["current"] == nova != thug
