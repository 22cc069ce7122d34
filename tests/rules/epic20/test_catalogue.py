"""The Epic20 catalogue against the rule document it is read from."""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

from rules.epic20 import catalogue as cat
from rules.epic20.catalogue import CATALOGUE
from rules.epic20.catalogue.powers import PENETRABLE_ATTACKS
from rules.epic20.catalogue.types import AttackKind, AttributeRequirement, PowerCategory, Shape
from rules.text import slugify

REPO_ROOT = Path(__file__).resolve().parents[3]
SEED = REPO_ROOT / "docs" / "rulebooks" / "000_600e539ed550f0dc.txt"

KINDS = ("attributes", "skills", "powers", "advantages", "maneuvers", "complications")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _normalise(text: str) -> str:
    # The document mixes plain and non-breaking spaces; the catalogue keeps single spaces.
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def document() -> str:
    assert SEED.exists(), f"the Epic20 rule document is expected at {SEED}"
    return SEED.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def flat_document(document) -> str:
    return _normalise(document)


def _section_entries(document: str, start: str, end: str) -> list[str]:
    """The `- ` entries between two headings, whitespace normalised."""
    section = document.split(start, 1)[1].split(end, 1)[0]
    return [_normalise(line[2:]) for line in section.splitlines() if line.startswith("- ")]


def _entry_name(text: str) -> str:
    """The name of an entry: the text before its first parenthesis, colon or sentence period."""
    cut = min(
        [i for i in (text.find("("), text.find(":")) if i != -1]
        + [m.start() for m in [re.search(r"\.(\s|$)", text)] if m]
        + [len(text)]
    )
    return text[:cut].strip()


def _all_entries():
    for kind in KINDS:
        for entry in getattr(CATALOGUE, kind):
            yield kind, entry


# --- the lists are complete -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "count"),
    [
        ("attributes", 5),
        ("skills", 19),
        ("powers", 76),
        ("advantages", 31),
        ("maneuvers", 80),
        ("complications", 15),
    ],
)
def test_the_catalogue_has_exactly_the_entries_the_document_lists(kind, count):
    assert len(getattr(CATALOGUE, kind)) == count


@pytest.mark.parametrize(
    ("kind", "start", "end"),
    [
        ("powers", "LISTA DE PODERES.", "ARQUETIPOS."),
        ("advantages", "LISTA DE VENTAJAS", "Reglas de equipo:"),
        ("maneuvers", "MANIOBRAS DE COMBATE (elegir 2):", "PUNTOS DE HÉROE:"),
        ("complications", "COMPLICACIONES (elegir 1):", "PREGUNTAS FRECUENTES"),
    ],
)
def test_each_list_holds_the_documents_entries_in_the_documents_order(document, kind, start, end):
    names = [_entry_name(text) for text in _section_entries(document, start, end)]
    assert [entry.name_es for entry in getattr(CATALOGUE, kind)] == names


def test_the_archetypes_are_left_to_their_own_module():
    assert CATALOGUE.archetypes == ()


# --- slugs and names --------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_slugs_are_unique_within_each_kind(kind):
    slugs = [entry.slug for entry in getattr(CATALOGUE, kind)]
    assert len(slugs) == len(set(slugs))


@pytest.mark.parametrize(("kind", "entry"), list(_all_entries()), ids=lambda v: getattr(v, "slug", v))
def test_every_slug_is_lowercase_ascii_words_joined_by_hyphens_from_the_spanish_name(kind, entry):
    assert SLUG.match(entry.slug)
    assert entry.slug == slugify(entry.name_es)


@pytest.mark.parametrize(("kind", "entry"), list(_all_entries()), ids=lambda v: getattr(v, "slug", v))
def test_every_spanish_name_appears_verbatim_in_the_rule_document(flat_document, kind, entry):
    assert entry.name_es in flat_document


