"""The sheet's equipment properties and the fight that reads them (issue 12, items 5, 8 and 10)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import FixedDice
from rules.epic20 import weapons
from rules.epic20.archetypes import BY_SLUG as ARCHETYPES
from rules.epic20.grants import character
from rules.epic20.grants import resolve as resolve_grants
from rules.epic20.index import POWERS
from rules.epic20.resolution import AttackSpec, CombatantState, prepare_attack, resolve_attack
from rules.epic20.resolution.defense import defense_against
from rules.epic20.resolution.equipment import equipment_states
from rules.epic20.sheet import EQUIPMENT_FLAGS, parse_sheet
from rules.epic20.validation import validate_sheet
from tests.rules.epic20.sheets import example_sheet

H = Fraction(1, 2)
ORDER = ("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia")


def bare(attributes=(0.5, 1, 1, 0.5, 0), archetype=None, **extra):
    sheet = example_sheet(archetype)
    sheet.update(powers=[], advantages=[], maneuvers=[], equipment=[], skills=[])
    sheet["attributes"] = dict(zip(ORDER, attributes, strict=True))
    sheet.update(extra)
    return sheet


def fighter(sheet, id="a"):
    """A combatant built from the sheet the way the encounter builds one, with `equipment_states`."""
    parsed, problems = parse_sheet(sheet)
    assert not [p for p in problems if p.code != "name.required"], problems
    archetype = ARCHETYPES.get(parsed.archetype) if parsed.archetype else None
    terms = archetype.with_options(dict(parsed.archetype_options)) if archetype else None
    who = character(parsed, resolve_grants(parsed, terms))
    derived = validate_sheet(sheet).as_dict()["derived"]
    state = CombatantState(
        id,
        level=parsed.level,
        hit_points=4,
        hit_points_max=4,
        attributes=dict(parsed.attributes),
        powers=who.power_slugs,
        maneuvers=who.maneuvers,
        advantages=who.advantages,
        archetype=parsed.archetype,
        attack_bonus=derived["attack_bonus"],
        equipment=equipment_states(parsed.equipment, parsed.maneuvers),
        chosen_weapons=weapons.chosen_weapons(
            who.maneuvers, parsed.equipment, who.maneuver_details, who.powers
        ),
    )
    return state, derived


def target():
    return CombatantState("t", level=8, hit_points=4, hit_points_max=4)


def weapon(name, kind="special", power=None, **flags):
    return {"kind": kind, "name": name, "power": power, "armor": False, **flags}


# --- parsing and validation -------------------------------------------------------------


@pytest.mark.parametrize("flag", EQUIPMENT_FLAGS)
def test_every_equipment_property_must_be_true_or_false_and_is_refused_at_its_own_pointer(flag):
    sheet = bare(equipment=[weapon("Objeto", **{flag: "sí"})])
    report = validate_sheet(sheet)
    codes = {(p.code, p.path) for p in report.errors}
    assert (f"equipment.invalid_{flag}", f"/equipment/0/{flag}") in codes
    assert not report.valid


@pytest.mark.parametrize(
    ("flags", "code"),
    [
        ({"burst": True}, "equipment.burst_needs_ranged"),
        ({"reach": True, "ranged": True}, "equipment.reach_is_melee"),
        ({"shield": True, "two_handed": True}, "equipment.shield_two_handed"),
        ({"shield": True, "ranged": True}, "equipment.shield_ranged"),
    ],
)
def test_properties_that_describe_different_things_are_refused_together(flags, code):
    """Seed l.717 (ráfaga "(de distancia)"), l.729 (alcance extendido "de cuerpo a cuerpo"), l.741
    ("un escudo embrazado")."""
    report = validate_sheet(bare(equipment=[weapon("Objeto", **flags)]))
    assert code in {p.code for p in report.errors}
    assert all(p.message_es and p.message_en for p in report.errors)


def test_well_formed_equipment_properties_raise_no_equipment_problem():
    sheet = bare(
        equipment=[
            weapon("Escudo", kind="mundane", shield=True),
            weapon("Subfusil", ranged=True, burst=True, detail="balas trazadoras"),
            weapon("Látigo", kind="mundane", reach=True),
        ]
    )
    report = validate_sheet(sheet)
    assert not [p for p in (*report.errors, *report.warnings) if p.path.startswith("/equipment/")]


def test_equipment_states_carry_every_property_the_maneuvers_need():
    """Item 10: `build_combatant` copied only name, kind, power and armour."""
    parsed, _ = parse_sheet(
        bare(
            equipment=[
                weapon("Escudo", kind="mundane", shield=True),
                weapon("Hacha", two_handed=True),
                weapon("Alabarda", kind="mundane", reach=True),
                weapon("Bláster", power="ataque-especial-a-distancia"),
                weapon("Ametralladora", ranged=True, burst=True),
                weapon("Cañón del andador", ranged=True, heavy=True),
            ]
        )
    )
    states = {s.name: s for s in equipment_states(parsed.equipment)}
    assert states["Escudo"].shield and states["Escudo"].kind == "mundane"
    assert states["Hacha"].two_handed
    assert states["Alabarda"].reach
    assert states["Bláster"].ranged  # its power attacks at range
    assert states["Ametralladora"].burst and states["Ametralladora"].ranged
    assert states["Cañón del andador"].heavy


# --- the maneuvers work from a sheet ------------------------------------------------------


def test_ataque_brutal_penetrates_with_a_two_handed_weapon_from_the_sheet():
    """Seed l.711: "Requiere el uso de un arma de cuerpo a cuerpo a dos manos"."""
    sheet = bare(
        attributes=(1, 1, 0.5, 0.5, 0),
        equipment=[weapon("Hacha", two_handed=True)],
        maneuvers=["ataque-brutal", "ataque-brutal-2"],
    )
    state, _ = fighter(sheet)
    spec = AttackSpec("melee", "Hacha", circumstances=("objetivo-paralizado",))
    assert prepare_attack(state, target(), spec).penetrating


def test_defensa_con_escudo_works_from_the_sheet():
    """Seed l.741: "Requiere del uso de un escudo embrazado"."""
    sheet = bare(
        attributes=(1, 1, 0.5, 0.5, 0),
        equipment=[weapon("Escudo", kind="mundane", shield=True)],
        maneuvers=["defensa-con-escudo", "lucha-sin-armas"],
    )
    defender, derived = fighter(sheet, "t")
    assert derived["attack_bonus"]["melee"] == 4
    attacker = CombatantState("a", level=8, hit_points=4, hit_points_max=4)  # unarmed: +0
    out = resolve_attack(attacker, defender, AttackSpec("melee"), FixedDice([15]))
    assert out.hit and out.successes == 0
    assert out.target.defense_penalty == 0


def test_ataque_manteniendo_la_distancia_works_from_the_sheet():
    """Seed l.729: "Requiere el uso de un arma de cuerpo a cuerpo con alcance extendido"."""
    sheet = bare(
        attributes=(1, 1, 0.5, 0.5, 0),
        equipment=[weapon("Alabarda", kind="mundane", reach=True)],
        maneuvers=["ataque-manteniendo-la-distancia", "ataque-de-rango-largo-2"],
    )
    keeper, _ = fighter(sheet)
    spec = AttackSpec("melee", "Alabarda", circumstances=("objetivo-paralizado",))
    out = resolve_attack(keeper, target(), spec, FixedDice([10, 10]))
    assert out.attacker.condition("keeping-distance") is not None


def test_a_heavy_weapon_from_the_sheet_ignores_an_immunity():
    """Seed l.289 (Superdefensas, Nota): "si el ataque viene de un arma pesada (andador, nave
    espacial, etc) tampoco se aplicaría"."""
    sheet = bare(equipment=[weapon("Cañón", ranged=True, heavy=True)])
    gunner, _ = fighter(sheet)
    assert prepare_attack(gunner, target(), AttackSpec("ranged", "Cañón")).profile.artillery


