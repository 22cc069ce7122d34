"""REST endpoints for character sheets (docs/api.md "Epic20 character sheets").

Views stay thin: `characters.access` decides who may see or change a character, the services
in `characters.services` do the writes, and the rules engine judges the sheet. Domain errors
become the docs/api.md envelope here.
"""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from characters.sheet_schemas import SheetToValidate
from epic20site.api import EnvelopeError, ErrorEnvelopeSerializer, Pagination, body_object, created, error
from epic20site.etags import (
    ETAG_HEADER,
    IF_MATCH,
    IF_MATCH_HEADER,
    IF_NONE_MATCH_HEADER,
    NOT_MODIFIED,
    not_modified,
)
from epic20site.parsers import JSONBodyParser
from epic20site.versioned_cache import remembered_batch

from . import (
    access,
    award_schema,  # noqa: F401  (registers the awards body's schema)
    selectors,
    services,
)
from .models import Award, Waiver
from .serializers import (
    AwardInputSerializer,
    AwardSerializer,
    CharacterInputSerializer,
    CharacterSerializer,
    PatchedCharacterInputSerializer,
    ReportSerializer,
    StoredSheetSerializer,
    WaiverInputSerializer,
    WaiverSerializer,
    award_data,
    character_data,
    stored_sheet,
    waiver_data,
)
from .systems.epic20_demo import demo_sheets

TAG = "characters"
ERRORS = ErrorEnvelopeSerializer
BAD = OpenApiResponse(ERRORS, description="Invalid input: every problem, with a JSON pointer.")
UNAUTHORIZED = OpenApiResponse(ERRORS, description="No credentials.")
FORBIDDEN = OpenApiResponse(ERRORS, description="You may see it but not do this.")
NOT_FOUND = OpenApiResponse(ERRORS, description="No such character, or not yours to see.")
# A legal level-8 sheet (the demo's Nova): the schema's example, for readers and for fuzzers.
LEGAL_SHEET = OpenApiExample("Nova", value=demo_sheets()[0], request_only=True)
CHARACTER_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="Character id.")
STALE = OpenApiResponse(
    ERRORS, description="`If-Match` names a version someone has since changed: nothing changed."
)
WRITE_ANSWERS = {400: BAD, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 412: STALE}


PARSERS = [JSONBodyParser]  # the project default, named for the views that set parsers


def _campaign_from_body(request, body: dict):
    """Pop `campaign` from the body: `(present, campaign or None)`. An id the user cannot use
    is a 400 pointing at `/campaign`, like any other field of the body."""
    if "campaign" not in body:
        return False, None
    raw = body.pop("campaign")
    if raw is None:
        return True, None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise EnvelopeError(
            [error("campaign.invalid", _("Debe ser el id de una campaña."), path="/campaign")]
        )
    try:
        return True, access.access_campaign_for_character(request.user, raw)
    except Http404:
        message = _("No perteneces a ninguna campaña con ese id.")
        raise EnvelopeError([error("campaign.not_found", message, path="/campaign")]) from None


def _character_response(character, status_code=status.HTTP_200_OK) -> Response:
    character = selectors.character_with_history(character.pk)
    report = selectors.character_report(character)
    headers = {"ETag": selectors.character_etag(character)}
    if status_code == status.HTTP_201_CREATED:
        headers["Location"] = reverse("api-character-detail", args=[character.pk])
    return Response(character_data(character, report), status=status_code, headers=headers)


@extend_schema(
    tags=[TAG],
    summary="Validate a sheet",
    description=(
        "Checks a sheet against every rule and answers 200 with all problems at once, the budget "
        "and the derived numbers. Only a body that is not a JSON object is a 400. No account needed."
    ),
    # Any JSON object: the answer lists every problem, a missing name included (docs/api.md).
    request=SheetToValidate,
    examples=[LEGAL_SHEET],
    responses={200: ReportSerializer, 400: BAD},
    auth=[],
)
class CharacterValidateView(APIView):
    parser_classes = PARSERS
    permission_classes = [permissions.AllowAny]

    def post(self, request):
        body = body_object(request)
        body.pop("campaign", None)  # the same body as POST /characters/ validates the same
        report = services.sheet_system(body).check_sheet(body).as_dict(lang=selectors.request_lang())
        # What creating it would refuse before the rules: keys the sheet does not have.
        try:
            services.sheet_shape_check(body)
        except services.CharacterError as exc:
            report["errors"] = exc.as_errors() + report["errors"]
            report["valid"] = False
        return Response(report)


