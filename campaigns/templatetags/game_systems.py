"""`{% load game_systems %}`: the name of a campaign's or a sheet's game system, for any page
(`{{ campaign.system|system_name }}`, or the badge `campaigns/_system_badge.html`)."""

from django import template

from campaigns.game_systems import system_name

register = template.Library()


@register.filter(name="system_name")
def system_name_filter(slug) -> str:
    return system_name(str(slug or ""))
