"""Fights for the deadline tests (the encounter suite's table), with a clock the tests move."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.combat.encounters import dice as scripted_dice
from tests.combat.encounters.conftest import Table
from tests.notifications import clock
from tests.notifications.loopback import ca, lookups, target, trusted  # noqa: F401 - fixtures


@pytest.fixture
def faces(settings):
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    scripted_dice.QUEUE.clear()
    yield scripted_dice.QUEUE
    scripted_dice.QUEUE.clear()


@pytest.fixture
def frozen(settings):
    settings.TRACKING_CLOCK = "tests.notifications.clock.now"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.NOTIFY_GRACE_SECONDS = 0  # a turn's grace period is tested on its own (test_fewer_notices)
    clock.NOW[0] = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    return clock


@pytest.fixture
def later(frozen):
    def move(**delta):
        frozen.NOW[0] += timedelta(**delta)

    return move


@pytest.fixture
def fight(db, faces, frozen):
    """Nova (the player's) and a thug (the GM's), started with the thug first."""
    table = Table()
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    faces.extend([3, 15])
    assert table.act(encounter, type="start").status_code == 201
    return table, encounter, nova, thug
