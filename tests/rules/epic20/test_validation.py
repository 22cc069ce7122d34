"""validate_sheet: legal sheets pass, every rule reports its code at the right path, and no
input at all makes it raise."""

import json
import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.epic20 import index, validation
from rules.epic20.messages import MESSAGES
from rules.epic20.validation import validate_sheet
from tests.rules.epic20.sheets import SHEETS, example_sheet


def problems(sheet, **kwargs):
    report = validate_sheet(sheet, **kwargs)
    return {(p.code, p.path) for p in report.errors}


def codes(sheet, **kwargs):
    return {p.code for p in validate_sheet(sheet, **kwargs).errors}


# --- legal sheets ------------------------------------------------------------------------


@pytest.mark.parametrize("archetype", list(SHEETS), ids=str)
def test_every_example_sheet_is_legal_with_nothing_left_over(archetype):
    report = validate_sheet(example_sheet(archetype))
    assert report.valid, [(p.code, p.path, p.message_en) for p in report.errors]
    assert report.warnings == ()


@pytest.mark.parametrize("archetype", list(SHEETS), ids=str)
def test_a_legal_sheet_stays_legal_after_a_json_round_trip(archetype):
    sheet = json.loads(json.dumps(example_sheet(archetype)))
    assert validate_sheet(sheet).as_dict() == validate_sheet(example_sheet(archetype)).as_dict()


def test_the_report_has_exactly_the_api_shape():
    body = validate_sheet(example_sheet()).as_dict()
    assert list(body) == ["valid", "errors", "warnings", "waivers", "budget", "derived"]
    assert set(body["budget"]) == {
        "powers",
        "skills",
        "advantages",
        "maneuvers",
        "complications",
        "special_equipment",
        "conversions",
    }
    assert set(body["derived"]) == {
        "defense",
        "hit_points",
        "hero_points_max",
        "initiative_bonus",
        "special_equipment_cap",
        "languages",
        "attack_bonus",
        "skills",
    }
    assert set(body["derived"]["attack_bonus"]) == {"melee", "ranged", "mental", "emotional"}
    json.dumps(body)  # plain JSON all the way down


def test_a_problem_has_code_path_message_and_rule_in_the_chosen_language():
    sheet = example_sheet()
    sheet["level"] = 41
    es = validate_sheet(sheet).as_dict()["errors"][0]
    en = validate_sheet(sheet).as_dict("en")["errors"][0]
    assert es == {"code": "level.out_of_range", "path": "/level", "message": es["message"], "rule": "NIVEL"}
    assert "nivel" in es["message"] and "Level" in en["message"]


# --- level and structure -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "code"),
    [
        (-1, "level.out_of_range"),
        (41, "level.out_of_range"),
        (8.5, "level.invalid"),
        ("8", "level.invalid"),
        (True, "level.invalid"),
        (None, "level.required"),
    ],
)
def test_the_level_is_a_whole_number_from_0_to_40(level, code):
    sheet = example_sheet()
    sheet["level"] = level
    assert (code, "/level") in problems(sheet)


@pytest.mark.parametrize("level", [0, 40, 8.0])
def test_levels_at_the_edges_are_accepted(level):
    sheet = example_sheet()
    sheet["level"] = level
    assert not {c for c in codes(sheet) if c.startswith("level.")}


def test_a_sheet_that_is_not_an_object_is_one_problem_at_the_root():
    for value in (None, [], "ficha", 3):
        report = validate_sheet(value)
        assert not report.valid
        assert [(p.code, p.path) for p in report.errors] == [("sheet.not_object", "")]


def test_every_wrong_value_is_reported_at_its_json_pointer_all_at_once():
    sheet = example_sheet()
    sheet["name"] = ""
    sheet["attributes"]["agilidad"] = 3
    sheet["skills"][2]["value"] = 0.25
    sheet["skills"][3]["skill"] = "cocina"
    sheet["powers"][0]["power"] = "rayo-cosmico"
    sheet["powers"][1]["modifiers"] = ["uso-limitado", "doble-dano"]
    sheet["powers"][2]["units"] = 0
    sheet["advantages"][0] = "excelente-piloto"
    sheet["maneuvers"][1] = 7
    sheet["complications"][0]["complication"] = "amnesia"
    sheet["equipment"] = [{"kind": "magic", "name": "Anillo"}, {"kind": "special", "name": "", "power": "x"}]
    found = problems(sheet)
    assert {
        ("name.required", "/name"),
        ("attributes.invalid_value", "/attributes/agilidad"),
        ("skills.invalid_value", "/skills/2/value"),
        ("skills.unknown", "/skills/3/skill"),
        ("powers.unknown", "/powers/0/power"),
        ("powers.unknown_modifier", "/powers/1/modifiers/1"),
        ("powers.invalid_units", "/powers/2/units"),
        ("advantages.invalid_entry", "/advantages/0"),
        ("maneuvers.unknown", "/maneuvers/1"),
        ("complications.unknown", "/complications/0/complication"),
        ("equipment.invalid_kind", "/equipment/0/kind"),
        ("equipment.invalid_name", "/equipment/1/name"),
        ("equipment.unknown_power", "/equipment/1/power"),
    } <= found


