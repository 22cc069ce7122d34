"""The filters of "Mis personajes": a GM's dozens of rows kept to one campaign (or none) and one
system by a plain GET form; a campaign or system the list cannot filter by is refused with a
message, and the list's queries do not grow with its rows."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from campaigns.models import Membership
from characters import services
from tests.characters.helpers import make_character, nova
from tests.factories import UserFactory, campaign_for, player_in
from tests.rules.msh.helpers import sheet as msh_sheet

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def rows(page: str) -> list[str]:
    """The names of the listed characters, in order."""
    return re.findall(r'<tr id="character-\d+">\s*<td><a class="fw-semibold" href="[^"]+">([^<]+)</a>', page)


@pytest.fixture
def gm_table():
    """A GM with an Epic20 campaign (two players' sheets), an MSH campaign (one) and a sheet of
    their own in no campaign."""
    gm = UserFactory(username="directora")
    liga = campaign_for(gm, name="La Liga")
    marvel = campaign_for(gm, name="Marvel 1984", system="msh")
    for campaign, names in ((liga, ("Nova", "Brasa")), (marvel, ("Coloso",))):
        for name in names:
            player = UserFactory()
            Membership.objects.create(campaign=campaign, user=player, role=Membership.Role.PLAYER)
            sheet = msh_sheet(name) if campaign is marvel else nova(name=name)
            services.character_create(owner=player, sheet=sheet, campaign=campaign)
    make_character(gm, sheet=nova(name="Sombra"))
    return gm, liga, marvel


def test_the_form_offers_the_campaigns_of_the_listed_characters_and_every_system(gm_table):
    gm, liga, marvel = gm_table
    page = client_for(gm).get("/characters/").content.decode()

    form = re.search(
        r'<form class="row[^"]*" id="character-filter" method="get" action="/characters/">(.*?)</form>',
        page,
        re.S,
    )
    assert form is not None
    campaigns = re.findall(
        r'<option value="([^"]*)"[^>]*>([^<]+)</option>', form.group(1).split('name="system"')[0]
    )
    assert campaigns == [
        ("", "Todas las campañas"),
        ("none", "Sin campaña"),
        (str(liga.pk), "La Liga"),
        (str(marvel.pk), "Marvel 1984"),
    ]
    systems = re.findall(r'<option value="([^"]*)"', form.group(1).split('name="system"')[1])
    assert systems == ["", "epic20", "anima", "hero", "msh"]
    assert sorted(rows(page)) == ["Brasa", "Coloso", "Nova", "Sombra"]
    assert 'id="filter-clear"' not in page


def test_a_campaign_keeps_its_characters_and_stays_chosen(gm_table):
    gm, liga, _marvel = gm_table
    page = client_for(gm).get(f"/characters/?campaign={liga.pk}").content.decode()

    assert sorted(rows(page)) == ["Brasa", "Nova"]
    assert f'<option value="{liga.pk}" selected>La Liga</option>' in page
    assert (
        '<a class="btn btn-sm btn-outline-secondary" href="/characters/" id="filter-clear">Quitar filtros</a>'
        in page
    )


def test_no_campaign_and_a_system_filter_alone_or_together(gm_table):
    gm, liga, _marvel = gm_table
    client = client_for(gm)

    assert rows(client.get("/characters/?campaign=none").content.decode()) == ["Sombra"]
    assert rows(client.get("/characters/?system=msh").content.decode()) == ["Coloso"]
    assert sorted(rows(client.get("/characters/?system=epic20&campaign=").content.decode())) == [
        "Brasa",
        "Nova",
        "Sombra",
    ]
    page = client.get(f"/characters/?campaign={liga.pk}&system=msh").content.decode()
    assert rows(page) == [] and "Ningún personaje cumple estos filtros." in page
    assert '<option value="msh" selected>' in page


def test_a_remembered_page_is_never_served_for_another_filter(gm_table):
    gm, liga, _marvel = gm_table
    client = client_for(gm)
    client.get(f"/characters/?campaign={liga.pk}")

    assert len(rows(client.get("/characters/").content.decode())) == 4
    assert rows(client.get("/characters/?campaign=none").content.decode()) == ["Sombra"]


def test_htmx_gets_the_filtered_list(gm_table):
    gm, _liga, _marvel = gm_table
    body = client_for(gm).get("/characters/?system=msh", **HTMX).content.decode()

    assert rows(body) == ["Coloso"] and "<html" not in body


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("campaign=99999", "Ninguno de tus personajes está en la campaña «99999». Elige una de la lista."),
        ("campaign=liga", "Ninguno de tus personajes está en la campaña «liga». Elige una de la lista."),
        ("campaign=%C2%B2", "Ninguno de tus personajes está en la campaña «²». Elige una de la lista."),
        ("system=dnd", "No hay ningún sistema de juego «dnd». Elige uno de la lista."),
    ],
)
def test_an_unknown_campaign_or_system_is_refused_and_lists_nothing(gm_table, query, message):
    gm, _liga, _marvel = gm_table
    client = client_for(gm)

    for headers in ({}, HTMX):
        response = client.get(f"/characters/?{query}", **headers)

        assert response.status_code == 400
        page = response.content.decode()
        assert (
            f'<div class="alert alert-danger" role="alert" id="character-filter-refused"><p class="mb-0" id="filter-{query.split("=")[0]}-error">{message}</p></div>'
            in page
        )
        assert rows(page) == []


def test_another_gms_campaign_is_refused_like_an_unknown_one(gm_table):
    gm, _liga, _marvel = gm_table
    other = campaign_for(UserFactory(), name="Ajena")
    make_character(player_in(other), campaign=other)

    response = client_for(gm).get(f"/characters/?campaign={other.pk}")

    assert response.status_code == 400
    page = response.content.decode()
    assert "Ajena" not in page
    assert 'aria-describedby="filter-campaign-error" aria-invalid="true"' in page
    assert page.count("Ninguno de tus personajes está en la campaña") == 1


def test_the_refusal_speaks_english_on_request(gm_table):
    gm, _liga, _marvel = gm_table
    response = client_for(gm).get("/characters/?system=dnd", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 400
    assert "There is no game system «dnd». Choose one from the list." in response.content.decode()


def test_a_player_without_characters_sees_no_filter():
    page = client_for(UserFactory()).get("/characters/").content.decode()

    assert 'id="character-filter"' not in page and 'id="character-list-empty"' in page


def _gm_with(count: int):
    gm = UserFactory()
    campaigns = [campaign_for(gm, name=f"Campaña {n}") for n in range(3)]
    for n in range(count):
        campaign = campaigns[n % 3]
        make_character(player_in(campaign), campaign=campaign, sheet=nova(name=f"Héroe {n}"))
    return gm, campaigns


@pytest.mark.parametrize("query", ["", "?campaign={first}", "?system=epic20", "?campaign=none"])
def test_the_lists_queries_stay_the_same_for_forty_five_rows(query, django_assert_max_num_queries):
    gm, campaigns = _gm_with(45)
    client = client_for(gm)
    url = "/characters/" + query.format(first=campaigns[0].pk)

    with django_assert_max_num_queries(8):
        response = client.get(url)  # nothing remembered yet: every row checked
    assert response.status_code == 200
    with django_assert_max_num_queries(3):
        client.get(url)  # the page read back: session, user, the version's rows
