"""A problem found in a submitted sheet or request, the same shape for every system: a stable
code, a JSON pointer into what was submitted, a message in both languages and the rule section
it breaks (the REST contract's error envelope, docs/api.md)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

# A name shows on one line wherever it is shown (the log, the forum export): line breaks and
# other control characters (Unicode's Cc, and the line and paragraph separators) have no place in
# it. The site refuses them in the names it stores itself (`epic20site.validation`); the systems,
# in the names of a sheet's weapons, attacks and powers.
NOT_ON_ONE_LINE = frozenset({"Cc", "Zl", "Zp"})
ONE_LINE_CODE = "text.control_character"
ONE_LINE_ES = "Este texto va en una sola línea: no puede llevar saltos de línea ni caracteres de control."
ONE_LINE_EN = "This text goes on one line: no line breaks or control characters."


def is_one_line(text: str) -> bool:
    return not any(unicodedata.category(ch) in NOT_ON_ONE_LINE for ch in text)


@dataclass(frozen=True)
class Problem:
    code: str
    path: str
    message_es: str
    message_en: str
    rule: str

    def as_dict(self, lang: str = "es") -> dict:
        return {
            "code": self.code,
            "path": self.path,
            "message": self.message_en if lang == "en" else self.message_es,
            "rule": self.rule,
        }


def one_line_problem(path: str, rule: str = "") -> Problem:
    return Problem(ONE_LINE_CODE, path, ONE_LINE_ES, ONE_LINE_EN, rule)


def pointer(*parts) -> str:
    """A JSON pointer (RFC 6901) from its reference tokens."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)