@pytest.mark.parametrize("key", ["skills", "powers", "advantages", "maneuvers", "complications", "equipment"])
def test_a_list_of_the_wrong_type_is_reported_at_its_key(key):
    sheet = example_sheet()
    sheet[key] = {"oops": 1}
    assert (f"{key}.invalid", f"/{key}") in problems(sheet)


def test_an_unknown_archetype_is_reported():
    sheet = example_sheet()
    sheet["archetype"] = "ninja"
    assert ("archetype.unknown", "/archetype") in problems(sheet)


def test_a_sheet_of_another_system_is_refused():
    sheet = example_sheet()
    sheet["system"] = "anima"
    assert "system.unsupported" in codes(sheet)


# --- attributes --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "values",
    [
        (1, 1, 1, 0, 0.5),
        (0.5, 0.5, 0.5, 0.5, 0.5),
        (1, 1, 0.5, 0.5, 0.5),
        (1, 0.5, 0.5, 0.5, 0),
        (1, 1, 0, 0, 1),
    ],
)
def test_attributes_need_two_destacables_one_undeveloped_and_the_rest_normal(values):
    sheet = example_sheet()
    sheet["attributes"] = dict(zip(sheet["attributes"], values, strict=True))
    assert ("attributes.invalid_choice", "/attributes") in problems(sheet)


def test_missing_and_unknown_attributes_are_reported_each_at_its_path():
    sheet = example_sheet()
    del sheet["attributes"]["presencia"]
    sheet["attributes"]["suerte"] = 1
    found = problems(sheet)
    assert ("attributes.missing", "/attributes/presencia") in found
    assert ("attributes.unknown", "/attributes/suerte") in found


# --- skills ------------------------------------------------------------------------------


def test_skills_with_a_specialty_need_it():
    sheet = example_sheet()
    del sheet["skills"][4]["specialty"]
    assert ("skills.specialty_required", "/skills/4/specialty") in problems(sheet)


def test_skills_without_specialty_refuse_one():
    sheet = example_sheet()
    sheet["skills"][0]["specialty"] = "Motos"
    assert ("skills.specialty_not_allowed", "/skills/0/specialty") in problems(sheet)


def test_the_same_skill_with_different_specialties_are_different_entries():
    sheet = example_sheet()
    sheet["skills"][4] = {"skill": "conocimientos-de", "specialty": "Supervivencia", "value": 0.25 * 2}
    sheet["skills"][5] = {"skill": "conocimientos-de", "specialty": "Astronomía", "value": 0.5}
    assert validate_sheet(sheet).valid
    sheet["skills"][5]["specialty"] = "supervivencia"
    assert ("skills.duplicate", "/skills/5") in problems(sheet)


@pytest.mark.parametrize("value", [-0.5, 0.25, 2.5, "1", None, math.nan, math.inf])
def test_skill_values_are_multiples_of_a_half_up_to_two(value):
    sheet = example_sheet()
    sheet["skills"][0]["value"] = value
    assert ("skills.invalid_value", "/skills/0/value") in problems(sheet)


def test_any_skill_point_may_be_split_in_halves():
    sheet = example_sheet()
    sheet["skills"] = [
        {"skill": s, "value": 0.5}
        for s in (
            "acrobacias",
            "atletismo",
            "sigilo",
            "medicina",
            "intuicion",
            "persuasion",
            "vehiculos",
            "investigacion",
        )
    ]
    assert validate_sheet(sheet).valid


# --- powers ------------------------------------------------------------------------------


def test_a_power_that_requires_another_needs_it_on_the_sheet():
    sheet = example_sheet()
    sheet["powers"] = [{"power": "sugestion-con-condicionantes"}]
    sheet["skills"] = sheet["skills"][:5]
    assert ("powers.requires", "/powers/0") in problems(sheet)
    sheet["powers"].insert(0, {"power": "sugestion"})
    assert "powers.requires" not in codes(sheet)


