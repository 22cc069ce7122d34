"""Reading a Hero Designer 6E file (rules/hero/hero_designer.py, docs/rules-notes-hero.md
"Importing a Hero Designer file"): what becomes of maneuvers, defenses, characteristics bought as
powers, frameworks, equipment and combat skill levels, and the report's line for each."""

from __future__ import annotations

import pytest

from rules.core.imports import ImportRefused, decode_text
from rules.hero.hero_designer import parse


def character(body: str, chars: str = "") -> bytes:
    return (
        '<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic6E.hdt"><CHARACTER_INFO CHARACTER_NAME="Kai"/>'
        f'<CHARACTERISTICS><OCV XMLID="OCV" LEVELS="0"/>{chars}</CHARACTERISTICS>{body}</CHARACTER>'
    ).encode()


def notes(imported, kind: str) -> dict[str, str]:
    return {n.item: n.why_en for n in getattr(imported.report, kind)}


def test_martial_maneuvers_with_damage_become_hand_to_hand_attacks_with_the_styles_extra_dcs():
    imported = parse(
        character(
            '<MARTIALARTS><EXTRADC XMLID="EXTRADC" LEVELS="2"/>'
            '<MANEUVER XMLID="MANEUVER" ALIAS="Martial Strike" BASECOST="4.0" OCV="+0" DCV="+2" DC="2" EFFECT="[NORMALDC] Strike"/>'
            '<MANEUVER XMLID="MANEUVER" ALIAS="Killing Strike" BASECOST="4.0" OCV="-2" DCV="+0" DC="2" EFFECT="[KILLINGDC]"/>'
            '<MANEUVER XMLID="MANEUVER" ALIAS="Martial Block" BASECOST="4.0" OCV="+2" DCV="+2" DC="0" EFFECT="Block, Abort"/>'
            "</MARTIALARTS>"
        )
    )

    strike, killing = imported.sheet["attacks"]
    assert (strike["name"], strike["kind"], strike["dice"], strike["killing"], strike["martial_cost"]) == (
        "Martial Strike", "hth", 4, False, 4,
    )  # fmt: skip
    # 2 DC + 2 Extra DC = 4 killing classes: 1d6+1 (6E1 Killing Attack damage classes).
    assert (killing["dice"], killing["half_die"], killing["plus_one"], killing["killing"]) == (
        1,
        False,
        True,
        True,
    )
    assert "Martial Block" in notes(imported, "skipped")
    assert notes(imported, "approximated")["Martial Strike"].startswith(
        "The maneuver's modifiers (OCV +0, DCV +2)"
    )


def test_defenses_and_characteristics_bought_as_powers_reach_the_sheet():
    imported = parse(
        character(
            "<POWERS>"
            '<POWER XMLID="FORCEFIELD" ALIAS="Resistant Protection" PDLEVELS="8" EDLEVELS="6" MDLEVELS="2"/>'
            '<POWER XMLID="MENTALDEFENSE" ALIAS="Mental Defense" LEVELS="5"/>'
            '<POWER XMLID="STR" ALIAS="Strength" LEVELS="10"/>'
            "</POWERS>",
            '<STR XMLID="STR" LEVELS="5"/>',
        )
    )

    assert imported.sheet["resistant_defenses"] == {"pd": 8, "ed": 6}
    assert imported.sheet["mental_defense"] == 7
    assert imported.sheet["characteristics"]["str"] == 25
    assert "Strength" in notes(imported, "approximated")


def test_attacks_in_equipment_lists_and_frameworks_are_taken_and_said_so():
    imported = parse(
        character(
            '<POWERS><MULTIPOWER ID="9" ALIAS="Multipower" NAME="Armas"/>'
            '<LIST ID="7" ALIAS="Gadgets"><MODIFIER XMLID="FOCUS" BASECOST="-0.5" ALIAS="Focus"/></LIST>'
            '<POWER XMLID="ENERGYBLAST" LEVELS="6" ALIAS="Blast" PARENTID="9"/>'
            '<POWER XMLID="ENERGYBLAST" LEVELS="4" ALIAS="Blast" PARENTID="7"/></POWERS>'
            '<EQUIPMENT><POWER XMLID="RKA" LEVELS="1" ALIAS="Killing Attack - Ranged" NAME="Pistola">'
            '<ADDER XMLID="MINUSONEPIP" BASECOST="10.0"/></POWER></EQUIPMENT>'
        )
    )

    names = [a["name"] for a in imported.sheet["attacks"]]
    assert names == ["Blast", "Blast (2)", "Pistola"]
    assert imported.sheet["attacks"][1]["limitations"] == 0.5  # the list's Focus applies to its power
    pistol = imported.sheet["attacks"][2]
    assert (pistol["dice"], pistol["half_die"]) == (1, True)  # 2d6−1 kept as 1½d6
    assert "Inside a framework (MULTIPOWER)" in notes(imported, "approximated")["Blast"]
    assert "Armas" in notes(imported, "skipped")


def test_combat_levels_with_all_attacks_are_kept_and_levels_with_unknown_attacks_are_reported():
    imported = parse(
        character(
            '<SKILLS><SKILL XMLID="COMBAT_LEVELS" LEVELS="3" OPTIONID="HTH" ALIAS="CSL"/>'
            '<SKILL XMLID="COMBAT_LEVELS" LEVELS="2" OPTIONID="TIGHT" OPTION_ALIAS="with a small group" ALIAS="CSL"/>'
            '<SKILL XMLID="MENTAL_COMBAT_LEVELS" LEVELS="1" OPTIONID="ALL" ALIAS="MCSL"/></SKILLS>'
        )
    )

    assert imported.sheet["combat_levels"] == [
        {"levels": 3, "applies_to": "hth"},
        {"levels": 1, "applies_to": "mental"},
    ]
    assert "CSL +2 (with a small group)" in notes(imported, "approximated")


def test_running_is_movement_in_inches():
    imported = parse(character("", '<RUNNING XMLID="RUNNING" LEVELS="8"/>'))

    assert imported.sheet["movement"] == 10


@pytest.mark.parametrize(
    "raw", [b"\xff\xfe" + "<a/>".encode("utf-16-le"), b"\xfe\xff" + "<a/>".encode("utf-16-be"), b"<a/>"]
)
def test_both_utf16_byte_orders_and_utf8_decode(raw):
    assert decode_text(raw) == "<a/>"


def test_text_that_is_neither_is_refused():
    with pytest.raises(ImportRefused) as refused:
        decode_text(b"\xff\xff\xc3\x28")
    assert refused.value.code == "import.not_text"