class CharacterListCreateView(generics.GenericAPIView):
    parser_classes = PARSERS
    pagination_class = Pagination
    serializer_class = CharacterSerializer

    def get_queryset(self):  # only for the schema generator's benefit
        return selectors.character_list_for_user(self.request.user)

    @extend_schema(
        tags=[TAG],
        summary="List characters",
        description="The characters you own and, as a GM, those attached to your campaigns.",
        parameters=[OpenApiParameter("campaign", int, description="Only characters in this campaign.")],
        responses={200: CharacterSerializer(many=True), 400: BAD, 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request):
        campaign_id = request.query_params.get("campaign")
        if campaign_id is not None:
            try:
                campaign_id = int(campaign_id)
            except ValueError:
                raise EnvelopeError(
                    [error("query.campaign_invalid", _("`campaign` debe ser el id de una campaña."))]
                ) from None
            if not 0 < campaign_id < 2**63:
                raise EnvelopeError(
                    [error("query.campaign_invalid", _("`campaign` debe ser el id de una campaña."))]
                )
        rows = self.paginate_queryset(
            selectors.character_list_versions(request.user, campaign_id=campaign_id)
        )
        return self.get_paginated_response(_remembered_items(rows, selectors.request_lang()))

    @extend_schema(
        tags=[TAG],
        summary="Create a character",
        description=(
            "Stores the sheet if it follows every rule (201); otherwise 400 with every error and "
            "nothing is stored. `campaign` attaches it to a campaign you belong to."
        ),
        request=CharacterInputSerializer,
        examples=[LEGAL_SHEET],
        responses={201: CharacterSerializer, 400: BAD, 401: UNAUTHORIZED},
    )
    def post(self, request):
        return _create(request)


def _remembered_items(rows: list[tuple], lang: str) -> list[dict]:
    """Characters' API items (a list's or one sheet's), remembered under each one's version (its
    id, last change and owner's name; `characters.signals` moves the last change with its awards
    and waivers): only those that changed are read in full and checked again."""

    def build(missing: list[tuple]) -> list[dict]:
        characters = selectors.characters_by_id([pk for pk, _at, _owner in missing])
        reports = selectors.character_reports(characters, lang)
        return [character_data(c, report) for c, report in zip(characters, reports, strict=True)]

    return remembered_batch(f"character-item-{lang}", rows, tuple, build)


def _create(request) -> Response:
    body = body_object(request)
    _present, campaign = _campaign_from_body(request, body)
    character = services.character_create(owner=request.user, sheet=body, campaign=campaign)
    return _character_response(character, status.HTTP_201_CREATED)


class CharacterDetailView(APIView):
    parser_classes = PARSERS

    @extend_schema(
        tags=[TAG],
        summary="Read a character",
        parameters=[CHARACTER_ID, IF_NONE_MATCH_HEADER, ETAG_HEADER],
        responses={200: CharacterSerializer, 304: NOT_MODIFIED, 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int):
        # The version is all it needs: a remembered item is answered without reading the sheet.
        character = access.access_character_by_id(request.user, pk, sheet=False)
        tag = selectors.character_etag(character)
        if not_modified(request, tag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": tag})
        version = (character.pk, character.updated_at, character.owner.get_username())
        return Response(_remembered_items([version], selectors.request_lang())[0], headers={"ETag": tag})

    @extend_schema(
        tags=[TAG],
        summary="Replace a character's sheet",
        description=(
            "The owner or the campaign's GM. The new sheet must follow every rule (errors the GM "
            "waived excepted); otherwise 400 and nothing changes. `campaign` (owner only) moves it."
        ),
        parameters=[CHARACTER_ID, IF_MATCH_HEADER, ETAG_HEADER],
        request=CharacterInputSerializer,
        examples=[LEGAL_SHEET],
        responses={**WRITE_ANSWERS, 200: CharacterSerializer},
    )
    def put(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk, write=True)
        body = body_object(request)
        present, campaign = _campaign_from_body(request, body)
        return _update(request, character, body, move=present, campaign=campaign)

    @extend_schema(
        tags=[TAG],
        summary="Change some of a character's sheet",
        description="Like PUT, but each top-level key given replaces the stored one; the rest stays.",
        parameters=[CHARACTER_ID, IF_MATCH_HEADER, ETAG_HEADER],
        request=PatchedCharacterInputSerializer,
        responses={**WRITE_ANSWERS, 200: CharacterSerializer},
    )
    def patch(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk, write=True)
        body = body_object(request)
        present, campaign = _campaign_from_body(request, body)
        # Merged under the row's lock by the service, so a concurrent edit is never lost.
        return _update(request, character, body, move=present, campaign=campaign, partial=True)

    @extend_schema(
        tags=[TAG],
        summary="Delete a character",
        description="Only its owner.",
        parameters=[CHARACTER_ID, IF_MATCH_HEADER],
        responses={204: None, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 412: STALE},
    )
    def delete(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk, delete=True)
        services.character_delete(character=character, if_match=request.headers.get(IF_MATCH))
        return Response(status=status.HTTP_204_NO_CONTENT)


def _update(request, character, sheet: dict, *, move: bool, campaign, partial: bool = False) -> Response:
    services.character_change(
        character=character,
        user=request.user,
        **({"changes": sheet} if partial else {"sheet": sheet}),
        move=move,
        campaign=campaign,
        if_match=request.headers.get(IF_MATCH),
    )
    return _character_response(character)


@extend_schema(
    tags=[TAG],
    summary="Export a sheet",
    description="The sheet exactly as accepted by POST /characters/ (also the import format).",
    parameters=[CHARACTER_ID],
    responses={200: StoredSheetSerializer, 401: UNAUTHORIZED, 404: NOT_FOUND},
)
class CharacterExportView(APIView):
    parser_classes = PARSERS

    def get(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk)
        response = Response(stored_sheet(character))
        response["Content-Disposition"] = f'attachment; filename="{export_filename(character)}"'
        return response


def export_filename(character) -> str:
    return f"{slugify(character.name) or 'personaje'}-{character.pk}.json"


@extend_schema(
    tags=[TAG],
    summary="Duplicate a character",
    description=(
        "A copy owned by you, with the same awards. It stays in the campaign if you belong to it "
        "(with the waivers its GM granted), and is unattached otherwise."
    ),
    parameters=[CHARACTER_ID],
    request=None,
    responses={201: CharacterSerializer, 400: BAD, 401: UNAUTHORIZED, 404: NOT_FOUND},
)
class CharacterDuplicateView(APIView):
    parser_classes = PARSERS

    def post(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk)
        duplicate = services.character_duplicate(character=character, user=request.user)
        return _character_response(duplicate, status.HTTP_201_CREATED)


class CharacterAwardListView(generics.GenericAPIView):
    parser_classes = PARSERS
    pagination_class = Pagination
    serializer_class = AwardSerializer

    def get_queryset(self):  # pragma: no cover - only for the schema generator
        return Award.objects.none()

    @extend_schema(
        tags=[TAG],
        summary="A character's awards",
        description="The dated advancement history: points and levels the campaign's GM awarded.",
        parameters=[CHARACTER_ID],
        responses={
            200: AwardSerializer(many=True),
            401: UNAUTHORIZED,
            404: NOT_FOUND,
        },  # 404 also: no such page
    )
    def get(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk)
        awards = character.awards.select_related("awarded_by").order_by("created_at", "id")
        page = self.paginate_queryset(awards)
        return self.get_paginated_response([award_data(a) for a in page])

    @extend_schema(
        tags=[TAG],
        summary="Award points",
        description=(
            "The GM of the character's campaign gives points to spend (powers, skills, advantages, "
            "maneuvers; multiples of 0.5) or levels (whole; they raise the sheet's `level`)."
        ),
        parameters=[CHARACTER_ID],
        request=AwardInputSerializer,
        responses={201: AwardSerializer, 400: BAD, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def post(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk, gm_only=True)
        data = AwardInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        award = services.character_award(
            character=character,
            awarded_by=request.user,
            category=data.validated_data["category"],
            amount=data.validated_data["amount"],
            note=data.validated_data.get("note", ""),
        )
        return created(
            award_data(award), reverse("api-character-award-detail", args=[character.pk, award.pk])
        )


class CharacterWaiverListView(generics.GenericAPIView):
    parser_classes = PARSERS
    pagination_class = Pagination
    serializer_class = WaiverSerializer

    def get_queryset(self):  # pragma: no cover - only for the schema generator
        return Waiver.objects.none()

    @extend_schema(
        tags=[TAG],
        summary="A character's waivers",
        description="Rule errors the campaign's GM let stand, each with the reason and who waived it.",
        parameters=[CHARACTER_ID],
        responses={200: WaiverSerializer(many=True), 401: UNAUTHORIZED, 404: NOT_FOUND},
    )
    def get(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk)
        waivers = character.waivers.select_related("created_by").order_by("created_at", "id")
        page = self.paginate_queryset(waivers)
        return self.get_paginated_response([waiver_data(w, character) for w in page])

    @extend_schema(
        tags=[TAG],
        summary="Waive a rule error",
        description=(
            "The GM of the character's campaign lets one error (its `code` and `path`, as the "
            "validation reports them) stand, with a written reason. A waived error no longer makes "
            "the sheet invalid and is listed under `waivers`."
        ),
        parameters=[CHARACTER_ID],
        request=WaiverInputSerializer,
        responses={
            201: WaiverSerializer,
            400: BAD,
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            404: NOT_FOUND,
            409: OpenApiResponse(ERRORS, description="That error is already waived."),
        },
    )
    def post(self, request, pk: int):
        character = access.access_character_by_id(request.user, pk, gm_only=True)
        data = WaiverInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        waiver = services.character_waive(character=character, created_by=request.user, **data.validated_data)
        location = reverse("api-character-waiver-detail", args=[character.pk, waiver.pk])
        return created(waiver_data(waiver, character), location)
