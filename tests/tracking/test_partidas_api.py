"""Partidas and scenes through the API (docs/api.md, "Campaign tracking"): the GM opens and closes
them, the Epic20 per-partida and per-scene rules apply on their own and are logged on the
character, and bad input changes nothing."""

import pytest

from characters.models import Award, Character
from tests.factories import UserFactory, campaign_for, player_in
from tests.tracking.helpers import client_for, codes, send
from tracking.history import character_history
from tracking.models import HistoryEntry, Partida, Scene, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    gm = UserFactory(username="director")
    campaign = campaign_for(gm=gm)
    player = player_in(campaign, UserFactory(username="jugadora"))
    hero = Character.objects.create(owner=player, campaign=campaign, name="Lince", sheet={})
    return campaign, gm, player, hero


def base(campaign):
    return f"/api/v1/campaigns/{campaign.pk}/"


def test_the_gm_opens_a_partida_numbered_from_one_and_members_list_them_oldest_first(table):
    campaign, gm, player, _ = table
    first = send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "El robo"})
    assert first.status_code == 201
    assert first.json()["number"] == 1
    assert {"id", "number", "title", "status", "opened_at"} <= set(first.json())
    assert first.json()["status"] == "open"
    closed = send(
        client_for(gm),
        "POST",
        base(campaign) + f"partidas/{first.json()['id']}/close/",
        {"summary": "Huyen."},
    )
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "La huida"})
    listed = client_for(player).get(base(campaign) + "partidas/").json()["results"]
    assert [p["number"] for p in listed] == [1, 2] and listed[0]["summary"] == "Huyen."


def test_only_one_partida_is_open_at_a_time(table):
    campaign, gm, *_ = table
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"})
    again = send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Otra"})
    assert again.status_code == 409 and codes(again) == {"partida.already_open"}
    assert Partida.objects.filter(campaign=campaign).count() == 1


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"title": ""},
        {"title": "   "},
        {"title": "x" * 201},
        {"title": 0},
        {"title": "Una", "extra": 1},
        "no json",
    ],
)
def test_a_partida_without_a_proper_title_is_refused_and_nothing_is_created(table, body):
    campaign, gm, *_ = table
    response = send(client_for(gm), "POST", base(campaign) + "partidas/", body)
    assert response.status_code == 400 and "errors" in response.json()
    assert not Partida.objects.exists()


def test_players_may_not_open_close_or_mark_scenes_and_strangers_do_not_see_the_campaign(table):
    campaign, gm, player, _ = table
    assert send(client_for(player), "POST", base(campaign) + "partidas/", {"title": "Mía"}).status_code == 403
    assert send(client_for(player), "POST", base(campaign) + "scenes/").status_code == 403
    assert client_for(UserFactory()).get(base(campaign) + "partidas/").status_code == 404
    assert not Partida.objects.exists()


def test_closing_twice_or_a_scene_without_a_partida_is_a_conflict(table):
    campaign, gm, *_ = table
    assert codes(send(client_for(gm), "POST", base(campaign) + "scenes/")) == {"partida.none_open"}
    pid = send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"}).json()["id"]
    send(client_for(gm), "POST", base(campaign) + f"partidas/{pid}/close/")
    again = send(client_for(gm), "POST", base(campaign) + f"partidas/{pid}/close/")
    assert again.status_code == 409 and codes(again) == {"partida.closed"}


def test_a_new_scene_is_numbered_after_the_first_of_the_partida(table):
    campaign, gm, *_ = table
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"})
    scene = send(client_for(gm), "POST", base(campaign) + "scenes/")
    assert scene.status_code == 201 and scene.json()["number"] == 2
    assert Scene.objects.count() == 2


def test_opening_a_partida_finds_lost_equipment_keeps_stolen_and_logs_it_on_the_character(table):
    campaign, gm, _, hero = table
    Standing.objects.create(
        character=hero, data={"equipment": {"Pistola": "lost", "Armadura": "stolen"}, "used": ["rica"]}
    )
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"})
    standing = Standing.objects.get(character=hero).data
    assert standing["equipment"] == {"Armadura": "stolen", "Pistola": "ready"} and standing["used"] == []
    kinds = list(HistoryEntry.objects.filter(character=hero).values_list("kind", "partida__number"))
    assert kinds == [("equipment", 1), ("reset", 1)]


