"""Superdefensas (immunities and their Nota), the Androide's immunity to mental damage,
COMPLICACIONES › Vulnerabilidad a «algo», and Insustancial / Cazador de espíritus."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20 import index
from rules.epic20.dice import roll_d20
from rules.epic20.resolution import (
    AttackSpec,
    CombatantState,
    EquipmentState,
    Refused,
    apply_attack,
    attack_odds,
    prepare_attack,
    resolve_attack,
)
from rules.epic20.resolution.damage_types import matches, words
from rules.epic20.resolution.odds import odds_for

H = Fraction(1, 2)
FIRE = "inmunidad-a-un-elemento-o-tipo-de-energia-no-especial"
LASER = "inmunidad-a-un-tipo-de-energia-especial"
PHYSICAL = "inmunidad-al-dano-fisico-no-energetico"
VULNERABLE = "vulnerabilidad-a-algo"


def fighter(id="a", level=8, **kw):
    attributes = {"corpulencia": H, "agilidad": H, "percepcion": H, "inteligencia": H, "presencia": H}
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    hp = kw.pop("hit_points", 10)
    return CombatantState(id, level=level, hit_points=hp, hit_points_max=hp, attributes=attributes, **kw)


def brawler(level=8, **kw):
    """Superfuerza and Corpulencia 1: unarmed special melee at +level."""
    return fighter(
        "a", level, powers={"superfuerza", *kw.pop("powers", ())}, attributes={"corpulencia": 1}, **kw
    )


def fire_proof(level=8, **kw):
    powers = {FIRE, *kw.pop("powers", ())}
    details = {FIRE: ("el fuego",), **kw.pop("details", {})}
    return fighter("t", level, powers=powers, details=details, **kw)


def hit(attacker, target, face, **spec):
    """One attack with a fixed d20 face (defense 14 for a level-8 target without armour)."""
    kind = spec.pop("kind", "melee")
    return resolve_attack(attacker, target, AttackSpec(kind, **spec), FixedDice([face]), index.POWERS)


def types(outcome):
    return [e.type for e in outcome.events]


# --- matching free text ---------------------------------------------------------------------------


def test_details_match_word_by_word_without_case_accents_articles_or_plurals():
    assert words("  El FUEGO, ¡ardiente! ") == {"fuego", "ardiente"}
    assert matches("el fuego", words("rayo de fuego"))
    assert matches("táser", words("Tasers"))
    assert matches("láser", words("rifle laser"))
    assert matches("rayos místicos", words("rayo mistico del hechicero"))
    assert not matches("fuego", words("rayo de hielo"))
    assert not matches("fuego sagrado", words("fuego"))  # every word of the detail must be there
    assert not matches("", words("fuego"))  # an empty detail covers nothing


# --- element and energy immunities ----------------------------------------------------------------


def test_an_immune_target_takes_no_damage_and_loses_no_defense_from_its_element():
    out = hit(brawler(), fire_proof(), 16, element="Fuego")  # 16 + 8 = 24 vs 14: 2 successes
    assert out.hit and out.successes == 2
    assert (out.damage, out.target.hit_points, out.target.defense_penalty) == (0, 10, 0)
    immune = next(e for e in out.events if e.type == "immune")
    assert immune.rule == "LISTA DE PODERES › Superdefensas"
    assert immune.text_es and immune.text_en and immune.data["immunity"] == FIRE
    attack = next(e for e in out.events if e.type == "attack")
    assert attack.data["immunity"] == FIRE and attack.data["immunity_ignored"] is None


def test_the_same_attack_without_the_element_hurts_the_fire_proof_target():
    out = hit(brawler(), fire_proof(), 16)
    assert (out.damage, out.target.hit_points) == (2, 8)
    assert "immune" not in types(out)


def test_a_bare_hit_of_the_element_costs_no_defense_but_any_other_costs_one():
    immune = hit(brawler(), fire_proof(), 7, element="fuego")  # 15 vs 14: hit without success
    assert immune.hit and immune.successes == 0
    assert immune.target.defense_penalty == 0
    other = hit(brawler(), fire_proof(), 7, element="hielo")
    assert other.target.defense_penalty == 1


def test_the_element_is_also_read_from_the_weapon_name_and_the_power_detail():
    laser_proof = fighter("t", powers={LASER}, details={LASER: ("láser",)})
    rifle = fighter(
        "a", attributes={"agilidad": 1}, equipment=(EquipmentState("Rifle láser", "special", ranged=True),)
    )
    out = hit(rifle, laser_proof, 16, kind="ranged", with_="Rifle láser")
    assert (out.damage, out.target.hit_points) == (0, 10)
    ray = fighter(
        "a",
        powers={"ataque-especial-a-distancia"},
        attributes={"agilidad": 1},
        details={"ataque-especial-a-distancia": ("rayo de fuego",)},
    )
    out = hit(ray, fire_proof(), 16, kind="ranged", with_="ataque-especial-a-distancia")
    assert (out.damage, out.target.hit_points) == (0, 10)


def test_an_immunity_stops_the_maneuver_effects_of_the_hit_too():
    out = hit(brawler(maneuvers={"tumbar"}), fire_proof(), 16, element="fuego", maneuvers=("tumbar",))
    assert out.target.condition("prone") is None
    plain = hit(brawler(maneuvers={"tumbar"}), fire_proof(), 16, maneuvers=("tumbar",))
    assert plain.target.condition("prone") is not None


def test_a_critical_on_an_immune_target_does_not_break_its_armour():
    armoured = fire_proof(equipment=(EquipmentState("Coraza", "special", armor=True),))
    out = hit(brawler(), armoured, 20, element="fuego")  # defense 18 with the special armour
    assert out.hit and out.target.item("Coraza").status == "ready"
    plain = hit(brawler(), armoured, 20)
    assert plain.target.item("Coraza").status != "ready"


# --- Inmunidad al daño físico no-energético ---------------------------------------------------------


def test_physical_immunity_stops_non_energy_physical_attacks_but_not_energy_ones():
    golem = fighter("t", powers={PHYSICAL})
    punch = hit(brawler(), golem, 16)
    assert (punch.damage, punch.target.hit_points, punch.target.defense_penalty) == (0, 10, 0)
    flame = hit(brawler(), golem, 16, element="fuego")
    assert (flame.damage, flame.target.hit_points) == (2, 8)


def test_physical_immunity_does_not_stop_mental_or_emotional_damage():
    golem = fighter("t", powers={PHYSICAL})
    mind = fighter("a", powers={"ataque-mental-a-distancia"}, attributes={"inteligencia": 1})
    out = hit(mind, golem, 16, kind="mental", with_="ataque-mental-a-distancia")
    assert out.damage == 2


# --- the Nota: level and heavy weapons --------------------------------------------------------------


def test_a_higher_level_attacker_ignores_the_immunity():
    out = hit(brawler(level=10), fire_proof(level=8), 14, element="fuego")  # 14 + 10 = 24 vs 14
    assert (out.damage, out.target.hit_points) == (2, 8)
    ignored = next(e for e in out.events if e.type == "immunity_ignored")
    assert ignored.data["reason"] == "level" and ignored.rule == "LISTA DE PODERES › Superdefensas"


def test_an_attacker_of_the_same_or_a_lower_level_does_not():
    assert hit(brawler(level=8), fire_proof(level=8), 16, element="fuego").damage == 0
    assert hit(brawler(level=6), fire_proof(level=8), 18, element="fuego").damage == 0  # 24 vs 14


def test_two_levels_bought_with_a_hero_point_lift_the_attack_above_the_immunity():
    attacker = brawler(level=8, hero_points=2)
    out = hit(attacker, fire_proof(level=8), 14, element="fuego", hero_point="subir-dos-niveles")
    assert out.damage == 2  # 14 + 10 = 24 vs 14, at level 10 against level 8


def test_a_heavy_weapon_ignores_the_immunity():
    cannon = EquipmentState("Cañón del andador", "special", ranged=True, heavy=True)
    walker = fighter("a", attributes={"agilidad": 1}, equipment=(cannon,))
    out = hit(walker, fire_proof(), 16, kind="ranged", with_="Cañón del andador", element="fuego")
    assert (out.damage, out.target.hit_points) == (2, 8)
    assert next(e for e in out.events if e.type == "immunity_ignored").data["reason"] == "heavy"
    light = replace_item(walker, heavy=False)
    assert hit(light, fire_proof(), 16, kind="ranged", with_="Cañón del andador", element="fuego").damage == 0


def replace_item(state, **changes):
    from dataclasses import replace

    return replace(state, equipment=tuple(replace(eq, **changes) for eq in state.equipment))


# --- Androide -----------------------------------------------------------------------------------------


def test_an_android_is_immune_to_mental_damage_but_not_to_emotional_damage():
    android = fighter("t", archetype="androide")
    mind = fighter("a", powers={"ataque-mental-a-distancia"}, attributes={"inteligencia": 1})
    out = hit(mind, android, 16, kind="mental", with_="ataque-mental-a-distancia")
    assert (out.damage, out.target.hit_points, out.target.defense_penalty) == (0, 10, 0)
    assert next(e for e in out.events if e.type == "immune").rule == "ARQUETIPOS › Androide"
    fear = fighter("a", powers={"ataque-de-terror-a-distancia"}, attributes={"presencia": 1})
    out = hit(fear, android, 16, kind="emotional", with_="ataque-de-terror-a-distancia")
    assert (out.damage, out.target.hit_points) == (2, 8)


def test_exhausting_an_android_still_lowers_its_defense_it_is_no_damage():
    android = fighter("t", archetype="androide")
    tactician = fighter("a", maneuvers={"agotar"}, attributes={"inteligencia": 1})
    out = hit(tactician, android, 16, kind="mental", maneuvers=("agotar",))  # mundane: +4, 20 vs 14
    assert out.target.defense_penalty == 1 + 1


# --- Vulnerabilidad a «algo» ----------------------------------------------------------------------


def taser_victim(**kw):
    return fighter(
        "t", complications={VULNERABLE}, details={VULNERABLE: ("táser",), **kw.pop("details", {})}, **kw
    )


def tased(face, target, **spec):
    cop = fighter(
        "a", attributes={"agilidad": 1}, equipment=(EquipmentState("Táser", "mundane", ranged=True),)
    )
    return hit(cop, target, face, kind="ranged", with_="Táser", **spec)  # mundane ranged: +4


def test_a_vulnerable_target_takes_double_damage_from_what_it_is_vulnerable_to():
    out = tased(19, taser_victim())  # 19 + 4 = 23 vs 14: 1 success, doubled
    assert (out.damage, out.target.hit_points) == (2, 8)
    note = next(e for e in out.events if e.type == "vulnerable")
    assert note.rule == "COMPLICACIONES" and note.text_es and note.text_en


def test_other_attacks_hurt_a_vulnerable_target_normally():
    out = hit(brawler(), taser_victim(), 16)
    assert out.damage == 2  # 2 successes, not doubled


def test_the_vulnerability_also_matches_the_declared_element():
    out = hit(brawler(), taser_victim(), 16, element="descarga de táser")
    assert out.damage == 4


def test_vulnerable_and_immune_means_normal_damage():
    both = fire_proof(complications={VULNERABLE}, details={VULNERABLE: ("fuego",)})
    out = hit(brawler(), both, 16, element="fuego")
    assert (out.damage, out.target.hit_points) == (2, 8)
    assert next(e for e in out.events if e.type == "immunity_ignored").data["reason"] == "vulnerable"


def test_an_immunity_a_higher_level_ignores_leaves_the_vulnerability_doubling():
    both = fire_proof(complications={VULNERABLE}, details={VULNERABLE: ("fuego",)})
    out = hit(brawler(level=10), both, 14, element="fuego")  # 24 vs 14: 2 successes
    assert out.damage == 4


# --- Insustancial and Cazador de espíritus --------------------------------------------------------


def ghost(**kw):
    return fighter("t", powers={"insustancial", *kw.pop("powers", ())}, **kw)


@pytest.mark.parametrize(
    ("kind", "with_", "attributes"),
    [
        ("melee", "unarmed", {"corpulencia": 1}),
        ("ranged", "ataque-especial-a-distancia", {"agilidad": 1}),
        ("mental", "ataque-mental-a-distancia", {"inteligencia": 1}),
    ],
)
def test_an_insubstantial_attacker_cannot_affect_the_physical_or_the_mental(kind, with_, attributes):
    spirit = ghost(powers={with_} - {"unarmed"}, attributes=attributes)
    with pytest.raises(Refused) as refused:
        prepare_attack(spirit, fighter("x"), AttackSpec(kind, with_=with_), index.POWERS)
    assert refused.value.code == "attack.insubstantial_attacker"
    assert refused.value.rule == "LISTA DE PODERES › Superpoderes de utilidad"
    assert refused.value.text_es and refused.value.text_en


def test_an_insubstantial_attacker_still_affects_emotionally():
    spirit = ghost(powers={"ataque-de-terror-a-distancia"}, attributes={"presencia": 1})
    out = hit(spirit, fighter("x"), 16, kind="emotional", with_="ataque-de-terror-a-distancia")
    assert out.damage == 2


def test_physical_attacks_go_through_an_insubstantial_target():
    out = hit(brawler(), ghost(), 16)
    assert out.hit
    assert (out.damage, out.target.hit_points, out.target.defense_penalty) == (0, 10, 0)
    note = next(e for e in out.events if e.type == "insubstantial")
    assert note.rule == "LISTA DE PODERES › Superpoderes de utilidad"


def test_mental_attacks_go_through_it_too_even_for_a_spirit_hunter():
    mind = fighter(
        "a",
        powers={"ataque-mental-a-distancia"},
        advantages={"cazador-de-espiritus"},
        attributes={"inteligencia": 1},
    )
    out = hit(mind, ghost(), 16, kind="mental", with_="ataque-mental-a-distancia")
    assert (out.damage, out.target.hit_points) == (0, 10)


def test_emotional_attacks_damage_insubstantial_beings():
    fear = fighter("a", powers={"ataque-emocional-a-distancia"}, attributes={"presencia": 1})
    out = hit(fear, ghost(), 16, kind="emotional", with_="ataque-emocional-a-distancia")
    assert (out.damage, out.target.hit_points) == (2, 8)


def test_a_spirit_hunter_damages_insubstantial_beings_with_body_and_weapons():
    hunter = brawler(advantages={"cazador-de-espiritus"})
    out = hit(hunter, ghost(), 16)
    assert (out.damage, out.target.hit_points) == (2, 8)
    assert "insubstantial" not in types(out)


def test_a_spirit_hunter_tied_to_one_weapon_needs_that_weapon():
    sword = EquipmentState("Espada de plata", "special")
    hunter = brawler(
        advantages={"cazador-de-espiritus"},
        details={"cazador-de-espiritus": ("espada de plata",)},
        equipment=(sword,),
    )
    bare = hit(hunter, ghost(), 16)
    assert (bare.damage, bare.target.hit_points) == (0, 10)
    armed = hit(hunter, ghost(), 16, with_="Espada de plata")  # special melee: +8
    assert (armed.damage, armed.target.hit_points) == (2, 8)


# --- odds ---------------------------------------------------------------------------------------------


def test_odds_keep_the_hit_chance_but_count_immunity_and_vulnerability_in_the_damage():
    plain = attack_odds(brawler(), fire_proof(), "melee", "unarmed", powers=index.POWERS)
    immune = attack_odds(brawler(), fire_proof(), "melee", "unarmed", powers=index.POWERS, element="fuego")
    assert immune["p_hit"] == plain["p_hit"] > 0
    assert plain["expected_damage"] > 0
    assert (immune["expected_damage"], immune["p_damage_at_least_1"], immune["damage_factor"]) == (0, 0, 0)
    weak = fire_proof(powers=set(), complications={VULNERABLE}, details={VULNERABLE: ("hielo",)})
    double = attack_odds(brawler(), weak, "melee", "unarmed", powers=index.POWERS, element="hielo")
    assert double["damage_factor"] == 2
    assert double["expected_damage"] == 2 * plain["expected_damage"]
    assert double["p_hit"] == plain["p_hit"]
    through = attack_odds(brawler(), ghost(), "melee", "unarmed", powers=index.POWERS)
    assert through["expected_damage"] == 0 and through["p_hit"] == plain["p_hit"]


@pytest.mark.parametrize("element", ["hielo", "fuego", ""])
def test_damage_odds_match_the_resolver_face_by_face(element):
    target = fire_proof(complications={VULNERABLE}, details={VULNERABLE: ("hielo",)})
    prepared = prepare_attack(brawler(), target, AttackSpec("melee", element=element), index.POWERS)
    damage = sum(
        Fraction(apply_attack(prepared, roll_d20(FixedDice([face]), prepared.net, prepared.bonus)).damage, 20)
        for face in range(1, 21)
    )
    odds = attack_odds(brawler(), target, "melee", "unarmed", powers=index.POWERS, element=element)
    assert odds["expected_damage"] == damage
    assert damage == {"hielo": 2, "fuego": 0, "": 1}[element] * odds_for(8, 14, 0)["expected_damage"]


def test_an_immune_hit_neither_stuns_nor_knocks_out():
    target = fire_proof(hit_points=2)  # two damage would stun and knock it out
    out = hit(brawler(), target, 16, element="fuego")
    assert out.target.status == "active" and out.target.condition("stunned") is None


def test_an_immunity_is_to_damage_a_grab_of_that_element_still_holds():
    grabber = fighter("a", powers={"agarrar-en-cuerpo-a-cuerpo"}, attributes={"corpulencia": 1})
    out = hit(grabber, fire_proof(), 16, with_="agarrar-en-cuerpo-a-cuerpo", element="fuego")
    assert [p.degrees for p in out.target.progressions] == [2]
    assert "immune" not in types(out)
