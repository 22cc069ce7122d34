"""Template helpers of the character pages.

The builder's catalogue lists (every power, advantage and maneuver, with its rule text) are the
bulk of the page and the same for everyone: they are rendered once per language with markers
where a request's values go (`marking` in the context), and each request fills the markers in
(`characters.display.fill_catalogue`). The tags below write either the marker or the value.
"""

from django import template
from django.utils.safestring import mark_safe

from characters.display import avail_html, error_slot_html, half, marker, options_with_selected, signed

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


@register.simple_tag
def catalogue_options(kind, selected):
    """The `<option>`s of a catalogue select with `selected` marked. The list is rendered once
    per language (a builder page has dozens of these selects, each with up to 70 entries)."""
    return options_with_selected(kind, selected)


@register.simple_tag(takes_context=True)
def error_slot(context, slot_id, messages=None):
    """Where the errors about one field or row appear (also swapped out of band)."""
    if context.get("marking"):
        return marker("E", slot_id)
    if messages is None:
        messages = (context.get("slots") or {}).get(slot_id, ())
    return error_slot_html(slot_id, messages, oob=bool(context.get("oob")))


@register.simple_tag(takes_context=True)
def avail(context, key, reason=None):
    """Why a catalogue entry is not available now (hidden when it is)."""
    if context.get("marking"):
        return marker("A", key)
    if reason is None:
        reason = (context.get("unavailable") or {}).get(key, "")
    return avail_html(key, reason, oob=bool(context.get("oob")))


@register.simple_tag(takes_context=True)
def maneuver_checked(context, slug):
    if context.get("marking"):
        return marker("C", slug)
    return mark_safe(" checked") if slug in context.get("chosen_maneuvers", ()) else ""


@register.simple_tag(takes_context=True)
def maneuver_detail(context, slug):
    if context.get("marking"):
        return marker("D", slug)
    return context["form"].maneuver_details.get(slug, "")


@register.simple_tag(takes_context=True)
def builder_action(context):
    if context.get("marking"):
        return marker("U", "")
    return context.get("action", "")
