"""A page's HTML remembered under the version of everything it shows (`versioned_cache`), for
pages readers open again and again while nothing changes: the sheet, the builder, the list of
characters, the fight.

What must be new in every answer is never remembered: the CSRF token (`{% csrf_token %}`), and
whatever else the caller names in `fresh` (the fight page's signed poll key). The HTML is
rendered with a placeholder in each such context variable, remembered so, and the placeholders
are replaced by this request's values after reading. A placeholder is derived from the site's
secret, so no text a user writes can stand for one.

The page's shell (`base.html`: the menu, the language form, the messages) is rendered for every
request around the remembered part, so one-off messages are never remembered either.

    html = remembered_partial(request, "sheet-page", version, "characters/sheet.html#page", build_context)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Hashable, Mapping

from django.conf import settings
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .versioned_cache import remembered

CSRF = "csrf_token"


def placeholder(name: str) -> str:
    """What stands for the context variable `name` in remembered HTML: letters, digits and dashes
    only, so it passes escaping and URL-encoding unchanged."""
    digest = hmac.new(settings.SECRET_KEY.encode(), f"remembered-page:{name}".encode(), hashlib.sha256)
    return f"fresh-{name.replace('_', '-')}-{digest.hexdigest()[:24]}"


def remembered_partial(
    request,
    namespace: str,
    version: Hashable,
    template: str,
    build_context: Callable[[], dict],
    fresh: Mapping[str, Callable[[], str]] | None = None,
) -> SafeString:
    """`template` rendered for this request, remembered under `version` (which must name
    everything the HTML depends on but the viewer's language, which is added here).
    `build_context()` is called only when nothing is remembered."""
    fresh = {CSRF: lambda: get_token(request), **(fresh or {})}
    placeholders = {name: placeholder(name) for name in fresh}

    def render() -> str:
        return render_to_string(template, {**build_context(), **placeholders}, request=request)

    html = remembered(namespace, (version, get_language()), render)
    for name, stand_in in placeholders.items():
        if stand_in in html:
            html = html.replace(stand_in, str(fresh[name]()))
    return mark_safe(html)  # the template's own output, escaped when it was rendered


def render_page(request, template: str, context: dict, *, status: int = 200) -> HttpResponse:
    """A page whose template draws its own part in the `page` partial, drawn now."""
    page = mark_safe(render_to_string(f"{template}#page", context, request=request))
    return render(request, template, {**context, "page": page}, status=status)


def render_remembered_page(
    request,
    template: str,
    shell: dict,
    namespace: str,
    version: Hashable,
    build_context: Callable[[], dict],
    fresh: Mapping[str, Callable[[], str]] | None = None,
) -> HttpResponse:
    """The same page with its `page` partial remembered (`remembered_partial`); `shell` is what
    the rest of the template reads (the title's name)."""
    page = remembered_partial(request, namespace, version, f"{template}#page", build_context, fresh)
    return render(request, template, {**shell, "page": page})
