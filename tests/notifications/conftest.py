"""A clock the tests move by hand (`settings.TRACKING_CLOCK`), and mail kept in memory."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.notifications import clock
from tests.notifications.loopback import ca, lookups, target, trusted  # noqa: F401 - fixtures


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