@pytest.mark.parametrize(
    ("kind", "entry"),
    [(k, e) for k, e in _all_entries() if k != "attributes"],
    ids=lambda v: getattr(v, "slug", v),
)
def test_every_spanish_description_is_the_documents_own_text(flat_document, kind, entry):
    # Attributes are the exception: their list only names them, so their text is gathered.
    for paragraph in entry.description_es.split("\n\n"):
        assert paragraph in flat_document


@pytest.mark.parametrize(("kind", "entry"), list(_all_entries()), ids=lambda v: getattr(v, "slug", v))
def test_every_entry_has_english_text_and_names_its_section(kind, entry):
    assert entry.name_en.strip() and entry.description_en.strip() and entry.description_es.strip()
    assert entry.description_en.count("\n\n") == entry.description_es.count("\n\n")
    section = {
        "attributes": "LISTA DE ATRIBUTOS",
        "skills": "LISTA DE HABILIDADES",
        "powers": "LISTA DE PODERES › ",
        "advantages": "LISTA DE VENTAJAS",
        "maneuvers": "MANIOBRAS DE COMBATE",
        "complications": "COMPLICACIONES",
    }[kind]
    assert entry.rule.startswith(section)


def test_power_sections_are_the_documents_headings():
    headings = {
        "LISTA DE PODERES › Superataques",
        "LISTA DE PODERES › Superdefensas",
        "LISTA DE PODERES › Superpoderes de movimiento",
        "LISTA DE PODERES › Superpoderes de utilidad",
        "LISTA DE PODERES › Modificadores de poderes",
    }
    assert {p.rule for p in CATALOGUE.powers} == headings


@pytest.mark.parametrize(
    ("kind", "slug", "name_es"),
    [
        ("powers", "debilitar-atributo", 'Debilitar "Atributo"'),
        ("powers", "empujar-a-distancia-corpulento", 'Empujar a distancia "corpulento"'),
        ("powers", "ataque-de-mental-area-circular", "Ataque de mental, área circular"),
        ("advantages", "ric-a", "Ric@"),
        ("advantages", "muy-atractiv-a", "Muy atractiv@"),
        ("advantages", "bien-informad-a", "Bien informad@"),
        ("skills", "estudios-de", "Estudios de"),
        ("skills", "manos-agiles", "Manos ágiles"),
        ("maneuvers", "estudiar-objetivo-1", "Estudiar objetivo 1"),
        ("complications", "vulnerabilidad-a-algo", "Vulnerabilidad a “algo”"),
        ("complications", "perdida-de-poderes-cuando", "Pérdida de poderes cuando…"),
    ],
)
def test_names_with_punctuation_get_plain_slugs(kind, slug, name_es):
    assert CATALOGUE.by_slug(kind)[slug].name_es == name_es


# --- references between entries ---------------------------------------------------------------


def test_every_reference_points_at_an_existing_entry():
    attributes = set(cat.ATTRIBUTE_SLUGS)
    powers = CATALOGUE.by_slug("powers")
    maneuvers = CATALOGUE.by_slug("maneuvers")
    complications = CATALOGUE.by_slug("complications")
    for s in CATALOGUE.skills:
        assert s.attribute in attributes
    for p in CATALOGUE.powers:
        assert p.attribute is None or p.attribute in attributes
        assert set(p.requires) | set(p.includes) | set(p.modifies) <= set(powers), p.slug
        assert p.slug not in p.requires + p.includes + p.modifies
    for m in CATALOGUE.maneuvers:
        assert set(m.requires) <= set(maneuvers), m.slug
    for c in CATALOGUE.complications:
        assert set(c.includes) <= set(complications)
    for entry in CATALOGUE.advantages + CATALOGUE.maneuvers:
        for requirement in entry.requires_attributes:
            assert set(requirement.any_of) <= attributes


def test_every_chain_tier_requires_the_tier_before_it_and_shares_its_attribute_requirement():
    families = defaultdict(list)
    for m in CATALOGUE.maneuvers:
        families[m.family].append(m)
    for family, members in families.items():
        members.sort(key=lambda m: m.tier)
        assert [m.tier for m in members] == list(range(1, len(members) + 1)), family
        for previous, current in zip(members, members[1:], strict=False):
            assert current.requires == (previous.slug,)
            assert current.requires_attributes == members[0].requires_attributes


