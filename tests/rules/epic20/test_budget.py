"""The point budget: costs, modifiers, automatic trades of power points, equipment and awards."""

from fractions import Fraction

import pytest

from rules.epic20.archetypes import BY_SLUG
from rules.epic20.conversions import Deficit, cheapest
from rules.epic20.costs import power_cost
from rules.epic20.sheet import PowerEntry
from rules.epic20.validation import validate_sheet
from tests.rules.epic20.sheets import example_sheet

F = Fraction


def budget(sheet, **kwargs):
    return validate_sheet(sheet, **kwargs).as_dict()["budget"]


def error_codes(sheet, **kwargs):
    return {p.code for p in validate_sheet(sheet, **kwargs).errors}


def warning_codes(sheet, **kwargs):
    return {p.code for p in validate_sheet(sheet, **kwargs).warnings}


def with_powers(sheet, *powers):
    sheet["powers"] = [dict(p) if isinstance(p, dict) else {"power": p, "detail": "x"} for p in powers]
    return sheet


# --- costs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("ataque-mental-a-distancia", 1),  # 2 / 3 → rounded up to 1
        ("ataque-de-mental-area-circular", 2),  # 6 / 3 = 2, not 1 nor 3
        ("ataque-especial-de-area-circular-a-distancia", 1),  # the document's own example
        ("insustancial", 2),  # 4 / 3 → 2 (rounded up, not down)
        ("supersalto", 1),  # ½ / 3 → minimum 1
        ("accion-estandar-extra", 2),  # 5 / 3 → 2
    ],
)
def test_limited_use_divides_the_cost_by_three_rounding_up_with_a_minimum_of_one(slug, expected):
    entry = PowerEntry(0, slug, modifiers=("uso-limitado",))
    assert power_cost(entry) == expected


def test_limited_use_divides_the_cost_with_its_other_modifiers():
    entry = PowerEntry(
        0, "ataque-especial-de-area-circular-a-distancia", modifiers=("ataque-penetrante", "uso-limitado")
    )
    assert power_cost(entry) == 2  # (3 + 1) / 3 → 2


def test_penetrating_attack_costs_a_half_on_single_target_attacks_and_one_on_areas():
    single = PowerEntry(0, "ataque-especial-a-distancia", modifiers=("ataque-penetrante",))
    area = PowerEntry(0, "ataque-especial-de-area-circular-a-distancia", modifiers=("ataque-penetrante",))
    cone = PowerEntry(0, "ataque-especial-cuerpo-a-cuerpo-forma-de-cono", modifiers=("ataque-penetrante",))
    assert power_cost(single) == F(3, 2)
    assert power_cost(area) == 4
    assert power_cost(cone) == F(5, 2)


def test_defense_against_penetrating_attack_adds_one_to_a_physical_superdefense():
    assert power_cost(PowerEntry(0, "superproteccion", modifiers=("defensa-contra-ataque-penetrante",))) == 2


def test_repeatable_powers_cost_per_unit():
    assert power_cost(PowerEntry(0, "vida-extra", units=3)) == 3
    assert power_cost(PowerEntry(0, "supersentidos", units=2)) == 1


def test_a_vigilante_pays_double_for_powers():
    vigilante = BY_SLUG["vigilante"]
    assert power_cost(PowerEntry(0, "volar"), vigilante) == 2
    assert power_cost(PowerEntry(0, "volar", modifiers=("uso-limitado",)), vigilante) == 2


def test_a_martial_artist_pays_double_only_for_superdefenses():
    artist = BY_SLUG["artista-marcial"]
    assert power_cost(PowerEntry(0, "superesquiva"), artist) == 2
    assert power_cost(PowerEntry(0, "volar"), artist) == 1


def test_the_monsters_cheap_superprotection_costs_a_half():
    monster = BY_SLUG["monstruo"].with_options({"benefit": "protection"})
    assert power_cost(PowerEntry(0, "superproteccion"), monster) == F(1, 2)
    assert power_cost(PowerEntry(0, "superproteccion"), BY_SLUG["monstruo"]) == 1


# --- the creation budget -----------------------------------------------------------------


