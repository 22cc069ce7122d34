"""`{% invitation_from_next next as invited %}`: the campaign a sign-in or sign-up page's `next`
invites to (an invite link), for the page to name it first (`campaigns.invitations`)."""

from __future__ import annotations

from django import template

from campaigns.invitations import invitation_in_next

register = template.Library()


@register.simple_tag
def invitation_from_next(target) -> dict | None:
    return invitation_in_next(str(target or ""))
