"""ARQUETIPOS: the data is complete and every trade-off is enforced."""

import dataclasses

import pytest

from rules.epic20 import index
from rules.epic20.archetype_types import GrantKind
from rules.epic20.archetypes import ARCHETYPES, BY_SLUG
from rules.epic20.validation import validate_sheet
from tests.rules.epic20.sheets import example_sheet

ATTRS = ("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia")


def codes(sheet, **kwargs):
    return {p.code for p in validate_sheet(sheet, **kwargs).errors}


def attributes(sheet, *values):
    sheet["attributes"] = dict(zip(ATTRS, values, strict=True))
    return sheet


# --- the data ----------------------------------------------------------------------------


def test_there_are_the_25_archetypes_of_the_document():
    assert len(ARCHETYPES) == 25
    assert len(BY_SLUG) == 25
    assert "experto" in BY_SLUG and "masa-de-musculos" in BY_SLUG and "parangon" in BY_SLUG


@pytest.mark.parametrize("archetype", ARCHETYPES, ids=lambda a: a.slug)
def test_every_archetype_is_frozen_and_described_in_both_languages(archetype):
    assert archetype.name_es and archetype.name_en and archetype.rule == "ARQUETIPOS"
    assert archetype.description_es and archetype.description_en
    with pytest.raises(dataclasses.FrozenInstanceError):
        archetype.slug = "otro"


@pytest.mark.parametrize("archetype", ARCHETYPES, ids=lambda a: a.slug)
def test_every_slug_an_archetype_names_is_in_the_catalogue(archetype):
    lookups = {
        GrantKind.POWER: index.POWERS,
        GrantKind.ADVANTAGE: index.ADVANTAGES,
        GrantKind.MANEUVER: index.MANEUVERS,
        GrantKind.COMPLICATION: index.COMPLICATIONS,
    }
    variants = [archetype] + [
        archetype.with_options({option.key: choice.value})
        for option in archetype.options
        for choice in option.choices
    ]
    for terms in variants:
        for grant in terms.grants:
            assert grant.slug in lookups[grant.kind]
        for group in terms.required_powers:
            assert all(slug in index.POWERS for slug in group)
        for restricted in terms.restricted_power_points:
            assert all(slug in index.POWERS for slug in restricted.powers)
        for grant in terms.skill_grants:
            assert all(slug in index.SKILLS for slug in grant.any_of)
        for constraint in terms.attribute_constraints:
            assert all(slug in index.ATTRIBUTES for slug in constraint.any_of)
        assert all(slug in index.ADVANTAGES for slug in terms.forbidden_advantages)


@pytest.mark.parametrize(
    ("slug", "powers", "skills", "advantages", "maneuvers"),
    [
        ("artista-marcial", 0, 0, -1, 0),
        ("inventor", 0, 0, 0, -1),
        ("politico", 0, 0, 1, -1),
        ("parangon", 1, -1, -1, 0),
        ("masa-de-musculos", 0, -1, 0, 0),
        ("mentalista", 0, 0, 0, -1),
        ("energizado", 0, 0, -1, 0),
        ("velocista", 0, 0, -1, 0),
        ("monstruo", 0, 0, -1, 0),
        ("cambiante", 0.5, 0, -1, 0),
        ("mago", 1, 0, 0, 0),
        ("tecnificado", 0.5, 0, 0, 0),
        ("armero", 0, 0, 0, -1),
        ("soldado", 0, -0.5, 0, 0),
        ("acuatico", 0, 0, -1, 0),
        ("lider", -1, 0, 4, 0),
        ("bravo", 0, -0.5, 0, 1),
        ("escolar", -1, 4, 0, -2),
        ("explorador", 0, 0, -1, -1),
    ],
)
def test_archetypes_change_the_creation_points(slug, powers, skills, advantages, maneuvers):
    terms = BY_SLUG[slug]
    assert (terms.power_points, terms.skill_points, terms.advantage_points, terms.maneuver_points) == (
        powers,
        skills,
        advantages,
        maneuvers,
    )


def test_monster_version_two_loses_half_a_skill_point_instead_of_an_advantage():
    terms = BY_SLUG["monstruo"].with_options({"version": 2})
    assert (terms.skill_points, terms.advantage_points) == (-0.5, 0)


# --- every trade-off, violated -----------------------------------------------------------


def drop_powers(sheet, *slugs):
    sheet["powers"] = [p for p in sheet["powers"] if p["power"] not in slugs]
    return sheet


