"""The directory's endpoints (API.md, "Find a table"): the public list and page of listed
campaigns, applying to one, the GM's answers and the applicant's own list. Writes go through
`tables.services`, the same calls the pages make."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from campaigns.access import access_campaign_by_id, as_id
from epic20site.api import EnvelopeError, ErrorEnvelopeSerializer, error, error_answer, error_response
from epic20site.pages import throttled_message

from . import selectors, services
from .models import Language, Pace
from .serializers import (
    DirectoryTableSerializer,
    TableApplicationCreateInputSerializer,
    TableApplicationDecisionInputSerializer,
    TableApplicationSerializer,
)
from .throttle import application_wait

_400 = error_answer("Invalid input; nothing was changed.")
_401 = error_answer("No credentials.")
_403 = error_answer("Only the campaign's GM may do this.")
_404 = error_answer("No such table (unlisted, closed or none) or campaign among the user's.")
_429 = OpenApiResponse(
    ErrorEnvelopeSerializer,
    description="Too many applications (`request.throttled`); `Retry-After` says how many seconds to wait.",
)

FILTERS = [
    OpenApiParameter("system", str, description="A system's slug."),
    OpenApiParameter("language", str, enum=Language.values),
    OpenApiParameter("pace", str, enum=Pace.values),
    OpenApiParameter("q", str, description="Words that must all appear in the name or the pitch."),
]


class _Validating(GenericAPIView):
    def validated(self, serializer_class) -> dict:
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


def _filters(request) -> dict:
    """The directory's filters from the query; a value that is not one of the choices is a 400,
    an empty one too (it names nothing: leave the filter out to see every table)."""
    values = {name: request.query_params.get(name, "")[:200] for name in ("system", "language", "pace", "q")}
    for name, choices in (("language", Language.values), ("pace", Pace.values)):
        if name in request.query_params and values[name] not in choices:
            raise EnvelopeError([error(f"{name}.invalid_choice", _choice_message(choices), path=f"/{name}")])
    return values


def _choice_message(choices) -> str:
    return _("Elige uno de: %(choices)s.") % {"choices": ", ".join(choices)}


class TableListAPI(GenericAPIView):
    permission_classes = [AllowAny]
    serializer_class = DirectoryTableSerializer

    @extend_schema(
        operation_id="tables_list",
        summary="The public directory: listed campaigns that are open (no account needed)",
        parameters=FILTERS,
        responses={200: DirectoryTableSerializer(many=True), 400: _400},
    )
    def get(self, request):
        page = self.paginate_queryset(selectors.directory(**_filters(request)))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


class TableDetailAPI(GenericAPIView):
    permission_classes = [AllowAny]
    serializer_class = DirectoryTableSerializer

    @extend_schema(
        operation_id="tables_retrieve",
        summary="One listed campaign (no account needed); unlisted or closed is 404",
        responses={200: DirectoryTableSerializer, 404: _404},
    )
    def get(self, request, pk):
        return Response(self.get_serializer(selectors.table_get(pk)).data)


class TableApplyAPI(_Validating):
    serializer_class = TableApplicationSerializer

    @extend_schema(
        operation_id="tables_applications_create",
        summary="Apply to a listed campaign, with a message and optionally one of your sheets",
        description="409 `application.pending` with an open application to it already, "
        "`table.full` without seats left, `table.closed` after its closing date, "
        "`application.already_member`; 403 `application.blocked` if its GM blocked you.",
        request=TableApplicationCreateInputSerializer,
        responses={
            201: TableApplicationSerializer,
            400: _400,
            401: _401,
            403: error_answer("The GM blocked this user."),
            404: _404,
            409: error_answer("Already applied, already a member, or the table is full or closed."),
            429: _429,
        },
    )
    def post(self, request, pk):
        wait = application_wait(request, request.user)
        if wait:
            errors = [error("request.throttled", throttled_message())]
            return error_response(
                errors, status.HTTP_429_TOO_MANY_REQUESTS, headers={"Retry-After": str(wait)}
            )
        data = self.validated(TableApplicationCreateInputSerializer)
        application = services.application_create(
            user=request.user, table_id=pk, message=data["message"], character_id=data.get("character")
        )
        location = reverse("tables_api:my-application-detail", args=[application.pk])
        return Response(
            self.get_serializer(application).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": location},
        )


class CampaignApplicationListAPI(GenericAPIView):
    serializer_class = TableApplicationSerializer

    @extend_schema(
        operation_id="campaigns_applications_list",
        summary="The applications to a campaign, pending first (GM only)",
        responses={200: TableApplicationSerializer(many=True), 401: _401, 403: _403, 404: _404},
    )
    def get(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        page = self.paginate_queryset(selectors.applications_for_campaign(campaign))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


class CampaignApplicationDecideAPI(_Validating):
    serializer_class = TableApplicationSerializer
    http_method_names = ["patch", "options"]

    @extend_schema(
        operation_id="campaigns_applications_partial_update",
        summary="Accept or decline an application, with a note (GM only)",
        description="Accepting makes the applicant a player and attaches the sheet they sent; "
        "409 `application.decided` if it was answered already, `table.full` without seats left. "
        "`block` (with `declined`) keeps the applicant from applying again.",
        request=TableApplicationDecisionInputSerializer,
        responses={
            200: TableApplicationSerializer,
            400: _400,
            401: _401,
            403: _403,
            404: _404,
            409: error_answer("Already answered, or no seats left."),
        },
    )
    def patch(self, request, pk, aid):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        data = self.validated(TableApplicationDecisionInputSerializer)
        application = services.application_decide(
            campaign=campaign,
            application_id=aid,
            status=data["status"],
            note=data.get("note", ""),
            block=data["block"],
        )
        return Response(self.get_serializer(application).data)


class MyApplicationListAPI(GenericAPIView):
    serializer_class = TableApplicationSerializer

    @extend_schema(
        operation_id="auth_me_applications_list",
        summary="The user's own applications, newest first",
        responses={200: TableApplicationSerializer(many=True), 401: _401},
    )
    def get(self, request):
        page = self.paginate_queryset(selectors.applications_of(request.user))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


class MyApplicationDetailAPI(GenericAPIView):
    serializer_class = TableApplicationSerializer

    @extend_schema(
        operation_id="auth_me_applications_retrieve",
        summary="One of the user's own applications",
        responses={
            200: TableApplicationSerializer,
            401: _401,
            404: error_answer("No such application of yours."),
        },
    )
    def get(self, request, aid):
        application = get_object_or_404(selectors.applications_of(request.user), pk=as_id(aid))
        return Response(self.get_serializer(application).data)
