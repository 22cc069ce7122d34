"""The turn log through the API (docs/api.md, "Encounters and the turn log"): its events a page at
a time, as the reader may read them, and its export for a forum post. The encounter's own
operations are `combat.api`."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from epic20site.api import EnvelopeError, Pagination, error
from epic20site.errors import request_lang
from epic20site.versioned_cache import remembered

from . import access, export, selectors
from .api import BAD, ENCOUNTER_ID, NOT_FOUND, TAG, UNAUTHORIZED, int_param
from .serializers import EventSerializer, ExportSerializer


class EventListView(generics.GenericAPIView):
    pagination_class = Pagination
    serializer_class = EventSerializer

    def get_queryset(self):  # pragma: no cover - only for the schema generator
        return selectors.Event.objects.none()

    @extend_schema(
        tags=[TAG],
        summary="The turn log",
        description="Oldest first. Undone events stay, with `undone: true`.",
        parameters=[
            ENCOUNTER_ID,
            OpenApiParameter("after", int, description="Only events with a larger `seq`."),
            OpenApiParameter("round", int, description="Only events of this round."),
            OpenApiParameter("combatant", int, description="Only events this combatant did or suffered."),
        ],
        responses={200: EventSerializer(many=True), 400: BAD, 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk, fields=access.LOG_FIELDS)
        filters = {
            "after": int_param(request, "after"),
            "round": int_param(request, "round"),
            "combatant": int_param(request, "combatant", minimum=1),
        }
        # A page of the log, as this user reads it, changes only when the fight does: every
        # write moves `version`, an undo too (`combat.log.save`); who runs it and the odds
        # setting change what a player may see. The address holds the page, its size and the
        # filters.
        version = (
            encounter.pk,
            encounter.version,
            encounter.exact_odds_for_players,
            encounter.campaign.gm_id,
            request.user.pk,
            request_lang(),
            request.build_absolute_uri(),
        )
        return Response(remembered("event-page", version, lambda: self._page(request, encounter, filters)))

    def _page(self, request, encounter, filters: dict) -> dict:
        events = selectors.events_for(encounter, **filters)
        page = self.paginate_queryset(selectors.event_versions(events))
        views = selectors.reader_for(request.user, encounter).remembered_events(page)
        return self.get_paginated_response(views).data


class _ExportFormatIsNotARenderer(DefaultContentNegotiation):
    """`?format=` names the export format (docs/api.md), not one of DRF's renderers."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)


@extend_schema(
    tags=[TAG],
    summary="Export the log for a forum post",
    description="The whole fight, or one round, as BBCode or Markdown, in the request's language.",
    parameters=[
        ENCOUNTER_ID,
        OpenApiParameter(
            "format", str, enum=list(export.FORMATS), description="bbcode (default) or markdown."
        ),
        OpenApiParameter("round", int, description="Only this round."),
        OpenApiParameter(
            "audience",
            str,
            enum=["players"],
            description="GM: the version for players, without the numbers behind the screen.",
        ),
    ],
    responses={200: ExportSerializer, 400: BAD, 401: UNAUTHORIZED, 404: NOT_FOUND},
)
class ExportView(APIView):
    content_negotiation_class = _ExportFormatIsNotARenderer

    def get(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk)
        fmt = request.query_params.get("format", "bbcode")  # `?format=` names no format
        if fmt not in export.FORMATS:
            raise EnvelopeError([error("format.invalid", _("Formato desconocido."), path="/format")])
        round_filter = int_param(request, "round")
        lang = request_lang()
        reader = selectors.reader_for(request.user, encounter)
        unknown = sorted(set(request.query_params) - {"format", "round", "audience"})
        if unknown:
            raise EnvelopeError(
                [error(f"{unknown[0]}.unknown", _("Parámetro desconocido."), path=f"/{unknown[0]}")]
            )
        audience = request.query_params.get("audience")
        if audience not in (None, "players"):
            raise EnvelopeError([error("audience.invalid", _("Público desconocido."), path="/audience")])
        if reader.viewer.gm and audience == "players":
            reader = selectors.players_reader(encounter)  # the GM's post for the players
        events = selectors.events_for(encounter, round=round_filter)
        text = export.encounter_text(reader, events, fmt=fmt, round_filter=round_filter, lang=lang)
        return Response({"format": fmt, "round": round_filter, "text": text})
