"""One pass (or, with --loop, one pass every N seconds) of the work no single task carries: apply
the turn deadlines that ran out and warn of the near ones, deliver every outbox row that is due
(the ones whose task was lost when a worker stopped or the queue was down), and, once a day, the
digests. Every step is idempotent, and one that fails is logged and leaves the others to run."""

import logging
import time

from django.core.management.base import BaseCommand

from combat.deadline_tasks import apply_due, warn_due
from epic20site.clock import now
from notifications import outbox

logger = logging.getLogger("notifications.sweep")


def _step(name: str, run):
    try:
        return run()
    except Exception:
        logger.exception("the sweep's step %r failed; the next pass tries again", name)
        return None


class Command(BaseCommand):
    help = "Apply due turn deadlines, deliver due notifications, send the daily digests."

    def add_arguments(self, parser):
        parser.add_argument("--loop", type=int, default=0, help="Repeat every N seconds (0: once).")
        parser.add_argument("--digest-hour", type=int, default=8, help="UTC hour of the daily digest.")

    def handle(self, *args, loop=0, digest_hour=8, **options):
        last_digest_day = None
        while True:
            applied = _step("deadlines", apply_due) or []
            _step("deadline warnings", warn_due)
            sent = _step("outbox", outbox.flush)
            today = now().date()
            if now().hour == digest_hour and last_digest_day != today:
                _step("digests", outbox.send_digests)
                last_digest_day = today
            self.stdout.write(f"deadlines applied: {len(applied)}; outbox: {sent}")
            if loop <= 0:
                return
            time.sleep(loop)