@pytest.mark.parametrize(
    ("family", "slugs"),
    [
        ("ataque-a-fondo", ["ataque-a-fondo", "ataque-a-fondo-2", "ataque-a-fondo-3"]),
        ("iniciativa-mejorada", ["iniciativa-mejorada", "iniciativa-mejorada-2", "iniciativa-mejorada-3"]),
        ("ataque-brutal", ["ataque-brutal", "ataque-brutal-2", "ataque-brutal-3"]),
        (
            "ataque-brutal-de-rafaga",
            ["ataque-brutal-de-rafaga", "ataque-brutal-de-rafaga-2", "ataque-brutal-de-rafaga-3"],
        ),
        # "Ataque de rango largo 2/3 … Requiere la anterior" continue "Ataque manteniendo la distancia".
        (
            "ataque-manteniendo-la-distancia",
            ["ataque-manteniendo-la-distancia", "ataque-de-rango-largo-2", "ataque-de-rango-largo-3"],
        ),
        ("estudiar-objetivo", ["estudiar-objetivo-1", "estudiar-objetivo-2"]),
        ("escapismo", ["escapismo", "escapismo-2"]),
    ],
)
def test_maneuver_chains_form_one_family(family, slugs):
    assert [m.slug for m in CATALOGUE.maneuvers if m.family == family] == slugs


@pytest.mark.parametrize(
    ("slug", "requires"),
    [
        ("moverse-mientras-actua", ("actuar-y-despues-moverse",)),
        ("ataque-anti-cobertura", ("retrasar-accion",)),
        ("iniciativa-mejorada-2", ("iniciativa-mejorada",)),
        ("luchar-a-ciegas-3", ("luchar-a-ciegas-2",)),
        ("cegar", ()),
        ("esquiva", ()),
    ],
)
def test_maneuver_prerequisites(slug, requires):
    assert cat.maneuver(slug).requires == requires


def test_maneuvers_with_similar_names_share_a_stack_group():
    # FAQ: "no se puede hacer un 'ataque brutal' y un 'ataque a fondo'", nor "Defensa a la
    # carrera" with "Defensa total"; "Iniciativa mejorada" does stack with "Ataque sostenido".
    group = {m.slug: m.stack_group for m in CATALOGUE.maneuvers}
    assert group["ataque-brutal"] == group["ataque-a-fondo"] == "ataque"
    assert group["defensa-a-la-carrera"] == group["defensa-total"]
    assert group["iniciativa-mejorada"] != group["ataque-sostenido"]


_INT = AttributeRequirement(any_of=("inteligencia",))
_PRES = AttributeRequirement(any_of=("presencia",))
_INT_OR_PER = AttributeRequirement(any_of=("inteligencia", "percepcion"))


@pytest.mark.parametrize(
    ("slug", "requirements"),
    [
        ("estudiar-objetivo-1", (_INT_OR_PER,)),
        ("estudiar-objetivo-2", (_INT_OR_PER,)),
        ("desmoralizar", (_PRES,)),
        ("agotar", (_INT,)),
        ("agotar-3", (_INT,)),
        ("mostrar-punto-debil", (_INT_OR_PER,)),
        ("mostrar-punto-debil-2", (_INT_OR_PER,)),
    ],
)
def test_maneuvers_that_need_an_outstanding_attribute(slug, requirements):
    assert cat.maneuver(slug).requires_attributes == requirements


def test_no_other_maneuver_needs_an_attribute():
    needing = {m.family for m in CATALOGUE.maneuvers if m.requires_attributes}
    assert needing == {"estudiar-objetivo", "desmoralizar", "agotar", "mostrar-punto-debil"}


def test_every_maneuver_costs_one_slot():
    assert {m.cost for m in CATALOGUE.maneuvers} == {Fraction(1)}


