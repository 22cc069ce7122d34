"""Every page's frame links to the same style sheets, scripts and pages the `{% static %}` and
`{% url %}` tags would name (`epic20site.site_links`, worked out once per process)."""

from __future__ import annotations

import pytest
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse

from epic20site.site_links import FILES, PAGES, site_links
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_each_link_is_what_its_tag_would_write(rf):
    links = site_links(rf.get("/"))["site_links"]

    assert links == {**{k: static(p) for k, p in FILES.items()}, **{k: reverse(n) for k, n in PAGES.items()}}


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_frame_links_its_files_and_menu(signed_in):
    client = Client()
    if signed_in:
        client.force_login(UserFactory())
    page = client.get("/mesas/").content.decode()

    for path in FILES.values():
        assert f'"{static(path)}"' in page
    menu = (
        ("campaigns", "characters", "notifications", "account", "logout")
        if signed_in
        else ("login", "signup")
    )
    for name in ("home", "tables", "set_language", "api_docs", "manifest", *menu):
        assert f'"{reverse(PAGES[name])}"' in page
