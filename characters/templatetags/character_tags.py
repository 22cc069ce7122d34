"""Template helpers of the character pages."""

import re

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from characters.page_format import error_slot_html, half, signed
from characters.systems.epic20_catalogue import avail_html, options_with_selected
from rules.core.section_names import rule_label

register = template.Library()


@register.filter
def get(mapping, key):
    """`{{ slots|get:row.slot }}`: a dict lookup with a computed key."""
    if isinstance(mapping, dict):
        return mapping.get(key, "")
    return ""


@register.filter(name="rule_label")
def rule_label_filter(rule, system="epic20"):
    """A rule tag of `system` ("LISTA DE HABILIDADES", `{{ error.rule|rule_label:"msh" }}`) named
    in the page's language, from the system's table (`rules/<slug>/section_names.py`)."""
    named = rule_label(str(rule or ""), (get_language() or "es")[:2], str(system or "epic20"))
    return _SHOUTED.sub(lambda m: m[0][0] + m[0][1:].lower(), named)


# A heading the document writes in capitals ("LISTA DE VENTAJAS", "PUNTOS DE HÉROE"): read as a
# section's name ("Lista de ventajas"), not shouted, beside an error in a sentence.
_SHOUTED = re.compile(r"\b[A-ZÁÉÍÓÚÑÜ]{4,}(?:\s+[A-ZÁÉÍÓÚÑÜ]{2,})*\b")


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
def error_slot(context, slot_id):
    """Where the errors about one field or row appear."""
    return error_slot_html(slot_id, (context.get("slots") or {}).get(slot_id, ()))


@register.simple_tag(takes_context=True)
def avail(context, key):
    """Why a catalogue entry is not available now (hidden when it is)."""
    return avail_html(key, (context.get("unavailable") or {}).get(key, ""))


@register.simple_tag(takes_context=True)
def maneuver_checked(context, slug):
    return mark_safe(" checked") if slug in context.get("chosen_maneuvers", ()) else ""


@register.simple_tag(takes_context=True)
def maneuver_detail(context, slug):
    return (context.get("maneuver_details") or {}).get(slug, "")
