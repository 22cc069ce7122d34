"""The campaign journal through the API: Markdown rendered and sanitised, visibility to all, to
the GM or to one player, edits with history, search, and bad input that changes nothing."""

from html.parser import HTMLParser

import pytest

from tests.factories import UserFactory, campaign_for, player_in
from tests.tracking.helpers import client_for, codes, send
from tracking.journal import render_markdown
from tracking.models import JournalEntry, JournalRevision

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    gm = UserFactory(username="director")
    campaign = campaign_for(gm=gm)
    ana = player_in(campaign, UserFactory(username="ana"))
    bea = player_in(campaign, UserFactory(username="bea"))
    return campaign, gm, ana, bea


def journal(campaign):
    return f"/api/v1/campaigns/{campaign.pk}/journal/"


def post(user, campaign, body, **extra):
    return send(client_for(user), "POST", journal(campaign), {"body": body, **extra})


def bodies(user, campaign, query=""):
    response = client_for(user).get(journal(campaign) + (f"?q={query}" if query else ""))
    return [e["body"] for e in response.json()["results"]]


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.attributes = set(), []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes += attrs


def _elements(html):
    """The real elements and attributes of `html` (escaped text is not markup)."""
    parser = _Collect()
    parser.feed(html)
    return parser.tags, parser.attributes


@pytest.mark.parametrize(
    "markdown",
    [
        "<script>alert(1)</script>",
        "[x](javascript:alert(1))",
        '<img src=x onerror="alert(1)">',
        "<a href='https://a.org' onclick='x()'>a</a>",
        '<div style="color:red">x</div>',
    ],
)
def test_markdown_with_scripts_handlers_or_styles_renders_none_of_them(markdown):
    tags, attributes = _elements(render_markdown(markdown))
    assert not tags & {"script", "img", "div", "iframe"}
    assert not {name for name, _ in attributes if name.startswith("on") or name == "style"}
    assert not [value for name, value in attributes if name == "href" and "javascript" in (value or "")]


def test_markdown_renders_emphasis_lists_and_safe_links():
    html = render_markdown("**Lince** llega.\n\n- uno\n- dos\n\n[mapa](https://example.org/m)")
    assert "<strong>Lince</strong>" in html and "<li>uno</li>" in html
    assert 'href="https://example.org/m"' in html and 'rel="noopener noreferrer nofollow"' in html


def test_an_entry_is_created_with_its_sanitised_html_and_its_author(table):
    campaign, gm, ana, _ = table
    response = post(ana, campaign, "Hola *mesa* <script>x</script>")
    assert response.status_code == 201
    data = response.json()
    assert {"id", "author", "body", "html", "visibility", "created_at"} <= set(data)
    assert data["author"]["username"] == "ana" and data["visibility"] == "all"
    assert "<em>mesa</em>" in data["html"] and "<script" not in data["html"]


def test_each_member_reads_only_the_entries_visible_to_them(table):
    campaign, gm, ana, bea = table
    post(gm, campaign, "para todos")
    post(gm, campaign, "secreto del director", visibility="gm")
    post(gm, campaign, "solo para Ana", visibility=ana.pk)
    post(bea, campaign, "Bea al director", visibility="gm")
    assert set(bodies(gm, campaign)) == {
        "para todos",
        "secreto del director",
        "solo para Ana",
        "Bea al director",
    }
    assert set(bodies(ana, campaign)) == {"para todos", "solo para Ana"}
    assert set(bodies(bea, campaign)) == {"para todos", "Bea al director"}
    hidden = JournalEntry.objects.get(body="solo para Ana").pk
    assert client_for(bea).get(journal(campaign) + f"{hidden}/").status_code == 404
    assert client_for(UserFactory()).get(journal(campaign)).status_code == 404


def test_the_journal_can_be_searched(table):
    campaign, gm, ana, _ = table
    post(gm, campaign, "El dragón despierta")
    post(gm, campaign, "Llueve en la ciudad")
    assert bodies(ana, campaign, "dragón") == ["El dragón despierta"]


