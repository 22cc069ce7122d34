"""REST endpoints for encounters and the turn log (docs/api.md "Encounters and the turn log").

Views stay thin: `combat.access` decides who may see the encounter, `services` does every write
in one locked transaction, the selectors' `Reader` shapes what each user may see (the system's
privacy policy). A refused write is a `DomainError`, which the API's exception handler answers
as the envelope: 400 bad input, 403 not yours, 404 not visible, 409 out of turn.
"""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import access as campaign_access
from combat import access
from epic20site.api import EnvelopeError, ErrorEnvelopeSerializer, Pagination, created, error
from epic20site.errors import request_lang
from epic20site.etags import ETAG_HEADER, IF_NONE_MATCH_HEADER, NOT_MODIFIED, not_modified
from epic20site.validation import validated

from . import (
    combatant_schema,  # noqa: F401  (registers the combatant body's schema)
    deadlines,
    idempotency,
    schemas,
    selectors,
    services,
)
from .schemas import action_schema
from .serializers import (
    ActionResultSerializer,
    CombatantCreateSerializer,
    CombatantSerializer,
    EncounterCreatedSerializer,
    EncounterCreateSerializer,
    EncounterSettingsSerializer,
    EncounterStateSerializer,
    EncounterSummarySerializer,
    OddsSerializer,
    RevealSerializer,
    UndoSerializer,
)
from .systems import odds_query

TAG = "encounters"
ERRORS = ErrorEnvelopeSerializer
BAD = OpenApiResponse(ERRORS, description="Invalid input: every problem, with a JSON pointer.")
UNAUTHORIZED = OpenApiResponse(ERRORS, description="No credentials.")
FORBIDDEN = OpenApiResponse(ERRORS, description="You may see it but not do this.")
NOT_FOUND = OpenApiResponse(ERRORS, description="No such encounter, or not yours to see.")
CONFLICT = OpenApiResponse(ERRORS, description="Not now: out of turn, or the encounter is not in that phase.")
ENCOUNTER_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="Encounter id.")
CAMPAIGN_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="Campaign id.")
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Repeat a request with the same key: you get the first answer and it acts once.",
)


def _validated(serializer_class, request) -> dict:
    return validated(serializer_class, request.data)


def int_param(request, name: str, *, minimum: int = 0) -> int | None:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:  # an empty value is not a number either (`?round=`): the schema says integer
        value = int(raw)
    except (TypeError, ValueError):
        value = None
    if value is None or not minimum <= value <= 2**31 - 1:
        raise EnvelopeError(
            [error(f"{name}.invalid", _("Debe ser un número entero no negativo."), path=f"/{name}")]
        )
    return value


def state_response(user, encounter, status_code=status.HTTP_200_OK) -> Response:
    return Response(selectors.state_for(user, encounter), status=status_code)


def summary_data(encounter) -> dict:
    return {
        "id": encounter.pk,
        "campaign": encounter.campaign_id,
        "name": encounter.name,
        "status": encounter.status,
        "round": encounter.round,
        "created_at": encounter.created_at.isoformat(),
        "dice": {"commitment": encounter.commitment, "client_seed": encounter.client_seed},
    }


