"""Web Push through the API (docs/api.md, "Your turn, wherever you are"):
`GET /api/v1/push/key/` (the application server key a browser subscribes with),
`POST`/`GET /api/v1/auth/me/push-subscriptions/` and `GET`/`DELETE …/{id}/`."""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from epic20site.api import EnvelopeError, ErrorEnvelopeSerializer, StrictSerializer, created, error

from . import webpush
from .models import PushSubscription
from .push_subscriptions import (
    ENDPOINT_MAX_LENGTH,
    LABEL_MAX_LENGTH,
    endpoint_host,
    push_subscription_delete,
    push_subscription_save,
    push_subscriptions_of,
)

_ERRORS = OpenApiResponse(
    ErrorEnvelopeSerializer, description="Invalid input (error envelope); nothing changed."
)


class PushKeySerializer(serializers.Serializer):
    public_key = serializers.CharField(
        help_text="The VAPID application server key: base64url of an uncompressed P-256 point (65 bytes)."
    )


class PushKeyAPI(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="push_key",
        summary="The key browsers subscribe to Web Push with",
        responses={
            200: PushKeySerializer,
            503: OpenApiResponse(
                ErrorEnvelopeSerializer, description="The site has no VAPID key (`push.unavailable`)."
            ),
        },
        auth=[],
    )
    def get(self, request):
        try:
            key = webpush.public_key()
        except webpush.NoKey:
            raise EnvelopeError(
                [error("push.unavailable", _("Este sitio no tiene configuradas las notificaciones push."))],
                status_code=503,
            ) from None
        return Response({"public_key": key})


class PushKeysSerializer(StrictSerializer):
    p256dh = serializers.CharField(
        max_length=100, help_text="The browser's P-256 public key, base64url (65 bytes)."
    )
    auth = serializers.CharField(max_length=50, help_text="The browser's auth secret, base64url (16 bytes).")


class PushSubscriptionInputSerializer(StrictSerializer):
    endpoint = serializers.CharField(
        max_length=ENDPOINT_MAX_LENGTH, help_text="The push service's URL: https to a public address."
    )
    expirationTime = serializers.IntegerField(
        required=False, allow_null=True, help_text="As `PushSubscription.toJSON()` gives it; not kept."
    )
    keys = PushKeysSerializer()
    label = serializers.CharField(
        required=False, allow_blank=True, max_length=LABEL_MAX_LENGTH, help_text="A name for the device."
    )


class PushSubscriptionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    endpoint_host = serializers.CharField(
        help_text="The push service's host (the endpoint itself is not shown)."
    )
    label = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


def _as_json(subscription: PushSubscription) -> dict:
    return {
        "id": subscription.pk,
        "endpoint_host": endpoint_host(subscription),
        "label": subscription.label,
        "created_at": subscription.created_at,
    }


class PushSubscriptionsAPI(APIView):
    http_method_names = ["get", "post", "head", "options"]

    @extend_schema(
        operation_id="push_subscriptions_list",
        summary="The user's Web Push subscriptions",
        responses=PushSubscriptionSerializer(many=True),
    )
    def get(self, request):
        return Response([_as_json(s) for s in push_subscriptions_of(request.user)])

    @extend_schema(
        operation_id="push_subscriptions_create",
        summary="Subscribe a device to Web Push; the same endpoint again answers 200 with the same id",
        request=PushSubscriptionInputSerializer,
        responses={201: PushSubscriptionSerializer, 200: PushSubscriptionSerializer, 400: _ERRORS},
    )
    def post(self, request):
        serializer = PushSubscriptionInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        subscription, new = push_subscription_save(
            user=request.user,
            endpoint=data["endpoint"],
            p256dh=data["keys"]["p256dh"],
            auth=data["keys"]["auth"],
            label=data.get("label", ""),
        )
        if not new:
            return Response(_as_json(subscription))
        return created(_as_json(subscription), reverse("push-subscription", args=[subscription.pk]))


class PushSubscriptionAPI(APIView):
    http_method_names = ["get", "delete", "head", "options"]

    @extend_schema(
        operation_id="push_subscription_retrieve",
        summary="One of the user's Web Push subscriptions",
        responses={200: PushSubscriptionSerializer, 404: ErrorEnvelopeSerializer},
    )
    def get(self, request, pk):
        subscription = push_subscriptions_of(request.user).filter(pk=pk).first()
        if subscription is None:
            raise Http404
        return Response(_as_json(subscription))

    @extend_schema(
        operation_id="push_subscription_destroy",
        summary="Stop pushing to this device",
        responses={204: None, 404: ErrorEnvelopeSerializer},
    )
    def delete(self, request, pk):
        if not push_subscription_delete(user=request.user, pk=pk):
            raise Http404
        return Response(status=204)
