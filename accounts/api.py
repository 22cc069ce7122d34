"""Accounts for REST clients: register, obtain and revoke a token, say who you are (docs/api.md,
"Accounts")."""

from django.conf import settings
from django.contrib.auth import authenticate
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from epic20site.api import EnvelopeError, ErrorEnvelopeSerializer, body_object, created, error
from epic20site.authentication import TokenOrBearerAuthentication
from epic20site.compression import shows_secret
from epic20site.pages import signup_throttled_message, throttled_message

from . import services, throttle
from .language import language_of, language_set
from .serializers import (
    MePatchSerializer,
    MeSerializer,
    RegisterInputSerializer,
    RegisterOutputSerializer,
    TokenInputSerializer,
    TokenOutputSerializer,
)

_ERRORS = OpenApiResponse(ErrorEnvelopeSerializer, description="Invalid input (error envelope).")
_THROTTLED = OpenApiResponse(
    ErrorEnvelopeSerializer, description="Too many failed logins (`request.throttled`)."
)
_SIGNUPS_THROTTLED = OpenApiResponse(
    ErrorEnvelopeSerializer, description="Too many sign-ups from this address (`request.throttled`)."
)


class _PublicAPIView(APIView):
    # No session authentication: a stale browser session must not demand a CSRF token here.
    authentication_classes: list = []
    permission_classes = [AllowAny]


@shows_secret
class RegisterAPI(_PublicAPIView):
    @extend_schema(
        operation_id="auth_register",
        summary="Create an account",
        request=RegisterInputSerializer,
        responses={201: RegisterOutputSerializer, 400: _ERRORS, 429: _SIGNUPS_THROTTLED},
        auth=[],
    )
    def post(self, request):
        if throttle.signup_throttled(request):
            raise EnvelopeError(
                [error("request.throttled", signup_throttled_message())],
                status.HTTP_429_TOO_MANY_REQUESTS,
                wait=throttle.window_seconds(settings.SIGNUP_RATE),
            )
        serializer = RegisterInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = services.user_create(
            username=data["username"],
            password=data["password"],
            email=data.get("email", ""),
            language=data.get("language") or getattr(request, "LANGUAGE_CODE", None),
        )
        token = services.token_for(user=user)
        body = {"token": token.key, "user": {"id": user.pk, "username": user.username}}
        return created(body, reverse("accounts_api:me"))


def _throttled() -> EnvelopeError:
    return EnvelopeError(
        [error("request.throttled", throttled_message())],
        status.HTTP_429_TOO_MANY_REQUESTS,
        wait=throttle.window_seconds(settings.LOGIN_FAILURE_RATE),
    )


@shows_secret
class TokenAPI(_PublicAPIView):
    """POST trades a username and password for the token; DELETE revokes the token the request
    is authenticated with (or the session's user's token)."""

    def _deleting(self) -> bool:
        # The schema generator builds views without a request.
        return getattr(self.request, "method", None) == "DELETE"

    def get_authenticators(self):
        if self._deleting():
            return [TokenOrBearerAuthentication(), SessionAuthentication()]
        return super().get_authenticators()

    def get_permissions(self):
        if self._deleting():
            return [IsAuthenticated()]
        return super().get_permissions()

    @extend_schema(
        operation_id="auth_token_revoke",
        summary="Revoke the API token",
        description="The token stops working at once; the next `POST` hands out a new key.",
        request=None,
        responses={204: None},
        auth=[{"tokenAuth": []}, {"cookieAuth": []}],
    )
    def delete(self, request):
        services.token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        operation_id="auth_token",
        summary="Obtain the API token for a username and password",
        description="Failed attempts are counted per username and per client address; past "
        "the limit every attempt answers 429 until the window ends.",
        request=TokenInputSerializer,
        responses={200: TokenOutputSerializer, 400: _ERRORS, 429: _THROTTLED},
        auth=[],
    )
    def post(self, request):
        serializer = TokenInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        username, password = serializer.validated_data["username"], serializer.validated_data["password"]
        if throttle.login_blocked(request, username):
            raise _throttled()
        user = authenticate(request._request, username=username, password=password)
        if user is None:
            if throttle.login_failed(request, username):
                raise _throttled()
            raise EnvelopeError(
                [error("credentials.invalid", _("Nombre de usuario o contraseña incorrectos."))]
            )
        return Response({"token": services.token_for(user=user).key})


class MeAPI(APIView):
    """Who the client is: the floor of an authenticated call (token or session authentication,
    one small count query, DRF's rendering), which `bench/` measures every figure against."""

    @extend_schema(
        operation_id="auth_me",
        summary="The account the request is authenticated as",
        description="`campaigns` counts the campaigns you direct or play in.",
        responses={200: MeSerializer},
    )
    def get(self, request):
        return Response(_me(request.user))

    @extend_schema(
        operation_id="auth_me_update",
        summary="Change the account's language",
        description="`language` is the language every message to you is written in.",
        request=MePatchSerializer,
        responses={200: MeSerializer, 400: _ERRORS},
    )
    def patch(self, request):
        serializer = MePatchSerializer(data=body_object(request), partial=True)  # a PATCH may change nothing
        serializer.is_valid(raise_exception=True)
        if "language" in serializer.validated_data:
            language_set(user=request.user, language=serializer.validated_data["language"])
        return Response(_me(request.user))


def _me(user) -> dict:
    return {
        "id": user.pk,
        "username": user.username,
        "email": user.email,
        "campaigns": user.memberships.count(),
        "language": language_of(user),
    }
