"""One builder page, one save: the key each rendering of a builder draws makes the same save sent
twice (a double click, the form posted again after a slow answer) store one sheet, in every
system; another sheet from the same page, or another page, is another save."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from characters import services as characters
from characters.models import Character
from rules.registration import registrations
from tests.characters.helpers import nova
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _legal_sheets() -> dict[str, dict]:
    from rules.anima.examples import SWORDSWOMAN
    from tests.rules.hero.helpers import sheet as hero_sheet
    from tests.rules.msh.helpers import ATTACKER

    return {"epic20": nova(), "msh": ATTACKER, "anima": SWORDSWOMAN, "hero": hero_sheet("Dragón")}


class _Fields(HTMLParser):
    """The fields the builder form (`#builder`) posts, as a browser would send them."""

    def __init__(self):
        super().__init__()
        self.inside, self.fields, self.select, self.text = False, [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == "builder"
        if not self.inside or "disabled" in a:
            return
        if tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.fields.append((a["name"], a.get("value") or ""))
        elif tag == "select" and a.get("name"):
            self.select = a["name"]
        elif tag == "option" and self.select and "selected" in a:
            self.fields.append((self.select, a.get("value") or ""))
        elif tag == "textarea" and a.get("name"):
            self.text = [a["name"], ""]

    def handle_data(self, data):
        if self.text is not None:
            self.text[1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea" and self.text is not None:
            self.fields.append(tuple(self.text))
            self.text = None


def _builder_fields(client: Client, url: str) -> dict[str, list[str]]:
    parser = _Fields()
    parser.feed(client.get(url).content.decode())
    out: dict[str, list[str]] = {}
    for name, value in parser.fields:
        out.setdefault(name, []).append(value)
    return out


def _new_sheet_form(client: Client, owner, system: str) -> dict[str, list[str]]:
    """A new sheet's builder form filled in with a legal sheet of `system`: its own page's key and
    system, and the fields of a legal sheet's builder."""
    legal = characters.character_create(owner=owner, sheet=_legal_sheets()[system])
    fields = _builder_fields(client, f"/characters/{legal.pk}/edit/")
    fields.pop("version", None)
    new = _builder_fields(client, f"/characters/new/?system={system}")
    fields["save_key"], fields["system"] = new["save_key"], [system]
    legal.delete()
    return fields


@pytest.mark.parametrize("system", list(registrations()))
def test_one_builder_page_saved_twice_stores_one_sheet_and_leads_both_to_it(system):
    owner = UserFactory()
    client = Client()
    client.force_login(owner)
    form = _new_sheet_form(client, owner, system)

    first = client.post("/characters/new/", {**form, "save": "1"})
    again = client.post("/characters/new/", {**form, "save": "1"})

    assert first.status_code == again.status_code == 302, first.content.decode()[:2000]
    made = Character.objects.get(owner=owner)
    assert first["Location"] == again["Location"] == f"/characters/{made.pk}/"


def test_a_live_check_keeps_the_key_its_page_drew_and_another_page_draws_another():
    owner = UserFactory()
    client = Client()
    client.force_login(owner)
    form = _new_sheet_form(client, owner, "msh")
    live = client.post("/characters/new/", form, HTTP_HX_REQUEST="true").content.decode()
    assert f'name="save_key" value="{form["save_key"][0]}"' in live
    assert _builder_fields(client, "/characters/new/?system=msh")["save_key"] != form["save_key"]


def test_two_pages_or_two_sheets_from_one_page_are_two_saves():
    owner = UserFactory()
    client = Client()
    client.force_login(owner)
    form = _new_sheet_form(client, owner, "msh")
    other_page = {**form, "save_key": _builder_fields(client, "/characters/new/?system=msh")["save_key"]}
    changed = {**form, "name": ["Otra"]}

    for sent in (form, other_page, changed):
        assert client.post("/characters/new/", {**sent, "save": "1"}).status_code == 302

    assert Character.objects.filter(owner=owner).count() == 3


def test_a_refused_save_keeps_its_key_free_for_the_corrected_one():
    owner = UserFactory()
    client = Client()
    client.force_login(owner)
    form = _new_sheet_form(client, owner, "msh")
    refused = client.post("/characters/new/", {**form, "name": [""], "save": "1"})
    assert refused.status_code == 400
    assert client.post("/characters/new/", {**form, "save": "1"}).status_code == 302
    assert Character.objects.filter(owner=owner).count() == 1


def test_an_edit_saved_twice_is_one_save_not_a_stale_refusal():
    owner = UserFactory()
    client = Client()
    client.force_login(owner)
    character = characters.character_create(owner=owner, sheet=_legal_sheets()["msh"])
    form = _builder_fields(client, f"/characters/{character.pk}/edit/")
    form["name"] = ["Renombrada"]

    first = client.post(f"/characters/{character.pk}/edit/", {**form, "save": "1"})
    again = client.post(f"/characters/{character.pk}/edit/", {**form, "save": "1"})

    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Location"] == f"/characters/{character.pk}/"
    assert Character.objects.get(pk=character.pk).name == "Renombrada"


def test_an_edit_page_opened_twice_draws_two_keys_though_it_is_remembered():
    owner = UserFactory()
    client = Client()
    client.force_login(owner)
    character = characters.character_create(owner=owner, sheet=_legal_sheets()["msh"])
    url = f"/characters/{character.pk}/edit/"
    assert _builder_fields(client, url)["save_key"] != _builder_fields(client, url)["save_key"]
