"""A problem found in a submitted sheet or request, the same shape for every system: a stable
code, a JSON pointer into what was submitted, a message in both languages and the rule section
it breaks (the REST contract's error envelope, docs/api.md)."""

from __future__ import annotations

from dataclasses import dataclass


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


def pointer(*parts) -> str:
    """A JSON pointer (RFC 6901) from its reference tokens."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)
