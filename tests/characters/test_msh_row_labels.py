"""Every field of an MSH power or weapon row carries a visible label, not a placeholder that
vanishes once typed in: name, rank, combat type, damage and material."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from characters.systems.msh import MshForm
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("section", "fields"),
    [
        ("powers", {"name": "Nombre del poder", "rank": "Rango", "combat_type": "Tipo de combate"}),
        ("weapons", {"name": "Nombre del arma", "combat_type": "Tipo de combate", "damage": "Daño",
                     "material": "Material"}),
    ],
)  # fmt: skip
def test_each_field_of_a_new_row_has_a_visible_label_and_no_placeholder(section, fields):
    client = Client()
    client.force_login(UserFactory())
    post = {**MshForm.blank().fields, "name": "Lobo", "system": "msh", "op": f"add:{section}"}
    html = client.post("/characters/new/", post).content.decode()
    row = html[html.index(f'id="field-{section}-0"') :]
    row = row[: row.index('id="err-')]
    for key, label in fields.items():
        assert f'<label class="small" for="{section}-0-{key}">{label}</label>' in row, key
    assert not re.search(r"<(?:input|select)[^>]*placeholder=", row)
