"""The importers and the Hero costs against numbers nobody here computed (import_oracles/README.md):
hero6e-foundryvtt's upload tests for single 6E powers and whole characters, and the NPCs of
AnimaBeyondFoundry's compendium (their numbers, in Foundry's actor format)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.anima.foundry_actor import parse as foundry_actor
from rules.anima.sheet import check as anima_check
from rules.core.imports import ImportRefused, ImportReport
from rules.hero.costs import characteristic_cost, round_cost, sheet_points
from rules.hero.hero_designer import _characteristics, parse, read_xml
from rules.hero.sheet import parse as hero_check

ORACLES = Path(__file__).parent / "import_oracles"
POWERS = json.loads((ORACLES / "hero6e_powers.json").read_text())
CHARACTERS = json.loads((ORACLES / "hero6e_characters.json").read_text())
NPCS = json.loads((ORACLES / "anima_npcs.json").read_text())["actors"]

# The cases where the oracle and the rules part, each explained in docs/rules-notes-hero.md
# ("Importing: where the oracles disagree"). Martial maneuvers without damage are not attacks the
# sheet models (Dodge, Disarm, NND, a custom maneuver without a damage token).
NOT_MODELLED = {
    "1/2 Phase, -- OCV, +5 DCV, Dodge, Affects All Attacks, Abort",
    "1/2 Phase, -1 OCV, +1 DCV, Disarm; 20 STR to Disarm",
    "1/2 Phase, -1 OCV, +1 DCV, 2d6 NND, +4 DC",
    "1/2 Phase, +0 OCV, +0 DCV, Strike",
}
DISAGREE = {
    # (the case, its expected Active and Real Points): what the rules give instead
    ("ENERGYBLAST", 0, 0): (69, 69),  # a GENERIC_OBJECT adder of −55 points: no 6E rule prices it
    ("Energy Blast 1d6 (ED), 1000 Charges (+1)", 10, 10): (12, 12),
    ("Energy Blast 1d6 (ED), 125 Charges, 1023 Full clips remaining (1024 clips; +1)", 10, 10): (15, 15),
    (
        "Energy Blast 1d6 (ED), 125 Charges, 1023 Full clips remaining (1024 clips, 2 Full Phases; +1)",
        10,
        10,
    ): (
        14,
        14,
    ),
}


def _key(case: dict) -> tuple:
    return (case["case"], case["active"], case["real"])


def _points_of(xml: str) -> tuple[int, int] | None:
    section = "MARTIALARTS" if xml.startswith("<MANEUVER") else "POWERS"
    doc = (
        '<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic6E.hdt"><CHARACTERISTICS>'
        f'<OCV XMLID="OCV" LEVELS="0"/></CHARACTERISTICS><{section}>{xml}</{section}></CHARACTER>'
    )
    powers = sheet_points(parse(doc.encode()).sheet)["powers"]
    return (powers[0]["active"], powers[0]["real"]) if powers else None


@pytest.mark.parametrize("case", POWERS, ids=[c["case"][:60] for c in POWERS])
def test_each_6e_power_costs_what_hero6e_foundryvtt_expects(case):
    got = _points_of(case["xml"])

    if case["case"] in NOT_MODELLED:
        assert got is None
    elif _key(case) in DISAGREE:
        assert got == DISAGREE[_key(case)] != (case["active"], case["real"])
    else:
        assert got == (case["active"], case["real"])


def test_how_many_power_oracles_agree():
    agree = [c for c in POWERS if c["case"] not in NOT_MODELLED and _key(c) not in DISAGREE]
    assert (len(POWERS), len(NOT_MODELLED), len(DISAGREE), len(agree)) == (48, 4, 4, 40)


def _characteristic_costs(name: str) -> dict[str, int]:
    root = read_xml((ORACLES / name).read_bytes())
    chars = _characteristics(root, ImportReport("test"))
    costs = {key: characteristic_cost(key, value) for key, value in chars.items()}
    for tag, per in (("RUNNING", 2), ("SWIMMING", 1), ("LEAPING", 1)):  # 6E1: 1 CP per 1m / 2m / 2m
        element = root.find("CHARACTERISTICS").find(tag)
        levels = int(float(element.get("LEVELS"))) if element is not None else 0
        costs[tag.lower()] = round_cost(__import__("fractions").Fraction(levels * per, 2))
    return costs


def test_a_base_6e_character_costs_nothing_and_keeps_every_base():
    expected = CHARACTERS["civilian_6e.hdc"]["characteristics"]
    costs = _characteristic_costs("civilian_6e.hdc")
    sheet = parse((ORACLES / "civilian_6e.hdc").read_bytes()).sheet

    assert {k: costs[k] for k in expected} == {k: v["realCost"] for k, v in expected.items()}
    assert all(
        sheet["characteristics"][k] == v["max"] for k, v in expected.items() if k in sheet["characteristics"]
    )


def test_a_whole_6e_character_costs_what_hero_designer_says_for_its_characteristics():
    costs = _characteristic_costs("amadeus_6e.hdc")

    assert sum(costs.values()) == CHARACTERS["amadeus_6e.hdc"]["points_detail"]["characteristics"] == 160


def test_the_whole_6e_characters_import_into_a_valid_sheet():
    for name in ("civilian_6e.hdc", "amadeus_6e.hdc"):
        imported = parse((ORACLES / name).read_bytes())
        _normal, problems = hero_check(dict(imported.sheet))
        assert problems == []


def test_a_5th_edition_character_is_refused_saying_so():
    with pytest.raises(ImportRefused) as refused:
        parse((ORACLES / "superhero_5e.hdc").read_bytes())

    assert refused.value.code == "import.fifth_edition"
    assert "5ª edición" in refused.value.text_es and "5th edition" in refused.value.text_en


def _expected(actor: dict) -> dict:
    """What the actor's own numbers say the sheet holds (its finals, else its bases)."""
    system = actor["system"]
    combat, second = system["combat"], system["characteristics"]["secondaries"]

    def final(node):
        return node["final"]["value"] or node["base"]["value"] or 0

    return {
        "attack": final(combat["attack"]),
        "defense": max(final(combat["block"]), final(combat["dodge"])),
        "initiative": final(second["initiative"]),
        "hit_points": second["lifePoints"]["max"],
        "dexterity_modifier": system["characteristics"]["primaries"]["dexterity"]["mod"],
        "physical_resistance": final(second["resistances"]["physical"]),
        "magic_projection": final(system["mystic"]["magicProjection"]),
        "weapons": [i["name"] for i in actor["items"] if i["type"] == "weapon"],
    }


@pytest.mark.parametrize("actor", NPCS, ids=[a["name"] for a in NPCS])
def test_every_compendium_npc_imports_with_its_own_numbers(actor):
    imported = foundry_actor(json.dumps(actor).encode())
    checked = anima_check(dict(imported.sheet))
    expected = _expected(actor)

    assert checked.errors == ()
    assert {key: imported.sheet[key] for key in expected if key != "weapons"} == {
        k: v for k, v in expected.items() if k != "weapons"
    }
    assert [w["name"] for w in imported.sheet["weapons"]] == expected["weapons"]


def test_how_many_npcs_agree():
    assert len(NPCS) == 49
