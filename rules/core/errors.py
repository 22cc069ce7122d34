"""The one refusal an engine raises: what the rules (or the shape of a request) do not allow.

Engines stay free of HTTP: a refusal says *what kind* of no it is (`kind`), and the site turns
that into a status once (`epic20site.errors`). Texts come in both languages, so the engine
never asks which language the reader speaks.
"""

from __future__ import annotations

INVALID = "invalid"  # bad input: 400
CONFLICT = "conflict"  # not now (out of turn, wrong phase): 409
FORBIDDEN = "forbidden"  # not yours to do: 403
KINDS = (INVALID, CONFLICT, FORBIDDEN)


class Refused(Exception):
    """The rules do not allow what was asked. `code` is stable ("turn.no_standard_action"),
    `rule` names the section of the system's document, `path` is a JSON pointer into the
    request ("" for the whole of it)."""

    def __init__(
        self, code: str, rule: str, text_es: str, text_en: str, *, path: str = "", kind: str = INVALID
    ):
        super().__init__(text_en)
        if kind not in KINDS:
            raise ValueError(f"unknown refusal kind {kind!r}")
        self.code, self.rule, self.text_es, self.text_en = code, rule, text_es, text_en
        self.path, self.kind = path, kind

    def text(self, lang: str) -> str:
        return self.text_en if lang == "en" else self.text_es

    def as_dict(self) -> dict:
        return {"code": self.code, "rule": self.rule, "text_es": self.text_es, "text_en": self.text_en}


class SheetRefused(Exception):
    """A sheet that cannot take part in a fight; `problems` (`rules.core.problems.Problem`) say why."""

    def __init__(self, problems):
        super().__init__("sheet refused")
        self.problems = tuple(problems)
