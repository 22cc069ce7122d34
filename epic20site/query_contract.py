"""The query parameters every API operation takes are the ones its OpenAPI schema documents
(docs/api.md, "Conventions"): anything else is refused, never silently ignored.

A client that misspells `?round=` or sends `?page=1&page=2` must hear so instead of getting an
answer that looks right and is not. So the schema the API publishes (drf-spectacular, generated
once per process the first time an API request carries a query string) is also the contract it
enforces here, for every operation at once:

- a parameter the operation does not document answers 400 `<name>.unknown`;
- a parameter given twice answers 400 `<name>.repeated`, unless the schema says it is a list.

Routes match the schema's paths by shape: `api/v1/encounters/<int:pk>/events/` (Django's route)
and `/api/v1/encounters/{id}/events/` (the schema's path) are the same operation, whatever each
calls its path parameters. An operation the schema does not list (the schema view itself, a
method the view refuses with 405) is left to its view.
"""

from __future__ import annotations

import re
import threading
from functools import cache

from django.utils.translation import gettext as _

_ROUTE_PARAMETER = re.compile(r"<(?:[^>:]+:)?[^>]+>")
_SCHEMA_PARAMETER = re.compile(r"\{[^}]+\}")


def route_shape(route: str) -> str:
    """Django's route (`api/v1/x/<int:pk>/`) as a shape shared with the schema's paths."""
    return "/" + _ROUTE_PARAMETER.sub("{}", route.lstrip("/"))


def schema_shape(path: str) -> str:
    return _SCHEMA_PARAMETER.sub("{}", path)


def _accepts_many(parameter: dict) -> bool:
    schema = parameter.get("schema") or {}
    return schema.get("type") == "array" and parameter.get("explode", True)


# drf-spectacular's generator is not safe to run in two threads at once (it loads its extension
# classes lazily), and under the ASGI server concurrent requests run in threads of one process:
# the first requests with a query string wait for one generation instead of racing.
GENERATION = threading.Lock()


def contract() -> dict[tuple[str, str], dict[str, bool]]:
    """(METHOD, shape) → {parameter name: whether it may be repeated}, from the published schema."""
    with GENERATION:
        return _contract()


@cache
def _contract() -> dict[tuple[str, str], dict[str, bool]]:
    from drf_spectacular.drainage import GENERATOR_STATS
    from drf_spectacular.generators import SchemaGenerator

    # The schema's own warnings are `manage.py check`'s (drf-spectacular's system check reads
    # them the same way); a request is no place to print them.
    with GENERATOR_STATS.silence():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    operations: dict[tuple[str, str], dict[str, bool]] = {}
    for path, item in (schema.get("paths") or {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            query = {
                p["name"]: _accepts_many(p)
                for p in operation.get("parameters") or ()
                if p.get("in") == "query"
            }
            operations[(method.upper(), schema_shape(path))] = query
    return operations


def documented_query(method: str, route: str) -> dict[str, bool] | None:
    """The query parameters of the operation, or None when the schema does not list it."""
    method = "GET" if method == "HEAD" else method
    return contract().get((method, route_shape(route)))


def query_errors(method: str, route: str, query) -> list[dict]:
    """Envelope entries for every parameter of `query` (a QueryDict) the operation refuses."""
    if not query:
        return []
    allowed = documented_query(method, route)
    if allowed is None:
        return []
    errors = []
    for name, values in query.lists():
        if name not in allowed:
            errors.append(
                _error(f"{name}.unknown", _("Parámetro desconocido: «%(name)s».") % {"name": name}, name)
            )
        elif len(values) > 1 and not allowed[name]:
            errors.append(
                _error(f"{name}.repeated", _("«%(name)s» sólo puede darse una vez.") % {"name": name}, name)
            )
    return errors


def _error(code: str, message: str, name: str) -> dict:
    pointer = "/" + name.replace("~", "~0").replace("/", "~1")
    return {"code": code, "path": pointer, "message": message, "rule": ""}
