"""`{% campaign_tracking campaign %}`: the partidas and the latest journal entries of a campaign,
as the campaign page shows them to the member reading it."""

from django import template

from campaigns.access import is_campaign_gm
from campaigns.tracking import journal, partidas

register = template.Library()

LATEST_ENTRIES = 3


@register.inclusion_tag("campaigns/_tracking.html", takes_context=True)
def campaign_tracking(context, campaign):
    user = context["request"].user
    return {
        "campaign": campaign,
        "is_gm": is_campaign_gm(user, campaign),
        "partidas": partidas.partidas_of(campaign),
        "open_partida": partidas.open_partida_of(campaign),
        "latest_entries": journal.visible_to(user, campaign)[:LATEST_ENTRIES],
        "csrf_token": context.get("csrf_token"),
    }
