"""Every system's character pages answer typed views (`characters.system_pages`): the builder's
check and the sheet's report the shared parts read, and only their own keys under `own`; the
page around them (form, character, address, campaign choice, who may do what) is the site's."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.utils import translation

from characters.models import Character
from characters.system_pages import BuilderView, SheetView, builder_page, sheet_page
from rules.registration import registrations
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
SYSTEMS = tuple(slug for slug, found in registrations().items() if found.pages is not None)
PAGE_KEYS = {"form", "character", "action", "saving", "live", "campaign", "campaign_choices"}
ACCESS_KEYS = {"character", "is_owner", "is_gm", "can_edit", "can_delete"}


def _request(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


@pytest.mark.parametrize("slug", SYSTEMS)
def test_a_blank_builder_is_a_typed_view_and_the_page_adds_what_every_builder_has(slug):
    pages, user = registrations()[slug].pages, UserFactory()
    with translation.override("es"):
        view = pages.builder_view(_request(user), pages.form_blank(), None)
        context = builder_page(_request(user), pages, pages.form_blank(), None, campaign="7")
    assert isinstance(view, BuilderView) and not PAGE_KEYS & set(view.own)
    assert context["action"] == "/characters/new/" and context["campaign"] == "7"
    assert (
        context["character"] is None and context["saving"] is False and callable(context["campaign_choices"])
    )
    assert context["valid"] is view.valid and context["errors"] == list(view.errors)


@pytest.mark.parametrize("slug", SYSTEMS)
def test_a_sheet_is_a_typed_view_and_the_page_says_who_may_do_what(slug):
    pages, owner, other = registrations()[slug].pages, UserFactory(), UserFactory()
    sheet = {**pages.form_blank().sheet(), "system": slug, "name": "Prueba"}
    character = Character.objects.create(owner=owner, system=slug, name="Prueba", sheet=sheet)
    with translation.override("es"):
        view = pages.sheet_view(_request(owner), character)
        mine = sheet_page(_request(owner), pages, character)
        theirs = sheet_page(_request(other), pages, character)
    assert isinstance(view, SheetView) and not ACCESS_KEYS & set(view.own)
    assert "errors" in view.report and mine["report"] == view.report
    assert (mine["is_owner"], mine["can_edit"], mine["can_delete"], mine["is_gm"]) == (
        True,
        True,
        True,
        False,
    )
    assert (theirs["is_owner"], theirs["can_edit"], theirs["can_delete"]) == (False, False, False)
