"""Campaign endpoints (docs/api.md, "Campaigns", plus read/rename/members/leave/regenerate).

Who may do what is asked of `epic20site.access`; the writes go through `combat.services`,
the same calls the pages make.
"""

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from epic20site.api import created, error_answer
from epic20site.compression import shows_secret
from epic20site.etags import (
    ETAG_HEADER,
    IF_MATCH,
    IF_MATCH_HEADER,
    IF_NONE_MATCH_HEADER,
    NOT_MODIFIED,
    not_modified,
)

from . import selectors, services
from .access import access_campaign_by_id
from .serializers import (
    CampaignCreateInputSerializer,
    CampaignDetailSerializer,
    CampaignJoinInputSerializer,
    CampaignSerializer,
    CampaignUpdateInputSerializer,
    MemberSerializer,
)

_400 = error_answer("Invalid input.")
_401 = error_answer("No credentials.")
_403 = error_answer("Only the campaign's GM may do this.")
_404 = error_answer("No such campaign among the user's campaigns.")


def _call(service, **kwargs):
    """Run a service; a refusal (`DomainError`) is answered by the API's exception handler."""
    return service(**kwargs)


class _CampaignAPIView(GenericAPIView):
    serializer_class = CampaignSerializer

    def respond(self, campaign, status_code=status.HTTP_200_OK):
        return Response(self.get_serializer(campaign).data, status=status_code)

    def validated(self, serializer_class) -> dict:
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


@shows_secret
class CampaignListAPI(_CampaignAPIView):
    @extend_schema(
        operation_id="campaigns_list",
        summary="The campaigns the user is GM or player of",
        responses={200: CampaignSerializer(many=True), 401: _401},
    )
    def get(self, request):
        page = self.paginate_queryset(selectors.campaign_list_for_user(request.user))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    @extend_schema(
        operation_id="campaigns_create",
        summary="Create a campaign; its creator is its GM",
        request=CampaignCreateInputSerializer,
        responses={201: CampaignSerializer, 400: _400, 401: _401},
    )
    def post(self, request):
        data = self.validated(CampaignCreateInputSerializer)
        campaign = _call(services.campaign_create, gm=request.user, name=data["name"], system=data["system"])
        return created(
            self.get_serializer(campaign).data, reverse("campaigns_api:campaign-detail", args=[campaign.pk])
        )


@shows_secret
class CampaignDetailAPI(_CampaignAPIView):
    http_method_names = ["get", "patch", "head", "options"]
    serializer_class = CampaignDetailSerializer

    def respond(self, campaign, status_code=status.HTTP_200_OK, tag: str | None = None):
        response = super().respond(campaign, status_code)
        response["ETag"] = tag or selectors.campaign_etag(campaign, self.request.user)
        return response

    @extend_schema(
        operation_id="campaigns_retrieve",
        summary="A campaign the user belongs to",
        parameters=[IF_NONE_MATCH_HEADER, ETAG_HEADER],
        responses={200: CampaignDetailSerializer, 304: NOT_MODIFIED, 401: _401, 404: _404},
    )
    def get(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk)
        tag = selectors.campaign_etag(campaign, request.user)
        if not_modified(request, tag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": tag})
        return self.respond(campaign, tag=tag)  # the tag read once, for the check and the answer

    @extend_schema(
        operation_id="campaigns_partial_update",
        summary="Rename a campaign (GM only)",
        parameters=[IF_MATCH_HEADER, ETAG_HEADER],
        request=CampaignUpdateInputSerializer,
        responses={
            200: CampaignDetailSerializer,
            400: _400,
            401: _401,
            403: _403,
            404: _404,
            412: error_answer("`If-Match` names a version someone has since changed: nothing changed."),
        },
    )
    def patch(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        data = self.validated(CampaignUpdateInputSerializer)
        campaign = services.campaign_change(
            campaign=campaign, user=request.user, changes=data, if_match=request.headers.get(IF_MATCH)
        )
        return self.respond(campaign)


class CampaignMembersAPI(GenericAPIView):
    serializer_class = MemberSerializer

    @extend_schema(
        operation_id="campaigns_members_list",
        summary="The members of a campaign and their roles, the GM first",
        responses={200: MemberSerializer(many=True), 401: _401, 404: _404},
    )
    def get(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk)
        page = self.paginate_queryset(selectors.campaign_members(campaign))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


@shows_secret
class CampaignJoinAPI(_CampaignAPIView):
    @extend_schema(
        operation_id="campaigns_join",
        summary="Join a campaign with its invite code; the user becomes a player",
        description="A wrong code and a code of another campaign answer alike (400 "
        "`invite_code.invalid`); 409 `campaign.already_member` if the user already belongs to it.",
        request=CampaignJoinInputSerializer,
        responses={200: CampaignSerializer, 400: _400, 401: _401, 409: error_answer("Already a member.")},
    )
    def post(self, request, pk):
        data = self.validated(CampaignJoinInputSerializer)
        campaign = _call(
            services.campaign_join, user=request.user, invite_code=data["invite_code"], campaign_id=pk
        )
        return self.respond(campaign)


class CampaignLeaveAPI(APIView):
    # A plain APIView: it has no body to describe, and DRF's OPTIONS metadata would ask a
    # GenericAPIView for a serializer it does not have.
    @extend_schema(
        operation_id="campaigns_leave",
        summary="Leave a campaign (players; the GM cannot leave their own campaign)",
        request=None,
        responses={
            204: OpenApiResponse(description="Left."),
            401: _401,
            403: error_answer("The GM cannot leave (`campaign.gm_cannot_leave`)."),
            404: _404,
        },
    )
    def post(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk)
        _call(services.campaign_leave, user=request.user, campaign=campaign)
        return Response(status=status.HTTP_204_NO_CONTENT)


@shows_secret
class CampaignRegenerateInviteAPI(_CampaignAPIView):
    @extend_schema(
        operation_id="campaigns_invite_regenerate",
        summary="Give the campaign a new invite code; the old one stops working (GM only)",
        request=None,
        responses={200: CampaignSerializer, 401: _401, 403: _403, 404: _404},
    )
    def post(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        return self.respond(_call(services.campaign_regenerate_invite, campaign=campaign))
