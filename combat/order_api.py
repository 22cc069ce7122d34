"""REST endpoints of the standing orders and of the GM's reminder (docs/api.md "Standing orders:
the table moves while you are away"). Thin: `combat.access` decides who sees the encounter, the
services (`combat.standing_orders`, `combat.nudges`) do the rest."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from epic20site.api import EnvelopeError

from . import access, nudges, standing_orders
from .api import BAD, CONFLICT, ENCOUNTER_ID, FORBIDDEN, TAG, UNAUTHORIZED
from .api import ERRORS as ENVELOPE
from .api import NOT_FOUND as NO_ENCOUNTER
from .order_serializers import NudgeSerializer, StandingOrderInputSerializer, StandingOrderSerializer

COMBATANT_ID = OpenApiParameter("cid", int, OpenApiParameter.PATH, description="Combatant id.")
NO_ORDER = OpenApiResponse(
    ENVELOPE, description="No such encounter or combatant, or it has no standing order."
)
NOT_FOUND = OpenApiResponse(ENVELOPE, description="No such encounter or combatant, or not yours to see.")
TOO_SOON = OpenApiResponse(
    ENVELOPE, description="Everyone it waits for was reminded less than an hour ago; `Retry-After` says when."
)


def _found(request, pk: int, cid: int):
    encounter = access.access_encounter_by_id(request.user, pk)
    return encounter, access.access_combatant_by_id(request.user, encounter, cid)


class StandingOrderView(APIView):
    @extend_schema(
        tags=[TAG],
        summary="A combatant's standing order",
        description="Any member of the campaign sees it as a declared action: a hidden NPC's `action` "
        "and `note` are null to players.",
        parameters=[ENCOUNTER_ID, COMBATANT_ID],
        responses={200: StandingOrderSerializer, 401: UNAUTHORIZED, 404: NO_ORDER},
    )
    def get(self, request, pk: int, cid: int):
        encounter, combatant = _found(request, pk, cid)
        return Response(
            standing_orders.standing_order_view(encounter=encounter, combatant=combatant, user=request.user)
        )

    @extend_schema(
        tags=[TAG],
        summary="Give a combatant a standing order",
        description="Whoever controls the combatant (its player; the GM for an NPC) leaves one action of "
        "the encounter's system, as `declare` takes it. When the deadline of its turn (or of its "
        "declaration) runs out, the order is taken as its controller's action, logged \"por orden "
        "permanente\" and undoable; if the rules refuse it then, the GM's `deadline_default` applies. "
        "It stays until removed. An action of another system, or one its schema refuses, is a 400 "
        "naming the field (paths under `/action`).",
        parameters=[ENCOUNTER_ID, COMBATANT_ID],
        request=StandingOrderInputSerializer,
        responses={
            200: StandingOrderSerializer,
            400: BAD,
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            404: NOT_FOUND,
            409: CONFLICT,
        },
    )
    def put(self, request, pk: int, cid: int):
        encounter, combatant = _found(request, pk, cid)
        standing_orders.standing_order_set(
            encounter=encounter, combatant=combatant, user=request.user, data=request.data
        )
        return Response(
            standing_orders.standing_order_view(encounter=encounter, combatant=combatant, user=request.user)
        )

    @extend_schema(
        tags=[TAG],
        summary="Remove a combatant's standing order",
        parameters=[ENCOUNTER_ID, COMBATANT_ID],
        responses={
            204: OpenApiResponse(description="Removed."),
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            404: NO_ORDER,
        },
    )
    def delete(self, request, pk: int, cid: int):
        encounter, combatant = _found(request, pk, cid)
        standing_orders.standing_order_delete(encounter=encounter, combatant=combatant, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    tags=[TAG],
    summary="Remind everyone the fight waits for (GM)",
    description="Each player the fight waits for is told, in the channels they chose, at most once an "
    "hour: the ones reminded within the hour are listed in `later`; when all of them were, 429.",
    parameters=[ENCOUNTER_ID],
    request=None,
    responses={
        202: NudgeSerializer,
        401: UNAUTHORIZED,
        403: FORBIDDEN,
        404: NO_ENCOUNTER,
        409: CONFLICT,
        429: TOO_SOON,
    },
)
class NudgeView(APIView):
    def post(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
        try:
            done = nudges.encounter_nudge(encounter=encounter, user=request.user)
        except nudges.NudgedTooSoon as exc:
            raise EnvelopeError(exc.as_errors(), 429, wait=exc.retry_after) from None
        return Response({"reminded": done.reminded, "later": done.later}, status=status.HTTP_202_ACCEPTED)
