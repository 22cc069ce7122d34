"""One pass (or, with --loop, one pass every N seconds) of the work no single task carries: apply
the turn deadlines that ran out, deliver every outbox row that is due (the ones whose task was
lost when a worker stopped), and, once a day, the digests. Every step is idempotent."""

import time

from django.core.management.base import BaseCommand

from combat.deadline_tasks import apply_due
from epic20site.clock import now
from notifications import delivery, digest


class Command(BaseCommand):
    help = "Apply due turn deadlines, deliver due notifications, send the daily digests."

    def add_arguments(self, parser):
        parser.add_argument("--loop", type=int, default=0, help="Repeat every N seconds (0: once).")
        parser.add_argument("--digest-hour", type=int, default=8, help="UTC hour of the daily digest.")

    def handle(self, *args, loop=0, digest_hour=8, **options):
        last_digest_day = None
        while True:
            applied = apply_due()
            sent = delivery.flush()
            today = now().date()
            if now().hour == digest_hour and last_digest_day != today:
                digest.send_all()
                last_digest_day = today
            self.stdout.write(f"deadlines applied: {len(applied)}; outbox: {sent}")
            if loop <= 0:
                return
            time.sleep(loop)
