"""The daily digest: a user who chose `digest` gets their held e-mails as one message a day."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from epic20site.clock import now

from . import channels
from .models import Outbox


def send_all() -> int:
    """One e-mail per user with held rows; answers how many e-mails were sent."""
    sent = 0
    users = Outbox.objects.filter(status=Outbox.Status.HELD).values_list("user", flat=True).distinct()
    for user in get_user_model().objects.filter(pk__in=list(users)):
        with transaction.atomic():
            rows = list(Outbox.objects.select_for_update().filter(user=user, status=Outbox.Status.HELD))
            if not rows:
                continue
            text = "\n\n".join(f"• {r.subject}: {r.text}" for r in rows)
            try:
                channels.send_email(
                    user.email, subject="Resumen diario / Daily digest", text=text, link="", unsubscribe=""
                )
            except OSError:
                continue  # held rows wait for tomorrow's digest
            Outbox.objects.filter(pk__in=[r.pk for r in rows]).update(
                status=Outbox.Status.SENT, sent_at=now()
            )
            sent += 1
    return sent