# --- powers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "cost"),
    [
        ("agarrar-en-cuerpo-a-cuerpo", Fraction(1)),
        ("ataque-especial-cuerpo-a-cuerpo", Fraction(1, 2)),
        ("ataque-especial-cuerpo-a-cuerpo-agil", Fraction(1)),
        ("ataque-especial-a-distancia-perceptivo", Fraction(3, 2)),
        ("ataque-mental-a-distancia", Fraction(2)),
        ("ataque-de-mental-area-circular", Fraction(6)),
        ("ataque-emocional-area-circular", Fraction(6)),
        ("ataque-de-rafaga", Fraction(2)),
        ("ataque-especial-cuerpo-a-cuerpo-forma-de-cono", Fraction(3, 2)),  # "cuesta 1'5"
        ("ataque-especial-de-area-circular-a-distancia", Fraction(3)),
        ("empujar-a-distancia-corpulento", Fraction(3, 2)),  # "coste 1,5 ptos"
        ("inmunidad-a-un-elemento-o-tipo-de-energia-no-especial", Fraction(1, 2)),
        ("inmunidad-al-dano-fisico-no-energetico", Fraction(3)),
        ("defensa-contra-ataque-penetrante", Fraction(1)),
        ("supersalto", Fraction(1, 2)),
        ("accion-de-movimiento-extra", Fraction(2)),
        ("invisibilidad", Fraction(2)),
        ("extremidad-adicional", Fraction(1, 2)),
        ("leer-mentes", Fraction(3, 2)),  # "cuesta 1.5"
        ("insustancial", Fraction(4)),
        ("controlar-mentes-inteligentes", Fraction(3)),
        ("convertirse-en-gas-nocivo", Fraction(4)),
        ("accion-estandar-extra", Fraction(5)),
        ("sugestion", Fraction(3, 2)),
        ("sugestion-con-condicionantes", Fraction(3, 2)),  # "Coste 1.5 adicional"
        ("atraer-objetos-hacia-si-mismo", Fraction(1, 2)),
        ("teleportarse", Fraction(3, 2)),
        ("teleportarse-a-destino-conocido", Fraction(5, 2)),
        ("teleportarse-a-destino-desconocido", Fraction(7, 2)),
        ("ataque-penetrante", Fraction(1, 2)),
        ("uso-limitado", Fraction(0)),
        ("volar", Fraction(1)),
    ],
)
def test_power_costs_are_exactly_the_documents(slug, cost):
    entry = cat.power(slug)
    assert entry.cost == cost
    assert isinstance(entry.cost, Fraction)


def test_penetrating_attack_costs_one_on_area_attacks():
    assert cat.power("ataque-penetrante").area_cost == Fraction(1)
    assert {p.slug for p in CATALOGUE.powers if p.area_cost is not None} == {"ataque-penetrante"}


def test_the_three_modifiers_and_only_they_are_modifiers():
    modifiers = {p.slug for p in CATALOGUE.powers if p.category is PowerCategory.MODIFIER}
    assert modifiers == {"ataque-penetrante", "uso-limitado", "defensa-contra-ataque-penetrante"}


def test_penetrating_attack_goes_on_physical_mental_or_energy_attacks():
    # "Este poder puede sumarse a un ataque físico, mental o energético": not emotional ones.
    expected = tuple(
        p.slug
        for p in CATALOGUE.powers
        if p.attack_kind is not None and p.attack_kind is not AttackKind.EMOTIONAL
    )
    assert expected == PENETRABLE_ATTACKS
    assert cat.power("ataque-penetrante").modifies == expected
    assert cat.power("uso-limitado").modifies == ()  # any superpower
    assert set(cat.power("defensa-contra-ataque-penetrante").modifies) >= {"superesquiva", "superproteccion"}


