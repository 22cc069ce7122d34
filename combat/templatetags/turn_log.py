"""`{% logged_event event %}`: one entry of the turn log, rendered once.

An entry's HTML depends on nothing but the event as the reader may see it (the view the reader
built, privacy applied) and the language, and a logged event never changes but for being undone
or superseded, which changes its view. So it is remembered under that view
(epic20site/versioned_cache): an open fight page, the log page and every live update render each
entry once, however many readers and reloads there are. Forty entries were a third of the
fight page's render time.
"""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.translation import get_language

from epic20site.versioned_cache import remembered

register = template.Library()

TEMPLATE = "combat/_event.html"


@register.simple_tag(takes_context=True)
def logged_event(context, event: dict) -> str:
    encounter = context["encounter"]
    version = (encounter.pk, repr(event))
    return remembered(
        f"event-html-{get_language()}",
        version,
        lambda: render_to_string(TEMPLATE, {"event": event, "encounter": encounter}),
    )
