"""The controllable clock: `NOW[0]` is the time; tests move it."""

from datetime import UTC, datetime

NOW = [datetime(2026, 12, 1, 10, 0, tzinfo=UTC)]


def now():
    return NOW[0]