def test_a_power_included_by_a_bigger_one_is_not_charged_twice():
    sheet = example_sheet()
    sheet["powers"] = [{"power": "teleportarse"}, {"power": "teleportarse-a-destino-conocido"}]
    report = validate_sheet(sheet)
    assert ("powers.included", "/powers/0") in {(p.code, p.path) for p in report.warnings}
    assert report.as_dict()["budget"]["powers"]["spent"] == 2.5


@pytest.mark.parametrize(
    ("power", "modifier"),
    [
        ("volar", "ataque-penetrante"),
        ("ataque-emocional-a-distancia", "ataque-penetrante"),  # "un ataque físico, mental o energético"
        ("escudo-mental", "defensa-contra-ataque-penetrante"),  # only physical superdefenses
        ("ataque-especial-a-distancia", "defensa-contra-ataque-penetrante"),
    ],
)
def test_modifiers_only_apply_where_the_rules_say(power, modifier):
    sheet = example_sheet()
    sheet["powers"][0] = {"power": power, "modifiers": [modifier]}
    assert ("powers.modifier_not_applicable", "/powers/0/modifiers/0") in problems(sheet)


def test_a_modifier_is_not_bought_on_its_own():
    sheet = example_sheet()
    sheet["powers"][2] = {"power": "ataque-penetrante"}
    assert ("powers.modifier_not_standalone", "/powers/2/power") in problems(sheet)


def test_only_repeatable_powers_take_several_units():
    sheet = example_sheet()
    sheet["powers"][1]["units"] = 2
    assert ("powers.not_repeatable", "/powers/1/units") in problems(sheet)


# --- advantages, maneuvers, complications ------------------------------------------------


def test_advantages_with_an_attribute_requirement_check_it():
    sheet = example_sheet()
    sheet["advantages"][1] = {"advantage": "grande"}
    assert ("advantages.requires_attribute", "/advantages/1") in problems(sheet)


def test_an_advantage_is_not_taken_twice():
    sheet = example_sheet()
    sheet["advantages"][1] = {"advantage": "excelente-piloto"}
    assert ("advantages.duplicate", "/advantages/1") in problems(sheet)


def test_maneuvers_need_the_previous_tier():
    sheet = example_sheet()
    sheet["maneuvers"][1] = "iniciativa-mejorada-2"
    assert ("maneuvers.requires", "/maneuvers/1") in problems(sheet)


def test_maneuvers_check_their_attribute_requirement():
    sheet = example_sheet()
    sheet["maneuvers"][1] = "desmoralizar"
    assert ("maneuvers.requires_attribute", "/maneuvers/1") in problems(sheet)


def test_a_maneuver_is_not_taken_twice():
    sheet = example_sheet()
    sheet["maneuvers"][1] = "ojo-agudo"
    assert ("maneuvers.duplicate", "/maneuvers/1") in problems(sheet)


def test_maneuvers_may_be_objects_with_a_detail():
    sheet = example_sheet()
    sheet["maneuvers"][0] = {"maneuver": "ojo-agudo", "detail": "pistola de plasma"}
    assert validate_sheet(sheet).valid


@pytest.mark.parametrize("count", [0, 2])
def test_a_character_without_archetype_has_exactly_one_complication(count):
    sheet = example_sheet()
    sheet["complications"] = [{"complication": "identidad-secreta"}, {"complication": "frenesi"}][:count]
    assert ("complications.count", "/complications") in problems(sheet)


# --- waivers -----------------------------------------------------------------------------


def test_a_waived_error_no_longer_makes_the_sheet_invalid():
    sheet = example_sheet()
    sheet["maneuvers"].append("parada")
    report = validate_sheet(sheet, waivers=[{"code": "maneuvers.over_budget", "path": "/maneuvers"}])
    assert report.valid
    assert [p.code for p in report.waived] == ["maneuvers.over_budget"]
    assert report.as_dict()["waivers"][0]["code"] == "maneuvers.over_budget"


def test_a_waiver_for_another_path_does_not_hide_the_error():
    sheet = example_sheet()
    sheet["maneuvers"].append("parada")
    report = validate_sheet(sheet, waivers=[{"code": "maneuvers.over_budget", "path": "/skills"}, "x", None])
    assert not report.valid


# --- messages ----------------------------------------------------------------------------

ENGINE = Path(validation.__file__).parent


