"""`{% campaign_characters campaign %}`: the characters of a campaign, on the campaign page, as
the member reading it may see them (`characters.selectors.campaign_characters`). A tag, because
campaigns come before characters (tests/test_layers.py): the campaign's own code never reads them."""

from django import template
from django.urls import reverse

from campaigns.access import is_campaign_gm
from characters.selectors import campaign_characters, characters_to_bring
from characters.systems import pages_for

register = template.Library()


def _awards_section(slug: str) -> str | None:
    pages = pages_for(slug)
    return pages.awards_section if pages is not None else None


@register.inclusion_tag("characters/_campaign_characters.html", takes_context=True)
def campaign_characters_of(context, campaign):
    user = context["request"].user
    is_gm = is_campaign_gm(user, campaign)
    rows = campaign_characters(user, campaign)
    sections = {slug: _awards_section(slug) for slug in {row.system for row in rows}} if is_gm else {}
    for row in rows:
        row.awards_section = sections.get(row.system)
    # Every character of a campaign plays its system (`services.check_campaign_system`): the
    # section names it once.
    bring = None if is_gm else _bring_context(user, campaign)
    return {"campaign": campaign, "rows": rows, "is_gm": is_gm, "user": user, "bring": bring}


def _bring_context(user, campaign) -> dict:
    return {
        "campaign": campaign,
        "candidates": characters_to_bring(user, campaign),
        "back": reverse("campaigns:campaign_detail", args=[campaign.pk]),
    }


@register.inclusion_tag("characters/_bring_characters.html", takes_context=True)
def bring_characters(context, campaign):
    """What a member can bring into `campaign`: their sheets of its system, one click each
    (`characters:attach`, back to the campaign page), and a new character of its system with
    the campaign chosen in the builder. Shown right after joining and on the campaign page."""
    return _bring_context(context["request"].user, campaign)
