"""How the character pages write numbers, dice and catalogue names (es/en)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from .builder import maps


def half(value: Any) -> str:
    """Numbers as players write them: 0.5 → "½", 1.5 → "1½", 2 → "2"."""
    if isinstance(value, Decimal):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "—" if value is None else str(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == 0.5:
        return "½" if whole == 0 else f"{int(whole)}½"
    return f"{value:g}"


def signed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "—"
    return f"{int(value):+d}"


def dice_text(bonus: int, superiority: int) -> str:
    """RESOLVER ACCIONES: Superioridad rolls one more d20 and keeps the highest, Inferioridad
    one more and keeps the lowest; they cancel out, so only the net count matters."""
    count = abs(superiority) + 1
    params = {"count": count, "bonus": signed(bonus)}
    if superiority > 0:
        return _("%(count)sd20, el mayor, %(bonus)s") % params
    if superiority < 0:
        return _("%(count)sd20, el menor, %(bonus)s") % params
    return _("1d20, %(bonus)s") % params


def name_of(entry, lang: str) -> str:
    return entry.name_en if lang == "en" else entry.name_es


def description_of(entry, lang: str) -> str:
    return entry.description_en if lang == "en" else entry.description_es


def archetype_name(slug: str | None, lang: str) -> str:
    archetype = maps()["archetypes"].get(slug) if slug else None
    return name_of(archetype, lang) if archetype else ""