AREAS = {
    "sheet",
    "system",
    "name",
    "concept",
    "level",
    "archetype",
    "archetype_options",
    "attributes",
    "skills",
    "powers",
    "advantages",
    "maneuvers",
    "complications",
    "equipment",
    "special_equipment",
    "awards",
}


def emitted_codes() -> set[str]:
    found = set()
    for path in ENGINE.glob("*.py"):
        if path.name != "messages.py":
            found |= {
                c for c in re.findall(r'"([a-z_]+\.[a-z_]+)"', path.read_text()) if c.split(".")[0] in AREAS
            }
    # Codes built with f-strings: "<area>.over_budget", "<area>.unspent", "<key>.invalid", "<area>.unknown".
    for area in ("powers", "skills", "advantages", "maneuvers"):
        found |= {f"{area}.over_budget", f"{area}.unspent"}
    for area in ("powers", "skills", "advantages", "maneuvers", "complications", "equipment"):
        found |= {f"{area}.invalid", f"{area}.unknown"}
    return found - {"equipment.unknown"}


def test_every_code_the_engine_emits_has_a_spanish_and_an_english_message():
    missing = emitted_codes() - set(MESSAGES)
    assert not missing
    for es, en in MESSAGES.values():
        assert es and en and es != en


@pytest.mark.parametrize("archetype", list(SHEETS), ids=str)
def test_messages_are_fully_filled_in(archetype):
    sheet = example_sheet(archetype)
    sheet["level"] = 2
    sheet["attributes"]["presencia"] = 1
    sheet["maneuvers"] = ["iniciativa-mejorada-3", "desmoralizar", "agotar"]
    sheet["powers"].append({"power": "sugestion-con-condicionantes", "modifiers": ["ataque-penetrante"]})
    sheet["advantages"].append({"advantage": "grande"})
    sheet["complications"] = []
    report = validate_sheet(sheet, awards=[{"category": "x"}])
    for p in report.errors + report.warnings:
        for message in (p.message_es, p.message_en):
            assert "{" not in message and "}" not in message, (p.code, message)


# --- never raises ------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=30,
)
SHEET_KEYS = [
    "system",
    "name",
    "concept",
    "level",
    "archetype",
    "archetype_options",
    "attributes",
    "skills",
    "powers",
    "advantages",
    "maneuvers",
    "complications",
    "equipment",
]


@st.composite
def mangled_sheets(draw):
    """A legal sheet with some of its values, at any depth, replaced by arbitrary JSON."""
    sheet = example_sheet(draw(st.sampled_from(list(SHEETS))))
    for _ in range(draw(st.integers(1, 4))):
        target = sheet
        key = draw(st.sampled_from(SHEET_KEYS))
        while isinstance(target.get(key) if isinstance(target, dict) else None, (dict, list)) and draw(
            st.booleans()
        ):
            target = target[key]
            if isinstance(target, list):
                if not target:
                    break
                index = draw(st.integers(0, len(target) - 1))
                if not isinstance(target[index], dict):
                    target[index] = draw(json_values)
                    break
                target = target[index]
            key = draw(st.sampled_from(list(target) or ["x"]))
        if isinstance(target, dict):
            target[key] = draw(json_values)
    return sheet


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_validation_never_raises_on_arbitrary_json(value):
    report = validation._validate(value)  # unguarded: a bug here must fail the test
    json.dumps(report.as_dict())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled_sheets(), json_values, json_values)
def test_validation_never_raises_on_a_mangled_sheet_or_odd_awards_and_waivers(sheet, awards, waivers):
    report = validation._validate(sheet, awards=awards, waivers=waivers)
    body = report.as_dict("en")
    json.dumps(body)
    assert body["valid"] == (not body["errors"])


@pytest.mark.parametrize(
    "value",
    [
        {"level": 10**400},
        {"level": 1e308, "attributes": {"agilidad": math.nan}},
        {"skills": [{"skill": "sigilo", "value": 10**100}]},
        {"powers": [{"power": "vida-extra", "units": 10**9}]},
        {"advantages": [{"advantage": "base-secreta", "points": 1e300}]},
        {"archetype": ["monstruo"], "archetype_options": []},
        {"archetype": "monstruo", "archetype_options": {"version": True, "benefit": None}},
    ],
)
def test_huge_numbers_and_wrong_types_in_odd_places_are_problems_not_crashes(value):
    sheet = example_sheet()
    sheet.update(value)
    report = validation._validate(sheet)
    assert not report.valid


