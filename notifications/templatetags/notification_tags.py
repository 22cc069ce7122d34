"""The menu's count of notifications the user has not seen yet (`notifications.inbox`)."""

from django import template

from notifications.inbox import unread_count

register = template.Library()


@register.simple_tag
def unread_notifications(user) -> int:
    return unread_count(user) if user.is_authenticated else 0