def test_the_author_edits_an_entry_and_the_earlier_text_stays_in_its_history(table):
    campaign, gm, ana, _ = table
    eid = post(ana, campaign, "primera versión").json()["id"]
    edited = send(client_for(ana), "PATCH", journal(campaign) + f"{eid}/", {"body": "segunda **versión**"})
    assert edited.status_code == 200
    assert edited.json()["body"] == "segunda **versión**" and "<strong>" in edited.json()["html"]
    assert [h["body"] for h in edited.json()["history"]] == ["primera versión"]


def test_nobody_but_the_author_edits_an_entry_not_even_the_gm(table):
    campaign, gm, ana, bea = table
    eid = post(ana, campaign, "mía").json()["id"]
    for other in (gm, bea):
        response = send(client_for(other), "PATCH", journal(campaign) + f"{eid}/", {"body": "tuya"})
        assert response.status_code == 403 and codes(response) == {"journal.not_author"}
    assert JournalEntry.objects.get(pk=eid).body == "mía" and not JournalRevision.objects.exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"body": ""}, None),
        ({"body": "   "}, "body.blank"),
        ({"body": "x", "visibility": "everyone"}, "visibility.invalid"),
        ({"body": "x", "visibility": 999999}, "visibility.invalid"),
        ({"body": "x", "visibility": True}, "visibility.invalid"),
        ({"body": "x", "partida": 999999}, "partida.invalid"),
        ({"body": "x" * 50_001}, "body.max_length"),
    ],
)
def test_bad_entries_are_refused_and_nothing_is_written(table, body, code):
    campaign, gm, *_ = table
    response = send(client_for(gm), "POST", journal(campaign), body)
    assert response.status_code == 400
    if code:
        assert codes(response) == {code}
    assert not JournalEntry.objects.exists()


def test_an_entry_may_not_be_addressed_to_someone_outside_the_campaign(table):
    campaign, gm, *_ = table
    stranger = UserFactory()
    assert codes(post(gm, campaign, "x", visibility=stranger.pk)) == {"visibility.invalid"}


def test_an_entry_belongs_to_the_partida_in_progress(table):
    campaign, gm, *_ = table
    pid = send(client_for(gm), "POST", f"/api/v1/campaigns/{campaign.pk}/partidas/", {"title": "Una"}).json()[
        "id"
    ]
    assert post(gm, campaign, "durante la partida").json()["partida"] == pid


def test_a_new_entry_notifies_exactly_those_who_may_read_it_and_shows_no_address(table):
    from notifications.models import Outbox

    campaign, gm, ana, bea = table
    post(gm, campaign, "solo para Ana", visibility=ana.pk)
    assert set(Outbox.objects.values_list("user__username", flat=True)) == {"ana"}
    post(bea, campaign, "al director", visibility="gm")
    assert set(Outbox.objects.values_list("user__username", flat=True)) == {"ana", "director"}
    post(ana, campaign, "para todos")
    told = list(Outbox.objects.filter(key__endswith=str(JournalEntry.objects.get(body="para todos").pk)))
    assert {r.user.username for r in told} == {"director", "bea"}
    assert all("@" not in r.text and "para todos" not in r.text for r in told)


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("visibility", 2**70, "visibility.invalid"),
        ("visibility", [1], "visibility.invalid"),
        ("visibility", {"id": 1}, "visibility.invalid"),
        ("quote", {"encounter": 2**70, "round": 1}, "quote.invalid"),
    ],
)
def test_ids_no_database_could_hold_are_refused_as_bad_input(table, field, value, code):
    campaign, gm, *_ = table
    response = send(client_for(gm), "POST", journal(campaign), {"body": "x", field: value})
    assert response.status_code == 400 and codes(response) == {code}
    assert not JournalEntry.objects.exists()