# --- item 5: a shield with its maneuver is armour -----------------------------------------


@pytest.mark.parametrize("archetype", ["artista-marcial", "bravo", "granuja"])
def test_a_shield_with_defensa_con_escudo_counts_as_armour_on_the_sheet_and_in_the_fight(archetype):
    """Seed l.741: "Usar esta maniobra cuenta como estar usando armadura (ver arquetipos como Artista
    Marcial, Bravo, Granuja…)": they lose the mundane armour the unarmoured get."""
    sheet = example_sheet(archetype)
    sheet["powers"] = [p for p in sheet["powers"] if p["power"] not in ("superproteccion", "superesquiva")]
    unarmoured = validate_sheet(sheet).as_dict()["derived"]["defense"]
    state, _ = fighter(sheet)
    assert defense_against(state, None).value == unarmoured == 16  # 10 + 4 + ¼ × 8

    sheet["equipment"] = [weapon("Escudo", kind="mundane", shield=True)]
    sheet["maneuvers"] = [*sheet["maneuvers"][:-1], "defensa-con-escudo"]
    shielded = validate_sheet(sheet).as_dict()["derived"]["defense"]
    state, _ = fighter(sheet)
    assert shielded == defense_against(state, None).value == 14


def test_a_shield_without_the_maneuver_is_no_armour_for_the_archetype():
    """Only "usar esta maniobra" counts as armour; a shield adds no defense of its own."""
    sheet = example_sheet("artista-marcial")
    sheet["equipment"] = [weapon("Escudo", kind="mundane", shield=True)]
    state, derived = fighter(sheet)
    assert derived["defense"] == defense_against(state, None).value == 16


