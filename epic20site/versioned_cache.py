"""The site's one cache helper: values derived from stored data, remembered under the version of
that data, so nothing ever has to be invalidated. The caller names what it remembers
(`namespace`) and gives the version of what it was computed from (the sheet's last change, its
awards and waivers…): any change makes a new version, hence a new key, in every process and
whatever cache backend is configured. Every key also carries the rules engine's code version, so
a new release of the rules never reads numbers an older release derived.

A cache that cannot be reached is a miss: the value is computed, never an error.

    report = remembered("sheet-report", (character.pk, character.updated_at), compute)
    reports = remembered_many("sheet-report", characters, version_of, compute)
    items = remembered_batch("character-item", rows, version_of, compute_many)
"""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import TypeVar

from django.core.cache import cache

T = TypeVar("T")
I = TypeVar("I")  # noqa: E741 - an item of a list

TIMEOUT = 24 * 60 * 60
RULES = Path(__file__).resolve().parent.parent / "rules"

logger = logging.getLogger(__name__)


@functools.cache
def rules_code_version() -> str:
    """A digest of the rules engine's source files (name, size, last change), taken once per
    process: it changes with every release that touches a rule."""
    digest = hashlib.sha256()
    for path in sorted(RULES.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(RULES)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()[:16]


def cache_key(namespace: str, version: Hashable) -> str:
    raw = f"{rules_code_version()}|{version!r}".encode()
    return f"{namespace}:{hashlib.sha256(raw).hexdigest()}"


def remembered(namespace: str, version: Hashable, compute: Callable[[], T]) -> T:
    """The value remembered for `version`, or `compute()` remembered now."""
    return remembered_many(namespace, [version], lambda item: item, lambda _item: compute())[0]


def remembered_many(
    namespace: str,
    items: Sequence[I],
    version_of: Callable[[I], Hashable],
    compute: Callable[[I], T],
) -> list[T]:
    """One value per item, in order: those remembered come from one cache read, the others are
    computed (`compute(item)`) and remembered in one cache write."""
    return remembered_batch(namespace, items, version_of, lambda missing: [compute(item) for item in missing])


def remembered_batch(
    namespace: str,
    items: Sequence[I],
    version_of: Callable[[I], Hashable],
    compute_many: Callable[[list[I]], list[T]],
) -> list[T]:
    """`remembered_many`, computing every missing item in one call (`compute_many(missing)`
    answers their values in order), for values whose computing reads the database in bulk."""
    keys = [cache_key(namespace, version_of(item)) for item in items]
    found = _read(keys)
    missing = [(item, key) for item, key in zip(items, keys, strict=True) if key not in found]
    if missing:
        computed = dict(
            zip((key for _item, key in missing), compute_many([item for item, _key in missing]), strict=True)
        )
        _write(computed)
        found = {**found, **computed}
    return [found[key] for key in keys]


def _read(keys: list[str]) -> dict:
    try:
        return cache.get_many(keys)
    except Exception:
        logger.warning("versioned_cache: cache read failed", exc_info=True)
        return {}


def _write(values: dict) -> None:
    try:
        cache.set_many(values, TIMEOUT)
    except Exception:
        logger.warning("versioned_cache: cache write failed", exc_info=True)
