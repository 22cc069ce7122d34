"""Hero plugs into the system seam: the registry finds it and it satisfies both protocols."""

from pathlib import Path

import pytest

from rules import systems
from rules.hero.system import SYSTEM

SEED = " ".join(
    (Path(__file__).resolve().parents[3] / "docs/rulebooks/004_8f8cefb9040c79a1.txt").read_text().split()
)


def test_the_hero_system_satisfies_the_game_system_and_combat_protocols():
    assert isinstance(SYSTEM, systems.GameSystem)
    assert isinstance(SYSTEM.combat, systems.CombatRules)


def test_the_registry_discovers_hero_by_its_system_module():
    assert systems.get("hero") is SYSTEM
    assert "hero" in list(systems.slugs())


def test_hero_announces_itself_as_a_3d6_system():
    assert (SYSTEM.slug, SYSTEM.name_es, SYSTEM.name_en, SYSTEM.dice) == (
        "hero",
        "Hero System",
        "Hero System",
        "3d6",
    )


def test_the_catalogue_has_the_four_sections_api_md_names():
    cat = SYSTEM.catalogue()
    assert {"maneuvers", "range_modifiers", "combat_modifiers", "hit_locations"} <= set(cat)


@pytest.mark.parametrize(
    "section",
    [
        "maneuvers",
        "range_modifiers",
        "combat_modifiers",
        "hit_locations",
        "attack_kinds",
        "combat_level_scopes",
    ],
)
def test_every_catalogue_entry_has_a_slug_and_both_names(section):
    for entry in SYSTEM.catalogue()[section]:
        assert entry["slug"] and entry["slug"] == entry["slug"].lower()
        assert entry["name_es"] and entry["name_en"]


def test_every_maneuver_has_its_phase_ocv_and_dcv():
    for m in SYSTEM.catalogue()["maneuvers"]:
        assert {"ocv", "dcv", "phase"} <= set(m)


MANEUVER_NAMES = [
    "Bloqueo",
    "Apoyado",
    "Desarmar",
    "Esquivar",
    "Agarrar",
    "Directo",
    "Mover por",
    "Mover a través",
    "Establecerse",
    "Golpear",
    "Otros ataques",
    "Cubrir",
    "Tirarse al suelo",
    "Golpe aturdidor",
    "Rodar el golpe",
    "Golpe a traición",
    "Fuego sostenido",
    "Barrido",
]


def test_the_catalogue_lists_every_maneuver_of_the_seed_table_by_its_spanish_name():
    assert [m["name_es"] for m in SYSTEM.catalogue()["maneuvers"]] == MANEUVER_NAMES


@pytest.mark.parametrize("name", MANEUVER_NAMES)
def test_each_maneuver_name_is_written_as_the_seed_writes_it(name):
    assert name in SEED


def test_combat_modifier_names_come_from_the_seed_table():
    for m in SYSTEM.catalogue()["combat_modifiers"]:
        if m["slug"] not in ("surprised-in-combat", "surprised-out-of-combat"):
            assert m["name_es"] in SEED, m["name_es"]


def test_changing_the_returned_catalogue_does_not_change_the_next_one():
    SYSTEM.catalogue()["maneuvers"].clear()
    assert len(SYSTEM.catalogue()["maneuvers"]) == 18