def test_a_new_scene_gives_back_ataque_sostenido_but_not_ric(table):
    campaign, gm, _, hero = table
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"})
    Standing.objects.filter(character=hero).update(data={"used": ["ataque-sostenido", "rica"]})
    send(client_for(gm), "POST", base(campaign) + "scenes/")
    assert Standing.objects.get(character=hero).data["used"] == ["rica"]


def test_closing_a_partida_takes_the_inventions_away(table):
    campaign, gm, _, hero = table
    pid = send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"}).json()["id"]
    Standing.objects.filter(character=hero).update(data={"inventions": {"Guante": "1"}})
    send(client_for(gm), "POST", base(campaign) + f"partidas/{pid}/close/")
    assert Standing.objects.get(character=hero).data["inventions"] == {}
    assert HistoryEntry.objects.get(character=hero, kind="invention").partida_id == pid


def test_a_characters_history_groups_awards_and_resets_by_partida(table):
    campaign, gm, _, hero = table
    Standing.objects.create(character=hero, data={"equipment": {"Pistola": "lost"}})
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"})
    Award.objects.create(character=hero, category="powers", amount=1, awarded_by=gm)
    history = character_history(hero)
    assert [g["partida"] for g in history] == [1]
    assert [i["kind"] for i in history[0]["items"]] == ["equipment", "award"]


def test_a_system_without_tracking_opens_partidas_and_changes_no_character():
    gm = UserFactory()
    campaign = campaign_for(gm=gm, system="msh")
    hero = Character.objects.create(owner=gm, campaign=campaign, name="Cap", system="msh", sheet={})
    assert send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"}).status_code == 201
    assert not HistoryEntry.objects.filter(character=hero).exists()


def standing_url(campaign, hero):
    return base(campaign) + f"characters/{hero.pk}/standing/"


def test_the_gm_rules_a_use_and_a_second_one_in_the_same_partida_is_a_conflict(table):
    campaign, gm, player, hero = table
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"})
    first = send(client_for(gm), "POST", standing_url(campaign, hero), {"type": "use", "use": "influencia"})
    assert first.status_code == 200 and first.json()["standing"]["used"] == ["influencia"]
    again = send(client_for(gm), "POST", standing_url(campaign, hero), {"type": "use", "use": "influencia"})
    assert again.status_code == 409 and codes(again) == {"tracking.already_used"}
    view = client_for(player).get(standing_url(campaign, hero)).json()
    assert view["history"][0]["partida"] == 1 and [i["kind"] for i in view["history"][0]["items"]] == ["use"]


def test_a_hero_point_for_a_complication_is_logged_in_the_partida(table):
    campaign, gm, _, hero = table
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "Una"})
    body = {"type": "complication", "complication": "Código de honor"}
    assert send(client_for(gm), "POST", standing_url(campaign, hero), body).status_code == 200
    entry = HistoryEntry.objects.get(character=hero, kind="award")
    assert entry.partida.number == 1 and entry.data["hero_points"] == 1


@pytest.mark.parametrize(
    "body", [{"type": "teleport"}, {"type": "item", "item": "X", "status": "melted"}, []]
)
def test_a_bad_ruling_is_refused_and_the_standing_is_unchanged(table, body):
    campaign, gm, _, hero = table
    response = send(client_for(gm), "POST", standing_url(campaign, hero), body)
    assert response.status_code == 400
    assert not HistoryEntry.objects.exists()
    assert (
        Standing.objects.filter(character=hero).first() is None
        or Standing.objects.get(character=hero).data == {}
    )


def test_players_may_read_but_not_rule_on_a_standing(table):
    campaign, gm, player, hero = table
    assert (
        send(
            client_for(player), "POST", standing_url(campaign, hero), {"type": "use", "use": "rica"}
        ).status_code
        == 403
    )
    assert client_for(UserFactory()).get(standing_url(campaign, hero)).status_code == 404


def test_the_character_history_tag_renders_each_change_under_its_partida(table):
    from django.template import Context, Template

    campaign, gm, _, hero = table
    Standing.objects.create(character=hero, data={"equipment": {"Pistola": "lost"}})
    send(client_for(gm), "POST", base(campaign) + "partidas/", {"title": "El robo"})
    html = Template("{% load tracking %}{% character_tracking hero %}").render(Context({"hero": hero}))
    assert "Partida 1: El robo" in html and "Pistola: se encuentra al empezar la partida." in html