def test_a_shield_is_defensive_equipment_and_costs_an_artista_marcial_double():
    """Seed l.411: "Al artista marcial le cuestan el doble de puntos … el equipo mundano o especial
    defensivo"."""
    from rules.epic20.costs import equipment_cost

    parsed, _ = parse_sheet(bare(equipment=[weapon("Escudo", kind="mundane", shield=True)]))
    terms = ARCHETYPES["artista-marcial"]
    assert equipment_cost(parsed.equipment[0], terms) == 1
    assert equipment_cost(parsed.equipment[0]) == H


# --- item 8: the sheet's bonus is the rolled bonus ------------------------------------------


@pytest.mark.parametrize(
    ("maneuver", "kind", "attributes", "equipment", "powers", "expected"),
    [
        # Fineza with a one-handed weapon item: Agilidad, on the sheet and in the roll.
        (
            "fineza-con-un-arma",
            "melee",
            (0.5, 1, 1, 0.5, 0),
            [weapon("Estoque", power="ataque-especial-cuerpo-a-cuerpo")],
            [],
            8,
        ),
        # Not with a two-handed one.
        ("fineza-con-un-arma", "melee", (0.5, 1, 1, 0.5, 0), [weapon("Mandoble", two_handed=True)], [], 4),
        # An attack power is a weapon too (l.227): the sheet showed +8 and the roll used +4.
        ("fineza-con-un-arma", "melee", (0.5, 1, 1, 0.5, 0), [], ["ataque-especial-cuerpo-a-cuerpo"], 8),
        # The body is no weapon: Superfuerza keeps Corpulencia.
        ("fineza-con-un-arma", "melee", (0.5, 1, 1, 0.5, 0), [], ["superfuerza"], 4),
        # Ojo agudo with a single-shot ranged item.
        (
            "ojo-agudo",
            "ranged",
            (0.5, 0.5, 1, 1, 0),
            [weapon("Rifle", power="ataque-especial-a-distancia")],
            [],
            8,
        ),
        # Not with a burst weapon ("ni ráfagas").
        ("ojo-agudo", "ranged", (0.5, 0.5, 1, 1, 0), [weapon("Subfusil", ranged=True, burst=True)], [], 4),
        ("ojo-agudo", "ranged", (0.5, 0.5, 1, 1, 0), [], ["ataque-especial-a-distancia"], 8),
        # Not with Ataque de ráfaga, a burst ("ni ráfagas").
        ("ojo-agudo", "ranged", (0.5, 0.5, 1, 1, 0), [], ["ataque-de-rafaga"], 4),
    ],
)
def test_the_sheets_attack_bonus_is_the_bonus_the_fight_rolls(
    maneuver, kind, attributes, equipment, powers, expected
):
    """Seed l.667-669: Fineza con un arma / Ojo agudo work "con un arma … a elegir" (an item, or an
    attack power, which by default "provienen de equipo especial", l.227; docs/rules-notes.md);
    the sheet's derived bonus and the rolled one are one number."""
    sheet = bare(
        attributes=attributes,
        equipment=equipment,
        powers=[{"power": p, "modifiers": [], "detail": ""} for p in powers],
        maneuvers=[maneuver],
    )
    state, derived = fighter(sheet)
    ways = [e["name"] for e in equipment] + powers
    rolled = max(prepare_attack(state, target(), AttackSpec(kind, way), POWERS).bonus for way in ways)
    assert derived["attack_bonus"][kind] == rolled == expected


