"""For tests of remembered pages (`epic20site.remembered_pages`): a page with what every answer
draws anew (its CSRF tokens, the fight page's poll key and action forms' key) blanked, so two answers compare."""

from __future__ import annotations

import re

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
POLL_KEY = re.compile(r"k=([^&\"]+)")
ACTION_KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')


def without_tokens(html: str | bytes) -> str:
    html = html.decode() if isinstance(html, bytes) else html
    html = TOKEN.sub('name="csrfmiddlewaretoken" value=""', html)
    html = ACTION_KEY.sub('name="idempotency_key" value=""', html)
    html = re.sub(r'name="save_key" value="[^"]*"', 'name="save_key" value=""', html)  # one per rendering
    html = re.sub(r'"X-CSRFToken": "[^"]+"', '"X-CSRFToken": ""', html)
    return POLL_KEY.sub("k=", html)
