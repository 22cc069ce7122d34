"""The addresses every page's frame (`base.html`) links to: its style sheets, scripts and menu.

They stay the same for the life of a process: the static files' hashed names come from the
manifest read at start, and the URLconf does not change. So they are worked out once per script
prefix and static URL, instead of by fifteen `{% static %}` and `{% url %}` tags in every
answer (about a third of the frame's rendering).
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.templatetags.static import static
from django.urls import get_script_prefix, reverse

FILES = {
    "bootstrap_css": "vendor/bootstrap/css/bootstrap.min.css",
    "site_css": "css/site.css",
    "favicon": "favicon.svg",
    "bootstrap_js": "vendor/bootstrap/js/bootstrap.bundle.min.js",
    "htmx": "vendor/htmx/htmx.min.js",
    "fight_site_js": "js/fight-site.js",
}
PAGES = {
    "manifest": "manifest",
    "home": "home",
    "campaigns": "campaigns:campaign_list",
    "characters": "characters:list",
    "tables": "tables:directory",
    "set_language": "set_language",
    "notifications": "notifications:notifications",
    "account": "accounts:account",
    "logout": "accounts:logout",
    "login": "accounts:login",
    "signup": "accounts:signup",
    "api_docs": "api-docs",
}


@cache
def _links(prefix: str, static_url: str) -> dict[str, str]:
    return {
        **{key: static(path) for key, path in FILES.items()},
        **{key: reverse(name) for key, name in PAGES.items()},
    }


def site_links(request) -> dict:
    """Context processor: `site_links.<key>` in every template rendered with a request."""
    return {"site_links": _links(get_script_prefix(), settings.STATIC_URL)}
