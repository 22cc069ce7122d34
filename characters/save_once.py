"""One builder page, one save: each rendering of the builder draws a key (`save_key_new`) that its
form posts back with every live check and with "Guardar". The first save made with a key stores
the sheet and remembers where it led; the same save sent again (a double click, a form posted
twice, a page resent after a slow answer) stores nothing and leads to the same page.

Two saves with one key at once are serialised by the key's unique row: the second waits until the
first's transaction ends, then finds its row (or, when the first was refused and rolled back,
makes the save itself)."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction

from .models import Character, SaveKey

FIELD = "save_key"
_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def save_key_new() -> str:
    """A key for one rendering of a builder page."""
    return secrets.token_urlsafe(16)


def save_key_posted(post) -> str:
    """The key a builder form carried, or "" when it carried none the site could have drawn."""
    key = str(post.get(FIELD) or "").strip()
    return key if _KEY.match(key) else ""


def save_key_of(post, sheet: Any) -> str:
    """What one save of a builder page is known by: the page's key and what it saves. The same
    page posting another sheet (changed after going back to it) is another save, as the fight
    forms' key goes with the action it sends ("" without a key)."""
    key = save_key_posted(post)
    if not key:
        return ""
    canonical = json.dumps(sheet, sort_keys=True, separators=(",", ":"), default=str)
    return f"{key}:{hashlib.sha256(canonical.encode()).hexdigest()[:32]}"


@dataclass(frozen=True)
class Saved:
    character: Character
    next_url: str
    again: bool  # the key's save was made before: nothing was stored now


def save_once(
    *, user: AbstractBaseUser, key: str, save: Callable[[], Character], next_url: Callable[[Character], str]
) -> Saved:
    """`save()` once per `key` of `user` (every time when `key` is ""): a key used before answers
    the sheet its first save stored and the page it led to. A save that raises stores no key."""
    if not key:
        character = save()
        return Saved(character, next_url(character), again=False)
    with transaction.atomic():
        try:
            with transaction.atomic():
                row = SaveKey.objects.create(user=user, key=key)
        except IntegrityError:
            first = SaveKey.objects.select_related("character").get(user=user, key=key)
            return Saved(first.character, first.next_url, again=True)
        character = save()
        row.character, row.next_url = character, next_url(character)
        row.save(update_fields=["character", "next_url"])
        return Saved(character, row.next_url, again=False)