def add(sheet, key, *entries):
    sheet[key] = sheet[key] + list(entries)
    return sheet


VIOLATIONS = [
    # Artista Marcial
    ("artista-marcial", lambda s: attributes(s, 0.5, 0.5, 1, 1, 0), "attributes.archetype_required"),
    ("artista-marcial", lambda s: attributes(s, 0, 1, 1, 0.5, 0.5), "attributes.archetype_forbidden"),
    (
        "artista-marcial",
        lambda s: add(s, "powers", {"power": "volar"}) and s.update(maneuvers=s["maneuvers"][:6]) or s,
        "archetype.must_sacrifice_half_powers",
    ),
    ("artista-marcial", lambda s: add(s, "powers", {"power": "superesquiva"}), "powers.over_budget"),
    # Inventor: one destacable, and it is Inteligencia
    ("inventor", lambda s: attributes(s, 0, 1, 0.5, 1, 0.5), "attributes.invalid_choice"),
    ("inventor", lambda s: attributes(s, 0, 1, 0.5, 0.5, 0.5), "attributes.archetype_required"),
    ("inventor", lambda s: add(s, "maneuvers", "levantarse-rapido"), "maneuvers.over_budget"),
    # Experto
    ("experto", lambda s: attributes(s, 0, 1, 1, 0.5, 0.5), "attributes.archetype_required"),
    (
        "experto",
        lambda s: s.update(skills=s["skills"][:3] + [{"skill": "sigilo", "value": 2}]) or s,
        "archetype.must_sacrifice_half_powers",
    ),
    # Espía
    ("espia", lambda s: attributes(s, 1, 1, 0, 0.5, 0.5), "attributes.archetype_required"),
    # Político
    ("politico", lambda s: attributes(s, 0, 0.5, 1, 1, 0.5), "attributes.archetype_required"),
    ("politico", lambda s: attributes(s, 0.5, 0.5, 1, 0, 1), "attributes.archetype_forbidden"),
    ("politico", lambda s: add(s, "maneuvers", "parada"), "maneuvers.over_budget"),
    # Androide: no Presencia destacable, táser + one extra complication
    ("androide", lambda s: attributes(s, 0.5, 1, 0.5, 0, 1), "attributes.archetype_forbidden"),
    ("androide", lambda s: s.update(complications=s["complications"][:2]) or s, "complications.count"),
    # Vigilante: no special equipment, powers cost double
    (
        "vigilante",
        lambda s: add(s, "advantages", {"advantage": "equipo-especial"}),
        "advantages.archetype_forbidden",
    ),
    (
        "vigilante",
        lambda s: add(s, "equipment", {"kind": "special", "name": "Batarang", "power": None, "armor": False}),
        "equipment.archetype_forbidden",
    ),
    (
        "vigilante",
        lambda s: s.update(powers=[{"power": "volar"}, {"power": "trepar"}, {"power": "supersalto"}]) or s,
        "powers.over_budget",
    ),
    # Parangón: two complications
    ("parangon", lambda s: s.update(complications=s["complications"][:1]) or s, "complications.count"),
    ("parangon", lambda s: add(s, "skills", {"skill": "medicina", "value": 0.5}), "skills.over_budget"),
    # Masa de músculos
    ("masa-de-musculos", lambda s: attributes(s, 0.5, 1, 1, 0, 0.5), "attributes.archetype_required"),
    ("masa-de-musculos", lambda s: drop_powers(s, "superfuerza"), "powers.archetype_required"),
    (
        "masa-de-musculos",
        lambda s: s["powers"][1].update(throwing=False) or s,
        "powers.archetype_forbidden",
    ),
    (
        "masa-de-musculos",
        lambda s: (
            s.update(
                powers=[{"power": "superfuerza"}, {"power": "ataque-mental-a-distancia", "throwing": True}]
            )
            or s
        ),
        "powers.archetype_forbidden",
    ),
    # Mentalista
    ("mentalista", lambda s: attributes(s, 0, 0.5, 1, 0.5, 1), "attributes.archetype_required"),
    ("mentalista", lambda s: add(s, "maneuvers", "parada"), "maneuvers.over_budget"),
    # Energizado: must have a special melee attack
    ("energizado", lambda s: drop_powers(s, "ataque-especial-cuerpo-a-cuerpo"), "powers.archetype_required"),
    ("energizado", lambda s: add(s, "advantages", {"advantage": "pesado"}), "advantages.over_budget"),
    # Velocista
    ("velocista", lambda s: attributes(s, 0.5, 0.5, 1, 1, 0), "attributes.archetype_required"),
    # Monstruo: "monstruoso" plus a different one
    (
        "monstruo",
        lambda s: s.update(complications=[{"complication": "monstruoso"}] * 2) or s,
        "complications.duplicate",
    ),
    ("monstruo", lambda s: s.update(complications=s["complications"][:1]) or s, "complications.count"),
    (
        "monstruo",
        lambda s: s.update(archetype_options={"benefit": "garras"}) or s,
        "archetype_options.invalid_value",
    ),
    (
        "monstruo",
        lambda s: drop_powers(s, "superproteccion").update(archetype_options={"benefit": "protection"}) or s,
        "powers.archetype_required",
    ),
    # Cambiante: its ½ point must buy a shape-changing power
    (
        "cambiante",
        lambda s: drop_powers(s, "cambiar-de-apariencia", "controlar-el-propio-cuerpo"),
        "powers.archetype_required",
    ),
    ("cambiante", lambda s: s.update(complications=s["complications"][:1]) or s, "complications.count"),
    # Mago
    ("mago", lambda s: attributes(s, 0, 1, 0.5, 0.5, 1), "attributes.archetype_required"),
    # Tecnificado: "forma sin superpoderes" plus the chosen one
    (
        "tecnificado",
        lambda s: s.update(complications=s["complications"][:1]) or s,
        "complications.count",
    ),
    # Dios: one extra complication
    ("dios", lambda s: s.update(complications=s["complications"][:1]) or s, "complications.count"),
    # Armero
    ("armero", lambda s: attributes(s, 1, 0.5, 1, 0.5, 0), "attributes.archetype_required"),
    ("armero", lambda s: s.update(complications=s["complications"][:1]) or s, "complications.count"),
    ("armero", lambda s: add(s, "maneuvers", "parada"), "maneuvers.over_budget"),
    # Soldado
    ("soldado", lambda s: attributes(s, 0.5, 0.5, 1, 1, 0), "attributes.archetype_required"),
    ("soldado", lambda s: add(s, "skills", {"skill": "intuicion", "value": 0.5}), "skills.over_budget"),
    # Acuático
    ("acuatico", lambda s: add(s, "advantages", {"advantage": "pesado"}), "advantages.over_budget"),
    ("acuatico", lambda s: s.update(complications=s["complications"][:1]) or s, "complications.count"),
    # Líder
    ("lider", lambda s: attributes(s, 1, 1, 0.5, 0.5, 0), "attributes.archetype_required"),
    (
        "lider",
        lambda s: attributes(s, 0.5, 0.5, 0, 1, 1) and attributes(s, 0.5, 0.5, 1, 1, 0),
        "attributes.archetype_forbidden",
    ),
    ("lider", lambda s: add(s, "powers", {"power": "volar"}), "powers.over_budget"),
    # Bravo
    ("bravo", lambda s: attributes(s, 0.5, 1, 1, 0, 0.5), "attributes.archetype_required"),
    ("bravo", lambda s: add(s, "skills", {"skill": "medicina", "value": 0.5}), "skills.over_budget"),
    # Granuja
    ("granuja", lambda s: attributes(s, 1, 0.5, 0.5, 0.5, 0), "attributes.archetype_required"),
    ("granuja", lambda s: attributes(s, 0.5, 1, 0.5, 0, 1), "attributes.archetype_forbidden"),
    (
        "granuja",
        lambda s: s.update(skills=s["skills"][:2], powers=[{"power": "volar"}, {"power": "camuflaje"}]) or s,
        "archetype.must_sacrifice_half_powers",
    ),
    # Escolar: Corpulencia no desarrollada, no maneuvers
    ("escolar", lambda s: attributes(s, 0.5, 0, 1, 1, 0.5), "attributes.archetype_required"),
    ("escolar", lambda s: add(s, "maneuvers", "parada"), "maneuvers.over_budget"),
    ("escolar", lambda s: add(s, "powers", {"power": "volar"}), "powers.over_budget"),
    # Explorador
    ("explorador", lambda s: attributes(s, 0.5, 1, 0.5, 1, 0), "attributes.archetype_required"),
    ("explorador", lambda s: add(s, "maneuvers", "parada"), "maneuvers.over_budget"),
]