def test_the_creation_budget_is_three_powers_four_skills_two_advantages_two_maneuvers_one_complication():
    result = budget(example_sheet())
    assert {k: v["available"] for k, v in result.items() if k != "conversions"} == {
        "powers": 3,
        "skills": 4,
        "advantages": 2,
        "maneuvers": 2,
        "complications": 1,
        "special_equipment": 2,
    }


def test_unspent_points_are_warnings_not_errors():
    sheet = example_sheet()
    sheet["powers"] = sheet["powers"][:1]
    sheet["maneuvers"] = sheet["maneuvers"][:1]
    report = validate_sheet(sheet)
    assert report.valid
    assert {"powers.unspent", "maneuvers.unspent"} <= {p.code for p in report.warnings}


def test_overspending_with_no_power_points_left_is_an_error_in_that_category():
    sheet = example_sheet()
    sheet["skills"].append({"skill": "medicina", "value": 1})
    sheet["advantages"].append({"advantage": "contactos"})
    sheet["maneuvers"].append("parada")
    assert {"skills.over_budget", "advantages.over_budget", "maneuvers.over_budget"} <= error_codes(sheet)


def test_overspent_powers_are_an_error():
    sheet = example_sheet()
    sheet["powers"].append({"power": "invisibilidad"})
    assert "powers.over_budget" in error_codes(sheet)


# --- automatic trades --------------------------------------------------------------------


def test_half_a_power_point_buys_one_skill_point():
    sheet = with_powers(example_sheet(), "ataque-especial-a-distancia", "superesquiva", "supersalto")
    sheet["skills"].append({"skill": "medicina", "value": 1})
    result = budget(sheet)
    assert result["conversions"] == [
        {"from": "powers", "amount": 0.5, "to": "skills", "gained": 1, "archetype": None}
    ]
    assert result["skills"] == {"available": 5, "spent": 5}
    assert result["powers"] == {"available": 3, "spent": 3}


def test_half_a_power_point_buys_two_maneuvers_and_the_trade_is_not_repeated_for_one():
    sheet = with_powers(example_sheet(), "ataque-especial-a-distancia", "superesquiva", "supersalto")
    sheet["maneuvers"] += ["parada", "esquiva"]
    result = budget(sheet)
    assert result["conversions"] == [
        {"from": "powers", "amount": 0.5, "to": "maneuvers", "gained": 2, "archetype": None}
    ]


def test_trades_cover_several_categories_with_the_fewest_power_points():
    sheet = with_powers(example_sheet(), "ataque-especial-a-distancia", "supersalto")
    sheet["advantages"].append({"advantage": "contactos"})
    sheet["maneuvers"].append("parada")
    sheet["skills"].append({"skill": "medicina", "value": 0.5})
    report = validate_sheet(sheet)
    assert report.valid
    converted = sum(c["amount"] for c in report.as_dict()["budget"]["conversions"])
    assert converted == 1.5  # one ½ each: an advantage, two maneuvers, a skill point


def test_a_martial_artist_gets_three_maneuvers_per_half_power_point():
    result = budget(example_sheet("artista-marcial"))
    assert {
        "from": "powers",
        "amount": 1,
        "to": "maneuvers",
        "gained": 6,
        "archetype": "artista-marcial",
    } in result["conversions"]


def test_an_expert_gets_two_skill_points_per_half_power_point():
    result = budget(example_sheet("experto"))
    assert result["conversions"] == [
        {"from": "powers", "amount": 1.5, "to": "skills", "gained": 6, "archetype": "experto"}
    ]


def test_a_spy_trade_brings_half_a_skill_point_and_an_advantage():
    result = budget(example_sheet("espia"))
    assert result["conversions"] == [
        {"from": "powers", "amount": 1.5, "to": "skills", "gained": 1.5, "archetype": "espia"},
        {"from": "powers", "amount": 0, "to": "advantages", "gained": 3, "archetype": "espia"},
    ]


def test_a_rogue_gets_one_and_a_half_skill_points_per_half_power_point():
    result = budget(example_sheet("granuja"))
    assert result["conversions"] == [
        {"from": "powers", "amount": 1.5, "to": "skills", "gained": 4.5, "archetype": "granuja"}
    ]


