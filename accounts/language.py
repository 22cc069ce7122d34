"""The language each person is written to in (`Profile.language`: "es" or "en", set at sign-up
from the page's language, changed with `PATCH /api/v1/auth/me/`), and messages kept as their
Spanish source and values until they are written for one reader, so that nobody gets two
languages in one message."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import translation

from .models import Profile

LANGUAGES = tuple(Profile.Language.values)
DEFAULT = Profile.Language.ES


def language_of(user) -> str:
    """The user's language ("es" when they never chose one)."""
    if user is None or user.pk is None:
        return DEFAULT
    found = Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    return found or DEFAULT


def languages_of(user_ids) -> dict[int, str]:
    """`{user id: language}` for many users at once."""
    chosen = dict(Profile.objects.filter(user_id__in=list(user_ids)).values_list("user_id", "language"))
    return {pk: chosen.get(pk, DEFAULT) for pk in user_ids}


def language_set(*, user, language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    return language


def supported(code: str | None) -> str:
    """A page's or a request's language as one of ours ("en-GB" is "en"; anything else "es")."""
    short = (code or "").split("-")[0].lower()
    return short if short in LANGUAGES else DEFAULT


@dataclass(frozen=True)
class Message:
    """A message for one reader: `source` is the Spanish text (marked with `gettext_noop`, its
    English in a catalogue) with `%(name)s` slots, `values` what fills them."""

    source: str
    values: dict = field(default_factory=dict)

    def render(self, language: str) -> str:
        with translation.override(language):
            text = translation.gettext(self.source)
        return text % self.values if self.values else text


def written(text: str | Message, language: str) -> str:
    """`text` in `language`: a `Message` is translated, a plain text is as it was given."""
    return text.render(language) if isinstance(text, Message) else text