@pytest.mark.parametrize(
    ("slug", "mutate", "code"), VIOLATIONS, ids=lambda v: v if isinstance(v, str) else ""
)
def test_breaking_an_archetype_trade_off_is_reported(slug, mutate, code):
    sheet = example_sheet(slug)
    assert validate_sheet(sheet).valid
    mutate(sheet)
    assert code in codes(sheet)


def test_every_archetype_has_at_least_one_violation_tested():
    assert {slug for slug, _, _ in VIOLATIONS} == set(BY_SLUG)


# --- what archetypes give ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "kind", "free"),
    [
        ("androide", "powers", {"power": "soporte-vital"}),
        ("androide", "powers", {"power": "soporte-vital-en-el-vacio"}),
        ("dios", "powers", {"power": "inmunidad-a-la-edad"}),
        ("dios", "advantages", {"advantage": "dificil-de-matar"}),
        ("mentalista", "powers", {"power": "comunicarse-con-telepatia"}),
        ("velocista", "powers", {"power": "supermovimiento", "detail": "correr"}),
        ("acuatico", "powers", {"power": "supersentidos", "detail": "ver con poca luz"}),
        ("artista-marcial", "maneuvers", "lucha-sin-armas"),
        ("escolar", "advantages", {"advantage": "linguista"}),
    ],
)
def test_granted_entries_are_free_whether_listed_or_not(slug, kind, free):
    sheet = example_sheet(slug)
    key = {"powers": "power", "advantages": "advantage"}.get(kind)
    wanted = free[key] if key else free
    sheet[kind] = [e for e in sheet[kind] if (e.get(key) if key else e) != wanted]
    without = validate_sheet(sheet).as_dict()["budget"]
    sheet[kind].append(free)
    report = validate_sheet(sheet)
    assert report.valid, report.errors
    assert report.as_dict()["budget"] == without