def test_the_cheapest_trade_prefers_a_combined_archetype_rate():
    vigilante = BY_SLUG["vigilante"]
    path, covered = cheapest(Deficit(skills=F(2), advantages=F(2)), 6, 0, vigilante.conversion_rates)
    assert covered and len(path) == 2  # 2 × (1 skill + 1 advantage) instead of 4 general trades


def test_archetype_rates_apply_to_creation_points_only():
    expert = BY_SLUG["experto"]
    path, covered = cheapest(Deficit(skills=F(4)), 0, 6, expert.conversion_rates)
    assert covered and len(path) == 4  # awarded points trade at 1 skill point per ½


def test_restricted_armourer_advantages_cannot_pay_for_ordinary_advantages():
    armourer = BY_SLUG["armero"]
    path, covered = cheapest(
        Deficit(advantages=F(2), restricted_eligible=F(0)), 6, 0, armourer.conversion_rates
    )
    assert covered and all(not rate.restricted_advantages for rate in path)
    sheet = example_sheet("armero")
    sheet["equipment"] = []
    sheet["advantages"] = [
        {"advantage": a} for a in ("contactos", "ric-a", "fascinar", "sin-miedo", "pesado")
    ]
    result = budget(sheet)
    assert {c["archetype"] for c in result["conversions"] if c["to"] == "advantages"} == {None}


def test_restricted_armourer_advantages_pay_for_a_helper_and_equipment():
    path, covered = cheapest(
        Deficit(skills=F(3, 2), advantages=F(3), restricted_eligible=F(5)),
        6,
        0,
        BY_SLUG["armero"].conversion_rates,
    )
    assert covered and len(path) == 3 and all(rate.key == "armero" for rate in path)


def test_a_trade_that_cannot_be_covered_converts_what_is_left_and_reports_the_rest():
    sheet = with_powers(example_sheet(), "ataque-especial-a-distancia", "superesquiva", "supersalto")
    sheet["skills"].append({"skill": "medicina", "value": 2})
    result = budget(sheet)
    assert result["powers"] == {"available": 3, "spent": 3}
    assert "skills.over_budget" in error_codes(sheet)


# --- special equipment -------------------------------------------------------------------


def special(name, power=None, armor=False):
    return {"kind": "special", "name": name, "power": power, "armor": armor}


def mundane(name, power=None, armor=False):
    return {"kind": "mundane", "name": name, "power": power, "armor": armor}


def test_special_items_within_the_cap_are_paid_from_advantages():
    sheet = example_sheet()
    sheet["advantages"] = []
    sheet["equipment"] = [special("Blaster", "ataque-especial-a-distancia"), special("Armadura", armor=True)]
    result = budget(sheet)
    assert result["advantages"] == {"available": 2, "spent": 2}
    assert result["special_equipment"] == {"available": 2, "spent": 2}
    assert result["conversions"] == []


def test_each_special_item_above_the_cap_costs_a_whole_power_point():
    sheet = with_powers(example_sheet(), "ataque-especial-a-distancia", "superesquiva")
    sheet["advantages"] = []
    sheet["equipment"] = [special("Blaster"), special("Armadura", armor=True), special("Espada láser")]
    result = budget(sheet)
    assert {
        "from": "powers",
        "amount": 1,
        "to": "special_equipment",
        "gained": 1,
        "archetype": None,
    } in result["conversions"]
    assert result["special_equipment"] == {"available": 3, "spent": 3}
    assert validate_sheet(sheet).valid


def test_special_equipment_over_the_cap_with_no_power_points_is_an_error():
    sheet = example_sheet()
    sheet["level"] = 3  # cap 0
    sheet["advantages"] = [{"advantage": "contactos"}]
    sheet["equipment"] = [special("Blaster")]
    assert "special_equipment.over_cap" in error_codes(sheet)


def test_two_mundane_items_cost_one_advantage_point_with_no_cap():
    sheet = example_sheet()
    sheet["level"] = 1
    sheet["advantages"] = [{"advantage": "contactos"}]
    sheet["equipment"] = [mundane("Moto"), mundane("Ordenador")]
    result = budget(sheet)
    assert result["advantages"] == {"available": 2, "spent": 2}


