"""API tokens (docs/api.md, "HTTP conventions"): `Authorization: Token <key>` or
`Authorization: Bearer <key>`, the same key either way, so that a client generated from the
schema (which says http bearer) sends a prefix the API takes."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import TokenAuthentication, get_authorization_header


class _TokenKeyword(TokenAuthentication):
    keyword = "Token"


class TokenOrBearerAuthentication(TokenAuthentication):
    """DRF's token authentication under either keyword; a 401 asks for `Bearer`."""

    keyword = "Bearer"

    def authenticate(self, request):
        prefix = get_authorization_header(request).split()[:1]
        if prefix and prefix[0].lower() == _TokenKeyword.keyword.lower().encode():
            return _TokenKeyword().authenticate(request)
        return super().authenticate(request)


class TokenOrBearerScheme(OpenApiAuthenticationExtension):
    """Registered on import (`epic20site.api` imports this module)."""

    target_class = TokenOrBearerAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "The API token (`POST /api/v1/auth/token/`), as `Authorization: Bearer <key>` "
            "or `Authorization: Token <key>`.",
        }
