"""The Hero sheet's own template filter: a characteristic's name in the page's language (the
points table and the import preview list characteristics by their sheet keys)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from rules.hero.sheet_rules import CHARACTERISTICS

register = template.Library()
_NAMES = {key: (es, en) for key, es, en, _low, _high in CHARACTERISTICS}


@register.filter
def hero_characteristic(key: str) -> str:
    es, en = _NAMES.get(key, (key.upper(), key.upper()))
    return en if (get_language() or "es").startswith("en") else es
