"""The campaign list is remembered under the version of what it shows
(`epic20site.remembered_pages`); every change shows at once."""

import pytest
from django.urls import reverse

from campaigns import services
from tests.factories import UserFactory, campaign_for
from tests.remembered import without_tokens

pytestmark = pytest.mark.django_db
LIST = reverse("campaigns:campaign_list")


@pytest.fixture
def gm_client(client):
    gm = UserFactory()
    client.force_login(gm)
    client.gm = gm
    return client


def test_a_repeated_visit_is_served_from_the_cache_with_fewer_queries(
    gm_client, django_assert_max_num_queries
):
    for i in range(5):
        campaign_for(gm=gm_client.gm, name=f"Mesa {i}")
    first = gm_client.get(LIST)
    with django_assert_max_num_queries(3):  # session, user, the list's version
        second = gm_client.get(LIST)
    assert second.status_code == 200
    assert without_tokens(second.content) == without_tokens(first.content)


def test_a_new_campaign_appears_at_once(gm_client):
    gm_client.get(LIST)
    services.campaign_create(gm=gm_client.gm, name="La Mesa Nueva")
    assert "La Mesa Nueva" in gm_client.get(LIST).content.decode()


def test_a_rename_appears_at_once(gm_client):
    campaign = campaign_for(gm=gm_client.gm, name="Nombre Viejo")
    gm_client.get(LIST)
    services.campaign_update(campaign=campaign, name="Nombre Nuevo")
    page = gm_client.get(LIST).content.decode()
    assert "Nombre Nuevo" in page and "Nombre Viejo" not in page


def test_another_member_joining_updates_the_member_count(gm_client):
    campaign = campaign_for(gm=gm_client.gm, name="Mesa")
    assert "1 miembro" in gm_client.get(LIST).content.decode()
    services.campaign_join(user=UserFactory(), invite_code=campaign.invite_code)
    assert "2 miembros" in gm_client.get(LIST).content.decode()


def test_leaving_a_campaign_removes_it_at_once(client):
    player = UserFactory()
    campaign = campaign_for(name="Mesa Ajena")
    services.campaign_join(user=player, invite_code=campaign.invite_code)
    client.force_login(player)
    assert "Mesa Ajena" in client.get(LIST).content.decode()
    services.campaign_leave(user=player, campaign=campaign)
    assert "Mesa Ajena" not in client.get(LIST).content.decode()


def test_two_users_never_see_each_others_cached_list(client):
    alice, bruno = UserFactory(), UserFactory()
    campaign_for(gm=alice, name="Mesa de Alicia")
    client.force_login(alice)
    client.get(LIST)
    client.force_login(bruno)
    assert "Mesa de Alicia" not in client.get(LIST).content.decode()


def test_a_pending_message_is_shown_around_the_remembered_list(client):
    player = UserFactory()
    campaign = campaign_for(name="Mesa Ajena")
    services.campaign_join(user=player, invite_code=campaign.invite_code)
    client.force_login(player)
    client.get(LIST)  # cached, without any message
    response = client.post(reverse("campaigns:campaign_leave", args=[campaign.pk]), follow=True)
    assert response.redirect_chain[-1][0] == LIST
    assert "Has abandonado «Mesa Ajena»." in response.content.decode()
