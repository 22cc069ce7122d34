"""The per-partida and per-scene rules of Epic20 (rules/epic20/tracking.py), one test per seed line."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import CONFLICT, Refused
from rules.epic20 import tracking as t
from rules.systems import get


@pytest.mark.parametrize("status", sorted(t.FOUND_AT_START))
def test_equipment_lost_or_broken_is_found_at_the_start_of_a_partida_l645(status):
    standing = t.Standing(equipment={"Pistola": status})
    new, changes = t.open_partida(standing)
    assert new.equipment["Pistola"] == t.READY
    assert changes[0].data == {"item": "Pistola", "from": status, "item_status": t.READY}
    assert changes[0].rule == t.EQUIPMENT_RULE


@pytest.mark.parametrize("status", [t.STOLEN, t.DESTROYED])
def test_stolen_and_destroyed_equipment_stays_so_across_partidas_l647(status):
    new, changes = t.open_partida(t.Standing(equipment={"Armadura": status}))
    assert new.equipment["Armadura"] == status
    assert changes == []


def test_stolen_equipment_comes_back_only_when_the_gm_recovers_it_l647():
    standing = t.Standing(equipment={"Armadura": t.STOLEN})
    standing, _ = t.open_partida(standing)
    standing, change = t.set_item_status(standing, "Armadura", t.READY)
    assert standing.equipment["Armadura"] == t.READY
    assert change.data["from"] == t.STOLEN


def test_a_destroyed_item_cannot_be_recovered_it_must_be_bought_again():
    with pytest.raises(Refused) as exc:
        t.set_item_status(t.Standing(equipment={"Escudo": t.DESTROYED}), "Escudo", t.READY)
    assert exc.value.code == "tracking.item_destroyed"


def test_an_unknown_item_status_is_refused():
    with pytest.raises(Refused):
        t.set_item_status(t.Standing(), "Escudo", "melted")


@pytest.mark.parametrize(
    ("use", "scope", "line_quote"),
    [
        ("rica", t.PARTIDA, "Dispone de dinero durante cada partida"),
        ("influencia", t.PARTIDA, "uno por partida"),
        ("ataque-sostenido", t.SCENE, "una vez por escena"),
        ("uso-limitado", t.SCENE, "1 vez por escena"),
    ],
)
def test_each_once_only_use_can_be_spent_once_then_is_refused(use, scope, line_quote):
    assert t.ONCE[use].scope == scope and line_quote in t.ONCE[use].quote
    standing, change = t.spend_once(t.Standing(), use)
    assert change.kind == "use"
    with pytest.raises(Refused) as exc:
        t.spend_once(standing, use)
    assert exc.value.kind == CONFLICT and exc.value.code == "tracking.already_used"


@pytest.mark.parametrize("use", ["rica", "influencia"])
def test_ric_and_influencia_come_back_with_a_new_partida_not_a_new_scene_l591_l595(use):
    standing, _ = t.spend_once(t.Standing(), use)
    after_scene, changes = t.new_scene(standing)
    assert use in after_scene.used and changes == []
    after_partida, changes = t.open_partida(standing)
    assert after_partida.used == frozenset() and changes[0].data == {"reset": [use]}


@pytest.mark.parametrize("use", ["ataque-sostenido", "uso-limitado"])
def test_ataque_sostenido_and_uso_limitado_come_back_with_a_new_scene_l705_l399(use):
    standing, _ = t.spend_once(t.Standing(), use, "rayo" if use == "uso-limitado" else "")
    after, changes = t.new_scene(standing)
    assert after.used == frozenset()
    assert changes[0].kind == "reset"


def test_uso_limitado_counts_per_power():
    standing, _ = t.spend_once(t.Standing(), "uso-limitado", "rayo")
    standing, _ = t.spend_once(standing, "uso-limitado", "vuelo")
    assert standing.used == {"uso-limitado:rayo", "uso-limitado:vuelo"}


def test_an_unknown_use_is_refused():
    with pytest.raises(Refused):
        t.spend_once(t.Standing(), "vuelo-libre")


def test_the_inventor_assigns_the_reserve_during_play_and_loses_it_at_the_end_l419():
    standing, change = t.invent(t.Standing(), "Guante", Fraction(3, 2))
    assert t.reserve_left(standing) == Fraction(1, 2) and standing.equipment["Guante"] == t.READY
    with pytest.raises(Refused) as exc:
        t.invent(standing, "Bota", Fraction(1))
    assert exc.value.code == "tracking.reserve_exceeded"
    closed, changes = t.close_partida(standing)
    assert closed.inventions == {} and t.reserve_left(closed) == 2
    assert changes[0].data["lost"] == ["Guante"]


@pytest.mark.parametrize("cost", [Fraction(0), Fraction(-1), Fraction(1, 3), Fraction(5, 2)])
def test_an_invention_cost_must_be_a_positive_half_within_the_reserve(cost):
    with pytest.raises(Refused):
        t.invent(t.Standing(), "Guante", cost)


def test_a_hero_point_is_given_for_an_activated_complication_l851():
    change = t.complication_hero_point("Código de honor")
    assert change.kind == "award" and change.data["hero_points"] == 1
    assert change.rule == t.COMPLICATIONS_RULE
    with pytest.raises(Refused):
        t.complication_hero_point("  ")


def test_epic20_exposes_its_tracking_on_the_system_seam():
    standing, changes = get("epic20").tracking.open_partida({"equipment": {"Pistola": "lost"}})
    assert standing["equipment"] == {"Pistola": "ready"} and len(changes) == 1


_statuses = st.sampled_from(t.STATUSES)
_standings = st.builds(
    t.Standing,
    equipment=st.dictionaries(st.text("abc", min_size=1, max_size=3), _statuses, max_size=4),
    used=st.frozensets(st.sampled_from(sorted(t.ONCE)), max_size=4),
)


@given(_standings)
def test_opening_a_partida_twice_changes_nothing_more_and_round_trips_json(standing):
    once, _ = t.open_partida(standing)
    twice, changes = t.open_partida(once)
    assert twice == once and changes == []
    assert t.Standing.from_json(once.as_json()) == once
    assert all(s in (t.READY, t.STOLEN, t.DESTROYED) for s in once.equipment.values())


@pytest.mark.parametrize(
    ("action", "kind"),
    [
        ({"type": "use", "use": "rica"}, "use"),
        ({"type": "use", "use": "uso-limitado", "detail": "rayo"}, "use"),
        ({"type": "item", "item": "Pistola", "status": "stolen"}, "equipment"),
        ({"type": "invent", "item": "Guante", "cost": "1/2"}, "invention"),
        ({"type": "complication", "complication": "Código de honor"}, "award"),
    ],
)
def test_each_gm_action_between_fights_changes_the_standing_and_says_so(action, kind):
    _, changes = t.apply_gm_action(t.Standing(), action)
    assert [c.kind for c in changes] == [kind]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "fly"},
        {},
        {"type": "use"},
        {"type": "item", "item": "Pistola"},
        {"type": "invent", "item": "Guante", "cost": "mucho"},
        {"type": "complication", "complication": 3},
    ],
)
def test_a_malformed_gm_action_is_refused(action):
    with pytest.raises(Refused):
        t.apply_gm_action(t.Standing(), action)
