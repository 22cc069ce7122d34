"""The one clock deadlines and notifications read: `settings.TRACKING_CLOCK` (a dotted path to a
function answering an aware datetime), so tests move time without sleeping."""

from django.conf import settings
from django.utils.module_loading import import_string


def now():
    return import_string(settings.TRACKING_CLOCK)()
