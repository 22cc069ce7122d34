"""The Inventor's 2-point reserve (ARQUETIPOS › Inventor, seed l.417-419)."""

from fractions import Fraction

import pytest

from rules.epic20.resolution import CombatantState, Refused
from rules.epic20.resolution.inventions import end_session, invent, reserve_left
from rules.epic20.sheet import EquipmentEntry


def inventor(**kw):
    return CombatantState("i", level=8, hit_points=4, hit_points_max=4, archetype="inventor", **kw)


def item(name, kind="special", power=None, **flags):
    return EquipmentEntry(0, kind, name, power, **flags)


def test_the_inventor_assigns_the_reserve_during_play_and_the_log_records_it():
    """Seed l.419: "gana 2 ptos en la ventaja equipo (que puede ser especial) pero no los asigna al
    principio de la partida. Los puede asignar en cualquier momento, si tiene 1 hora de tiempo para
    trabajar en su laboratorio"."""
    state, events = invent(
        inventor(), item("Rayo congelante", power="ataque-especial-a-distancia"), lab_hour=True
    )
    assert reserve_left(state) == 1
    assert state.item("Rayo congelante").ranged and state.item("Rayo congelante").kind == "special"
    assert events[0].type == "invention" and "Rayo congelante" in events[0].text_es
    state, _ = invent(state, item("Escudo", kind="mundane", shield=True), lab_hour=True)
    state, _ = invent(state, item("Gafas", kind="mundane"), lab_hour=True)
    assert reserve_left(state) == 0


@pytest.mark.parametrize(
    ("state", "kwargs", "code"),
    [
        (
            CombatantState("x", level=8, hit_points=4, hit_points_max=4),
            {"lab_hour": True},
            "inventions.not_inventor",
        ),
        (inventor(), {"lab_hour": False}, "inventions.needs_lab_hour"),
        (inventor(), {"lab_hour": True, "in_fight": True}, "inventions.needs_lab_hour"),
    ],
)
def test_only_an_inventor_with_an_hour_in_the_lab_invents(state, kwargs, code):
    with pytest.raises(Refused) as err:
        invent(state, item("Cacharro"), **kwargs)
    assert err.value.code == code


def test_an_invention_beyond_the_reserve_is_refused_and_changes_nothing():
    state, _ = invent(inventor(), item("Armadura", armor=True), lab_hour=True)
    state, _ = invent(state, item("Bláster"), lab_hour=True)
    with pytest.raises(Refused) as err:
        invent(state, item("Otro más", kind="mundane"), lab_hour=True)
    assert err.value.code == "inventions.reserve_exhausted"
    assert reserve_left(state) == 0 and len(state.equipment) == 2


def test_the_inventions_are_lost_at_the_end_of_the_session_and_the_reserve_comes_back():
    """Seed l.419: "Estos equipos se pierden al final de la partida y se recupera la reserva, lista
    para la próxima partida"."""
    kept = CombatantState("i", level=8, hit_points=4, hit_points_max=4, archetype="inventor")
    state, _ = invent(kept, item("Bláster"), lab_hour=True)
    state, events = end_session(state)
    assert state.equipment == () and reserve_left(state) == Fraction(2)
    assert events[0].data["lost"] == ["Bláster"]
