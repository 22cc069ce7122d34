"""Every API answer the suite receives is checked against the published OpenAPI schema
(docs/api.md, "The schema describes every system"), strictly: a key the schema does not
describe, a wrong type, an undocumented status or a missing documented header fails the test
that met it. The root conftest wraps the test client with `check`; the count is reported at the
end of the session."""

from __future__ import annotations

import contextlib
import gzip
import json
from dataclasses import dataclass
from functools import cache

from django.http import HttpResponse

SKIPPED_PATHS = ("/api/v1/schema/", "/api/v1/docs/", "/api/v1/redoc/")
COUNTER = {"validated": 0}
# Typed calls a generated client made, per system (tests/site/test_generated_client.py).
CLIENT_STEPS: dict[str, int] = {}


class SchemaMismatch(AssertionError):
    pass


def _closed(node) -> None:
    """Objects with listed properties admit no other key (the published schema stays open to
    additions; the suite proves the server sends nothing it does not describe)."""
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            _closed(value)
    elif isinstance(node, list):
        for item in node:
            _closed(item)


def published_schema() -> dict:
    from drf_spectacular.generators import SchemaGenerator

    return json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))


def _openapi():
    from rules import systems

    return _openapi_for(tuple(systems.slugs()))


@cache
def _openapi_for(slugs: tuple[str, ...]):
    """One schema per set of registered systems (a test may register a system of its own)."""
    from openapi_core import OpenAPI

    schema = published_schema()
    _closed(schema["components"]["schemas"])
    return OpenAPI.from_dict(schema)


@dataclass
class _Request:
    method: str
    path: str
    body: bytes | None
    content_type: str
    parameters: object
    host_url: str = "http://testserver"


@dataclass
class _Response:
    data: bytes
    status_code: int
    content_type: str
    headers: dict


def _request(wsgi_request) -> _Request:
    from openapi_core.datatypes import RequestParameters
    from werkzeug.datastructures import Headers, ImmutableMultiDict

    parameters = RequestParameters(
        query=ImmutableMultiDict(list(wsgi_request.GET.lists())),
        header=Headers(list(wsgi_request.headers.items())),
        cookie=ImmutableMultiDict(dict(wsgi_request.COOKIES)),
    )
    return _Request(wsgi_request.method.lower(), wsgi_request.path, b"", "", parameters)


def _checked(response) -> bool:
    """An API answer, not the schema or the docs themselves. A 5xx is never an answer the
    schema should list (every test that meets one fails on it by itself)."""
    request = getattr(response, "wsgi_request", None)
    if request is None or not request.path.startswith("/api/") or request.path.startswith(SKIPPED_PATHS):
        return False
    return isinstance(response, HttpResponse) and not response.streaming and response.status_code < 500


def _body(response) -> bytes:
    """The answer's body as the schema describes it: a gzipped answer (epic20site.compression)
    decompressed."""
    if response.get("Content-Encoding") == "gzip":
        return gzip.decompress(response.content)
    return response.content


_UNCHECKED = []


@contextlib.contextmanager
def data_written_outside_the_api():
    """For a test that writes rows the API itself would refuse (a sheet stored under older
    rules): what the API then echoes is no answer the schema promises, only that it is not a 500."""
    _UNCHECKED.append(True)
    try:
        yield
    finally:
        _UNCHECKED.pop()


def check(response) -> None:
    """Validate one test-client answer; answers to operations the schema does not have (an
    unknown address, a method it does not list) have nothing to be checked against."""
    if _UNCHECKED or not _checked(response):
        return
    from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound

    request = _request(response.wsgi_request)
    answer = _Response(
        _body(response),
        response.status_code,
        response.get("Content-Type", ""),
        dict(response.headers),
    )
    try:
        _openapi().validate_response(request, answer)
    except (PathNotFound, OperationNotFound):
        return
    except Exception as exc:  # openapi-core's errors: the detail is in the causes
        detail = "\n".join(_causes(exc))
        raise SchemaMismatch(
            f"{request.method.upper()} {request.path} → {response.status_code} does not fit the schema: "
            f"{detail}\n{response.content[:1500]!r}"
        ) from None
    COUNTER["validated"] += 1


def _causes(exc) -> list[str]:
    """openapi-core's error and, under it, each JSON-schema error with where it is."""
    out = [type(exc).__name__]
    cause = exc.__cause__ or exc
    for error in getattr(cause, "schema_errors", None) or ():
        out.extend(_schema_error(error))
    if len(out) == 1:
        out.append(str(cause)[:500])
    return out


def _schema_error(error) -> list[str]:
    """The error where it is, and the error deepest inside it (an `anyOf` or `oneOf` says only
    that nothing matched; the branch that came closest says why)."""
    from jsonschema.exceptions import best_match

    found = [f"{error.json_path}: {error.message[:200]}"]
    if error.context:
        deepest = best_match([error])
        found.append(f"  closest: {deepest.json_path}: {deepest.message[:300]}")
    return found
