"""Reads for character sheets (HackSoft selectors)."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet
from django.utils.translation import get_language

from rules import systems

from .models import Award, Character, Waiver


def request_lang() -> str:
    """The engine speaks "es" and "en"; the request's language picks one (Spanish by default)."""
    return "en" if (get_language() or "").lower().startswith("en") else "es"


def character_list_for_user(user, campaign_id: int | None = None) -> QuerySet[Character]:
    """The characters `user` owns plus, for a GM, those attached to their campaigns; with
    `campaign_id`, only those in that campaign. Awards and waivers come prefetched, so a list
    can validate each sheet in constant queries."""
    if not user.is_authenticated:
        return Character.objects.none()
    characters = Character.objects.filter(Q(owner=user) | Q(campaign__gm=user))
    if campaign_id is not None:
        characters = characters.filter(campaign_id=campaign_id)
    return (
        characters.select_related("owner", "campaign")
        .prefetch_related("awards", "waivers")
        .order_by("-updated_at", "-id")
    )


def character_with_history(character_id: int) -> Character:
    """One character with everything its sheet page shows, in a fixed number of queries."""
    return (
        Character.objects.select_related("owner", "campaign", "campaign__gm")
        .prefetch_related(
            Prefetch("awards", queryset=Award.objects.select_related("awarded_by")),
            Prefetch("waivers", queryset=Waiver.objects.select_related("created_by")),
        )
        .get(pk=character_id)
    )


def applicable_waivers(character: Character) -> list[Waiver]:
    """The waivers that count now: those granted by the GM of the campaign it is in."""
    if character.campaign_id is None:
        return []
    return [w for w in character.waivers.all() if w.campaign_id == character.campaign_id]


def character_validation(character: Character):
    """The engine's report on the stored sheet, with the character's awards and waivers."""
    return systems.get(character.system or "epic20").check_sheet(
        character.sheet,
        awards=[award.as_engine_award() for award in character.awards.all()],
        waivers=[w.as_engine_waiver() for w in applicable_waivers(character)],
    )


def character_report(character: Character, lang: str | None = None) -> dict:
    """`character_validation` as the API's validate body, in `lang` (the request's by default)."""
    return character_validation(character).as_dict(lang=lang or request_lang())
