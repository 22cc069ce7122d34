"""The daily digest: a user who chose `digest` gets their held e-mails as one message a day.
The rows are read, the message sent outside any transaction, then the rows it told marked
sent; a mail server that fails leaves them held for tomorrow's digest."""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model

from accounts.language import Message, language_of
from epic20site.clock import now

from . import channels, texts
from .models import Outbox

logger = logging.getLogger("notifications.digest")


def _send_one(user) -> bool:
    rows = list(Outbox.objects.filter(user=user, status=Outbox.Status.HELD).order_by("id"))
    if not rows:
        return False
    text = "\n\n".join(f"• {r.subject}: {r.text}" for r in rows)
    language = language_of(user)
    try:
        channels.send_email(
            user.email,
            subject=Message(texts.DIGEST_SUBJECT).render(language),
            text=text,
            link="",
            unsubscribe="",
            language=language,
        )
    except Exception as exc:  # one user's failed digest is theirs alone
        logger.warning("the digest of user %s was not sent: %r", user.pk, exc)
        return False
    Outbox.objects.filter(pk__in=[r.pk for r in rows], status=Outbox.Status.HELD).update(
        status=Outbox.Status.SENT, sent_at=now()
    )
    return True


def send_all() -> int:
    """One e-mail per user with held rows; answers how many e-mails were sent."""
    users = Outbox.objects.filter(status=Outbox.Status.HELD).values_list("user", flat=True).distinct()
    return sum(_send_one(user) for user in get_user_model().objects.filter(pk__in=list(users)))
