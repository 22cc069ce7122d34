"""`GET`/`PUT /api/v1/auth/me/notifications/` (docs/api.md, "Campaign tracking"): the user's choices.
`?campaign=<id>` reads or writes the choices for one campaign instead of the default."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns.access import access_campaign_by_id
from epic20site.api import EnvelopeError, ErrorEnvelopeSerializer, StrictBooleanField, error
from epic20site.compression import shows_secret

from . import services
from .models import EVENTS, Preference, TableWebhook
from .preferences import preference_for, preference_replace


class EventsSerializer(serializers.Serializer):
    def get_fields(self):
        return {name: StrictBooleanField() for name in EVENTS}


class PreferenceSerializer(serializers.Serializer):
    email = StrictBooleanField()
    push = StrictBooleanField(
        required=False,
        help_text="Web Push to the devices subscribed (`/auth/me/push-subscriptions/`); left out, it stays as it was.",
    )
    webhook_url = serializers.CharField(
        allow_null=True,
        allow_blank=True,
        max_length=500,
        help_text="https to a public address; null or blank: no webhook.",
    )
    webhook_secret = serializers.CharField(
        read_only=True,
        allow_null=True,
        help_text="The secret each webhook call is signed with (null without a webhook).",
    )
    digest = StrictBooleanField()
    events = EventsSerializer()


def _as_json(preference: Preference) -> dict:
    return {
        "email": preference.email,
        "push": preference.push,
        "webhook_url": preference.webhook_url or None,
        "webhook_secret": preference.webhook_secret if preference.webhook_url else None,
        "digest": preference.digest,
        "events": {name: bool(preference.events.get(name, True)) for name in EVENTS},
    }


_CAMPAIGN = OpenApiParameter("campaign", int, description="The campaign these choices are for.")


@shows_secret
class NotificationPreferencesAPI(APIView):
    http_method_names = ["get", "put", "head", "options"]

    def _campaign(self, request):
        values = request.query_params.getlist("campaign")
        if len(values) > 1:  # one campaign, as the schema says
            raise Http404
        return access_campaign_by_id(request.user, values[0]) if values else None

    @extend_schema(
        operation_id="notifications_retrieve",
        summary="The user's notification choices (for one campaign with `campaign`)",
        parameters=[_CAMPAIGN],
        responses=PreferenceSerializer,
    )
    def get(self, request):
        return Response(_as_json(preference_for(request.user, self._campaign(request))))

    @extend_schema(
        operation_id="notifications_update",
        summary="Replace the user's notification choices; the webhook must be https to a public host",
        parameters=[_CAMPAIGN],
        request=PreferenceSerializer,
        responses=PreferenceSerializer,
    )
    def put(self, request):
        campaign = self._campaign(request)
        serializer = PreferenceSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        preference = preference_replace(
            user=request.user,
            campaign=campaign,
            email=data["email"],
            push=data.get("push"),
            digest=data["digest"],
            webhook_url=data["webhook_url"],
            events=data["events"],
            path="/webhook_url",
        )
        return Response(_as_json(preference))


class TableWebhookSerializer(serializers.Serializer):
    url = serializers.CharField(allow_null=True, max_length=500, help_text="https to a public host, or null.")
    secret = serializers.CharField(
        read_only=True, allow_null=True, help_text="The HMAC key of X-Epic20-Signature (GM only)."
    )


def _table_json(hook: TableWebhook | None) -> dict:
    return {"url": hook.url if hook else None, "secret": hook.secret if hook else None}


@shows_secret
class TableWebhookAPI(APIView):
    """The campaign's table-wide webhook (GM): the table's public events, signed like a person's."""

    http_method_names = ["get", "put", "delete", "head", "options"]

    @extend_schema(
        operation_id="table_webhook_retrieve",
        summary="The table's webhook (GM); 404 when none is set",
        responses={200: TableWebhookSerializer, 404: ErrorEnvelopeSerializer},
    )
    def get(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        hook = services.table_webhook_of(campaign)
        if hook is None:  # removed, or never set: there is no webhook to read
            raise EnvelopeError(
                [error("webhook.not_set", _("Esta campaña no tiene webhook de mesa."))], status_code=404
            )
        return Response(_table_json(hook))

    @extend_schema(
        operation_id="table_webhook_update",
        summary="Set the table's webhook (GM); https to a public host; null removes it",
        request=TableWebhookSerializer,
        responses=TableWebhookSerializer,
    )
    def put(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        serializer = TableWebhookSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        hook, _created = services.table_webhook_set(campaign=campaign, url=serializer.validated_data["url"])
        return Response(_table_json(hook))

    @extend_schema(
        operation_id="table_webhook_destroy", summary="Remove the table's webhook (GM)", responses={204: None}
    )
    def delete(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        services.table_webhook_clear(campaign=campaign)
        return Response(status=204)
