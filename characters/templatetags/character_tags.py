"""Template helpers of the character pages."""

from django import template

from characters.display import half, signed

register = template.Library()


@register.filter
def get(mapping, key):
    """`{{ slots|get:row.slot }}`: a dict lookup with a computed key."""
    if isinstance(mapping, dict):
        return mapping.get(key, "")
    return ""


@register.filter(name="half")
def half_filter(value):
    """0.5 → ½, 1.5 → 1½."""
    return half(value)


@register.filter(name="signed")
def signed_filter(value):
    return signed(value)
