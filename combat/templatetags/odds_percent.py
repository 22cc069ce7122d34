"""A chance as a percentage that never claims certainty it does not have: 215/216 reads
"99,5 %", not "100 %"; 1/216 reads "0,5 %", not "0 %". Only a sure thing reads 100 and only an
impossible one 0."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()


def percent_text(chance) -> str:
    """`chance` (0 to 1) as the number of a percentage, without the sign."""
    try:
        value = float(chance)
    except (TypeError, ValueError):
        return "—"
    if value >= 1:
        return "100"
    if value <= 0:
        return "0"
    whole = round(value * 100)
    if 0 < whole < 100:
        return str(whole)
    # Rounding would say "always" or "never": one decimal, and never 100.0 or 0.0 itself.
    tenth = min(max(round(value * 1000) / 10, 0.1), 99.9)
    return number_format(tenth, 1)


@register.filter
def percent(chance) -> str:
    return percent_text(chance)
