"""A turn deadline as a value: what `Encounter.turn_deadline` (JSON on the encounter row, so
reading it costs no query) holds, read and written. The time comes from `epic20site.clock.now`,
so tests move it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from epic20site.clock import now

# What may apply when a turn's time is up. A system says which of them it can apply, and as which
# of its actions, in its presentation's `deadline_defaults`; any other is the GM told.
DEFAULTS = ("end_turn", "delay", "defend", "hold", "ask_gm")
# The longest turn a GM may give (and the most a deadline may be extended by at once): two weeks.
MAX_HOURS = 24 * 14
NEAR = timedelta(hours=2)


def _time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


@dataclass
class Deadline:
    """`Encounter.turn_deadline` read: `hours` per turn, the `default`, the running turn's `key`
    (the clock it belongs to), when it `started`, `extra` seconds the GM added, `paused` since,
    the turn already `handled` (default applied or GM told) and the log of what `applied`."""

    hours: float | None = None
    default: str = "ask_gm"
    key: dict | None = None
    started: datetime | None = None
    extra: float = 0.0
    paused: datetime | None = None
    handled: dict | None = None
    applied: list | None = None

    @classmethod
    def of(cls, encounter) -> Deadline:
        data = encounter.turn_deadline or {}
        return cls(
            hours=data.get("hours"),
            default=data.get("default", "ask_gm"),
            key=data.get("key"),
            started=_time(data.get("started")),
            extra=float(data.get("extra") or 0),
            paused=_time(data.get("paused")),
            handled=data.get("handled"),
            applied=list(data.get("applied") or []),
        )

    def store(self, encounter) -> None:
        encounter.turn_deadline = {
            "hours": self.hours,
            "default": self.default,
            "key": self.key,
            "started": self.started.isoformat() if self.started else None,
            "extra": self.extra,
            "paused": self.paused.isoformat() if self.paused else None,
            "handled": self.handled,
            "applied": self.applied or [],
        }

    def until(self) -> datetime | None:
        if self.hours is None or self.started is None:
            return None
        end = self.started + timedelta(hours=self.hours, seconds=self.extra)
        return end + (now() - self.paused) if self.paused else end

    def restart(self, key: dict) -> None:
        self.key, self.started, self.extra = key, now(), 0.0

    def change(self, clean: dict, key: dict) -> None:
        """Apply the GM's checked settings (`combat.deadlines.check_settings`) at clock `key`."""
        if "default" in clean:
            self.default = clean["default"]
        if "hours" in clean:
            self.hours = clean["hours"]
            self.restart(key)
        if clean.get("extend"):
            self.extra += clean["extend"] * 3600
        if clean.get("paused") is True and self.paused is None:
            self.paused = now()
        elif clean.get("paused") is False and self.paused is not None:
            self.extra += (now() - self.paused).total_seconds()
            self.paused = None
