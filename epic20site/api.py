"""Conventions every API endpoint shares (docs/api.md, "Conventions").

- Errors always come in one envelope: `{"errors": [{"code", "path", "message", "rule"}]}`,
  with `path` a JSON pointer into the submitted body and `message` in the request's language.
- Lists are paginated `{"count", "next", "previous", "results"}`.
- Serializers refuse unknown fields instead of silently ignoring them.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, pagination, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

# The API's datetimes (in UTC), offered here with the other conventions.
from .api_datetimes import ModelSerializer as ModelSerializer
from .api_datetimes import UTCDateTimeField as UTCDateTimeField
from .errors import DomainError


class Pagination(pagination.PageNumberPagination):
    """`?page=N&page_size=M`. A page that does not exist (`?page=0`, past the end, not a
    number) is a 404; a `page_size` that is not a whole number from 1 to 200 is a 400, never
    silently replaced by the default."""

    # A page is a number: "last" is not one (the schema says integer).
    last_page_strings = ()

    def get_page_number(self, request, paginator):
        # One `page`: `?page=1&page=2` names no page (the schema says one integer).
        pages = request.query_params.getlist(self.page_query_param)
        if len(pages) > 1 or (pages and not pages[0].isascii()) or (pages and not pages[0].isdigit()):
            raise exceptions.NotFound()
        return super().get_page_number(request, paginator)

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not (raw.isascii() and raw.isdigit() and 1 <= int(raw) <= self.max_page_size):
            raise EnvelopeError(
                [
                    error(
                        "page_size.invalid",
                        _("«page_size» debe ser un número entero entre 1 y %(max)s.")
                        % {"max": self.max_page_size},
                        path="/page_size",
                    )
                ]
            )
        return int(raw)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.page_query_param: {"minimum": 1},
            self.page_size_query_param: {"minimum": 1, "maximum": self.max_page_size},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters


def error(code: str, message: str, *, path: str = "", rule: str = "") -> dict:
    return {"code": code, "path": path, "message": str(message), "rule": rule}


def error_response(errors: list[dict], status_code: int = status.HTTP_400_BAD_REQUEST, headers=None):
    return Response({"errors": errors}, status=status_code, headers=headers)


def _pointer(parts: list[str]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def flatten_validation_errors(detail, parts: list[str] | None = None, prefix: str = "") -> list[dict]:
    """Turn DRF's nested ValidationError detail into the flat envelope with JSON pointers."""
    parts = parts or []
    if isinstance(detail, dict):
        return _flatten_fields(detail, parts, prefix)
    if isinstance(detail, list):
        return _flatten_list(detail, parts, prefix)
    return [_detail_error(detail, parts, prefix)]


def _flatten_fields(detail: dict, parts: list[str], prefix: str) -> list[dict]:
    """A serializer's errors by field; those of the whole object point where the object does."""
    out: list[dict] = []
    for key, value in detail.items():
        inner = parts if key in ("non_field_errors", "__all__") else [*parts, str(key)]
        out.extend(flatten_validation_errors(value, inner, prefix))
    return out


def _flatten_list(detail: list, parts: list[str], prefix: str) -> list[dict]:
    """A field's messages (all at the field's pointer), or a list's items' errors (each at its
    index; the items without errors left out)."""
    out: list[dict] = []
    if detail and all(isinstance(d, exceptions.ErrorDetail | str) for d in detail):
        for d in detail:
            out.extend(flatten_validation_errors(d, parts, prefix))
        return out
    for i, value in enumerate(detail):
        if value:
            out.extend(flatten_validation_errors(value, [*parts, str(i)], prefix))
    return out


def _detail_error(detail, parts: list[str], prefix: str) -> dict:
    """One message as an error, its code prefixed with the field it is about: the pointer's last
    part, or its first when the last is an index."""
    code = getattr(detail, "code", None) or "invalid"
    field = parts[-1] if parts and not parts[-1].isdigit() else (parts[0] if parts else "")
    full_code = f"{prefix}{field}.{code}" if field else f"{prefix}{code}"
    return error(full_code, detail, path=_pointer(parts))


