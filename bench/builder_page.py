"""The Epic20 builder page's weight and render time, in-process through Django's test client
(no HTTP server) against a throwaway in-memory SQLite database:

    .venv/bin/python -m bench.builder_page [--renders 20]

It prints the HTML size of `GET /characters/new/` in Spanish and English, the first render of
the process in that language (Spanish first: its templates compiled too; then the catalogue
built for the language), the median of the renders after it (the page is remembered), and the
median of live checks with every catalogue list open, drawn afresh (what a new combination of
choices costs once a player has opened the lists). Indicative: the figures of `docs/performance.md` come from it on a shared
machine, so compare runs made together."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/builder_page.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"


def _timed_get(client, url: str, lang: str) -> tuple[float, int]:
    start = time.perf_counter()
    answer = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    elapsed = time.perf_counter() - start
    if answer.status_code != 200:
        raise SystemExit(f"GET {url} ({lang}) answered {answer.status_code}")
    return elapsed, len(answer.content)


def measure(renders: int) -> dict:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    user = get_user_model().objects.create_user("bench-builder", password="not-used-0")
    client = Client()
    client.force_login(user)
    url = reverse("characters:new")
    out = {}
    for lang in ("es", "en"):
        first, size = _timed_get(client, url, lang)
        later = [_timed_get(client, url, lang)[0] for _ in range(renders)]
        fresh = []
        for _ in range(renders):
            _forget_drawn_lists()
            elapsed, open_size = _timed_check_with_every_list(client, url, lang)
            fresh.append(elapsed)
        out[lang] = {
            "bytes": size,
            "open_bytes": open_size,
            "first_ms": first * 1000,
            "median_ms": statistics.median(later) * 1000,
            "fresh_ms": statistics.median(fresh) * 1000,
        }
    return out


def _timed_check_with_every_list(client, url: str, lang: str) -> tuple[float, int]:
    from characters.systems.epic20_form import CATALOGUE_LISTS

    start = time.perf_counter()
    answer = client.post(
        url, {"shown": list(CATALOGUE_LISTS)}, HTTP_ACCEPT_LANGUAGE=lang, HTTP_HX_REQUEST="true"
    )
    elapsed = time.perf_counter() - start
    if answer.status_code != 200:
        raise SystemExit(f"POST {url} ({lang}) answered {answer.status_code}")
    return elapsed, len(answer.content)


def _forget_drawn_lists() -> None:
    """The catalogue lists are remembered per combination of choices they show: forgetting them
    times what a new combination costs (each click or keystroke that changes one)."""
    from characters.systems import epic20_display

    epic20_display._catalogue_lists.cache_clear()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=20)
    args = parser.parse_args(argv)
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "epic20site.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    for lang, figures in measure(args.renders).items():
        print(
            f"{lang}: {figures['bytes']:,} bytes; first render {figures['first_ms']:.0f} ms; "
            f"median of the next {args.renders} {figures['median_ms']:.1f} ms; "
            f"a live check with every list open ({figures['open_bytes']:,} bytes), drawn afresh "
            f"{figures['fresh_ms']:.1f} ms"
        )


if __name__ == "__main__":
    main()
