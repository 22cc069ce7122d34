"""Entity tags of the API's resources (API.md, "HTTP conventions"): a `GET` of a sheet, a
campaign or an encounter's state carries `ETag`, and `If-None-Match` with it answers 304; a
`PUT`, `PATCH` or `DELETE` of a sheet or a campaign with a stale `If-Match` answers 412
`precondition.failed` and changes nothing. Without `If-Match` a write goes ahead.

A tag is made from the version of what the answer shows (each app says what that is), never
from the answer's bytes, so it is the same in both languages and a write can check it under the
row's lock without drawing the answer."""

from __future__ import annotations

import hashlib
import json

from django.utils.http import parse_etags
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from .errors import DomainError

IF_MATCH = "If-Match"
PRECONDITION_FAILED = "precondition.failed"


def etag(*version) -> str:
    """A strong tag for a version (any JSON-able parts; dates as text)."""
    digest = hashlib.sha256(json.dumps(version, default=str, sort_keys=True).encode()).hexdigest()
    return f'"{digest[:32]}"'


def not_modified(request, tag: str) -> bool:
    """Whether the client's `If-None-Match` already names `tag` (weak comparison)."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = parse_etags(header)
    return "*" in tags or tag in {t.removeprefix("W/") for t in tags}


def check_if_match(header: str | None, tag: str, *, error: type[DomainError] = DomainError) -> None:
    """412 `precondition.failed` unless `If-Match` (when given) names `tag` (strong comparison:
    a weak tag never matches) or is `*`."""
    if header is None:
        return
    tags = parse_etags(header)
    if "*" in tags or tag in tags:
        return
    raise error(
        PRECONDITION_FAILED,
        _(
            "Alguien ha cambiado esto después de que lo leyeras: no se ha guardado nada. "
            "Vuelve a leerlo y repite el cambio."
        ),
        status=412,
    )


# For the views' `extend_schema`: the headers and answers above, described once.
ETAG_HEADER = OpenApiParameter(
    "ETag",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The version of what was read (or written).",
    response=[200, 201, 304],
)
IF_NONE_MATCH_HEADER = OpenApiParameter(
    "If-None-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="An `ETag` read before: 304 without a body while it is still the current one.",
)
IF_MATCH_HEADER = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The `ETag` this change was made on: 412 `precondition.failed` if it is stale.",
)
NOT_MODIFIED = OpenApiResponse(None, description="Not modified: the `If-None-Match` version is current.")
