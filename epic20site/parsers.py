"""The one strict JSON reader of the site: the API's body parser and `read_json` for pages.

Kept apart from `epic20site.api`: DRF reads its default parser classes while importing
`rest_framework.views`, which `epic20site.api` itself imports.

Python's `json` module accepts text no database can keep and no client should send: lone
UTF-16 surrogates (`"\\ud800"` cannot be encoded as UTF-8, so saving or rendering it fails
later, after the harm is done), NUL characters (PostgreSQL refuses them in text), and the
non-standard `NaN`/`Infinity`. It also recurses once per nesting level, so a few thousand `[`
crash it with RecursionError. `read_json` refuses all of these up front with a `BadJSON`, a
DRF `ParseError` that answers 400 in the error envelope, with the JSON pointer of the bad
value and a message in the request's language.
"""

from __future__ import annotations

import codecs
import json
import re

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.parsers import JSONParser

# Deeper than any sheet or action the site knows (a sheet nests four levels), far below the
# depth where Python's parser would run out of stack.
MAX_DEPTH = 64

# Strings (with their escapes) and brackets: enough to measure nesting without parsing.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_OPENERS = frozenset("[{")


class BadJSON(exceptions.ParseError):
    """Malformed or unstorable JSON. `message` is the text for a page; `errors` the envelope."""

    def __init__(self, message: str, path: str = "", code: str = "request.malformed"):
        super().__init__()
        self.message = str(message)
        self.path = path
        self.code = code
        self.detail = {"errors": [{"code": code, "path": path, "message": self.message, "rule": ""}]}


def _pointer(parts: tuple) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def unstorable(text: str) -> str | None:
    """Why `text` cannot be stored ("surrogate", "nul"), or None when it is fine."""
    if "\x00" in text:
        return "nul"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "surrogate"
    return None


def unstorable_message(reason: str) -> str:
    if reason == "nul":
        return _("El texto contiene un carácter nulo (U+0000), que no se puede guardar.")
    return _("El texto contiene un carácter Unicode inválido (un sustituto UTF-16 suelto).")


def _check_depth(text: str) -> None:
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in _OPENERS:
            depth += 1
            if depth > MAX_DEPTH:
                raise BadJSON(
                    _("El JSON está anidado demasiado profundo (máximo %(max)s niveles).")
                    % {"max": MAX_DEPTH}
                )
        elif token in "]}":
            depth -= 1


def _refuse_constant(name: str):
    raise BadJSON(_("El JSON no admite %(value)s: usa un número finito.") % {"value": name})


def _check_text(value: str, parts: tuple) -> None:
    reason = unstorable(value)
    if reason:
        raise BadJSON(unstorable_message(reason), _pointer(parts), "request.invalid_character")


def _check_values(data) -> None:
    """Walk the parsed value without recursion; refuse the first unstorable key or string."""
    stack = [(data, ())]
    while stack:
        value, parts = stack.pop()
        if isinstance(value, str):
            _check_text(value, parts)
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, (*parts, key))
                stack.append((item, (*parts, key)))
        elif isinstance(value, list):
            stack.extend((item, (*parts, index)) for index, item in enumerate(value))


def _as_text(raw: str | bytes, encoding: str) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return codecs.decode(raw, encoding)
    except (UnicodeDecodeError, LookupError):
        raise BadJSON(_("El cuerpo no es texto %(encoding)s válido.") % {"encoding": encoding}) from None


def read_json(raw: str | bytes, encoding: str = "utf-8"):
    """The value of a JSON document, or BadJSON (never RecursionError, never unstorable text)."""
    text = _as_text(raw, encoding)
    _check_depth(text)
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:  # pragma: no cover - _check_depth stops far earlier
        raise BadJSON(_("El JSON está anidado demasiado profundo.")) from None
    except ValueError as exc:  # JSONDecodeError, and int() of a number with too many digits
        raise BadJSON(_("El JSON no es válido: %(reason)s") % {"reason": _describe(exc)}) from None
    _check_values(data)
    return data


def _describe(exc: ValueError) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return _("línea %(line)s, columna %(column)s.") % {"line": exc.lineno, "column": exc.colno}
    return _("un número demasiado largo.")


class JSONBodyParser(JSONParser):
    """The default parser of every endpoint (settings.REST_FRAMEWORK): `read_json`."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        return read_json(stream.read(), encoding)