@pytest.mark.parametrize(
    ("slug", "attribute", "attack_kind", "shape", "damage"),
    [
        ("agarrar-en-cuerpo-a-cuerpo", "corpulencia", AttackKind.MELEE, Shape.SINGLE, None),
        ("agarrar-a-distancia", "agilidad", AttackKind.RANGED, Shape.SINGLE, None),
        ("ataque-especial-cuerpo-a-cuerpo", "corpulencia", AttackKind.MELEE, Shape.SINGLE, "physical"),
        ("ataque-especial-cuerpo-a-cuerpo-agil", "agilidad", AttackKind.MELEE, Shape.SINGLE, "physical"),
        ("ataque-especial-a-distancia", "agilidad", AttackKind.RANGED, Shape.SINGLE, "physical"),
        ("ataque-especial-a-distancia-perceptivo", "percepcion", AttackKind.RANGED, Shape.SINGLE, "physical"),
        ("ataque-mental-a-distancia", "inteligencia", AttackKind.MENTAL, Shape.SINGLE, "mental"),
        ("ataque-de-mental-area-circular", "inteligencia", AttackKind.MENTAL, Shape.AREA, "mental"),
        ("ataque-emocional-a-distancia", "presencia", AttackKind.EMOTIONAL, Shape.SINGLE, "emotional"),
        ("ataque-emocional-area-circular", "presencia", AttackKind.EMOTIONAL, Shape.AREA, "emotional"),
        ("ataque-de-rafaga", "agilidad", AttackKind.RANGED, Shape.CONE, "physical"),
        (
            "ataque-especial-cuerpo-a-cuerpo-forma-de-cono",
            "corpulencia",
            AttackKind.MELEE,
            Shape.CONE,
            "physical",
        ),
        (
            "ataque-especial-de-area-circular-cuerpo-a-cuerpo",
            "corpulencia",
            AttackKind.MELEE,
            Shape.AREA,
            "physical",
        ),
        (
            "ataque-especial-de-area-circular-a-distancia",
            "agilidad",
            AttackKind.RANGED,
            Shape.AREA,
            "physical",
        ),
        ("superfuerza", "corpulencia", AttackKind.MELEE, Shape.SINGLE, "physical"),
        ("ataque-de-terror-a-distancia", "presencia", AttackKind.EMOTIONAL, Shape.SINGLE, "emotional"),
        (
            "ataque-de-terror-a-distancia-area-circular",
            "presencia",
            AttackKind.EMOTIONAL,
            Shape.AREA,
            "emotional",
        ),
        ("empujar-a-distancia", "agilidad", AttackKind.RANGED, Shape.SINGLE, None),
        ("empujar-a-distancia-corpulento", "corpulencia", AttackKind.RANGED, Shape.SINGLE, None),
        ("controlar-animales", "inteligencia", AttackKind.MENTAL, Shape.SINGLE, None),
        ("controlar-mentes-inteligentes", "inteligencia", AttackKind.MENTAL, Shape.SINGLE, None),
        ("debilitar-atributo", "corpulencia", AttackKind.MELEE, Shape.SINGLE, None),
        ("debilitar-nivel", "corpulencia", AttackKind.MELEE, Shape.SINGLE, None),
        ("sugestion", "inteligencia", AttackKind.MENTAL, Shape.SINGLE, None),
        ("sugestion-con-condicionantes", "inteligencia", AttackKind.MENTAL, Shape.SINGLE, None),
        ("contacto-curativo", "inteligencia", None, None, None),
        ("volar", None, None, None, None),
        ("superesquiva", None, None, None, None),
    ],
)
def test_powers_use_the_attribute_and_attack_the_document_gives(slug, attribute, attack_kind, shape, damage):
    entry = cat.power(slug)
    assert (entry.attribute, entry.attack_kind, entry.shape, entry.damage) == (
        attribute,
        attack_kind,
        shape,
        damage,
    )


def test_every_attack_power_has_an_attribute_and_a_shape():
    for p in CATALOGUE.powers:
        if p.attack_kind is not None:
            assert p.attribute and p.shape, p.slug


def test_only_the_noxious_gas_attacks_as_mundane():
    assert [p.slug for p in CATALOGUE.powers if p.mundane_attack] == ["convertirse-en-gas-nocivo"]