def test_the_equipment_advantage_and_its_items_are_charged_once():
    sheet = example_sheet()
    sheet["advantages"] = [{"advantage": "equipo-especial", "points": 2, "detail": "blaster y armadura"}]
    sheet["equipment"] = [special("Blaster", "ataque-especial-a-distancia"), special("Armadura", armor=True)]
    assert budget(sheet)["advantages"]["spent"] == 2
    assert validate_sheet(sheet).valid


def test_an_equipment_advantage_alone_is_charged_and_counts_towards_the_cap():
    sheet = example_sheet()
    sheet["advantages"] = [{"advantage": "equipo-especial", "points": 2, "detail": "arsenal"}]
    result = budget(sheet)
    assert result["advantages"]["spent"] == 2
    assert result["special_equipment"]["spent"] == 2


def test_equipment_advantage_points_that_disagree_with_the_items_warn_and_charge_the_larger():
    sheet = example_sheet()
    sheet["advantages"] = [{"advantage": "equipo-especial", "points": 1}, {"advantage": "contactos"}]
    sheet["equipment"] = [special("Blaster"), special("Escudo")]
    report = validate_sheet(sheet)
    assert "equipment.advantage_mismatch" in {p.code for p in report.warnings}
    assert report.as_dict()["budget"]["special_equipment"]["spent"] == 2


def test_a_special_item_reproducing_an_expensive_power_costs_that_power():
    sheet = example_sheet()
    sheet["advantages"] = []
    sheet["equipment"] = [special("Lanzamisiles", "ataque-especial-de-area-circular-a-distancia")]
    assert budget(sheet)["special_equipment"]["spent"] == 3


def test_the_cap_is_one_point_per_four_levels_with_the_archetype_change():
    assert budget(example_sheet())["special_equipment"]["available"] == 2
    assert budget(example_sheet("armero"))["special_equipment"]["available"] == 3
    assert budget(example_sheet("parangon"))["special_equipment"]["available"] == 1
    assert budget(example_sheet("vigilante"))["special_equipment"]["available"] == 0


def test_a_martial_artist_pays_double_for_defensive_equipment():
    sheet = example_sheet("artista-marcial")
    sheet["equipment"] = [mundane("Peto acolchado", armor=True)]
    assert budget(sheet)["advantages"]["spent"] == 3  # 2 advantages + 2 × ½


# --- awards ------------------------------------------------------------------------------


def test_awarded_points_add_to_the_budget():
    sheet = example_sheet()
    sheet["skills"].append({"skill": "medicina", "value": 1})
    awards = [{"category": "skills", "amount": 1}, {"category": "levels", "amount": 2}]
    assert validate_sheet(sheet, awards=awards).valid
    assert budget(sheet, awards=awards)["skills"] == {"available": 5, "spent": 5}


def test_a_power_barred_at_creation_needs_awarded_power_points():
    sheet = example_sheet()
    sheet["powers"].append({"power": "accion-estandar-extra"})
    assert "powers.not_at_creation" in error_codes(sheet)
    report = validate_sheet(sheet, awards=[{"category": "powers", "amount": 5}])
    assert report.valid, report.errors


def test_a_mage_gains_a_power_point_for_every_three_awarded():
    sheet = example_sheet("mago")
    awards = [{"category": "powers", "amount": 3}, {"category": "powers", "amount": 2}]
    assert budget(sheet, awards=awards)["powers"]["available"] == 4 + 5 + 1
    assert budget(example_sheet(), awards=awards)["powers"]["available"] == 3 + 5


def test_archetype_bonuses_do_not_grow_with_awards():
    awards = [{"category": "skills", "amount": 2}]
    assert budget(example_sheet("escolar"), awards=awards)["skills"]["available"] == 4 + 4 + 2


def test_a_rogue_with_awarded_skills_still_counts_the_creation_sacrifice():
    sheet = example_sheet("granuja")
    report = validate_sheet(sheet, awards=[{"category": "skills", "amount": 2}])
    assert report.valid, report.errors
    assert "skills.unspent" in {p.code for p in report.warnings}


def test_malformed_awards_are_ignored_with_a_warning():
    codes = warning_codes(
        example_sheet(), awards=[{"category": "dinero", "amount": 3}, "x", {"category": "skills"}]
    )
    assert "awards.invalid" in codes
