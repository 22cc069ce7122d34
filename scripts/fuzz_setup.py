"""Prepare a throwaway database for `scripts/fuzz-api.sh`: a user with an API token, plus a
little data of their own so the fuzzer reaches more than 404s. Prints the token, alone, on
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

    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    user_model = get_user_model()
    user, _created = user_model.objects.get_or_create(
        username=USERNAME, defaults={"email": f"{USERNAME}@example.org"}
    )
    user.set_password(PASSWORD)
    user.save()
    token, _created = Token.objects.get_or_create(user=user)

    # Some data of the user's own, so that low ids exist and belong to them. The services are
    # still growing: whatever is not there yet is skipped, not fatal.
    try:
        from combat.services import campaign_create

        for name in ("La Liga de la Noche", "Crónicas de Aluna"):
            campaign_create(gm=user, name=name)
    except Exception as exc:  # the fuzz still runs, only with less data
        print(f"fuzz_setup: no campaigns created ({type(exc).__name__}: {exc})", file=sys.stderr)

    print(token.key)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
