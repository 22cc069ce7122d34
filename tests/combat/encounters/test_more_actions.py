"""Maneuvers, hero points, the GM's tools, odds and export through the API."""

from __future__ import annotations

import pytest

from tests.combat.encounters.conftest import THUG
from tests.combat.encounters.test_fight_api import started

pytestmark = pytest.mark.django_db


def test_odds_are_exact_and_follow_the_engine(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    switched = table.gm_api.patch(
        f"/api/v1/encounters/{encounter}/", {"exact_odds_for_players": True}, format="json"
    )
    assert switched.status_code == 200, switched.json()
    response = table.player_api.get(
        f"/api/v1/encounters/{encounter}/odds/",
        {"actor": nova, "target": thug, "kind": "ranged", "with": "ataque-especial-a-distancia"},
    )
    assert response.status_code == 200, response.json()
    odds = response.json()
    # +8 against defense 12: faces 4..20 hit (17/20); 9..20 deal damage (12/20).
    assert odds["exact"]["p_hit"] == "17/20"
    assert odds["exact"]["p_damage"] == "3/5"
    assert odds["defense"] is None  # the thug is the GM's: players do not see its defense
    assert (
        table.gm_api.get(
            f"/api/v1/encounters/{encounter}/odds/",
            {"actor": nova, "target": thug, "kind": "ranged", "with": "ataque-especial-a-distancia"},
        ).json()["defense"]
        == 12
    )
    bad = table.player_api.get(f"/api/v1/encounters/{encounter}/odds/", {"actor": nova, "kind": "ranged"})
    assert bad.status_code == 400
    theirs = table.player_api.get(
        f"/api/v1/encounters/{encounter}/odds/", {"actor": thug, "target": nova, "kind": "melee"}
    )
    assert theirs.status_code == 403


def test_a_player_gets_only_bands_against_a_hidden_npc_so_its_defense_cannot_be_worked_back(table, faces):
    """The leak: the exact chance to hit with the bonus gives the defense back (9/20 with bonus 0
    means defense 12). By default a player gets coarse bands; the GM still sees every number."""
    encounter, nova, thug = started(table, faces, thug_first=False)
    query = {"actor": nova, "target": thug, "kind": "ranged", "with": "ataque-especial-a-distancia"}
    odds = table.player_api.get(f"/api/v1/encounters/{encounter}/odds/", query).json()
    assert odds["banded"] is True
    assert odds["p_hit"] is None and odds["exact"] is None and odds["defense"] is None
    assert odds["expected_damage"] is None
    assert odds["hit_band"]["band"] == "high"  # 17/20
    gm = table.gm_api.get(f"/api/v1/encounters/{encounter}/odds/", query).json()
    assert gm["banded"] is False and gm["exact"]["p_hit"] == "17/20"


def test_only_the_gm_switches_exact_odds_for_players(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    refused = table.player_api.patch(
        f"/api/v1/encounters/{encounter}/", {"exact_odds_for_players": True}, format="json"
    )
    assert refused.status_code == 403
    assert table.gm_api.get(f"/api/v1/encounters/{encounter}/").json()["exact_odds_for_players"] is False


def test_total_defense_gives_attackers_inferiority(table, faces):
    from rules.epic20.resolution.state import CombatantState  # noqa: F401 - the engine is present

    encounter, nova, thug = started(table, faces, thug_first=False)
    response = table.act(
        encounter, client=table.player_api, type="maneuver", actor=nova, maneuver="defensa-total"
    )
    # Nova lacks the maneuver: the engine refuses, with its rule section.
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "maneuver.not_owned"
    assert error["rule"] == "MANIOBRAS DE COMBATE"


def test_hero_points_are_spent_awarded_and_capped(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    nova_state = next(c for c in table.state(encounter)["combatants"] if c["id"] == nova)
    assert nova_state["hero_points"] == nova_state["hero_points_max"] == 4
    response = table.act(
        encounter, client=table.player_api, type="spend_hero_point", actor=nova, use="punto-de-vida"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["events"][0]["type"] == "hero_point"
    again = table.act(
        encounter, client=table.player_api, type="spend_hero_point", actor=nova, use="punto-de-vida"
    )
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "hero_points.one_per_turn"
    award = table.act(encounter, type="award_hero_point", target=nova, points=3)
    assert award.status_code == 201, award.json()
    nova_state = next(c for c in award.json()["state"]["combatants"] if c["id"] == nova)
    assert nova_state["hero_points"] == 4  # never above ½ level
    assert (
        table.act(encounter, client=table.player_api, type="award_hero_point", target=nova).status_code == 403
    )


def test_the_gm_sets_a_minions_hit_points(table, faces):
    encounter = table.create()["id"]
    minion = table.add_npc(encounter, minion=True, hit_points=1)
    assert minion["hit_points"] == minion["hit_points_max"] == 1
    response = table.act(encounter, type="set_minion_hp", target=minion["id"], hit_points=2)
    assert response.status_code == 201, response.json()
    state = next(c for c in response.json()["state"]["combatants"] if c["id"] == minion["id"])
    assert state["hit_points"] == state["hit_points_max"] == 2


def test_delaying_lets_the_next_fighter_act_first(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thug = table.add_npc(encounter)["id"]
    sheet = dict(table.character.sheet)
    faces.extend([15, 3])
    table.act(encounter, type="start")
    response = table.act(
        encounter, client=table.player_api, type="delay", actor=nova, other=thug, where="after"
    )
    # Nova lacks «Retrasar acción»: refused by the rules, nothing changes.
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "maneuver.not_owned"
    assert sheet


def test_ending_the_fight_reveals_the_seed(table, faces):
    encounter, nova, thug = started(table, faces)
    commitment = table.state(encounter)["dice"]["commitment"]
    response = table.act(encounter, type="end")
    assert response.status_code == 201, response.json()
    state = response.json()["state"]
    assert state["status"] == "ended"
    assert state["dice"]["revealed"][0]["commitment"] == commitment
    assert table.act(encounter, type="end").status_code == 409


def test_export_writes_bbcode_and_markdown_for_a_forum_post(table, faces):
    encounter, nova, thug = started(table, faces, thug_first=False)
    faces.append(17)
    table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        target=thug,
        kind="ranged",
        **{"with": "ataque-especial-a-distancia"},
    )
    bb = table.player_api.get(f"/api/v1/encounters/{encounter}/export/", {"format": "bbcode"}).json()
    assert bb["text"].startswith("[b]Emboscada en el puerto[/b]")
    assert "[i]Ataque d20: 17 → 17 +8 = 25[/i]" in bb["text"]
    md = table.player_api.get(
        f"/api/v1/encounters/{encounter}/export/", {"format": "markdown", "round": 1}
    ).json()
    assert md["text"].startswith("**Emboscada en el puerto · Asalto 1**")
    assert "### Asalto 1" in md["text"]
    english = table.player_api.get(
        f"/api/v1/encounters/{encounter}/export/", {"format": "markdown"}, HTTP_ACCEPT_LANGUAGE="en"
    ).json()
    assert "attacks" in english["text"]


def test_removing_the_acting_combatant_passes_the_turn(table, faces):
    encounter, nova, thug = started(table, faces)
    response = table.gm_api.delete(f"/api/v1/encounters/{encounter}/combatants/{thug}/")
    assert response.status_code == 204
    state = table.state(encounter)
    assert state["current"] == nova
    assert thug not in state["turn_order"]
    assert next(c for c in state["combatants"] if c["id"] == thug)["removed"] is True


def test_a_player_adds_only_their_own_character(table, faces):
    from tests.characters.helpers import make_character
    from tests.factories import player_in

    encounter = table.create()["id"]
    other_player = player_in(table.campaign)
    theirs = make_character(other_player, campaign=table.campaign)
    response = table.player_api.post(
        f"/api/v1/encounters/{encounter}/combatants/",
        {"character": theirs.pk, "side": "heroes"},
        format="json",
    )
    assert response.status_code == 403
    response = table.player_api.post(
        f"/api/v1/encounters/{encounter}/combatants/",
        {"npc": {"name": "x", "level": 3}, "side": "villains"},
        format="json",
    )
    assert response.status_code == 403
    table.add_pc(encounter)
    again = table.player_api.post(
        f"/api/v1/encounters/{encounter}/combatants/",
        {"character": table.character.pk, "side": "heroes"},
        format="json",
    )
    assert again.status_code == 409


def test_an_unreadable_npc_sheet_is_a_400_pointing_into_it(table):
    encounter = table.create()["id"]
    response = table.gm_api.post(
        f"/api/v1/encounters/{encounter}/combatants/",
        {"npc": {"name": "Sin nivel", "powers": [{"power": "no-existe"}]}, "side": "villains"},
        format="json",
    )
    assert response.status_code == 400
    paths = [e["path"] for e in response.json()["errors"]]
    assert "/npc/level" in paths


def test_an_attack_on_several_targets_rolls_once_per_target(table, faces):
    encounter = table.create()["id"]
    nova = table.add_pc(encounter)["id"]
    thugs = [table.add_npc(encounter)["id"] for _ in range(2)]
    faces.extend([15, 3, 2])
    table.act(encounter, type="start")
    faces.extend([17, 4])
    response = table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        targets=thugs,
        kind="ranged",
        **{"with": "ataque-especial-a-distancia"},
    )
    assert response.status_code == 201, response.json()
    attacks = [e for e in response.json()["events"] if e["type"] == "attack"]
    assert [a["target"] for a in attacks] == thugs
    assert [a["roll"]["faces"] for a in attacks] == [[17], [4]]
    assert [a["hit"] for a in attacks] == [True, True]  # 25 and 12 against defense 12
    double = table.act(
        encounter,
        client=table.player_api,
        type="attack",
        actor=nova,
        targets=thugs,
        kind="ranged",
        maneuvers=["ataque-doble"],
    )
    assert double.status_code == 400  # Nova has spent her standard action, and lacks the maneuver


@pytest.mark.parametrize(
    ("fmt", "name", "unwanted"),
    [
        ("bbcode", "Mal[url=javascript:alert(1)]vado[/url]", "[url="),
        ("markdown", "Mal![i](http://example.org/x.png)", "![i](http"),
        ("markdown", "Mal[click](javascript:alert(1))", "[click](javascript"),
    ],
)
def test_the_forum_export_keeps_names_as_text(table, faces, fmt, name, unwanted):
    """A name is people's text: pasted into a forum it must not become a link or an image."""
    encounter = table.create(name=name)["id"]
    table.add_npc(encounter, sheet={**THUG, "name": name})
    text = table.gm_api.get(f"/api/v1/encounters/{encounter}/export/", {"format": fmt}).json()["text"]
    assert unwanted not in text
    assert "Mal" in text and "vado" in text or fmt == "markdown"


def test_the_export_refuses_a_parameter_it_does_not_know(table, faces):
    encounter = table.create()["id"]
    response = table.gm_api.get(f"/api/v1/encounters/{encounter}/export/", {"rounds": 1})
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "/rounds"


@pytest.mark.parametrize(
    ("path", "params", "refused"),
    [
        ("export/", {"format": ""}, "/format"),
        ("export/", {"round": ""}, "/round"),
        ("events/", {"after": ""}, "/after"),
        ("events/", {"combatant": ""}, "/combatant"),
    ],
)
def test_an_empty_query_value_names_nothing_and_is_refused(table, path, params, refused):
    # `?format=` is no format and `?round=` no number (the schema says enum and integer): a 400,
    # not the default as though the parameter had not been given.
    encounter = table.create()["id"]
    response = table.gm_api.get(f"/api/v1/encounters/{encounter}/{path}", params)
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == refused
