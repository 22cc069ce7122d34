"""What a new username may be made of, in one pattern the site checks and the API's schema
publishes as it is: JSON Schema reads a `pattern` as ECMA-262, where `\\w` means ASCII only, while
Python's means any alphabet's letters; so the letters are written out. The Latin alphabet with
its accents and ñ (U+00C0–U+024F, less × and ÷), digits, and @ . + - _: what a Spanish-speaking
table writes. The name is checked as typed, before it is stored in its NFKC form
(`accounts.names`), so a fullwidth look-alike is refused at once."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

USERNAME_PATTERN = r"^[0-9A-Za-z_.@+\-\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+\Z"


@deconstructible
class UsernameValidator(RegexValidator):
    regex = USERNAME_PATTERN
    message = _("Usa solo letras (con tildes y ñ), números y los signos @ . + - _, sin espacios.")
    code = "invalid"
    flags = 0