def exception_handler(exc, context):
    """DRF exception handler that answers every error with the docs/api.md envelope."""
    if isinstance(exc, DomainError):
        return error_response(exc.as_errors(), exc.status)
    if isinstance(exc, RequestDataTooBig):
        return error_response(
            [error("request.too_large", _("El cuerpo de la petición es demasiado grande."))],
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None

    response.data = {"errors": _envelope_errors(exc)}
    return response


def _envelope_errors(exc) -> list[dict]:
    detail = getattr(exc, "detail", None)
    if isinstance(detail, dict) and "errors" in detail:
        return detail["errors"]
    if isinstance(exc, exceptions.ValidationError):
        return flatten_validation_errors(detail)
    if isinstance(exc, exceptions.ParseError):
        return [error("request.malformed", detail)]
    if isinstance(exc, exceptions.APIException):
        code = getattr(detail, "code", None) or exc.default_code
        return [error(f"request.{code}", detail)]
    return [error("request.error", str(exc))]  # pragma: no cover - DRF hands us APIExceptions


class StrictSerializerMixin:
    """Refuse fields the endpoint does not know, so typos never pass silently."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {
                        name: [exceptions.ErrorDetail(_("Campo desconocido."), code="unknown_field")]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)


class StrictSerializer(StrictSerializerMixin, serializers.Serializer):
    pass


class StrictCharField(serializers.CharField):
    """A JSON string and nothing else: DRF's CharField would turn `123` or `true` into text,
    hiding a client's bug behind a name nobody meant to type."""

    default_error_messages = {"invalid": gettext_lazy("Debe ser un texto.")}

    def __init__(self, **kwargs):
        # Lengths count what was sent, as the schema's maxLength does; services trim where a
        # name's spaces do not matter.
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """true or false, as the schema says: not DRF's 0, 1, "yes" or "off"."""

    default_error_messages = {"invalid": gettext_lazy("Debe ser verdadero o falso.")}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class ErrorItemSerializer(serializers.Serializer):
    """For the OpenAPI schema: one entry of the error envelope."""

    code = serializers.CharField(help_text="Stable, machine-readable code, e.g. `invite_code.invalid`.")
    path = serializers.CharField(help_text="JSON pointer into the submitted body; empty for the whole body.")
    message = serializers.CharField(help_text="Human-readable, in the request's language.")
    rule = serializers.CharField(help_text="Section of the rule document, when a rule was broken.")


class ErrorEnvelopeSerializer(serializers.Serializer):
    """For the OpenAPI schema: every 4xx answer."""

    errors = ErrorItemSerializer(many=True)


def error_answer(description: str):
    """An error answer of an operation, for `extend_schema(responses=...)`: the envelope, saying
    when it comes."""
    return OpenApiResponse(ErrorEnvelopeSerializer, description=description)


class StrictModelSerializer(StrictSerializerMixin, ModelSerializer):
    pass


class EnvelopeError(exceptions.APIException):
    """Raise from a view or service glue to answer with specific envelope errors."""

    def __init__(self, errors: list[dict], status_code: int = 400, *, wait: int | None = None):
        self.status_code = status_code
        super().__init__(detail=None)
        self.detail = {"errors": errors}
        # DRF's handler answers `Retry-After: <wait>` (seconds) when it is set (a 429).
        self.wait = wait


def body_object(request) -> dict:
    """The JSON body as a dict, or the envelope's 400 when it is anything else or absent (every
    operation that takes a body requires one, even a PATCH that names nothing)."""
    data = request.data
    if not request.body or not isinstance(data, dict):
        raise EnvelopeError([error("request.not_object", _("El cuerpo debe ser un objeto JSON."))])
    return dict(data)


def created(data, location: str, **kwargs) -> Response:
    """A 201 with `Location`, the new resource's URL (docs/api.md, "HTTP conventions")."""
    return Response(data, status=status.HTTP_201_CREATED, headers={"Location": location}, **kwargs)


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "Conflict."
    default_code = "conflict"


# Registers the OpenAPI extension for the strict serializers above.
from . import schema as _schema  # noqa: E402, F401