def test_the_public_entry_point_turns_an_unexpected_failure_into_a_problem(monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("fallo")

    monkeypatch.setattr(validation, "_validate", boom)
    report = validate_sheet(example_sheet())
    assert not report.valid and report.errors[0].code == "sheet.internal_error"


# --- parametrized over the catalogue -----------------------------------------------------


def _bare_sheet():
    sheet = example_sheet()
    sheet.update(powers=[], advantages=[], maneuvers=[])
    return sheet


@pytest.mark.parametrize(
    "maneuver", [m for m in index.MANEUVERS.values() if m.requires], ids=lambda m: m.slug
)
def test_every_maneuver_with_a_prerequisite_refuses_to_stand_alone(maneuver):
    sheet = _bare_sheet()
    sheet["maneuvers"] = [maneuver.slug]
    assert ("maneuvers.requires", "/maneuvers/0") in problems(sheet)


@pytest.mark.parametrize(
    "entry",
    [e for e in list(index.ADVANTAGES.values()) + list(index.MANEUVERS.values()) if e.requires_attributes],
    ids=lambda e: e.slug,
)
def test_every_attribute_requirement_is_checked(entry):
    sheet = _bare_sheet()
    wanted = {slug for requirement in entry.requires_attributes for slug in requirement.any_of}
    others = [slug for slug in sheet["attributes"] if slug not in wanted]
    sheet["attributes"] = dict.fromkeys(sheet["attributes"], 0.5)
    sheet["attributes"].update({others[0]: 1, others[1]: 1, next(iter(wanted)): 0})
    area = "advantages" if entry.slug in index.ADVANTAGES else "maneuvers"
    sheet[area] = [{"advantage": entry.slug} if area == "advantages" else entry.slug]
    assert (f"{area}.requires_attribute", f"/{area}/0") in problems(sheet)


@pytest.mark.parametrize("power", [p for p in index.POWERS.values() if p.requires], ids=lambda p: p.slug)
def test_every_power_with_a_prerequisite_refuses_to_stand_alone(power):
    sheet = _bare_sheet()
    sheet["powers"] = [{"power": power.slug}]
    assert ("powers.requires", "/powers/0") in problems(sheet)


@pytest.mark.parametrize(
    "power", [p for p in index.POWERS.values() if not p.creation_allowed], ids=lambda p: p.slug
)
def test_every_power_barred_at_creation_needs_awarded_points(power):
    sheet = _bare_sheet()
    sheet["powers"] = [{"power": power.slug}]
    assert ("powers.not_at_creation", "/powers/0") in problems(sheet)
    assert "powers.not_at_creation" not in codes(sheet, awards=[{"category": "powers", "amount": power.cost}])


@pytest.mark.parametrize(
    "power", [p for p in index.POWERS.values() if p.slug not in index.MODIFIERS], ids=lambda p: p.slug
)
def test_every_power_costs_its_catalogue_cost_and_a_third_of_it_with_limited_use(power):
    sheet = _bare_sheet()
    sheet["powers"] = [{"power": power.slug, "detail": "x"}]
    spent = validate_sheet(sheet).budget.powers.spent
    assert spent == power.cost
    sheet["powers"][0]["modifiers"] = ["uso-limitado"]
    limited = max(1, math.ceil(power.cost / 3))
    assert validate_sheet(sheet, awards=[{"category": "powers", "amount": 5}]).budget.powers.spent == limited


# --- invariants --------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(SHEETS)), st.randoms(use_true_random=False))
def test_the_order_of_entries_does_not_change_a_legal_sheet(archetype, random):
    sheet = example_sheet(archetype)
    for key in ("skills", "powers", "advantages", "maneuvers", "complications", "equipment"):
        random.shuffle(sheet[key])
    report = validate_sheet(sheet)
    assert report.valid, report.errors
    assert report.as_dict()["budget"] == validate_sheet(example_sheet(archetype)).as_dict()["budget"]
    assert report.as_dict()["derived"] == validate_sheet(example_sheet(archetype)).as_dict()["derived"]


@pytest.mark.parametrize("value", [[1], {"a": 1}, None])
def test_an_archetype_option_that_is_no_choice_is_refused_at_its_key(value):
    """An option's value is one of the choices the archetype lists, a text or a number
    (ARQUETIPOS): a list, an object or null is an error at `/archetype_options/<key>`, even for an
    option the archetype does not have (which otherwise only warns)."""
    sheet = {**example_sheet(), "archetype_options": {"otra": value}}
    assert ("archetype_options.not_a_choice", "/archetype_options/otra") in problems(sheet)
    assert "archetype_options.not_a_choice" not in codes({**sheet, "archetype_options": {"otra": "x"}})
