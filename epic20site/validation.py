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


def read_json_or_refuse(text: str, *, path: str = "") -> Any:
    """JSON typed into a page's form field, read by the one strict reader the API uses
    (`epic20site.parsers.read_json`), or `DomainError` (400) in words a person reads."""
    from .parsers import BadJSON, read_json

    try:
        return read_json(text)
    except BadJSON as exc:
        raise DomainError(exc.code, exc.message, path=path + exc.path) from None
