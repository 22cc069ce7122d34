"""Validate a request body with a serializer and raise the one domain error when it fails, so a
service, a page and an API view check input the same way."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from .api import flatten_validation_errors
from .errors import DomainError


def _string_keys(detail):
    """DRF keys a list item's errors by its int index; JSON pointers want text."""
    if isinstance(detail, dict):
        return {str(key): _string_keys(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_string_keys(value) for value in detail]
    return detail


def validated(serializer_class, data: Any) -> dict:
    """The serializer's validated data, or `DomainError` (400) with every problem."""
    if not isinstance(data, dict):
        raise DomainError("request.not_object", _("El cuerpo debe ser un objeto JSON."))
    serializer = serializer_class(data=data)
    if serializer.is_valid():
        return dict(serializer.validated_data)
    errors = flatten_validation_errors(_string_keys(serializer.errors))
    error = DomainError(errors[0]["code"], errors[0]["message"], path=errors[0]["path"])
    error.errors = errors
    raise error


MAX_DEPTH = 64


def _depth_ok(value, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(_depth_ok(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_depth_ok(v, depth + 1) for v in value)
    return True


def read_json_or_refuse(text: str, *, path: str = "") -> Any:
    """JSON typed into a page's form field, or `DomainError` (400) in words a person reads."""
    import json

    def refuse_constant(name):
        raise ValueError(name)

    try:
        value = json.loads(text, parse_constant=refuse_constant)
    except (ValueError, RecursionError):
        raise DomainError("json.invalid", _("Esto no es JSON válido."), path=path) from None
    if not _depth_ok(value):
        raise DomainError("json.too_deep", _("El JSON está anidado demasiado profundo."), path=path)
    return value