def test_an_imposed_complication_is_there_even_when_the_sheet_omits_it():
    sheet = example_sheet("cambiante")
    sheet["complications"] = [{"complication": "secreto-oscuro"}]
    assert validate_sheet(sheet).valid


def test_a_granted_power_with_another_detail_is_an_ordinary_purchase():
    sheet = example_sheet("velocista")
    sheet["powers"].append({"power": "supermovimiento", "detail": "nadar"})
    assert "powers.over_budget" in codes(sheet)


def test_a_monster_choosing_protection_pays_half_for_it_and_loses_the_free_attack():
    sheet = example_sheet("monstruo")
    sheet["archetype_options"] = {"benefit": "protection"}
    sheet["powers"] = [p for p in sheet["powers"] if p["power"] != "ataque-especial-cuerpo-a-cuerpo"]
    sheet["powers"].append({"power": "supersalto"})  # the ½ saved on Superprotección
    report = validate_sheet(sheet)
    assert report.valid, report.errors
    assert report.as_dict()["derived"]["attack_bonus"]["melee"] == 0


def test_a_version_two_monster_keeps_its_advantages_and_loses_half_a_skill_point():
    sheet = example_sheet("monstruo")
    sheet["archetype_options"] = {"version": 2}
    sheet["skills"][-1]["value"] = 0  # intuicion ½ → 0
    sheet["advantages"].append({"advantage": "pesado"})
    report = validate_sheet(sheet)
    assert report.valid, report.errors


def test_an_option_the_archetype_does_not_have_only_warns():
    sheet = example_sheet("granuja")
    sheet["archetype_options"] = {"version": 2}
    report = validate_sheet(sheet)
    assert report.valid
    assert ("archetype_options.unknown", "/archetype_options/version") in {
        (p.code, p.path) for p in report.warnings
    }


def test_an_explorer_must_show_its_free_skill_points():
    sheet = example_sheet("explorador")
    sheet["skills"] = [s for s in sheet["skills"] if s["skill"] != "sigilo"]
    report = validate_sheet(sheet)
    assert "skills.archetype_grant_unused" in {p.code for p in report.warnings}


def test_a_paragon_has_one_point_less_of_special_equipment():
    sheet = example_sheet("parangon")
    sheet["equipment"] = [{"kind": "special", "name": "Escudo estelar", "power": None, "armor": True}]
    sheet["advantages"] = []
    assert validate_sheet(sheet).valid
    sheet["equipment"].append({"kind": "special", "name": "Lanza", "power": None, "armor": False})
    assert "special_equipment.over_cap" in codes(sheet)
