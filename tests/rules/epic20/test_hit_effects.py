"""Effects of a hit that issue 12 lists as missing or half applied: Cegar, Agotar against the
inexhaustible, Empujar a distancia (MANIOBRAS DE COMBATE, LISTA DE PODERES)."""

from fractions import Fraction

import pytest

from rules.core.dice import FixedDice
from rules.epic20.index import POWERS
from rules.epic20.resolution import AttackSpec, CombatantState, Refused, prepare_attack, resolve_attack
from rules.epic20.resolution.hit_effects import MANEUVER_EFFECTS, handler_for

H = Fraction(1, 2)


def person(id="a", **kw):
    attributes = dict.fromkeys(("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia"), H)
    attributes.update({k: Fraction(v) for k, v in kw.pop("attributes", {}).items()})
    return CombatantState(id, level=8, hit_points=4, hit_points_max=4, attributes=attributes, **kw)


def blinded_target():
    blinder = person(
        maneuvers={"cegar"}, powers={"superfuerza"}, attributes={"corpulencia": 1}, hero_points=1
    )
    out = resolve_attack(
        blinder,
        person("t", powers={"ataque-especial-a-distancia"}),
        AttackSpec("melee", maneuvers=("cegar",)),
        FixedDice([11]),
    )
    assert out.target.condition("blinded") is not None
    return out.target


def test_a_blinded_target_cannot_attack_at_range_but_can_in_melee():
    """Seed l.799: Cegar — "El objetivo aturdido de esta forma no puede ver ni realizar ataques a
    distancia … Sí puede atacar cuerpo a cuerpo (aplicando la Inferioridad implícita a las reglas
    de aturdimiento)"."""
    blinded = blinded_target()
    with pytest.raises(Refused) as err:
        prepare_attack(blinded, person("x"), AttackSpec("ranged", "ataque-especial-a-distancia"))
    assert err.value.code == "maneuver.blinded_no_ranged"
    melee = prepare_attack(blinded, person("x"), AttackSpec("melee"))
    assert melee.net == -1  # only the stun's Inferioridad


def test_cegar_says_the_target_is_blinded_in_the_log():
    blinder = person(
        maneuvers={"cegar"}, powers={"superfuerza"}, attributes={"corpulencia": 1}, hero_points=1
    )
    out = resolve_attack(blinder, person("t"), AttackSpec("melee", maneuvers=("cegar",)), FixedDice([11]))
    said = [e for e in out.events if e.type == "maneuver"]
    assert "cegado" in said[0].text_es and "blinded" in said[0].text_en


@pytest.mark.parametrize(("face", "plain", "inexhaustible"), [(10, 1, 1), (15, 2, 1), (20, 3, 1), (5, 0, 0)])
def test_agotar_against_an_inexhaustible_reserve_lowers_the_defense_by_1_at_most(face, plain, inexhaustible):
    """Seed l.801: Agotar — "si este tiene una reserva de energía inagotable, en cuyo caso como mucho
    reduciría la defensa en 1 punto" (the GM names the circumstance `reserva-inagotable`)."""
    exhaust = person(maneuvers={"agotar"}, attributes={"inteligencia": 1})  # mundane: +4 vs 14
    spec = AttackSpec("mental", maneuvers=("agotar",))
    assert resolve_attack(exhaust, person("t"), spec, FixedDice([face])).target.defense_penalty == plain
    tireless = AttackSpec("mental", maneuvers=("agotar",), circumstances=("reserva-inagotable",))
    out = resolve_attack(exhaust, person("t"), tireless, FixedDice([face]))
    assert out.target.defense_penalty == inexhaustible


def test_empujar_a_distancia_works_as_the_maneuver_empujar():
    """Seed l.265: Empujar a distancia "Como la maniobra de combate «empujar» pero se realiza a
    distancia … Se empuja en una dirección elegida por el usuario": like Empujar (l.781), a plain
    hit costs a non-minion no defense, a minion 1; each success pushes 1.5 m, in a chosen direction."""
    pusher = person(powers={"empujar-a-distancia"}, attributes={"agilidad": 1})
    spec = AttackSpec("ranged", "empujar-a-distancia")
    assert resolve_attack(pusher, person("t"), spec, FixedDice([8]), POWERS).target.defense_penalty == 0
    minion = person("m", minion=True)
    assert resolve_attack(pusher, minion, spec, FixedDice([8]), POWERS).target.defense_penalty == 1
    out = resolve_attack(pusher, person("t"), spec, FixedDice([16]), POWERS)
    attack = next(e for e in out.events if e.type == "attack")
    assert attack.data["pushed_meters"] == 3.0 and attack.data["direction_chosen"] is True
    assert out.target.hit_points == 4


@pytest.mark.parametrize("maneuver", sorted(MANEUVER_EFFECTS))
def test_every_maneuver_with_an_effect_has_its_own_handler(maneuver):
    """apply_attack reads a table of handlers, one per maneuver effect, not a ladder of names."""
    tiers = {maneuver: 1}
    fake = type("P", (), {"maneuver": maneuver, "profile": None, "tiers": tiers})()
    assert handler_for(fake, unaffected=False, hit=True) is MANEUVER_EFFECTS[maneuver]


def test_a_blinded_target_cannot_make_a_visual_perception_roll():
    """Seed l.799: Cegar — "El objetivo aturdido de esta forma no puede ver"."""
    from rules.epic20.resolution import SkillStat, skill_check

    blinded = blinded_target()
    from dataclasses import replace

    blinded = replace(blinded, skills={"percepcion-visual": SkillStat(4, 0, "percepcion")})
    with pytest.raises(Refused) as err:
        skill_check(blinded, "percepcion-visual", FixedDice([15]), difficulty=15)
    assert err.value.code == "skills.blinded"


@pytest.mark.parametrize(("face", "works", "defense_loss"), [(5, False, 0), (10, False, 1), (16, True, 0)])
def test_sugestion_works_only_with_at_least_one_success(face, works, defense_loss):
    """Seed l.379: Sugestión — "Para que funcione se debe conseguir al menos un éxito en la tirada
    correspondiente de Inteligencia". +8 against 14: 5 misses, 10 hits by 4 (no success: only the
    −1 defense of DAÑO EN COMBATE), 16 hits by 10 (the order works)."""
    hypnotist = person(powers={"sugestion"}, attributes={"inteligencia": 1})
    spec = AttackSpec("mental", "sugestion", order="estos no son los droides que buscas")
    out = resolve_attack(hypnotist, person("t"), spec, FixedDice([face]), POWERS)
    assert (out.target.condition("suggested") is not None) is works
    assert out.target.defense_penalty == defense_loss
    said = [e for e in out.events if e.type == "suggestion"]
    assert bool(said) is works
    if works:
        assert "droides" in said[0].text_es and said[0].data["order"].startswith("estos")
