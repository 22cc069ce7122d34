"""Reads for character sheets (HackSoft selectors)."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet, prefetch_related_objects
from django.db.models.functions import Lower
from django.utils.translation import get_language

from epic20site.etags import etag
from epic20site.versioned_cache import remembered, remembered_batch, remembered_many
from rules import systems
from rules.registration import default_slug

from .models import Award, Character, Waiver


def request_lang() -> str:
    """The engine speaks "es" and "en"; the request's language picks one (Spanish by default)."""
    return "en" if (get_language() or "").lower().startswith("en") else "es"


def character_etag(character: Character) -> str:
    """The sheet's entity tag (`epic20site.etags`): its `updated_at` moves with every change of
    the sheet, its campaign, its awards and its waivers (`characters.signals`)."""
    return etag("character", character.pk, character.updated_at)


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


def character_list_versions(user, campaign_id: int | None = None) -> QuerySet:
    """`character_list_for_user` as `(id, updated_at, owner's username)` rows: what a listed
    character's API item is remembered under (`characters.signals` moves `updated_at` with its
    awards and waivers), read without the sheets."""
    return character_list_for_user(user, campaign_id).values_list("pk", "updated_at", "owner__username")


def character_list_page(
    user, *, campaign_id: int | None = None, without_campaign: bool = False, system: str | None = None
) -> list[Character]:
    """The character list page's rows: `character_list_for_user` without the sheets, awards or
    waivers, each with `rules_check` = `{"valid", "waived"}` of its report, remembered under the
    character's version (id and last change: `characters.signals` moves it with its awards and
    waivers), so an unchanged list validates nothing and decodes no sheet. The page's filters
    keep the rows of one campaign (or of none) and of one system."""
    rows = character_list_for_user(user, campaign_id)
    if without_campaign:
        rows = rows.filter(campaign__isnull=True)
    if system is not None:
        rows = rows.filter(system=system)
    characters = list(rows.defer("sheet").prefetch_related(None).select_related("owner", "campaign"))

    def rules_checks(missing: list[Character]) -> list[dict]:
        full = characters_by_id([c.pk for c in missing])
        reports = [character_validation(c) for c in full]
        return [{"valid": r.valid, "waived": bool(r.waived)} for r in reports]

    found = remembered_batch(
        "character-rules-check", characters, lambda c: (c.pk, c.updated_at), rules_checks
    )
    for character, rules_check in zip(characters, found, strict=True):
        character.rules_check = rules_check
    return characters


def character_list_rows(user) -> tuple[tuple, ...]:
    """`character_list_for_user` as `(id, updated_at, owner's username, campaign id, campaign
    name, campaign's last change)` rows, without the sheets: what the list page is remembered
    under (a character that joins, leaves or is deleted changes them) and the campaigns its
    filter offers. One query."""
    return tuple(
        character_list_for_user(user).values_list(
            "pk", "updated_at", "owner__username", "campaign_id", "campaign__name", "campaign__updated_at"
        )
    )


def characters_by_id(ids: list[int]) -> list[Character]:
    """The characters with these ids, in that order, with what their API items show."""
    found = (
        Character.objects.filter(pk__in=ids)
        .select_related("owner")
        .prefetch_related("awards", Prefetch("waivers", queryset=Waiver.objects.select_related("created_by")))
    )
    by_id = {c.pk: c for c in found}
    return [by_id[pk] for pk in ids]


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


def with_history(character: Character) -> Character:
    """`character` (already read, with its owner and campaign) given what its API body shows
    besides: its awards and its waivers with who granted them, in two queries."""
    prefetch_related_objects(
        [character], "awards", Prefetch("waivers", queryset=Waiver.objects.select_related("created_by"))
    )
    return character


def applicable_waivers(character: Character) -> list[Waiver]:
    """The waivers that count now: those granted by the GM of the campaign it is in."""
    if character.campaign_id is None:
        return []
    return [w for w in character.waivers.all() if w.campaign_id == character.campaign_id]


def _history(character: Character) -> dict:
    return {
        "awards": [award.as_engine_award() for award in character.awards.all()],
        "waivers": [w.as_engine_waiver() for w in applicable_waivers(character)],
    }


def _validate(character: Character, history: dict):
    return systems.get(character.system or default_slug()).check_sheet(character.sheet, **history)


def _version(character: Character, history: dict) -> tuple:
    # What the report is computed from, and nothing else: the same sheet with the same awards
    # and waivers is the same report, whichever character holds it.
    return (character.system, character.sheet, history)


def character_validation(character: Character):
    """The engine's report on the stored sheet, with the character's awards and waivers,
    remembered under the sheet's version (epic20site.versioned_cache)."""
    history = _history(character)
    return remembered("sheet-report", _version(character, history), lambda: _validate(character, history))


def character_report(character: Character, lang: str | None = None) -> dict:
    """`character_validation` as the API's validate body, in `lang` (the request's by default),
    remembered under the sheet's version (epic20site.versioned_cache)."""
    return character_reports([character], lang)[0]


def character_reports(characters: list[Character], lang: str | None = None) -> list[dict]:
    """`character_report` of each character, in order, with one cache read for the list."""
    lang = lang or request_lang()
    pairs = [(character, _history(character)) for character in characters]
    return remembered_many(
        f"sheet-report-{lang}",
        pairs,
        lambda pair: _version(*pair),
        lambda pair: _validate(*pair).as_dict(lang=lang),
    )


def campaign_characters(user, campaign) -> list[Character]:
    """The characters of `campaign` that `user` may see, by name, without their sheets: a
    sheet is private to its owner and the campaign's GM (`character_list_for_user`), so the GM
    gets every one and a player only their own. One query."""
    return list(
        character_list_for_user(user, campaign_id=campaign.pk)
        .defer("sheet")
        .prefetch_related(None)
        .order_by(Lower("name"), "id")
    )


def characters_to_bring(user, campaign) -> list[Character]:
    """The user's own characters that could join `campaign` (of its system, not in it yet), by
    name, without their sheets: what the campaign page offers them to bring. One query."""
    return list(
        Character.objects.filter(owner=user, system=campaign.system)
        .exclude(campaign=campaign)
        .select_related("campaign")
        .defer("sheet")
        .order_by(Lower("name"), "id")
    )