@pytest.mark.parametrize(
    ("slug", "degrees"),
    [
        (
            "agarrar-en-cuerpo-a-cuerpo",
            (
                "pierde 1 acción de movimiento",
                "pierde acción estándar y de movimiento",
                "pierde todas sus acciones",
            ),
        ),
        (
            "agarrar-a-distancia",
            (
                "pierde 1 acción de movimiento",
                "pierde acción estándar y de movimiento",
                "pierde todas sus acciones",
            ),
        ),
        (
            "controlar-monstruos-no-inteligentes",
            (
                "controlado el movimiento",
                "controladas todas las acciones menos la estándar",
                "controladas todas las acciones",
            ),
        ),
    ],
)
def test_progression_powers_list_their_degrees_in_order(flat_document, slug, degrees):
    assert cat.power(slug).progression == degrees
    assert ", ".join(degrees) in flat_document


def test_the_progression_powers_are_the_grabs_and_the_controls():
    assert {p.slug for p in CATALOGUE.powers if p.progression} == {
        "agarrar-en-cuerpo-a-cuerpo",
        "agarrar-a-distancia",
        "controlar-animales",
        "controlar-monstruos-no-inteligentes",
        "controlar-mentes-inteligentes",
    }


def test_extra_standard_action_cannot_be_chosen_at_creation_and_nothing_else_is_barred():
    assert [p.slug for p in CATALOGUE.powers if not p.creation_allowed] == ["accion-estandar-extra"]


@pytest.mark.parametrize(
    ("slug", "requires", "includes"),
    [
        ("sugestion-con-condicionantes", ("sugestion",), ()),
        ("teleportarse-a-destino-conocido", (), ("teleportarse",)),
        ("teleportarse-a-destino-desconocido", (), ("teleportarse-a-destino-conocido", "teleportarse")),
        ("convertirse-en-gas-nocivo", (), ("convertirse-en-gas",)),
    ],
)
def test_powers_that_build_on_others(slug, requires, includes):
    entry = cat.power(slug)
    assert (entry.requires, entry.includes) == (requires, includes)


def test_repeatable_powers():
    assert {p.slug for p in CATALOGUE.powers if p.repeatable} == {
        "ataque-especial-cuerpo-a-cuerpo",
        "ataque-especial-cuerpo-a-cuerpo-agil",
        "ataque-especial-a-distancia",
        "ataque-especial-a-distancia-perceptivo",
        "inmunidad-a-un-elemento-o-tipo-de-energia-no-especial",
        "inmunidad-a-un-tipo-de-energia-especial",
        "supermovimiento",
        "extremidad-adicional",
        "supersentidos",
        "vida-extra",
    }


def test_power_categories_follow_the_headings():
    counts = defaultdict(int)
    for p in CATALOGUE.powers:
        counts[p.category] += 1
    assert dict(counts) == {
        PowerCategory.ATTACK: 19,
        PowerCategory.DEFENSE: 7,
        PowerCategory.MODIFIER: 3,
        PowerCategory.MOVEMENT: 6,
        PowerCategory.UTILITY: 41,
    }


# --- attributes, skills, advantages, complications --------------------------------------------


@pytest.mark.parametrize(
    ("slug", "attack_kind"),
    [
        ("corpulencia", AttackKind.MELEE),
        ("agilidad", AttackKind.RANGED),
        ("percepcion", None),
        ("inteligencia", AttackKind.MENTAL),
        ("presencia", AttackKind.EMOTIONAL),
    ],
)
def test_each_attribute_drives_its_kind_of_attack(slug, attack_kind):
    assert cat.attribute(slug).attack_kind == attack_kind


def test_attribute_slugs_in_the_documents_order():
    assert cat.ATTRIBUTE_SLUGS == ("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia")


def test_exactly_three_skills_take_a_specialty():
    assert [s.slug for s in CATALOGUE.skills if s.specialty] == [
        "estudios-de",
        "conocimientos-de",
        "ejerce-de",
    ]


