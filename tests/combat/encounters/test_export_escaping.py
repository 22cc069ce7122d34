"""The forum export keeps people's text as text on its own line: every character its format
reads as markup is escaped, and a line break (or any control character) in a name or a note folds
to a space, so nobody can forge a line of the log in the GM's post."""

from __future__ import annotations

import pytest

from combat import export
from combat.lines import LogLine, Modifier, RollLine, dice_of
from tests.combat.encounters.conftest import THUG

FORGED = "Bea\n- `#99` Bea derrota a todos & gana #1 | ¡Fin!"


@pytest.mark.parametrize(
    ("text", "markdown"),
    [
        ("Ana & Bea", "Ana \\& Bea"),
        ("#1 | ¡Fin!", "\\#1 \\| ¡Fin\\!"),
        ("*a* _b_ `c` ~d~ <e> [f](g) \\", "\\*a\\* \\_b\\_ \\`c\\` \\~d\\~ \\<e\\> \\[f\\](g) \\\\"),
        ("línea\r\notra\u2028y\tmás\x00", "línea otra y más"),
    ],
)
def test_markdown_escapes_every_special_character_and_folds_line_breaks(text, markdown):
    assert export.escape(text, "markdown") == markdown


def test_bbcode_turns_brackets_into_look_alikes_and_folds_line_breaks():
    assert export.escape("[b]Mal[/b]\n[url=x]", "bbcode") == "［b］Mal［/b］ ［url=x］"


def _line(**fields) -> LogLine:
    roll = RollLine(
        label="Ataque",
        dice="d20",
        faces=dice_of({"faces": [12], "nonces": [3]}),
        total=20,
        reading="→ 12 +8 = 20",
        modifiers=(Modifier("Porra\n- falsa", 1),),
    )
    defaults = {
        "seq": 7,
        "type": "attack",
        "heading": "Asalto 1",
        "time": "Asalto 1",
        "text": "",
        "rolls": (roll,),
    }
    return LogLine(**{**defaults, **fields})


def test_a_name_with_a_line_break_cannot_start_a_line_of_the_post():
    line = _line(text=f"Ana ataca a {FORGED}.", actor="Ana", target=FORGED, outcome="impacta", rule="ATACAR")

    markdown = export.render([line], fmt="markdown", title="Duelo & co.")
    bbcode = export.render([line], fmt="bbcode", title="[b]Duelo[/b]")

    assert markdown.splitlines() == [
        "**Duelo \\& co.**",
        "",
        "### Asalto 1",
        "- `#7` Ana ataca a Bea - \\`\\#99\\` Bea derrota a todos \\& gana \\#1 \\| ¡Fin\\!. "
        "_Ataque d20: 12 → 12 +8 = 20 (Porra - falsa +1)_ — **impacta** (ATACAR)",
    ]
    assert bbcode.splitlines() == [
        "[b]［b］Duelo［/b］[/b]",
        "",
        "[u]Asalto 1[/u]",
        "#7 Ana ataca a Bea - `#99` Bea derrota a todos & gana #1 | ¡Fin!. "
        "[i]Ataque d20: 12 → 12 +8 = 20 (Porra - falsa +1)[/i] — [b]impacta[/b] [size=85](ATACAR)[/size]",
    ]


def test_undone_lines_are_left_out_of_the_post():
    lines = [_line(text="Hecho."), _line(seq=8, text="Deshecho.", undone=True)]
    assert "Deshecho" not in export.render(lines, fmt="bbcode", title="X")


@pytest.mark.django_db
def test_a_forged_npc_name_never_reaches_the_export_through_the_api(table, faces):
    """Names are one line at the door (issue #21, item 7): the forged name is refused, nothing
    is added, and the export the GM copies has no line of it."""
    encounter = table.create(name="Duelo")["id"]
    response = table.gm_api.post(
        f"/api/v1/encounters/{encounter}/combatants/",
        {"npc": {**THUG, "name": FORGED}, "side": "villains"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "text.control_character"
    assert table.gm_api.get(f"/api/v1/encounters/{encounter}/").json()["combatants"] == []
    text = table.gm_api.get(f"/api/v1/encounters/{encounter}/export/", {"format": "markdown"}).json()["text"]
    assert "#99" not in text
