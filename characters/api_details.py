"""One award and one waiver of a character: where the `Location` of a new one points (docs/api.md,
"HTTP conventions"), seen by whoever sees the character's lists (its owner and its campaign's
GM), and the GM's withdrawal of a waiver."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from epic20site.api import EnvelopeError, error

from . import access, services
from .api import CHARACTER_ID, FORBIDDEN, NOT_FOUND, PARSERS, TAG, UNAUTHORIZED
from .serializers import AwardSerializer, WaiverSerializer, award_data, waiver_data

WAIVER_ID = OpenApiParameter("wid", int, OpenApiParameter.PATH, description="Waiver id.")
AWARD_ID = OpenApiParameter("aid", int, OpenApiParameter.PATH, description="Award id.")


def _one(queryset, pk: int):
    found = queryset.filter(pk=pk).first() if 0 < pk < 2**63 else None
    if found is None:
        raise EnvelopeError([error("request.not_found", _("No encontrado."))], status_code=404)
    return found


class CharacterAwardDetailView(APIView):
    parser_classes = PARSERS

    @extend_schema(
        tags=[TAG],
        summary="One award",
        description="As the character's awards list shows it.",
        parameters=[CHARACTER_ID, AWARD_ID],
        responses={200: AwardSerializer, 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int, aid: int):
        character = access.access_character_by_id(request.user, pk)
        return Response(award_data(_one(character.awards.select_related("awarded_by"), aid)))


class CharacterWaiverDetailView(APIView):
    parser_classes = PARSERS

    @extend_schema(
        tags=[TAG],
        summary="One waiver",
        description="As the character's waivers list shows it.",
        parameters=[CHARACTER_ID, WAIVER_ID],
        responses={200: WaiverSerializer, 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int, wid: int):
        character = access.access_character_by_id(request.user, pk)
        return Response(waiver_data(_one(character.waivers.select_related("created_by"), wid), character))

    @extend_schema(
        tags=[TAG],
        summary="Withdraw a waiver",
        description="The GM of the character's campaign.",
        parameters=[CHARACTER_ID, WAIVER_ID],
        responses={204: None, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def delete(self, request, pk: int, wid: int):
        character = access.access_character_by_id(request.user, pk, gm_only=True)
        waiver = _one(character.waivers, wid)
        waiver.character = character
        services.waiver_remove(waiver=waiver, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
