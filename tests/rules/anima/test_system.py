"""The Anima system on the seam: the registry finds it and it satisfies the protocols."""

from pathlib import Path

import pytest

from rules import systems
from rules.anima.system import SYSTEM
from rules.systems import CombatRules, GameSystem

SEED = (Path(__file__).resolve().parents[3] / "docs" / "rulebooks" / "003_da2bffa7b96cb44e.txt").read_text()


def test_the_anima_system_satisfies_the_game_system_and_combat_protocols():
    assert isinstance(SYSTEM, GameSystem)
    assert isinstance(SYSTEM.combat, CombatRules)


def test_the_registry_finds_the_anima_system_by_its_file_name():
    assert systems.get("anima") is SYSTEM
    assert (SYSTEM.slug, SYSTEM.dice) == ("anima", "1d10")
    assert SYSTEM.name_es and SYSTEM.name_en


def test_the_catalogue_serves_the_four_keys_of_the_rest_contract_with_their_fields():
    catalogue = SYSTEM.catalogue()
    assert {"weapon_sizes", "impact_levels", "aimed_zones", "critical_consequences"} <= set(catalogue)
    for level in catalogue["impact_levels"]:
        assert {"min_difference", "damage_percent", "counterattack"} <= set(level)


def test_every_catalogue_entry_has_a_slug_and_both_names():
    for key, entries in SYSTEM.catalogue().items():
        for entry in entries:
            assert entry["slug"] and entry["name_es"] and entry["name_en"], (key, entry)
            assert entry["slug"] == entry["slug"].lower() and " " not in entry["slug"]


@pytest.mark.parametrize(
    ("key", "slug", "name_es"),
    [
        ("weapon_sizes", "small", "Pequeña"),
        ("weapon_sizes", "medium", "Mediana"),
        ("weapon_sizes", "large", "Grande"),
        ("impact_levels", "counterattack", "Contraataque"),
        ("impact_levels", "minor", "Impacto menor"),
        ("critical_consequences", "amputation", "Amputación"),
        ("critical_consequences", "dismemberment", "Desmembramiento"),
        ("critical_consequences", "death", "Muerte Automática"),
        ("combat_states", "flanked", "Flanqueo"),
        ("combat_states", "surprised", "Sorpresa"),
        ("combat_states", "reduced-vision", "Visión reducida"),
        ("combat_states", "blinded", "Ceguera"),
        ("capabilities", "attack", "Capacidad de Ataque"),
        ("capabilities", "magic", "Capacidad Mágica"),
        ("capabilities", "psychic", "Capacidad Psiónica"),
        ("attack_types", "full-attack", "Ataque Completo"),
        ("attack_types", "opportunity-attack", "Ataque de Oportunidad"),
        ("modifiers", "fast-projectile", "Proyectiles Rápidos"),
    ],
)
def test_names_the_seed_gives_are_written_exactly_as_the_seed_writes_them(key, slug, name_es):
    entry = next(e for e in SYSTEM.catalogue()[key] if e["slug"] == slug)
    assert entry["name_es"] == name_es
    assert name_es in SEED


def test_the_catalogue_is_plain_json():
    import json

    assert json.loads(json.dumps(SYSTEM.catalogue())) == SYSTEM.catalogue()


def test_every_action_schema_is_a_frozen_dataclass_of_the_allowed_field_types():
    import dataclasses
    import typing

    allowed = {int, float, str, bool, type(None)}
    for name, kind in SYSTEM.combat.actions.items():
        assert kind.name == name
        assert dataclasses.is_dataclass(kind.schema) and kind.schema.__dataclass_params__.frozen
        for f in dataclasses.fields(kind.schema):
            hint = typing.get_type_hints(kind.schema)[f.name]
            parts = (
                typing.get_args(hint)
                if typing.get_origin(hint) in (typing.Union, __import__("types").UnionType)
                else (hint,)
            )
            for part in parts:
                origin = typing.get_origin(part)
                if origin is list:
                    assert typing.get_args(part)[0] in (int, str)
                elif origin is typing.Literal:
                    assert all(isinstance(v, str) for v in typing.get_args(part))
                else:
                    assert part in allowed, (name, f.name, part)
