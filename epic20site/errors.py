"""The one domain error every service raises, and its translation for pages.

A service raises `DomainError` (code, path, message in the request's language, rule section,
HTTP status); the API's exception handler (`epic20site.api.exception_handler`) answers it as the
error envelope, and pages show its messages (`page_messages`). An engine's refusal
(`rules.core.errors.Refused`) becomes one through `DomainError.from_refused`, and a sheet's
problems through `DomainError.from_problems`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import get_language

from rules.core.errors import CONFLICT, FORBIDDEN, INVALID, Refused

STATUS_FOR_KIND = {INVALID: 400, CONFLICT: 409, FORBIDDEN: 403}


def request_lang() -> str:
    """ "en" when the request (or the active translation) asks for English, "es" otherwise."""
    return "en" if (get_language() or "es").lower().startswith("en") else "es"


class DomainError(Exception):
    """Something the site or the rules refuse. `errors` are envelope entries
    (`{"code", "path", "message", "rule"}`), the first one being this error's own."""

    def __init__(self, code: str, message: str, *, path: str = "", rule: str = "", status: int = 400):
        super().__init__(str(message))
        self.code, self.message, self.path, self.rule, self.status = code, str(message), path, rule, status
        self.errors = [{"code": code, "path": path, "message": str(message), "rule": rule}]

    def as_errors(self) -> list[dict]:
        return self.errors

    @classmethod
    def from_refused(cls, exc: Refused, *, path_prefix: str = "") -> DomainError:
        """The engine's refusal as the error of its kind: a conflict is a `Conflict`, a
        forbidden move a `NotAllowed`, so a caller catches it by type as it would the site's own."""
        fields = {"path": path_prefix + exc.path, "rule": exc.rule}
        of_kind = _CLASS_FOR_KIND.get(exc.kind) if cls is DomainError else None
        if of_kind is not None:
            return of_kind(exc.code, exc.text(request_lang()), **fields)
        return cls(exc.code, exc.text(request_lang()), status=STATUS_FOR_KIND[exc.kind], **fields)

    @classmethod
    def from_problems(cls, problems: Iterable, *, prefix: str = "", fallback: str = "") -> DomainError:
        """Every problem of a sheet (`rules.core.problems.Problem`), paths under `prefix`."""
        lang = request_lang()
        errors = [{**p.as_dict(lang), "path": prefix + p.as_dict(lang)["path"]} for p in problems]
        if not errors:
            errors = [{"code": "sheet.invalid", "path": prefix, "message": fallback, "rule": ""}]
        error = cls(errors[0]["code"], errors[0]["message"], path=errors[0]["path"], rule=errors[0]["rule"])
        error.errors = errors
        return error


class NotAllowed(DomainError):
    def __init__(self, code: str, message: str, **kwargs):
        super().__init__(code, message, status=403, **kwargs)


class Conflict(DomainError):
    def __init__(self, code: str, message: str, **kwargs):
        super().__init__(code, message, status=409, **kwargs)


_CLASS_FOR_KIND = {CONFLICT: Conflict, FORBIDDEN: NotAllowed}


def page_messages(exc: DomainError) -> list[str]:
    """What a page shows for a refused write: every message, once."""
    seen: list[str] = []
    for entry in exc.as_errors():
        if entry["message"] not in seen:
            seen.append(entry["message"])
    return seen
