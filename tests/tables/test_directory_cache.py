"""`/mesas/` is remembered under the directory's version (`epic20site.remembered_pages`): a
repeated visit reads one aggregate, and every change the directory shows (a listing, an
unlisting, a seat taken, a new pitch, a rename) shows at once."""

import pytest
from django.urls import reverse

from campaigns import services as campaign_services
from tables import services
from tests.factories import UserFactory
from tests.remembered import without_tokens

from .helpers import apply, listed_campaign

pytestmark = pytest.mark.django_db
DIRECTORY = reverse("tables:directory")


def test_a_repeated_visit_is_served_from_the_cache_with_one_query(client, django_assert_max_num_queries):
    for i in range(5):
        listed_campaign(UserFactory(), name=f"Mesa {i}")
    first = client.get(DIRECTORY)
    with django_assert_max_num_queries(1):  # the directory's version
        second = client.get(DIRECTORY)
    assert without_tokens(second.content) == without_tokens(first.content)


def test_a_new_listing_shows_at_once(client):
    client.get(DIRECTORY)
    listed_campaign(name="La Mesa Nueva")
    assert "La Mesa Nueva" in client.get(DIRECTORY).content.decode()


def test_unlisting_hides_the_campaign_at_once(client):
    campaign = listed_campaign(name="La Mesa Que Se Va")
    assert "La Mesa Que Se Va" in client.get(DIRECTORY).content.decode()
    services.listing_update(campaign=campaign, changes={"listed": False})
    assert "La Mesa Que Se Va" not in client.get(DIRECTORY).content.decode()


def test_a_seat_taken_shows_at_once(client):
    campaign = listed_campaign(seats=2)
    assert "2 plazas libres" in client.get(DIRECTORY).content.decode()
    application = apply(UserFactory(), campaign)
    services.application_decide(campaign=campaign, application_id=application.pk, status="accepted")
    text = client.get(DIRECTORY).content.decode()
    assert "1 plaza libre" in text and "2 plazas libres" not in text


def test_new_seats_and_a_rename_show_at_once(client):
    campaign = listed_campaign(seats=2)
    client.get(DIRECTORY)
    services.listing_update(campaign=campaign, changes={"seats": 5})
    assert "5 plazas libres" in client.get(DIRECTORY).content.decode()
    campaign_services.campaign_update(campaign=campaign, name="La Liga Renombrada")
    assert "La Liga Renombrada" in client.get(DIRECTORY).content.decode()


def test_each_filter_is_remembered_apart(client):
    listed_campaign(name="La Liga de la Noche")
    listed_campaign(UserFactory(), name="Dawn Patrol", language="en")
    assert "La Liga" in client.get(DIRECTORY).content.decode()
    english = client.get(DIRECTORY, {"language": "en"}).content.decode()
    assert "Dawn Patrol" in english and "La Liga" not in english


def test_a_refused_filter_is_not_answered_with_another_refused_filters_page(client):
    listed_campaign()
    client.get(DIRECTORY, {"language": "xx"})
    assert "yy" in client.get(DIRECTORY, {"language": "yy"}).content.decode()


def test_the_directory_reads_in_a_constant_number_of_queries(client, django_assert_max_num_queries):
    for i in range(12):
        listed_campaign(UserFactory(), name=f"Mesa {i}")
    with django_assert_max_num_queries(3):  # the version, the count, the page with campaigns and GMs
        page = client.get(DIRECTORY)
    assert "Mesa 11" in page.content.decode()
    with django_assert_max_num_queries(2):  # the count, the page
        assert client.get("/api/v1/tables/").json()["count"] == 12


def test_the_directory_speaks_english_when_asked(client):
    listed_campaign(seats=1)
    text = client.get(DIRECTORY, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Find a table" in text and "1 open seat" in text
    assert "Steady: 1 or 2 posts a week, 72 h per turn" in text and "Constante" not in text
