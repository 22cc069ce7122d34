"""The one helper that turns a refused write into what a page shows (the API has its exception
handler): an htmx request gets the message in the page's feedback box, a plain one a message on
the page it is sent back to."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.shortcuts import redirect, render

from .errors import DomainError, page_messages

FEEDBACK_TEMPLATE = "_feedback.html"


def refused_page(request, exc: DomainError, *, back_to: str, target: str = "#action-feedback"):
    text = " ".join(page_messages(exc))
    if request.htmx:
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
