"""MSH: a changed declaration is logged as what changed, never as a copy of the line it
replaces, and declaring again exactly what stands is refused and changes nothing. Asserted whole
on every reader of the line: the API's `line` (Spanish and English), the fight page's entry, the
forum export in BBCode and Markdown, and the players' export (a hidden NPC's Karma left out)."""

from __future__ import annotations

import pytest

from tests.combat.test_log_lines import Demo, _line_of, queued  # noqa: F401

pytestmark = pytest.mark.django_db

RULE = "Secuencia de combate"
ATTACK_ES = "Atacar (tabla universal) contra Centella (Contundente, sin armas"
ATTACK_EN = "Attack (Universal Table) against Centella (Blunt, unarmed"


@pytest.fixture
def demo(queued):  # noqa: F811
    demo = Demo("msh", queued)  # the villains have the lower initiative: they declare first
    shooter = demo.ids["Tirador"]
    demo.act({"type": "declare", "actor": shooter, "action": {"type": "pass"}})
    attack = {"type": "attack", "target": demo.ids["Centella"], "combat_type": "blunt"}
    demo.act({"type": "declare", "actor": shooter, "action": attack})
    demo.act({"type": "declare", "actor": shooter, "action": {**attack, "karma": 5}})
    return demo


def _english(demo: Demo) -> tuple[list[str], str]:
    events = demo.api.get(f"{demo.url}/events/", {"after": 6}, HTTP_ACCEPT_LANGUAGE="en").json()["results"]
    export = demo.api.get(f"{demo.url}/export/", {"format": "markdown"}, HTTP_ACCEPT_LANGUAGE="en").json()
    return [e["line"]["text"] for e in events], export["text"]


def test_each_change_of_a_declaration_says_what_changed_on_every_reader(demo):
    first, change, karma = (demo.readers(seq) for seq in (7, 8, 9))

    texts = [
        "Tirador declara: No hacer nada.",
        f"Tirador cambia su declaración: No hacer nada → {ATTACK_ES}).",
        f"Tirador cambia su declaración: {ATTACK_ES}) → {ATTACK_ES}; Karma 5).",
    ]
    for seq, (line, page, bbcode, markdown), text in zip(
        (7, 8, 9), (first, change, karma), texts, strict=True
    ):
        assert (line["heading"], line["time"], line["actor"], line["text"], line["rule"]) == (
            "Asalto 1",
            "Asalto 1, fase de declaración",
            "Tirador",
            text,
            RULE,
        )
        assert page == f"#{seq} · Asalto 1, fase de declaración {text} Regla: {RULE}"
        assert bbcode == f"#{seq} {text} [size=85]({RULE})[/size]"
        assert markdown == f"- `#{seq}` {text} ({RULE})"


def test_an_english_reader_reads_each_change_in_english(demo):
    lines, export = _english(demo)

    expected = [
        "Tirador declares: Do nothing.",
        f"Tirador changes their declaration: Do nothing → {ATTACK_EN}).",
        f"Tirador changes their declaration: {ATTACK_EN}) → {ATTACK_EN}; Karma 5).",
    ]
    assert lines == expected
    assert [_line_of(export, seq) for seq in (7, 8, 9)] == [
        f"- `#{seq}` {text} (Combat sequence)" for seq, text in zip((7, 8, 9), expected, strict=True)
    ]


def test_the_players_read_a_hidden_npcs_karma_change_as_a_change_of_details(demo):
    lines = {
        lang: demo.api.get(
            f"{demo.url}/export/", {"format": "bbcode", "audience": "players"}, HTTP_ACCEPT_LANGUAGE=lang
        ).json()["text"]
        for lang in ("es", "en")
    }

    assert _line_of(lines["es"], 9) == (
        f"#9 Tirador cambia los detalles de su declaración: {ATTACK_ES}). [size=85]({RULE})[/size]"
    )
    assert _line_of(lines["en"], 9) == (
        f"#9 Tirador changes the details of their declaration: {ATTACK_EN}). [size=85](Combat sequence)[/size]"
    )


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("es", "Ya ha declarado exactamente eso: no cambia nada."),
        ("en", "It has already declared exactly that: nothing changes."),
    ],
)
def test_declaring_again_exactly_what_stands_is_refused_and_changes_nothing(demo, lang, message):
    before = demo.api.get(f"{demo.url}/").json()
    # The same declaration, with a default spelled out: still nothing new.
    again = {
        "type": "attack",
        "target": demo.ids["Centella"],
        "combat_type": "blunt",
        "karma": 5,
        "shifts": 0,
    }

    answer = demo.api.post(
        f"{demo.url}/actions/",
        {"type": "declare", "actor": demo.ids["Tirador"], "action": again},
        format="json",
        HTTP_ACCEPT_LANGUAGE=lang,
    )

    assert answer.status_code == 409
    assert answer.json()["errors"] == [
        {
            "code": "declare.unchanged",
            "path": "",
            "message": message,
            "rule": RULE,
        }
    ]
    after = demo.api.get(f"{demo.url}/").json()
    assert (after["version"], after["last_seq"]) == (before["version"], before["last_seq"])
