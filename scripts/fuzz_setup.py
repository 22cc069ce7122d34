"""Prepare a throwaway database for `scripts/fuzz-api.sh`: an API token for a user who owns
data, so the fuzzer reaches more than 404s. That is the game master of the demo campaign when
`manage.py load_demo` ran (they see its characters and encounters too); otherwise a new user
with two campaigns of their own. Either way they also get characters of their own, so the
owner-only operations (edit, delete, waivers) are reached as well. Prints the token, alone, on
the last line of stdout.

Run from the repository root with DATABASE_URL pointing at the throwaway database:
    python scripts/fuzz_setup.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "epic20site.settings")

USERNAME = "fuzz-gm"
PASSWORD = "fuzz-una-clave-larga-2026"


def main() -> int:
    import django

    django.setup()

    from rest_framework.authtoken.models import Token

    user = _demo_game_master()
    if user is None:
        user = _fuzz_user_with_campaigns()
    _own_characters(user)
    token, _created = Token.objects.get_or_create(user=user)
    print(f"fuzz_setup: fuzzing as {user.get_username()!r}", file=sys.stderr)
    print(token.key)
    return 0


def _demo_game_master():
    from campaigns.models import Campaign

    campaign = Campaign.objects.select_related("gm").order_by("id").first()
    return campaign.gm if campaign is not None else None


def _fuzz_user_with_campaigns():
    from django.contrib.auth import get_user_model

    user, _created = get_user_model().objects.get_or_create(
        username=USERNAME, defaults={"email": f"{USERNAME}@example.org"}
    )
    user.set_password(PASSWORD)
    user.save()
    # The services are still growing: whatever is not there yet is skipped, not fatal.
    try:
        from campaigns.services import campaign_create

        for name in ("La Liga de la Noche", "Crónicas de Aluna"):
            campaign_create(gm=user, name=name)
    except Exception as exc:  # the fuzz still runs, only with less data
        print(f"fuzz_setup: no campaigns created ({type(exc).__name__}: {exc})", file=sys.stderr)
    return user


def _own_characters(user, count=3):
    try:
        from characters.services import character_create
        from characters.systems.epic20_demo import demo_sheets

        for sheet in demo_sheets()[:count]:
            character_create(owner=user, sheet=sheet)
    except Exception as exc:  # the fuzz still runs, only with less data
        print(f"fuzz_setup: no characters created ({type(exc).__name__}: {exc})", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
