"""`manage.py vapid_key`: print a new `VAPID_PRIVATE_KEY` (base64url of a P-256 private key).
`--keep FILE` prints the one kept in FILE instead, making and keeping it there the first time:
`make run` keeps its development key so, and a browser's subscriptions stay valid across runs."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand

from notifications.webpush import new_private_key


class Command(BaseCommand):
    help = "Print a Web Push (VAPID) private key; --keep FILE makes it once and keeps it there."

    def add_arguments(self, parser):
        parser.add_argument("--keep", help="a file to keep the key in (made the first time)")

    def handle(self, *args, keep=None, **options):
        if keep is None:
            self.stdout.write(new_private_key())
            return
        path = Path(keep)
        if not path.exists() or not path.read_text().strip():
            path.write_text(new_private_key() + "\n")
            path.chmod(0o600)
        self.stdout.write(path.read_text().strip())
