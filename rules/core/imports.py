"""Bringing a character in from another tool (docs/api.md "Bring your characters"): what every
system's importer answers, and the one refusal it raises.

An importer is a pure function `bytes -> ImportedSheet`: the sheet it makes (in the system's own
sheet format, checked afterwards like any submitted sheet) and the report of what became of each
thing in the file. Nothing in a file is dropped without a line in the report saying why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import Refused

IMPORT_RULE = "Importar una ficha"


@dataclass(frozen=True)
class Note:
    """One thing of the file that was approximated or skipped, and why (both languages)."""

    item: str
    why_es: str
    why_en: str

    def as_dict(self, lang: str = "es") -> dict:
        return {"item": self.item, "why": self.why_en if lang == "en" else self.why_es}


@dataclass
class ImportReport:
    """`{"source", "imported", "approximated", "skipped"}` as the API answers it."""

    source: str
    imported: list[str] = field(default_factory=list)
    approximated: list[Note] = field(default_factory=list)
    skipped: list[Note] = field(default_factory=list)

    def took(self, item: str) -> None:
        self.imported.append(item)

    def approximate(self, item: str, why_es: str, why_en: str) -> None:
        self.approximated.append(Note(item, why_es, why_en))

    def skip(self, item: str, why_es: str, why_en: str) -> None:
        self.skipped.append(Note(item, why_es, why_en))

    def as_dict(self, lang: str = "es") -> dict:
        return {
            "source": self.source,
            "imported": list(self.imported),
            "approximated": [n.as_dict(lang) for n in self.approximated],
            "skipped": [n.as_dict(lang) for n in self.skipped],
        }


@dataclass(frozen=True)
class ImportedSheet:
    """What an importer makes of a file: the sheet and the report."""

    sheet: Mapping[str, Any]
    report: ImportReport


Importer = Callable[[bytes], ImportedSheet]


class ImportRefused(Refused):
    """A file that cannot be brought in (wrong format, broken, hostile, another edition): a 400."""

    def __init__(self, code: str, text_es: str, text_en: str):
        super().__init__(f"import.{code}", IMPORT_RULE, text_es, text_en)


def refuse(code: str, text_es: str, text_en: str) -> ImportRefused:
    return ImportRefused(code, text_es, text_en)


def decode_text(raw: bytes) -> str:
    """A file's text: UTF-16 when it starts with a byte-order mark (either order), else UTF-8
    (with or without its own mark). Anything else is refused, as is a NUL in the text."""
    encoding = "utf-16" if raw.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8-sig"
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        raise refuse(
            "not_text",
            "El archivo no es texto UTF-8 ni UTF-16 con marca de orden de bytes.",
            "The file is not UTF-8 text, nor UTF-16 with a byte-order mark.",
        ) from None
    if "\x00" in text:
        raise refuse("not_text", "El archivo contiene caracteres nulos.", "The file contains NUL characters.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise refuse(
            "not_text", "El archivo contiene caracteres Unicode inválidos.", "The file has invalid Unicode."
        ) from None
    return text


MAX_JSON_DEPTH = 64  # deeper than any actor a tool exports; far below Python's recursion limit
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def _json_depth_ok(text: str) -> bool:
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return False
        elif token in "]}":
            depth -= 1
    return True


def _no_constant(name: str):
    raise ValueError(name)


def read_json_document(text: str) -> Any:
    """A JSON file's value, or the refusal `import.json_broken` (never RecursionError, never NaN)."""
    broken = refuse("json_broken", "El archivo no es JSON válido.", "The file is not valid JSON.")
    if not _json_depth_ok(text):
        raise broken
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise broken from None
    if not _storable(data):
        raise refuse(
            "not_text",
            "El archivo contiene caracteres nulos o Unicode inválido (sustitutos sueltos).",
            "The file contains NUL characters or invalid Unicode (lone surrogates).",
        )
    return data


def _storable(data: Any) -> bool:
    """No string (key or value) holds a NUL or a lone UTF-16 surrogate: no database keeps them and
    no answer can be written with them. Walked without recursion."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            if "\x00" in value:
                return False
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True
