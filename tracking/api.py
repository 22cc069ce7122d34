"""Tracking endpoints (docs/api.md, "Campaign tracking"): partidas, scenes and the journal."""

from django.http import Http404
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.generics import GenericAPIView, ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns.access import access_campaign_by_id, as_id
from characters.models import Character
from epic20site.api import ErrorEnvelopeSerializer, created
from epic20site.errors import request_lang

from . import journal, links, partidas, standing
from .models import JournalEntry, Partida
from .serializers import (
    JournalEditInput,
    JournalEntryInput,
    JournalEntrySerializer,
    PartidaCloseInput,
    PartidaDetailSerializer,
    PartidaOpenInput,
    PartidaSerializer,
    SceneAnswerSerializer,
)
from .standing_schema import StandingRuled, StandingRulingRequest, StandingView

_ERR = {
    400: OpenApiResponse(ErrorEnvelopeSerializer, description="Invalid input."),
    403: OpenApiResponse(ErrorEnvelopeSerializer, description="Only the GM (or the author) may do this."),
    404: OpenApiResponse(ErrorEnvelopeSerializer, description="No such campaign among the user's."),
    409: OpenApiResponse(ErrorEnvelopeSerializer, description="Not now (a partida is open, or none is)."),
}


def _valid(serializer_class, data) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class PartidaListAPI(GenericAPIView):
    serializer_class = PartidaSerializer

    @extend_schema(
        operation_id="partidas_list",
        summary="The campaign's partidas, oldest first",
        responses={200: PartidaSerializer(many=True), **_ERR},
    )
    def get(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk)
        page = self.paginate_queryset(partidas.partidas_of(campaign))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    @extend_schema(
        operation_id="partidas_open",
        summary="Open the next partida (GM); one at a time",
        request=PartidaOpenInput,
        responses={201: PartidaSerializer, **_ERR},
    )
    def post(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        data = _valid(PartidaOpenInput, request.data)
        partida = partidas.partida_open(campaign=campaign, title=data["title"])
        location = reverse("tracking_api:partida-detail", args=[campaign.pk, partida.pk])
        return created(self.get_serializer(partida).data, location)


class PartidaDetailAPI(GenericAPIView):
    serializer_class = PartidaDetailSerializer

    @extend_schema(
        operation_id="partidas_detail",
        summary="One partida with its encounters, awards and journal entries (members)",
        description=(
            "Encounters created and GM awards given (advancement points; hero points in a fight) "
            "while it was open, and the journal entries of the partida the user may read."
        ),
        responses={200: PartidaDetailSerializer, **_ERR},
    )
    def get(self, request, pk, pid):
        campaign = access_campaign_by_id(request.user, pk)
        partida = partidas.partidas_of(campaign).filter(pk=as_id(pid)).first()
        if partida is None:
            raise Http404
        data = PartidaSerializer(partida).data
        return Response({**data, **links.partida_contents(partida, request.user)})


class PartidaCloseAPI(GenericAPIView):
    serializer_class = PartidaSerializer

    @extend_schema(
        operation_id="partidas_close",
        summary="Close the partida in progress (GM), with its summary",
        request=PartidaCloseInput,
        responses={200: PartidaSerializer, **_ERR},
    )
    def post(self, request, pk, pid):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        partida = Partida.objects.filter(campaign=campaign, pk=as_id(pid)).first()
        if partida is None:
            raise Http404
        data = _valid(PartidaCloseInput, request.data)
        partida = partidas.partida_close(campaign=campaign, partida=partida, summary=data.get("summary"))
        return Response(self.get_serializer(partida).data)


class SceneAPI(GenericAPIView):
    serializer_class = SceneAnswerSerializer

    @extend_schema(
        operation_id="scenes_new",
        summary="Start a new scene of the open partida (GM)",
        request=None,
        responses={201: SceneAnswerSerializer, **_ERR},
    )
    def post(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk, gm_only=True)
        scene = partidas.scene_new(campaign=campaign)
        location = reverse("tracking_api:partida-detail", args=[campaign.pk, scene.partida_id])
        return created(self.get_serializer(scene).data, location)


class JournalListAPI(ListAPIView):
    serializer_class = JournalEntrySerializer

    def get_queryset(self):
        campaign = access_campaign_by_id(self.request.user, self.kwargs["pk"])
        entries = journal.visible_to(self.request.user, campaign)
        return journal.search(entries, self.request.query_params.get("q")).prefetch_related("revisions")

    @extend_schema(
        operation_id="journal_list",
        summary="The journal entries the user may read, newest first; `q` searches them",
        parameters=[OpenApiParameter("q", str, description="Words the entry contains.")],
    )
    def get(self, request, *args, **kwargs):
        return self.list(request, *args, **kwargs)

    @extend_schema(
        operation_id="journal_create",
        summary="Post an entry (Markdown) for all, for the GM, or for one member",
        request=JournalEntryInput,
        responses={201: JournalEntrySerializer, **_ERR},
    )
    def post(self, request, pk):
        campaign = access_campaign_by_id(request.user, pk)
        data = _valid(JournalEntryInput, request.data)
        entry = journal.entry_create(
            campaign=campaign,
            author=request.user,
            body=data["body"],
            visibility=data["visibility"],
            partida=data["partida"],
            quote=data["quote"],
        )
        location = reverse("tracking_api:journal-detail", args=[campaign.pk, entry.pk])
        return created(self.get_serializer(entry).data, location)


class JournalEntryAPI(GenericAPIView):
    serializer_class = JournalEntrySerializer
    http_method_names = ["get", "patch", "head", "options"]

    def _entry(self, request, pk, eid) -> JournalEntry:
        campaign = access_campaign_by_id(request.user, pk)
        entry = journal.visible_to(request.user, campaign).filter(pk=as_id(eid)).first()
        if entry is None:
            raise Http404
        return entry

    @extend_schema(operation_id="journal_retrieve", summary="One entry, with its history")
    def get(self, request, pk, eid):
        return Response(self.get_serializer(self._entry(request, pk, eid)).data)

    @extend_schema(
        operation_id="journal_partial_update",
        summary="Edit an entry (its author); the earlier text is kept in `history`",
        request=JournalEditInput,
        responses={200: JournalEntrySerializer, **_ERR},
    )
    def patch(self, request, pk, eid):
        entry = self._entry(request, pk, eid)
        data = _valid(JournalEditInput, request.data)
        entry = journal.entry_edit(entry=entry, user=request.user, body=data["body"])
        return Response(self.get_serializer(entry).data)


def _character(request, pk, cid, *, gm_only=False):
    campaign = access_campaign_by_id(request.user, pk, gm_only=gm_only)
    character = Character.objects.filter(campaign=campaign, pk=as_id(cid)).first()
    if character is None:
        raise Http404
    return campaign, character


class StandingAPI(APIView):
    @extend_schema(
        operation_id="standing_retrieve",
        summary="A character's standing (equipment, uses spent, inventions) and history by partida",
        responses={200: StandingView, **_ERR},
    )
    def get(self, request, pk, cid):
        _campaign, character = _character(request, pk, cid)
        return Response(standing.standing_view(character, request_lang()))

    @extend_schema(
        operation_id="standing_ruling",
        summary="GM ruling between fights: use, item, invent or complication (Epic20)",
        request=StandingRulingRequest,
        responses={200: StandingRuled, **_ERR},
    )
    def post(self, request, pk, cid):
        campaign, character = _character(request, pk, cid, gm_only=True)
        action = request.data if isinstance(request.data, dict) else {}
        return Response(standing.gm_ruling(campaign=campaign, character=character, action=dict(action)))
