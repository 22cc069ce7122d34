"""A problem found in a sheet: stable code, JSON pointer, message in both languages, rule section."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.core.problems import Problem, pointer

from .messages import MESSAGES

__all__ = ["Problem", "Text", "fmt", "named", "pointer", "problem"]


@dataclass(frozen=True)
class Text:
    """A message parameter with a Spanish and an English form (catalogue names)."""

    es: str
    en: str


def named(entry) -> Text:
    return Text(entry.name_es, entry.name_en)


def fmt(value) -> str:
    """½-step numbers as players write them: "½", "1½", "3"."""
    if isinstance(value, Fraction):
        whole, rest = divmod(value, 1)
        if rest == 0:
            return str(int(whole))
        if rest == Fraction(1, 2):
            return "½" if whole == 0 else f"{int(whole)}½"
        return str(float(value))
    return str(value)


def _render(value, lang: str) -> str:
    if isinstance(value, Text):
        return value.en if lang == "en" else value.es
    if isinstance(value, (list, tuple)):
        joiner = " or " if lang == "en" else " o "
        return joiner.join(_render(item, lang) for item in value)
    return fmt(value)


def problem(code: str, path: str, rule: str, **params) -> Problem:
    es, en = MESSAGES.get(code, (code, code))
    try:
        message_es = es.format(**{key: _render(value, "es") for key, value in params.items()})
        message_en = en.format(**{key: _render(value, "en") for key, value in params.items()})
    except (KeyError, IndexError, ValueError):
        message_es, message_en = es, en
    return Problem(code, path, message_es, message_en, rule)
