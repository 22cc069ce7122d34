"""Invariant: a sheet exported and imported again is the same sheet with the same numbers."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from characters.systems.epic20_demo import demo_sheets
from rules.epic20.validation import validate_sheet

texts = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=60
)
# A name is one line (no line breaks or other control characters): epic20site.validation.
one_line_texts = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=60)


@st.composite
def legal_sheets(draw) -> dict:
    """A pregenerated sheet with its free texts, level and optional details varied."""
    sheet = copy.deepcopy(draw(st.sampled_from(demo_sheets())))
    sheet["name"] = draw(one_line_texts.filter(lambda s: s.strip()))
    sheet["concept"] = draw(texts)
    sheet["level"] = draw(st.integers(min_value=8, max_value=40))
    for power in sheet["powers"]:
        if draw(st.booleans()):
            power["detail"] = draw(texts)
    if draw(st.booleans()):
        sheet = dict(reversed(list(sheet.items())))  # key order is the client's business
    assume(validate_sheet(sheet).valid)
    return sheet


@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sheet=legal_sheets())
def test_export_then_import_gives_the_same_sheet_and_the_same_derived_numbers(user, sheet):
    client = APIClient()
    client.force_authenticate(user)

    created = client.post("/api/v1/characters/", sheet, format="json")
    assert created.status_code == 201, created.json()
    exported = client.get(f"/api/v1/characters/{created.json()['id']}/export/").json()
    imported = client.post("/api/v1/characters/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    again = client.get(f"/api/v1/characters/{imported.json()['id']}/export/").json()

    assert exported == sheet
    assert again == sheet
    assert imported.json()["derived"] == created.json()["derived"]
    assert imported.json()["budget"] == created.json()["budget"]
