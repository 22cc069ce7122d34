"""`Idempotency-Key`: a repeated request gets the first answer and acts once (docs/api.md)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from epic20site.errors import Conflict

from . import log
from .models import Encounter, IdempotencyKey


def request_fingerprint(method: str, path: str, body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{method.upper()} {path}\n{canonical}".encode()).hexdigest()


def _reused() -> Conflict:
    return Conflict("idempotency_key.reused", _("Esta clave de idempotencia ya se usó para otra petición."))


def run_idempotent(
    *, user, key: str | None, encounter: Encounter, fingerprint: str, run: Callable[[], tuple[int, dict]]
) -> tuple[int, dict]:
    """Run `run()` (which answers `(status, body)`) once per `Idempotency-Key`: a repeated key
    gets the first answer, status and body, and nothing happens again. Only answers that changed
    something are kept; a refused request changed nothing and may simply be retried."""
    if not key:
        return run()
    with transaction.atomic():
        # The encounter lock serialises two requests with the same key as well.
        log.lock(encounter)
        stored = IdempotencyKey.objects.filter(user=user, key=key).first()
        if stored is not None:
            if stored.fingerprint != fingerprint:
                raise _reused()
            return stored.status_code, stored.response
        status, body = run()
        try:
            with transaction.atomic():
                IdempotencyKey.objects.create(
                    user=user,
                    key=key,
                    encounter=encounter,
                    fingerprint=fingerprint,
                    status_code=status,
                    response=body,
                )
        except IntegrityError:  # pragma: no cover - the same key raced on another encounter
            raise _reused() from None
        return status, body
