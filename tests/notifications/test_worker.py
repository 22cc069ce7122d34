"""The real queue: django-tasks' database backend. A notification's delivery task is queued when
its event commits; with the worker stopped it waits in the database, and the worker, started
later, sends it once."""

import pytest
from django.core import mail
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from notifications.models import Outbox
from notifications.outbox import notify
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_queued_delivery_survives_a_stopped_worker_and_is_sent_once_when_it_runs(
    frozen, settings, django_capture_on_commit_callbacks
):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
    ana = UserFactory(email="ana@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        notify(user=ana, event="your_turn", key="your_turn:e1:r1:c1:v1", text="Te toca.")
    assert DBTaskResult.objects.count() == 1 and mail.outbox == []  # no worker yet
    call_command("db_worker", "--batch", "--no-startup-delay")
    assert Outbox.objects.get().status == "sent" and len(mail.outbox) == 1
    with django_capture_on_commit_callbacks(execute=True):
        notify(user=ana, event="your_turn", key="your_turn:e1:r1:c1:v1", text="Te toca.")
    call_command("db_worker", "--batch", "--no-startup-delay")
    assert len(mail.outbox) == 1 and DBTaskResult.objects.count() == 1
