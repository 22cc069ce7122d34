"""The standing-order tests' clock and dice: scripted dice (every face a 5, so who acts first is
known) and a clock at 10:00 that `later(hours=…)` moves, e-mails kept."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.combat.encounters import dice as scripted
from tests.notifications import clock


@pytest.fixture
def later(settings):
    """Move the clock: `later(hours=2)`."""
    settings.EPIC20_DICE_FACTORY = "tests.combat.encounters.dice.scripted"
    settings.TRACKING_CLOCK = "tests.notifications.clock.now"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    clock.NOW[0] = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    scripted.QUEUE[:] = [5] * 400

    def move(**delta):
        clock.NOW[0] += timedelta(**delta)

    yield move
    scripted.QUEUE.clear()
