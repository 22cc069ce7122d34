"""An invitation as the invitee reads it before joining: the campaign an invite link (`/campaigns/
join/?code=…`) names, its system and its GM, so the link says where it leads, on the join page
and on the sign-in and sign-up pages it passes through first (as their `next`)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from django.urls import reverse

from .game_systems import system_name
from .models import Campaign
from .services import normalize_invite_code


def invitation_for(code: str) -> dict | None:
    """The campaign `code` invites to, in words; None for a code no campaign has."""
    code = normalize_invite_code(code or "")[:32]
    if not code:
        return None
    campaign = Campaign.objects.select_related("gm").filter(invite_code=code).first()
    if campaign is None:
        return None
    return {
        "campaign": campaign,
        "code": code,
        "name": campaign.name,
        "system": system_name(campaign.system),
        "gm": campaign.gm.get_username(),
    }


def invitation_in_next(target: str) -> dict | None:
    """The invitation a sign-in or sign-up page leads on to (its `next` is an invite link)."""
    parts = urlsplit(target or "")
    if parts.scheme or parts.netloc or parts.path != reverse("campaigns:campaign_join"):
        return None
    return invitation_for((parse_qs(parts.query).get("code") or [""])[0])
