"""Every datetime the API answers is in UTC, written one way: ISO 8601 with "+00:00"
(docs/api.md, "Conventions"), whatever the site's own time zone (`TIME_ZONE`, which the pages
keep showing). The datetimes the API builds itself are `isoformat()` of the stored UTC values,
which reads the same.

`UTCDateTimeField` is the one datetime field of the API's serializers; `ModelSerializer` maps
every model `DateTimeField` to it, so a serializer built from a model needs nothing of its own.
"""

from __future__ import annotations

import datetime

from django.db import models
from rest_framework import serializers


class UTCDateTimeField(serializers.DateTimeField):
    """A datetime in UTC, "2026-12-03T10:15:00+00:00" (a datetime sent without an offset is read
    in UTC too)."""

    def default_timezone(self):
        return datetime.UTC

    def to_representation(self, value):
        text = super().to_representation(value)
        # DRF writes UTC's offset as "Z"; the API writes every datetime with "+00:00".
        if isinstance(text, str) and text.endswith("Z"):
            return text[:-1] + "+00:00"
        return text


class ModelSerializer(serializers.ModelSerializer):
    """DRF's, with the model's datetimes as `UTCDateTimeField`."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.DateTimeField: UTCDateTimeField,
    }