def test_the_chosen_weapon_is_the_one_the_maneuver_detail_names():
    """Seed l.667: "con un arma … a elegir": the maneuver's detail names it; only that one."""
    swords = [
        weapon("Espada corta", kind="mundane"),
        weapon("Estoque", power="ataque-especial-cuerpo-a-cuerpo"),
    ]
    sheet = bare(equipment=swords, maneuvers=[{"maneuver": "fineza-con-un-arma", "detail": "espada corta"}])
    state, derived = fighter(sheet)
    assert prepare_attack(state, target(), AttackSpec("melee", "Espada corta")).attribute_value == 1
    assert prepare_attack(state, target(), AttackSpec("melee", "Estoque")).attribute_value == H
    assert derived["attack_bonus"]["melee"] == 4  # ½ × 8: mundane ½ with Agilidad, special with Corpulencia ½

    sheet["maneuvers"] = ["fineza-con-un-arma"]  # no detail: the first that fits
    state, _ = fighter(sheet)
    assert prepare_attack(state, target(), AttackSpec("melee", "Espada corta")).attribute_value == 1
    assert prepare_attack(state, target(), AttackSpec("melee", "Estoque")).attribute_value == H


# --- a shield immune to the attack's type ---------------------------------------------------


@pytest.mark.parametrize(
    ("power", "detail", "element", "blocks"),
    [
        (None, "", "fuego", False),  # a plain shield: "no funciona contra ataques penetrantes"
        ("inmunidad-a-un-elemento-o-tipo-de-energia-no-especial", "fuego", "fuego", True),
        ("inmunidad-a-un-elemento-o-tipo-de-energia-no-especial", "fuego", "hielo", False),
        ("inmunidad-al-dano-fisico-no-energetico", "", "", True),
        ("inmunidad-al-dano-fisico-no-energetico", "", "fuego", False),
    ],
)
def test_a_shield_immune_to_the_attacks_type_still_works_against_penetrating_attacks(
    power, detail, element, blocks
):
    """Seed l.741: "Esto no funciona contra ataques penetrantes (ver el superpoder), a menos que el
    escudo tenga inmunidad contra ese tipo de ataques"."""
    sheet = bare(
        attributes=(1, 1, 0.5, 0.5, 0),
        equipment=[weapon("Escudo", power=power, shield=True, detail=detail)],
        maneuvers=["defensa-con-escudo", "lucha-sin-armas"],
    )
    defender, _ = fighter(sheet, "t")
    attacker = CombatantState("a", level=8, hit_points=4, hit_points_max=4, penetrating={"unarmed"})
    out = resolve_attack(attacker, defender, AttackSpec("melee", element=element), FixedDice([15]))
    assert out.hit and out.penetrating
    assert out.target.defense_penalty == (0 if blocks else 1)


def test_the_detail_may_choose_an_attack_power_over_an_item():
    """Seed l.667: "a elegir": the detail names the power (by slug, name or its own detail)."""
    sheet = bare(
        equipment=[weapon("Espada corta", kind="mundane")],
        powers=[{"power": "ataque-especial-cuerpo-a-cuerpo", "modifiers": [], "detail": "garras"}],
        maneuvers=[{"maneuver": "fineza-con-un-arma", "detail": "Garras"}],
    )
    state, derived = fighter(sheet)
    assert prepare_attack(state, target(), AttackSpec("melee", "ataque-especial-cuerpo-a-cuerpo")).bonus == 8
    assert prepare_attack(state, target(), AttackSpec("melee", "Espada corta")).attribute_value == H
    assert derived["attack_bonus"]["melee"] == 8


@pytest.mark.parametrize(
    ("detail", "equipment", "code"),
    [
        ("Lanza", [], "maneuvers.weapon_not_found"),
        ("", [], "maneuvers.no_fitting_weapon"),
        ("Mandoble", [weapon("Mandoble", two_handed=True)], "maneuvers.weapon_not_found"),
    ],
)
def test_a_chosen_weapon_that_is_not_there_is_warned_about(detail, equipment, code):
    sheet = bare(equipment=equipment, maneuvers=[{"maneuver": "fineza-con-un-arma", "detail": detail}])
    report = validate_sheet(sheet)
    assert (code, "/maneuvers/0") in {(p.code, p.path) for p in report.warnings}


@given(st.fixed_dictionaries({}, optional={flag: st.booleans() for flag in EQUIPMENT_FLAGS}))
def test_equipment_properties_are_kept_as_given_or_refused_with_a_reason(flags):
    """Any combination of the optional booleans is either parsed as given or refused with a
    problem at the item (never silently changed)."""
    parsed, problems = parse_sheet(bare(equipment=[weapon("Objeto", **flags)]))
    item_problems = [p for p in problems if p.path.startswith("/equipment/0")]
    if item_problems:
        assert parsed.equipment == ()
        assert all(p.message_es and p.message_en for p in item_problems)
    else:
        (entry,) = parsed.equipment
        assert all(getattr(entry, flag) is flags.get(flag, False) for flag in EQUIPMENT_FLAGS)
