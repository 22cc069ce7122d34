"""`{% campaign_tracking campaign %}`: the partidas and the latest journal entries of a campaign,
as the campaign page shows them to the member reading it."""

from django import template
from django.utils.translation import gettext_lazy as _

from campaigns.access import is_campaign_gm
from tracking import journal, links, partidas

register = template.Library()

LATEST_ENTRIES = 3
DEADLINE_DEFAULTS = (
    ("ask_gm", _("Avisarme")),
    ("end_turn", _("Terminar el turno")),
    ("delay", _("Retrasar")),
    ("defend", _("Defender")),
    ("hold", _("Esperar")),
)


def _with_contents(user, rows):
    """Each partida with what belongs to it: its encounters, awards and journal entries
    (`tracking.links`; an encounter or award belongs to the partida open when it was made)."""
    for partida in rows:
        partida.contents = links.partida_contents(partida, user)
    return rows


def _waiting(campaign) -> list[dict]:
    """The campaign's fights in progress, and whom each waits for until when."""
    from combat.deadline import Deadline
    from combat.models import Combatant, Encounter
    from combat.waiting import waiting_for

    fights = []
    for encounter in Encounter.objects.filter(campaign=campaign, status=Encounter.Status.ACTIVE):
        waits = waiting_for(encounter)
        names = dict(
            Combatant.objects.filter(pk__in=[w["combatant"] for w in waits]).values_list("pk", "name")
        )
        deadline = Deadline.of(encounter)
        fights.append(
            {
                "encounter": encounter,
                "waits": [{**w, "name": names.get(w["combatant"], "")} for w in waits],
                "minutes": round(deadline.hours * 60) if deadline.hours else None,
                "default": deadline.default,
            }
        )
    return fights


@register.inclusion_tag("campaigns/_tracking.html", takes_context=True)
def campaign_tracking(context, campaign):
    user = context["request"].user
    return {
        "campaign": campaign,
        "is_gm": is_campaign_gm(user, campaign),
        "partidas": _with_contents(user, list(partidas.partidas_of(campaign))),
        "open_partida": partidas.open_partida_of(campaign),
        "latest_entries": journal.visible_to(user, campaign)[:LATEST_ENTRIES],
        "waiting": _waiting(campaign),
        "deadline_defaults": DEADLINE_DEFAULTS,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("campaigns/_character_history.html")
def character_tracking(character):
    """`{% character_tracking character %}`: a character's history by partida (awards, resets,
    waivers) for its sheet page."""
    from epic20site.errors import request_lang
    from tracking.history import character_history

    history = character_history(character, request_lang()) if character.campaign_id else []
    return {"history": history, "system": character.system}
