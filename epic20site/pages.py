"""The one helper that turns a refused write into what a page shows (the API has its exception
handler): an htmx request gets the message in the page's feedback box, a plain one a message on
the page it is sent back to."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .errors import DomainError, page_messages

FEEDBACK_TEMPLATE = "_feedback.html"


def refused_page(request, exc: DomainError, *, back_to: str, target: str = "#action-feedback"):
    text = " ".join(page_messages(exc))
    if request.htmx:
        # A form that answers into a feedback box of its own (the GM's drawer's) hears its refusal
        # there, beside it, not behind the drawer.
        own = request.htmx.target or ""
        target = f"#{own}" if own.endswith("-feedback") else target
        # A 200: htmx swaps only successful answers, and this message is meant to be shown.
        response = render(request, FEEDBACK_TEMPLATE, {"feedback": text, "feedback_ok": False})
        response["HX-Retarget"] = target
        response["HX-Reswap"] = "innerHTML"
        return response
    messages.error(request, text)
    return redirect(back_to)


def answers_refusals(back_to):
    """Decorate a page view whose writes may be refused: `back_to(request, **kwargs)` is the URL
    a plain request goes back to."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            try:
                return view(request, *args, **kwargs)
            except DomainError as exc:
                return refused_page(request, exc, back_to=back_to(request, *args, **kwargs))

        return wrapper

    return decorate


# --- 429: throttled logins and sign-ups (the envelope under /api/, the page elsewhere) -------


def is_api(request) -> bool:
    return request.path.startswith("/api/")


def envelope(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse(
        {"errors": [{"code": code, "path": "", "message": str(message), "rule": ""}]}, status=status
    )


def throttled_message() -> str:
    return _("Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.")


def signup_throttled_message() -> str:
    return _("Demasiadas altas desde esta dirección. Espera un rato antes de volver a intentarlo.")


def ratelimited(request, exception=None, message=None):
    """The 429 answer: the error envelope under /api/, the page elsewhere."""
    message = message or throttled_message()
    if is_api(request):
        return envelope("request.throttled", message, 429)
    return render(request, "429.html", {"message": message}, status=429)
