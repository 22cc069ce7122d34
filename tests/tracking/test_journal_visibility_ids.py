"""A journal entry's visibility names a member by their id: a plain integer (a JSON number, or
ASCII digits from the page's form). Anything that only looks like one is refused with a 400."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import UserFactory, campaign_for, player_in
from tests.tracking.helpers import client_for, codes, send
from tracking.models import JournalEntry

pytestmark = pytest.mark.django_db

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


@pytest.fixture
def table():
    gm = UserFactory(username="director")
    campaign = campaign_for(gm=gm)
    ana = player_in(campaign, UserFactory(username="ana"))
    return campaign, gm, ana


def _post(user, campaign, visibility):
    body = {"body": "solo para ti", "visibility": visibility}
    return send(client_for(user), "POST", f"/api/v1/campaigns/{campaign.pk}/journal/", body)


@pytest.mark.parametrize(
    "lookalike",
    [
        lambda pk: pk + 0.9,
        lambda pk: float(pk),
        lambda pk: str(pk).translate(ARABIC_INDIC),
        lambda pk: f"{pk}.0",
        lambda pk: f" {pk}",
        lambda pk: f"+{pk}",
        lambda pk: str(pk).replace("1", "¹").replace("2", "²").replace("3", "³"),
        lambda pk: True,
    ],
    ids=["fraction", "float", "arabic-indic", "decimal-text", "space", "plus", "superscript", "true"],
)
def test_a_visibility_that_only_looks_like_a_members_id_is_refused(table, lookalike):
    campaign, gm, ana = table
    visibility = lookalike(ana.pk)
    if visibility == str(ana.pk):  # a lookalike that happens to be the id itself: nothing to test
        pytest.skip("the id has no digit this lookalike changes")
    response = _post(gm, campaign, visibility)
    assert response.status_code == 400, (visibility, response.content[:200])
    assert codes(response) == {"visibility.invalid"}
    assert not JournalEntry.objects.exists()


@pytest.mark.parametrize("as_text", [False, True])
def test_a_members_id_is_accepted_as_a_number_or_plain_digits(table, as_text):
    campaign, gm, ana = table
    response = _post(gm, campaign, str(ana.pk) if as_text else ana.pk)
    assert response.status_code == 201, response.content[:200]
    assert JournalEntry.objects.get().recipient_id == ana.pk


def test_the_page_refuses_other_scripts_digits(table):
    campaign, gm, ana = table
    client = Client()
    client.force_login(gm)
    client.post(
        f"/campaigns/{campaign.pk}/journal/post/",
        {"body": "solo para ti", "visibility": str(ana.pk).translate(ARABIC_INDIC)},
    )
    assert not JournalEntry.objects.exists()
    client.post(
        f"/campaigns/{campaign.pk}/journal/post/", {"body": "solo para ti", "visibility": str(ana.pk)}
    )
    assert JournalEntry.objects.get().recipient_id == ana.pk