class CampaignEncounterListView(generics.GenericAPIView):
    pagination_class = Pagination
    serializer_class = EncounterSummarySerializer

    def get_queryset(self):  # pragma: no cover - only for the schema generator
        return selectors.Encounter.objects.none()

    @extend_schema(
        tags=[TAG],
        summary="List a campaign's encounters",
        parameters=[CAMPAIGN_ID],
        responses={200: EncounterSummarySerializer(many=True), 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int):
        campaign = campaign_access.access_campaign_by_id(request.user, pk)
        page = self.paginate_queryset(selectors.encounter_list_for_campaign(campaign))
        return self.get_paginated_response([summary_data(e) for e in page])

    @extend_schema(
        tags=[TAG],
        summary="Create an encounter (GM)",
        description=(
            "The dice commitment (sha256 of a fresh secret server seed) is published at once, "
            "before any roll. `client_seed` is yours to choose; a random one is used without it."
        ),
        parameters=[CAMPAIGN_ID],
        request=EncounterCreateSerializer,
        responses={
            201: EncounterCreatedSerializer,
            400: BAD,
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            404: NOT_FOUND,
        },
    )
    def post(self, request, pk: int):
        campaign = campaign_access.access_campaign_by_id(request.user, pk, gm_only=True)
        data = _validated(EncounterCreateSerializer, request)
        encounter = services.encounter_create(
            campaign=campaign, user=request.user, name=data["name"], client_seed=data.get("client_seed")
        )
        body = summary_data(encounter)
        location = reverse("api-encounter-detail", args=[encounter.pk])
        return created({key: body[key] for key in ("id", "status", "round", "dice")}, location)


class EncounterDetailView(APIView):
    @extend_schema(
        tags=[TAG],
        summary="The state of an encounter",
        description=(
            "Turn order, whose turn it is (`clock`, the system's own place in time) and every "
            "combatant's current numbers. The internals of the GM's NPCs (hit points, defense, hero "
            "points, equipment) are null for players."
        ),
        parameters=[ENCOUNTER_ID, IF_NONE_MATCH_HEADER, ETAG_HEADER],
        responses={200: EncounterStateSerializer, 304: NOT_MODIFIED, 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk)
        tag = selectors.state_etag(request.user, encounter)
        if not_modified(request, tag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": tag})
        response = state_response(request.user, encounter)
        response["ETag"] = tag
        return response

    @extend_schema(
        tags=[TAG],
        summary="Change an encounter's settings (GM)",
        description=(
            "`exact_odds_for_players`: players see exact odds against the GM's NPCs (off by default). "
            "Turn deadlines: `turn_deadline_hours`, `deadline_default`, `deadline_paused`, "
            "`deadline_extend_hours`. `declare_ahead`: every combatant declares its next action "
            "(`declare`) and the round resolves together (`resolve_round`, or when all have declared, "
            "or when the deadline passes); 409 in a system that declares in its own way."
        ),
        parameters=[ENCOUNTER_ID],
        request=EncounterSettingsSerializer,
        responses={
            200: EncounterStateSerializer,
            400: BAD,
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            404: NOT_FOUND,
            409: CONFLICT,
        },
    )
    def patch(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
        data = _validated(EncounterSettingsSerializer, request)
        deadline = deadlines.check_settings(data)  # every value checked before anything changes
        if "declare_ahead" in data:  # first: the one setting a system may refuse (409)
            services.encounter_declare_ahead(encounter=encounter, user=request.user, on=data["declare_ahead"])
            encounter.refresh_from_db()
        if "exact_odds_for_players" in data:
            encounter = services.encounter_settings_update(
                encounter=encounter, user=request.user, exact_odds_for_players=data["exact_odds_for_players"]
            )
        if deadline:
            encounter = deadlines.deadline_update(encounter=encounter, clean=deadline)
        return state_response(request.user, encounter)


class CombatantListView(APIView):
    @extend_schema(
        tags=[TAG],
        summary="The combatants of an encounter",
        parameters=[ENCOUNTER_ID],
        responses={200: CombatantSerializer(many=True), 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk)
        return Response(selectors.state_for(request.user, encounter)["combatants"])

    @extend_schema(
        tags=[TAG],
        summary="Add a combatant",
        description=(
            "The GM adds anyone: a character of the campaign (`character`) or an NPC from a sheet "
            "(`npc`, with `minion` and GM-set `hit_points`), or copied from one of the GM's own "
            "saved sheets of the campaign's system (`npc_from`: a character id; another system's "
            "sheet, someone else's or a deleted one is a 400). A player adds only their own "
            "character."
        ),
        parameters=[ENCOUNTER_ID],
        request=CombatantCreateSerializer,
        responses={
            201: CombatantSerializer,
            400: BAD,
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            404: NOT_FOUND,
            409: CONFLICT,
        },
    )
    def post(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk)
        data = _validated(CombatantCreateSerializer, request)
        combatant = services.combatant_add(
            encounter=encounter,
            user=request.user,
            character_id=data.get("character"),
            npc_sheet=data.get("npc"),
            npc_from=data.get("npc_from"),
            side=data["side"],
            minion=data.get("minion", False),
            hit_points=data.get("hit_points"),
        )
        encounter.refresh_from_db()
        views = selectors.state_for(request.user, encounter)["combatants"]
        view = next(v for v in views if v["id"] == combatant.pk)
        return created(view, reverse("api-encounter-combatant-detail", args=[encounter.pk, combatant.pk]))


COMBATANT_ID = OpenApiParameter("cid", int, OpenApiParameter.PATH, description="Combatant id.")


class CombatantDetailView(APIView):
    @extend_schema(
        tags=[TAG],
        summary="One combatant",
        description="As the encounter's state shows it to the reader (a GM's NPC keeps its numbers "
        "behind the screen for players): where a new combatant's `Location` points.",
        parameters=[ENCOUNTER_ID, COMBATANT_ID],
        responses={200: CombatantSerializer, 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int, cid: int):
        encounter = access.access_encounter_by_id(request.user, pk)
        combatant = access.access_combatant_by_id(request.user, encounter, cid)
        views = selectors.state_for(request.user, encounter)["combatants"]
        view = next((v for v in views if v["id"] == combatant.pk), None)
        if view is None:
            raise Http404
        return Response(view)

    @extend_schema(
        tags=[TAG],
        summary="Remove a combatant (GM)",
        description="It leaves the fight and the turn order; the log keeps naming it.",
        parameters=[ENCOUNTER_ID, COMBATANT_ID],
        responses={
            204: OpenApiResponse(description="Removed."),
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            404: NOT_FOUND,
            409: CONFLICT,
        },
    )
    def delete(self, request, pk: int, cid: int):
        encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)
        combatant = access.access_combatant_by_id(request.user, encounter, cid)
        services.combatant_remove(encounter=encounter, combatant=combatant, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    tags=[TAG],
    summary="Undo the last action (GM)",
    description=(
        "The events of the last action are marked `undone` and the state rewinds; they stay in "
        "the log and their dice nonces are never used again."
    ),
    parameters=[ENCOUNTER_ID, IDEMPOTENCY_KEY],
    request=None,
    responses={200: UndoSerializer, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
)
class UndoView(APIView):
    def post(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)

        def run():
            undone = services.encounter_undo(encounter=encounter, user=request.user)
            encounter.refresh_from_db()
            body = {"undone": [e.seq for e in undone], "state": selectors.state_for(request.user, encounter)}
            return status.HTTP_200_OK, body

        return _idempotent(request, encounter, run)


@extend_schema(
    tags=[TAG],
    summary="Reveal the dice seed (GM)",
    description=(
        "Publishes the server seed of every roll made so far, so anyone can re-check them; a "
        "fresh seed and commitment start for any later rolls. `end` reveals as well."
    ),
    parameters=[ENCOUNTER_ID, IDEMPOTENCY_KEY],
    request=None,
    responses={200: RevealSerializer, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND},
)
class RevealView(APIView):
    def post(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk, gm_only=True)

        def run():
            seed = services.encounter_reveal(encounter=encounter, user=request.user)
            encounter.refresh_from_db()
            revealed = encounter.revealed_seeds[-1]
            body = {
                "server_seed": seed,
                "commitment": revealed["commitment"],
                "dice": {"commitment": encounter.commitment, "client_seed": encounter.client_seed},
            }
            return status.HTTP_200_OK, body

        return _idempotent(request, encounter, run)


@extend_schema(
    tags=[TAG],
    summary="Act",
    description=(
        "One action of a combatant, resolved by the rules engine with the encounter's verifiable "
        "dice; the answer carries the new events and the new state. Acting out of turn is a 409; "
        "acting for someone else's combatant a 403. With an `Idempotency-Key` header a repeated "
        "request gets the first answer and acts once."
    ),
    parameters=[ENCOUNTER_ID, IDEMPOTENCY_KEY],
    request=action_schema(),
    responses={
        201: ActionResultSerializer,
        400: BAD,
        401: UNAUTHORIZED,
        403: FORBIDDEN,
        404: NOT_FOUND,
        409: CONFLICT,
    },
)
class ActionView(APIView):
    def post(self, request, pk: int):
        # Only who may see it: `encounter_act` loads the whole encounter under its lock.
        encounter = access.access_encounter_by_id(request.user, pk, load=False)
        action = request.data  # checked by the service against its action type's schema

        def run():
            result = services.encounter_act(encounter=encounter, user=request.user, action=action)
            reader = selectors.reader_for(request.user, result.encounter)
            body = {"events": reader.events(result.events), "state": reader.state()}
            return status.HTTP_201_CREATED, body

        return _idempotent(request, encounter, run)


@extend_schema(
    tags=[TAG],
    summary="Odds of an action",
    description=(
        "The exact odds of an action as the system's engine would resolve it now. For Epic20, an "
        "attack: chance to hit, to deal at least 1 damage, and the expected damage (bonus, defense "
        "and every Superioridad/Inferioridad source). Against a GM's NPC a player gets coarse "
        "bands (`hit_band`, `damage_band`) instead of exact numbers, unless the GM lets players see "
        "exact odds in this encounter; the NPC's defense is null for players either way."
    ),
    parameters=[
        ENCOUNTER_ID,
        *schemas.odds_parameters(),
    ],
    responses={200: OddsSerializer, 400: BAD, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND},
)
class OddsView(APIView):
    def get(self, request, pk: int):
        encounter = access.access_encounter_by_id(request.user, pk)
        reader = selectors.reader_for(request.user, encounter)
        _refuse_foreign_odds_query(request.query_params, reader.system)
        odds_request = reader.presentation.odds_request_from_api(request.query_params)
        actor = odds_request.get("actor")
        if not reader.viewer.gm and actor not in reader.viewer.controls and actor in reader.rows:
            raise EnvelopeError(
                [error("actor.not_yours", _("Sólo puedes consultar los ataques de tus combatientes."))],
                status_code=403,
            )
        return Response(reader.odds(odds_request))


def _refuse_foreign_odds_query(query, system) -> None:
    """The schema lists every system's odds parameters; an encounter takes only its own."""
    foreign = sorted(set(query) - set(odds_query(system.slug)))
    if foreign:
        raise EnvelopeError(
            [
                error(
                    f"{name}.unknown",
                    _("«%(name)s» no es un parámetro de %(system)s.")
                    % {"name": name, "system": system.name_en if request_lang() == "en" else system.name_es},
                    path=f"/{name}",
                )
                for name in foreign
            ]
        )


def _idempotent(request, encounter, run) -> Response:
    key = request.headers.get("Idempotency-Key") or None
    if key is not None and len(key) > 255:
        raise EnvelopeError(
            [error("idempotency_key.too_long", _("La clave de idempotencia es demasiado larga."))]
        )
    fingerprint = idempotency.request_fingerprint(request.method, request.path, request.data)
    code, body = idempotency.run_idempotent(
        user=request.user, key=key, encounter=encounter, fingerprint=fingerprint, run=run
    )
    if code == status.HTTP_201_CREATED:
        return created(body, _written(encounter, body))
    return Response(body, status=code)


def _written(encounter, body: dict) -> str:
    """Where the events an action wrote are read: the log after the one before them."""
    events = body.get("events") or []
    after = events[0]["seq"] - 1 if events else body["state"]["last_seq"]
    return f"{reverse('api-encounter-events', args=[encounter.pk])}?after={after}"
