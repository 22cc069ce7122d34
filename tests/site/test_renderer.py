"""The API's renderer writes what DRF's own JSON renderer writes (epic20site/renderers.py)."""

from __future__ import annotations

import json
from decimal import Decimal

from django.utils.translation import gettext_lazy
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.renderers import JSONRenderer

from epic20site.renderers import FastJSONRenderer

SAMPLE = {
    "name": "Nova «la Rápida»",
    "lazy": gettext_lazy("No encontrado."),
    "amount": Decimal("1.5"),
    "by_id": {1: "uno", 2: "dos"},
    "tags": {"a"},
    "nested": [1, 2.5, None, True, {"x": []}],
    "line": "a\u2028b\u2029c",
}


def test_it_writes_what_drf_writes():
    ours, theirs = FastJSONRenderer().render(SAMPLE), JSONRenderer().render(SAMPLE)
    assert json.loads(ours) == json.loads(theirs)
    assert b"\\u2028" in ours and b"\\u2029" in ours
    assert "Rápida".encode() in ours  # UTF-8, not \\u escapes


def test_compact_json_is_byte_for_byte_drfs():
    data = {"count": 2, "results": [{"id": 1, "name": "Nova", "valid": True, "derived": {"defense": 3}}]}
    assert FastJSONRenderer().render(data) == JSONRenderer().render(data)


def test_no_data_is_an_empty_body_and_indent_is_still_honoured():
    assert FastJSONRenderer().render(None) == b""
    pretty = FastJSONRenderer().render({"a": 1}, "application/json; indent=2")
    assert pretty == JSONRenderer().render({"a": 1}, "application/json; indent=2")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_any_json_value_reads_back_the_same(value):
    assert json.loads(FastJSONRenderer().render({"v": value})) == {"v": value}
