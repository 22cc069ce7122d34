"""Every system, every line: the words a line carries for a system's key (a modifier, a state)
come from that system's catalogue, in Spanish and in English, and a hidden roll reads one way,
"?". A key no catalogue has is noted in `combat.lines.MISSING`, which a long fight of each
system, read by the GM and a player in both languages, must leave empty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from combat import lines
from combat.systems import anima_lines, epic20_lines, msh_lines
from rules.anima.catalogue import COMBAT_STATES
from rules.anima.modifier_names import NAMES as ANIMA_NAMES
from rules.registration import registrations
from tests.combat.demo_fights import play

pytestmark = pytest.mark.django_db
# What an engine's key looks like ("counterattack-bonus", "third_defense"): never a word of a line.
RAW_KEY = re.compile(r"^[a-z0-9]+([-_][a-z0-9]+)+$")
CATALOGUES = {"anima": anima_lines.LABELS, "msh": msh_lines.LABELS, "epic20": epic20_lines.LABELS}
# Words that are the same in both languages.
SAME_IN_BOTH = {"Karma"}


@pytest.fixture(autouse=True)
def _demo_passwords(settings):
    settings.DEBUG = True


@pytest.mark.parametrize("system", sorted(CATALOGUES))
def test_every_word_of_a_system_catalogue_is_written_in_both_languages(system):
    for key, (es, en) in CATALOGUES[system].entries.items():
        assert es.strip() and en.strip(), key
        assert not RAW_KEY.match(es) and not RAW_KEY.match(en), key


def test_every_modifier_the_anima_engine_writes_has_its_words():
    """The engine's literal modifiers (`{"slug": …, "value": …}`) and its Estados de Combate."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path("rules/anima").glob("*.py"))
    written = set(re.findall(r'\{"slug": "([a-z0-9-]+)", "value"', source))
    written |= {state.slug for state in COMBAT_STATES}
    assert {"draw", "counterattack-bonus", "aimed", "flanked"} <= written
    assert written - set(ANIMA_NAMES) == set()


def test_a_key_without_words_reads_as_words_and_is_noted():
    lines.MISSING.discard(("anima", "no-such-thing"))
    assert anima_lines.LABELS.word("no-such-thing", "es") == "No such thing"
    assert ("anima", "no-such-thing") in lines.MISSING
    lines.MISSING.discard(("anima", "no-such-thing"))
    assert epic20_lines.LABELS.engine_word({"slug": "x", "label_es": "Equis", "label_en": "Ex"}, "en") == "Ex"


def test_a_hidden_roll_reads_a_question_mark_and_no_dice():
    roll = lines.hidden_roll("Defensa", "1d10")
    assert (roll.text, roll.faces, roll.hidden) == ("Defensa 1d10: ?", (), True)


def _events(api: APIClient, url: str, lang: str) -> list[dict]:
    found, page = [], f"{url}/events/"
    while page:
        answer = api.get(page, HTTP_ACCEPT_LANGUAGE=lang).json()
        found += answer["results"]
        page = answer.get("next")
    return found


def _words(line: dict) -> list[str]:
    """The words a line carries for keys: its rolls' labels and their modifiers' labels."""
    out = []
    for roll in line["rolls"]:
        out.append(roll["label"])
        out += [modifier["label"] for modifier in roll["modifiers"]]
    return out


def _check_rolls(line: dict, where: str) -> None:
    for roll in line["rolls"]:
        if roll["hidden"]:
            assert (roll["faces"], roll["reading"], roll["modifiers"]) == ([], "?", []), where
            assert roll["text"].endswith(": ?"), where
        else:
            assert not roll["dice"].startswith("0d") and roll["faces"], where
        for label in _words({"rolls": [roll]}):
            assert not RAW_KEY.match(label), f"{label!r} in {where}"


@pytest.mark.parametrize("system", list(registrations()))
def test_a_long_fight_reads_every_key_in_words_in_both_languages_for_the_gm_and_a_player(system):
    lines.MISSING.clear()
    encounter = play(system, actions=25)
    url = f"/api/v1/encounters/{encounter.pk}"
    for username in ("director", "jugadora"):
        api = APIClient()
        api.force_authenticate(get_user_model().objects.get(username=username))
        spanish, english = _events(api, url, "es"), _events(api, url, "en")
        assert len(spanish) == len(english) > 20
        for es, en in zip(spanish, english, strict=True):
            where = f"{username} #{es['seq']}"
            _check_rolls(es["line"], where)
            _check_rolls(en["line"], where)
            for word_es, word_en in zip(_words(es["line"]), _words(en["line"]), strict=True):
                if word_es and word_es not in SAME_IN_BOTH:
                    assert word_es != word_en, f"{word_es!r} untranslated in {where}"
    assert {key for key in lines.MISSING if key[0] == system} == set()