@pytest.mark.parametrize(
    ("slug", "attribute"),
    [
        ("acrobacias", "agilidad"),
        ("atletismo", "corpulencia"),
        ("enganar", "presencia"),
        ("estudios-de", "inteligencia"),
        ("intuicion", "percepcion"),
        ("manos-agiles", "agilidad"),
        ("percepcion-olfativa-tactil-y-gustativa", "percepcion"),
        ("sigilo", "agilidad"),
        ("tecnologia-hardware", "inteligencia"),
        ("vehiculos", "agilidad"),
    ],
)
def test_skills_are_rolled_with_the_attribute_the_document_gives(slug, attribute):
    assert cat.skill(slug).attribute == attribute


@pytest.mark.parametrize(
    ("slug", "cost"),
    [
        ("excelente-atleta", Fraction(1)),
        ("ayudante", Fraction(2)),
        ("nave-espacial", Fraction(2)),
        ("equipo-especial", Fraction(1)),
        ("equipo-mundano", Fraction(1, 2)),  # "1 pto en equipo daría dos objetos mundanos"
        ("base-secreta", Fraction(1)),
        ("cazador-de-espiritus", Fraction(1)),
    ],
)
def test_advantage_costs(slug, cost):
    assert cat.advantage(slug).cost == cost


def test_every_other_advantage_costs_one_point():
    special = {"ayudante", "nave-espacial", "equipo-mundano"}
    assert {a.cost for a in CATALOGUE.advantages if a.slug not in special} == {Fraction(1)}


def test_advantages_that_need_an_outstanding_attribute():
    assert {a.slug: a.requires_attributes for a in CATALOGUE.advantages if a.requires_attributes} == {
        "inspirar-a-otros": (_PRES,),
        "sabe-un-poco-de-todo": (_INT,),
        "grande": (AttributeRequirement(any_of=("corpulencia",)),),
    }


def test_equipment_and_bases_take_several_points_and_a_detail():
    assert {a.slug for a in CATALOGUE.advantages if a.repeatable} == {
        "equipo-especial",
        "equipo-mundano",
        "base-secreta",
    }
    assert {a.slug for a in CATALOGUE.advantages if a.detail} == {
        "influencia-en",
        "equipo-especial",
        "equipo-mundano",
        "base-secreta",
    }


def test_special_equipment_is_capped_at_one_point_per_four_levels():
    assert cat.advantage("equipo-especial").levels_per_point == 4
    assert [a.slug for a in CATALOGUE.advantages if a.levels_per_point] == ["equipo-especial"]


def test_complications_with_a_blank_to_fill_take_a_detail():
    assert {c.slug for c in CATALOGUE.complications if c.detail} == {
        "fobia",
        "vulnerabilidad-a-algo",
        "minusvalia-fisica",
        "odio-hacia-algo",
        "perdida-de-poderes-cuando",
        "necesita-un-elemento-para-subsistir",
    }


def test_monstrous_includes_conspicuous():
    assert cat.complication("monstruoso").includes == ("llamativo",)


# --- the catalogue is frozen data -------------------------------------------------------------


@pytest.mark.parametrize(
    "lookup", [cat.attribute, cat.skill, cat.power, cat.advantage, cat.maneuver, cat.complication]
)
def test_lookups_return_none_for_what_is_not_a_slug(lookup):
    assert lookup("no-existe") is None
    assert lookup(["volar"]) is None
    assert lookup(None) is None


def test_lookups_find_every_entry():
    for kind, lookup in zip(
        KINDS,
        [cat.attribute, cat.skill, cat.power, cat.advantage, cat.maneuver, cat.complication],
        strict=True,
    ):
        for entry in getattr(CATALOGUE, kind):
            assert lookup(entry.slug) is entry


def test_entries_cannot_be_changed():
    with pytest.raises(dataclasses.FrozenInstanceError):
        cat.power("volar").cost = Fraction(0)  # type: ignore[misc]
    assert all(isinstance(getattr(CATALOGUE, kind), tuple) for kind in KINDS)
