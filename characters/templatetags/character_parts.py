"""Helpers of the shared builder and sheet parts (`templates/characters/_parts/`): every
system's builder and sheet draws its error boxes, rows and header through these, so a fix to one
of them is made once."""

from django import template

from characters.page_format import error_slot_html

register = template.Library()


def builder_is_untouched(context) -> bool:
    """A new character's builder as it first opens: nothing typed yet, so nothing to refuse. The
    first live check, a save or a row button (all of them posts) shows the errors; a system may
    say for itself (`untouched` in its view), as Epic20 does of a blank form whose only change
    is an opened catalogue list."""
    if "untouched" in context:
        return bool(context["untouched"])
    request = context.get("request")
    return getattr(request, "method", "") == "GET" and context.get("character") is None


@register.simple_tag(takes_context=True)
def builder_untouched(context) -> bool:
    """`{% builder_untouched as untouched %}`: see `builder_is_untouched`."""
    return builder_is_untouched(context)


@register.simple_tag(takes_context=True)
def field_errors(context, slot_id):
    """The box of the errors about one field or row (`#err-<slot>`, inside `#field-<slot>`),
    empty on an untouched builder. builder.js names the box in its field's aria-describedby."""
    messages = () if builder_is_untouched(context) else (context.get("slots") or {}).get(slot_id, ())
    return error_slot_html(slot_id, messages)


@register.simple_tag
def joined(*parts):
    """The parts given that are not empty, as a list (a sheet header's subtitle)."""
    return [part for part in parts if part not in (None, "")]
