"""Validate a request body with a serializer and raise the one domain error when it fails, so a
service, a page and an API view check input the same way."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from rules.core.problems import is_one_line

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


def is_single_line(text: str) -> bool:
    """A name or a side is one line wherever it is shown: no line break or other control
    character (the same rule as the systems' own names, `rules.core.problems.is_one_line`)."""
    return is_one_line(text)


SINGLE_LINE_MESSAGE = _lazy(
    "Este texto va en una sola línea: no puede llevar saltos de línea ni caracteres de control."
)


def validate_single_line(value: str) -> None:
    """The same rule as a form field's validator, so a page says it beside the field."""
    if not is_single_line(value):
        raise ValidationError(SINGLE_LINE_MESSAGE, code="control_character")


def refuse_unless_single_line(text: Any, *, path: str, error: type[DomainError] = DomainError) -> None:
    """`DomainError` (400, `text.control_character`) for a text with a line break or another
    control character in it; anything that is not text is left to the caller's own checks."""
    if isinstance(text, str) and not is_single_line(text):
        raise error(
            "text.control_character",
            str(SINGLE_LINE_MESSAGE),
            path=path,
        )
