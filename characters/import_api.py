"""`POST /api/v1/characters/import/` (docs/api.md "Bring your characters"): a sheet of this site
as a JSON body, or another tool's file as `multipart/form-data` (`file`, `format`); with
`?dry_run=true` the answer is the sheet it would make and the report, and nothing is created."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from epic20site.api import EnvelopeError, body_object, error
from epic20site.parsers import JSONBodyParser

from . import imports, selectors, services
from .api import BAD, LEGAL_SHEET, TAG, UNAUTHORIZED, _campaign_from_body, _character_response
from .import_serializers import ImportedCharacterSerializer, ImportFileSerializer, ImportPreviewSerializer
from .serializers import CharacterInputSerializer

DRY_RUN = OpenApiParameter(
    "dry_run",
    bool,
    description="true: answer 200 with the sheet the file would make and the report; nothing is created.",
)
TOO_LARGE = OpenApiResponse(
    description="The file is larger than DATA_UPLOAD_MAX_MEMORY_SIZE (error envelope)."
)


def _dry_run(request) -> bool:
    raw = request.query_params.get("dry_run", "false")
    if raw not in ("true", "false", "1", "0"):
        raise EnvelopeError(
            [error("query.dry_run_invalid", _("`dry_run` es true o false."), path="/dry_run")]
        )
    return raw in ("true", "1")


def _file_fields(request) -> tuple[bytes, str, object]:
    """The uploaded file's bytes, its format and the campaign, or the envelope's 400/413."""
    if int(request.META.get("CONTENT_LENGTH") or 0) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 4096:
        raise RequestDataTooBig("file")
    upload, file_format = request.FILES.get("file"), request.data.get("format")
    if upload is None:
        raise EnvelopeError([error("import.file_missing", _("Falta el archivo («file»)."), path="/file")])
    if not isinstance(file_format, str) or not file_format:
        raise EnvelopeError(
            [error("import.format_missing", _("Falta el formato («format»)."), path="/format")]
        )
    if upload.size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        raise RequestDataTooBig("file")
    body = {}
    if request.data.get("campaign") not in (None, ""):
        try:
            body["campaign"] = int(request.data["campaign"])
        except (TypeError, ValueError):
            body["campaign"] = request.data["campaign"]
    _present, campaign = _campaign_from_body(request, body)
    return upload.read(), file_format, campaign


def _preview(result, lang: str) -> dict:
    report = result.report.as_dict(lang=lang)
    return {
        "sheet": dict(result.report.sheet or result.imported.sheet),
        "valid": report["valid"],
        "errors": report["errors"],
        "warnings": report["warnings"],
        "derived": report["derived"],
        "import_report": result.imported.report.as_dict(lang),
    }


def _site_sheet_preview(body: dict, campaign, lang: str) -> dict:
    """A dry run of the site's own JSON: refused as its import would be (400 with every problem:
    the schema states this format's limits), else the sheet it would store, with its system."""
    services.check_campaign_system(body, campaign)
    checked = services.sheet_check(sheet=body)
    stored = services.stored_sheet(body, checked)
    result = imports.ImportResult(imports.ImportedSheet(stored, imports.ImportReport("epic20site")), checked)
    preview = _preview(result, lang)
    preview["sheet"] = {"system": services.sheet_system(body).slug, **preview["sheet"]}
    return preview


def _with_report(response: Response, report: dict) -> Response:
    response.data = {**response.data, "import_report": report}
    return response


@extend_schema(
    tags=[TAG],
    summary="Import a sheet or another tool's file",
    description=(
        "A JSON body is an exported sheet of this site (optionally with `campaign`). A "
        "`multipart/form-data` body brings a character from another tool: `file` and `format` "
        "(`hero-designer`: a Hero Designer 6th edition .hdc; `foundry-anima`: a Foundry Anima Beyond "
        "Fantasy actor). The answer carries `import_report`. With `dry_run=true` nothing is created and "
        "the answer is 200 with the sheet, its check and the report. A file that cannot be read (broken, "
        "of another format, with entities, of 5th edition) is a 400; a file over the size limit a 413."
    ),
    parameters=[DRY_RUN],
    request={"application/json": CharacterInputSerializer, "multipart/form-data": ImportFileSerializer},
    examples=[LEGAL_SHEET],
    responses={
        201: ImportedCharacterSerializer,
        200: ImportPreviewSerializer,
        400: BAD,
        401: UNAUTHORIZED,
        413: TOO_LARGE,
    },
)
class CharacterImportView(APIView):
    parser_classes = [JSONBodyParser, MultiPartParser]

    def post(self, request):
        dry_run, lang = _dry_run(request), selectors.request_lang()
        if request.content_type.startswith("multipart/form-data"):
            raw, file_format, campaign = _file_fields(request)
            if dry_run:
                return Response(_preview(imports.import_file_check(file_format=file_format, raw=raw), lang))
            result = imports.character_import(
                owner=request.user, file_format=file_format, raw=raw, campaign=campaign
            )
            response = _character_response(result.character, status.HTTP_201_CREATED)
            return _with_report(response, result.imported.report.as_dict(lang))
        body = body_object(request)
        report = imports.site_report(body).as_dict(lang)
        _present, campaign = _campaign_from_body(request, body)
        if dry_run:
            return Response({**_site_sheet_preview(body, campaign, lang), "import_report": report})
        character = services.character_create(owner=request.user, sheet=body, campaign=campaign)
        return _with_report(_character_response(character, status.HTTP_201_CREATED), report)
