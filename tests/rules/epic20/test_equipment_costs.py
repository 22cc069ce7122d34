"""Cazador de espíritus on a weapon and equipment for the Nave espacial (LISTA DE VENTAJAS)."""

import pytest

from rules.epic20.validation import validate_sheet
from tests.rules.epic20.sheets import example_sheet


def sheet_with(advantages, equipment, level=8):
    sheet = example_sheet()
    sheet["level"] = level
    sheet["advantages"] = advantages
    sheet["equipment"] = equipment
    return sheet


def spent(sheet):
    report = validate_sheet(sheet)
    budget = report.as_dict()["budget"]
    return budget["advantages"]["spent"], budget["special_equipment"]["spent"], report


@pytest.mark.parametrize(
    ("kind", "advantages_spent", "special_spent"),
    [("mundane", 1.5, 0), ("special", 2, 2)],
)
def test_cazador_de_espiritus_on_a_weapon_raises_its_equipment_cost_by_1(
    kind, advantages_spent, special_spent
):
    """Seed l.635: Cazador de espíritus "se puede aplicar a un arma concreta lo que incrementa su
    coste de equipo en 1" — the weapon costs 1 more and the advantage is not charged on its own."""
    sheet = sheet_with(
        [{"advantage": "cazador-de-espiritus", "detail": "Espada de plata"}],
        [{"kind": kind, "name": "Espada de plata", "power": None, "armor": False}],
    )
    advantages, special, _ = spent(sheet)
    assert (float(advantages), float(special)) == (advantages_spent, special_spent)


def test_cazador_de_espiritus_for_the_whole_body_is_an_advantage_of_1():
    sheet = sheet_with([{"advantage": "cazador-de-espiritus", "detail": ""}], [])
    advantages, special, _ = spent(sheet)
    assert (float(advantages), float(special)) == (1, 0)


def test_special_equipment_for_the_spaceship_is_outside_the_cap():
    """Seed l.583 (Nave espacial): "El jugador puede comprar equipo especial para la nave espacial,
    que no cuenta para el límite de nivel del equipo especial" — at level 4 the cap is 1."""
    cannon = {
        "kind": "special",
        "name": "Cañón de iones",
        "power": None,
        "armor": False,
        "for_spaceship": True,
    }
    blaster = {"kind": "special", "name": "Bláster", "power": None, "armor": False}
    ship = {"advantage": "nave-espacial", "detail": ""}
    on_ship = sheet_with([ship], [cannon, dict(cannon, name="Escudos deflectores"), blaster], level=4)
    _, special, report = spent(on_ship)
    assert special == 1  # only the blaster counts for the cap
    assert not [p for p in report.errors if p.code == "special_equipment.over_cap"]
    off_ship = sheet_with(
        [ship],
        [dict(cannon, for_spaceship=False), dict(cannon, name="Escudos", for_spaceship=False)],
        level=4,
    )
    assert (
        "special_equipment.over_cap" in {p.code for p in validate_sheet(off_ship).errors}
        or spent(off_ship)[1] == 2
    )


@pytest.mark.parametrize(
    ("advantages", "kind", "code"),
    [
        ([], "special", "equipment.no_spaceship"),
        ([{"advantage": "nave-espacial", "detail": ""}], "mundane", "equipment.spaceship_special_only"),
    ],
)
def test_equipment_for_the_spaceship_needs_the_ship_and_is_special(advantages, kind, code):
    item = {"kind": kind, "name": "Torreta", "power": None, "armor": False, "for_spaceship": True}
    report = validate_sheet(sheet_with(advantages, [item]))
    assert (code, "/equipment/0/for_spaceship") in {(p.code, p.path) for p in report.errors}
