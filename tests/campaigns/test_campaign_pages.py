"""Campaign pages: plain requests get whole pages and redirects, htmx requests get the named
partial they need; permissions answer as the API does (404 for outsiders, 403 for players)."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Membership
from tests.factories import UserFactory, campaign_for, player_in

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
LIST = reverse("campaigns:campaign_list")
CREATE = reverse("campaigns:campaign_create")
JOIN = reverse("campaigns:campaign_join")


def page(name, campaign):
    return reverse(f"campaigns:{name}", args=[campaign.pk])


def html(response):
    return response.content.decode()


def is_partial(response):
    return "<html" not in html(response)


@pytest.fixture
def gm():
    return UserFactory(username="director")


@pytest.fixture
def campaign(gm):
    return campaign_for(gm=gm, name="La Liga de la Noche")


@pytest.fixture
def player(campaign):
    return player_in(campaign, UserFactory(username="jugadora"))


@pytest.fixture
def as_user(client):
    def login(user):
        client.force_login(user)
        return client

    return login


# Anonymous ----------------------------------------------------------------------------------


def test_anonymous_visitors_are_sent_to_log_in(client, campaign):
    for url in (LIST, page("campaign_detail", campaign)):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("accounts:login") + "?next=")
    response = client.post(page("campaign_regenerate_invite", campaign))
    assert response.status_code == 302
    old_code = campaign.invite_code
    campaign.refresh_from_db()
    assert campaign.invite_code == old_code


# List and create ----------------------------------------------------------------------------


def test_the_list_shows_my_campaigns_and_my_role(as_user, campaign, player):
    campaign_for(name="Otra mesa")
    response = as_user(player).get(LIST)
    assert response.status_code == 200
    assert "La Liga de la Noche" in html(response)
    assert "Otra mesa" not in html(response)
    assert "2 miembros" in html(response)
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_the_list_tells_a_newcomer_what_to_do(as_user):
    response = as_user(UserFactory()).get(LIST)
    assert 'id="campaign-list-empty"' in html(response)


def test_creating_a_campaign_goes_to_its_page(as_user, gm):
    response = as_user(gm).post(CREATE, {"name": "Noches de Neón"})
    created = Campaign.objects.get(name="Noches de Neón")
    assert response.status_code == 302
    assert response.url == page("campaign_detail", created)
    assert created.gm == gm
    assert Membership.objects.get(campaign=created).role == "gm"


def test_creating_a_campaign_with_htmx_redirects_the_browser(as_user, gm):
    response = as_user(gm).post(CREATE, {"name": "Noches de Neón"}, **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == page("campaign_detail", Campaign.objects.get())


@pytest.mark.parametrize("name", ["", "   ", "x" * 121])
def test_a_campaign_needs_a_sensible_name(as_user, gm, name):
    response = as_user(gm).post(CREATE, {"name": name})
    assert response.status_code == 400  # bad input, nothing created
    assert 'aria-invalid="true"' in html(response)
    assert not Campaign.objects.exists()
    response = as_user(gm).post(CREATE, {"name": name}, **HTMX)
    assert is_partial(response)
    assert 'id="campaigns-panel"' in html(response)


def test_create_and_join_need_a_post(as_user, gm):
    assert as_user(gm).get(CREATE).status_code == 405


# Join ---------------------------------------------------------------------------------------


def test_joining_with_a_code_goes_to_the_campaign(as_user, campaign):
    newcomer = UserFactory()
    response = as_user(newcomer).post(JOIN, {"invite_code": campaign.invite_code.lower()})
    assert response.status_code == 302
    assert response.url == page("campaign_detail", campaign)
    assert Membership.objects.get(campaign=campaign, user=newcomer).role == "player"


def test_joining_with_htmx_returns_the_updated_panel(as_user, campaign):
    response = as_user(UserFactory()).post(JOIN, {"invite_code": campaign.invite_code}, **HTMX)
    assert response.status_code == 200
    assert is_partial(response)
    body = html(response)
    assert body.lstrip().startswith('<div id="campaigns-panel"')
    assert "Te has unido a «La Liga de la Noche»" in body
    assert page("campaign_detail", campaign) in body


@pytest.mark.parametrize("code", ["NOEXISTE22", "", "    ", "x" * 40, "'; DROP TABLE x;--", "💥"])
def test_a_wrong_code_shows_an_error_and_changes_nothing(as_user, campaign, code):
    newcomer = UserFactory()
    client = as_user(newcomer)
    for extra in ({}, HTMX):
        response = client.post(JOIN, {"invite_code": code}, **extra)
        assert response.status_code == 200
        assert 'aria-invalid="true"' in html(response)
    assert is_partial(response)
    assert Membership.objects.count() == 1


def test_the_wrong_code_message_speaks_english(as_user, campaign):
    client = as_user(UserFactory())
    response = client.post(JOIN, {"invite_code": "NOEXISTE22"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "The invite code is not valid." in html(response)


def test_joining_twice_says_so(as_user, campaign, player):
    response = as_user(player).post(JOIN, {"invite_code": campaign.invite_code}, **HTMX)
    assert "Ya perteneces a esta campaña." in html(response)
    assert Membership.objects.filter(campaign=campaign).count() == 2


def test_the_join_link_fills_in_the_code(as_user, campaign):
    response = as_user(UserFactory()).get(JOIN, {"code": campaign.invite_code})
    assert response.status_code == 200
    assert f'value="{campaign.invite_code}"' in html(response)


# Detail -------------------------------------------------------------------------------------


def test_the_gm_sees_members_and_the_invite_code(as_user, gm, campaign, player):
    response = as_user(gm).get(page("campaign_detail", campaign))
    assert response.status_code == 200
    body = html(response)
    assert campaign.invite_code in body
    assert f"{JOIN}?code={campaign.invite_code}" in body
    assert "jugadora" in body and "director" in body
    assert "Director de juego" in body and "Jugador" in body


def test_a_player_sees_the_members_but_not_the_code(as_user, campaign, player):
    body = html(as_user(player).get(page("campaign_detail", campaign)))
    assert "director" in body
    assert campaign.invite_code not in body
    assert page("campaign_leave", campaign) in body
    assert page("campaign_rename", campaign) not in body


def test_an_outsider_gets_404(as_user, campaign):
    client = as_user(UserFactory())
    for name in ("campaign_detail",):
        assert client.get(page(name, campaign)).status_code == 404
    for name in ("campaign_rename", "campaign_regenerate_invite", "campaign_leave"):
        assert client.post(page(name, campaign), {"name": "Mía"}).status_code == 404
    assert client.get("/campaigns/999999999999999999999999/").status_code == 404


def test_a_player_gets_403_for_gm_actions_and_nothing_changes(as_user, campaign, player):
    client = as_user(player)
    old_code = campaign.invite_code
    assert client.post(page("campaign_rename", campaign), {"name": "Mía"}).status_code == 403
    assert client.post(page("campaign_regenerate_invite", campaign), **HTMX).status_code == 403
    campaign.refresh_from_db()
    assert (campaign.name, campaign.invite_code) == ("La Liga de la Noche", old_code)


# Regenerate, rename, leave ------------------------------------------------------------------


def test_regenerating_the_code_without_javascript_redirects(as_user, gm, campaign):
    old_code = campaign.invite_code
    response = as_user(gm).post(page("campaign_regenerate_invite", campaign))
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.invite_code != old_code


def test_regenerating_the_code_with_htmx_returns_the_invite_partial(as_user, gm, campaign):
    old_code = campaign.invite_code
    response = as_user(gm).post(page("campaign_regenerate_invite", campaign), **HTMX)
    campaign.refresh_from_db()
    body = html(response)
    assert is_partial(response)
    assert body.lstrip().startswith('<section id="invite"')
    assert campaign.invite_code in body and old_code not in body
    assert "HX-Request" in response["Vary"]


def test_renaming_without_javascript_redirects(as_user, gm, campaign):
    response = as_user(gm).post(page("campaign_rename", campaign), {"name": "La Liga del Alba"})
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.name == "La Liga del Alba"


def test_renaming_with_htmx_returns_the_header_partial(as_user, gm, campaign):
    response = as_user(gm).post(page("campaign_rename", campaign), {"name": "La Liga del Alba"}, **HTMX)
    body = html(response)
    assert is_partial(response)
    assert body.lstrip().startswith('<header id="campaign-header"')
    assert "La Liga del Alba" in body


def test_renaming_to_nothing_shows_the_error_in_the_partial(as_user, gm, campaign):
    response = as_user(gm).post(page("campaign_rename", campaign), {"name": "  "}, **HTMX)
    assert is_partial(response)
    assert 'aria-invalid="true"' in html(response)
    campaign.refresh_from_db()
    assert campaign.name == "La Liga de la Noche"


def test_leaving_without_javascript_goes_back_to_the_list(as_user, campaign, player):
    client = as_user(player)
    response = client.post(page("campaign_leave", campaign))
    assert response.status_code == 302
    assert response.url == LIST
    assert not Membership.objects.filter(campaign=campaign, user=player).exists()
    assert client.get(page("campaign_detail", campaign)).status_code == 404


def test_leaving_with_htmx_returns_a_notice(as_user, campaign, player):
    response = as_user(player).post(page("campaign_leave", campaign), **HTMX)
    assert is_partial(response)
    assert "Has abandonado «La Liga de la Noche»." in html(response)
    assert not Membership.objects.filter(campaign=campaign, user=player).exists()


def test_the_gm_is_told_they_cannot_leave(as_user, gm, campaign):
    client = as_user(gm)
    response = client.post(page("campaign_leave", campaign), **HTMX)
    assert is_partial(response)
    assert "El director de juego no puede abandonar su propia campaña." in html(response)
    response = client.post(page("campaign_leave", campaign), follow=True)
    assert "El director de juego no puede abandonar su propia campaña." in html(response)
    assert Membership.objects.filter(campaign=campaign, user=gm).exists()


# Queries ------------------------------------------------------------------------------------

MAX_PAGE_QUERIES = 5


@pytest.mark.parametrize("campaigns", [2, 20])
def test_the_list_page_does_not_grow_in_queries_with_more_campaigns(
    django_assert_max_num_queries, as_user, gm, campaigns
):
    for n in range(campaigns):
        if n % 2:
            campaign_for(gm=gm, name=f"Mesa {n}")
        else:
            player_in(campaign_for(name=f"Mesa {n}"), gm)
    client = as_user(gm)
    with django_assert_max_num_queries(MAX_PAGE_QUERIES):
        response = client.get(LIST)
    assert html(response).count('class="fw-semibold"') == campaigns


def test_the_campaign_page_links_to_its_encounters(db, client):
    gm = UserFactory()
    campaign = campaign_for(gm=gm)
    client.force_login(gm)
    page = client.get(reverse("campaigns:campaign_detail", args=[campaign.pk])).content.decode()
    assert reverse("encounters:list", args=[campaign.pk]) in page
