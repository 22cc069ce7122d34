"""The GM's deadline form on the campaign page keeps its two labels apart: each field sits in its
own column with a horizontal gutter, so "Plazo por turno (minutos)" and "Al vencer" never run
together on one line."""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_deadline_forms_fields_have_a_gutter_between_them(fight):
    table, encounter, *_ = fight
    gm = Client()
    gm.force_login(table.gm)
    html = gm.get(f"/campaigns/{table.campaign.pk}/").content.decode()
    form = re.search(rf'<form class="([^"]*)" action="[^"]*/encounters/{encounter}/deadline/"', html)
    assert form, "the GM sees the deadline form of the running fight"
    assert {"row", "gx-3", "gy-2"} <= set(form.group(1).split())
    assert "g-1" not in form.group(1).split()
    fields = html[form.end() : html.index("</form>", form.end())]
    assert fields.count('<div class="col-auto">') == 3  # minutes, default, the button
