"""Each game system ships its English beside its files (`SystemRegistration.locale_dir`), and
the site reads every one of them: a system's words leave the shared catalogue (`locale/`)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from campaigns.forms import CampaignCreateForm
from rules.registration import registrations

ROOT = Path(__file__).resolve().parents[2]
SLUGS = list(registrations())


def _entries(po: Path) -> list[tuple[str | None, str, str]]:
    """(msgctxt, msgid, msgstr) of every singular entry of a catalogue."""
    out = []
    for block in re.split(r"\n\s*\n", po.read_text(encoding="utf-8")):
        fields: dict[str, str] = {}
        name = None
        for line in block.splitlines():
            found = re.match(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (\".*\")$", line)
            if found:
                name = found.group(1)
                fields[name] = ast.literal_eval(found.group(2))
            elif line.startswith('"') and name:
                fields[name] += ast.literal_eval(line)
        if fields.get("msgid") and "msgid_plural" not in fields:
            out.append((fields.get("msgctxt"), fields["msgid"], fields.get("msgstr", "")))
    return out


def test_every_registered_catalogue_is_read_and_only_those():
    own = {found.locale_dir for found in registrations().values() if found.locale_dir is not None}
    assert own == {Path(p) for p in settings.LOCALE_PATHS} - {ROOT / "locale"}


@pytest.mark.parametrize("slug", SLUGS)
def test_a_system_catalogue_translates_every_word_it_holds(slug):
    po = registrations()[slug].locale_dir / "en" / "LC_MESSAGES" / "django.po"
    entries = _entries(po)
    assert entries, slug
    assert [msgid for _ctx, msgid, msgstr in entries if not msgstr] == []
    mo = po.with_suffix(".mo")
    assert mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime - 1, (
        "compile it: msgfmt -o django.mo django.po"
    )
    with translation.override("en"):
        read = [
            (translation.pgettext(ctx, msgid) if ctx else translation.gettext(msgid)) == msgstr
            for ctx, msgid, msgstr in entries
        ]
    assert all(read), [entries[i][1] for i, ok in enumerate(read) if not ok][:5]


def test_the_shared_catalogue_holds_no_word_a_system_took():
    shared = {
        (ctx, msgid) for ctx, msgid, _ in _entries(ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po")
    }
    for slug, found in registrations().items():
        po = found.locale_dir / "en" / "LC_MESSAGES" / "django.po"
        assert shared & {(ctx, msgid) for ctx, msgid, _ in _entries(po)} == set(), slug


def test_the_default_system_is_the_one_its_registration_names_so(db):
    from campaigns.models import Campaign
    from campaigns.serializers import CampaignCreateInputSerializer
    from characters.models import Character
    from rules.registration import default_slug

    defaults = [slug for slug, found in registrations().items() if found.default]
    assert defaults == [default_slug()]
    assert next(iter(registrations())) == default_slug()  # the lists name it first
    # A campaign or character that names no system, by the model, the API or the form, is of it.
    assert Campaign().system == Character().system == default_slug()
    assert CampaignCreateInputSerializer(data={"name": "Liga"}).fields["system"].default == default_slug()
    assert CampaignCreateForm().fields["system"].initial == default_slug
