"""The client's address, for rate limits, honest behind a known number of proxies."""

from django.conf import settings


def client_ip(request) -> str:
    """`REMOTE_ADDR`, or — when `TRUSTED_PROXY_COUNT` proxies stand in front of the app — the
    address the outermost trusted proxy saw, read from the right of `X-Forwarded-For` (the
    left part is written by the client and cannot be trusted)."""
    proxies = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies > 0:
        forwarded = [p.strip() for p in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if p.strip()]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR") or "0.0.0.0"
