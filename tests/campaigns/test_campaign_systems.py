"""Every game system through the campaign pages: the form offers each registered system (a toy
one the suite registers too), described in one line, Epic20 chosen unless the GM picks another;
the campaign page, the campaign list, the character list, the sheet and the fight page say which
system they play; bad input is refused with a clear message and creates nothing."""

from __future__ import annotations

import copy

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign
from combat import services as combat
from combat.demos.msh import HEROES
from rules import systems
from rules.anima.examples import SWORDSWOMAN
from rules.registration import registrations
from tests.characters.helpers import make_character, nova
from tests.combat.test_toy_system import Coin
from tests.factories import UserFactory, campaign_for
from tests.rules.hero.helpers import sheet as hero_sheet

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
LIST = reverse("campaigns:campaign_list")
CREATE = reverse("campaigns:campaign_create")
SYSTEMS = tuple(registrations())
NAMES = {
    "epic20": "Epic20",
    "msh": "Marvel Super Heroes (tabla universal)",
    "anima": "Anima (d10)",
    "hero": "Hero System",
}


def sheet_of(system: str, name: str) -> dict:
    """A legal sheet of `system` named `name`."""
    sheet = {
        "epic20": nova,
        "msh": lambda: copy.deepcopy(HEROES[0][1]),
        "anima": lambda: copy.deepcopy(SWORDSWOMAN),
        "hero": hero_sheet,
    }[system]()
    return {**sheet, "name": name}


def client_for(user, **headers) -> Client:
    client = Client(**headers)
    client.force_login(user)
    return client


def text(response) -> str:
    return response.content.decode()


def card_of(html: str, slug: str) -> str:
    """The form's card of one system, from its radio to the end of its label."""
    start = html.index(f'id="system-{slug}"')
    return html[start : html.index("</label>", start)]


@pytest.fixture
def coin():
    systems.register(Coin())
    yield
    systems.unregister("coin")


# The form -------------------------------------------------------------------------------------


def test_the_form_offers_every_system_with_its_line_and_epic20_chosen():
    html = text(client_for(UserFactory()).get(LIST))
    for slug, system in systems.all_systems().items():
        card = card_of(html, slug)
        assert f'value="{slug}"' in card
        assert system.name_es in card and system.dice in card and system.summary_es in card
    assert " checked" in card_of(html, "epic20")
    assert [slug for slug in SYSTEMS if " checked" in card_of(html, slug)] == ["epic20"]
    assert html.index('id="system-epic20"') < html.index('id="system-anima"')


def test_the_form_speaks_english_when_asked():
    html = text(client_for(UserFactory(), HTTP_ACCEPT_LANGUAGE="en").get(LIST))
    assert "Game system" in html
    for slug in SYSTEMS:
        assert systems.get(slug).summary_en in card_of(html, slug)


def test_a_system_registered_later_is_offered_and_can_be_chosen(coin):
    gm = UserFactory()
    html = text(client_for(gm).get(LIST))
    assert "Moneda" in card_of(html, "coin") and "Se juega con 1d2." in card_of(html, "coin")
    response = client_for(gm).post(CREATE, {"name": "Cara o cruz", "system": "coin"})
    assert response.status_code == 302
    assert Campaign.objects.get(name="Cara o cruz").system == "coin"


@pytest.mark.parametrize("slug", SYSTEMS)
def test_creating_a_campaign_of_each_system_through_the_page(slug):
    gm = UserFactory()
    response = client_for(gm).post(CREATE, {"name": f"Mesa {slug}", "system": slug})
    campaign = Campaign.objects.get()
    assert (campaign.name, campaign.system, campaign.gm) == (f"Mesa {slug}", slug, gm)
    assert response.status_code == 302
    assert response.url == reverse("campaigns:campaign_detail", args=[campaign.pk])


def test_a_form_sent_without_a_system_creates_an_epic20_campaign_as_the_api_does():
    client_for(UserFactory()).post(CREATE, {"name": "Sin elegir"})
    assert Campaign.objects.get().system == "epic20"


@pytest.mark.parametrize("sent", ["dnd5e", "EPIC20", "epic20 ", "x" * 500])
def test_an_unknown_system_is_refused_with_a_clear_message_and_creates_nothing(sent):
    gm = UserFactory()
    response = client_for(gm).post(CREATE, {"name": "Mesa rara", "system": sent})
    assert response.status_code == 400
    html = text(response)
    assert "Elige uno de los sistemas de juego de la lista." in html
    assert 'aria-invalid="true"' in card_of(html, "epic20")
    assert 'value="Mesa rara"' in html  # the name typed is kept
    assert [slug for slug in SYSTEMS if " checked" in card_of(html, slug)] == ["epic20"]
    assert not Campaign.objects.exists()

    english = client_for(gm, HTTP_ACCEPT_LANGUAGE="en").post(CREATE, {"name": "Odd", "system": sent})
    assert english.status_code == 400
    assert "Choose one of the game systems in the list." in text(english)

    partial = client_for(gm).post(CREATE, {"name": "Mesa rara", "system": sent}, **HTMX)
    assert "<html" not in text(partial) and 'id="campaigns-panel"' in text(partial)
    assert "Elige uno de los sistemas de juego de la lista." in text(partial)
    assert not Campaign.objects.exists()


def test_a_refused_name_keeps_the_system_the_gm_chose():
    response = client_for(UserFactory()).post(CREATE, {"name": "  ", "system": "hero"})
    assert response.status_code == 400
    html = text(response)
    assert [slug for slug in SYSTEMS if " checked" in card_of(html, slug)] == ["hero"]
    assert not Campaign.objects.exists()


# The system on every page ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", SYSTEMS)
def test_the_campaign_page_and_list_name_the_system(slug):
    gm = UserFactory(username="directora")
    campaign = campaign_for(gm, name="La Mesa", system=slug)
    badge = f'data-system="{slug}" title="Sistema de juego">{NAMES[slug]}</span>'
    detail = text(client_for(gm).get(reverse("campaigns:campaign_detail", args=[campaign.pk])))
    header = detail[
        detail.index('id="campaign-meta"') : detail.index("</p>", detail.index('id="campaign-meta"'))
    ]
    assert badge in header and "Dirige directora" in header
    listed = text(client_for(gm).get(LIST))
    row = listed[listed.index("La Mesa") : listed.index("</li>", listed.index("La Mesa"))]
    assert badge in row


@pytest.mark.parametrize("slug", SYSTEMS)
def test_the_sheet_page_and_the_character_list_name_the_system(slug):
    owner = UserFactory()
    character = make_character(owner, sheet=sheet_of(slug, "Ficha"))
    badge = f'data-system="{slug}" title="Sistema de juego">{NAMES[slug]}</span>'
    sheet = text(client_for(owner).get(reverse("characters:sheet", args=[character.pk])))
    header = sheet[sheet.index('id="sheet-name"') : sheet.index("</header>")]
    assert badge in header
    listed = text(client_for(owner).get(reverse("characters:list")))
    assert '<th scope="col">Sistema</th>' in listed
    row = listed[listed.index(f'id="character-{character.pk}"') :]
    assert badge in row[: row.index("</tr>")]


@pytest.mark.parametrize("slug", SYSTEMS)
def test_the_fight_page_names_the_system_beside_its_title(slug):
    gm = UserFactory()
    campaign = campaign_for(gm, system=slug)
    encounter = combat.encounter_create(campaign=campaign, user=gm, name="La Pelea")
    html = text(client_for(gm).get(reverse("encounters:detail", args=[encounter.pk])))
    header = html[html.index('id="encounter-header"') : html.index("</header>")]
    assert f'data-system="{slug}" title="Sistema de juego">{NAMES[slug]}</span>' in header


def test_a_badge_speaks_english_when_asked():
    gm = UserFactory()
    campaign = campaign_for(gm, system="msh")
    url = reverse("campaigns:campaign_detail", args=[campaign.pk])
    html = text(client_for(gm, HTTP_ACCEPT_LANGUAGE="en").get(url))
    assert 'title="Game system">Marvel Super Heroes (Universal Table)</span>' in html


def test_the_character_list_shows_a_level_only_for_a_system_whose_sheet_has_one():
    owner = UserFactory()
    nova = make_character(owner, sheet=sheet_of("epic20", "Nova"))
    dragon = make_character(owner, sheet=sheet_of("hero", "Dragón"))
    listed = text(client_for(owner).get(reverse("characters:list")))

    def level_cell(character) -> str:
        row = listed[listed.index(f'id="character-{character.pk}"') :]
        cell = row[row.index('data-label="Nivel">') :]
        return cell[len('data-label="Nivel">') : cell.index("</td>")]

    assert level_cell(nova) == "8"
    assert level_cell(dragon) == '<span class="text-body-secondary">—</span>'


def test_the_remembered_list_offers_a_system_registered_after_it_was_drawn():
    client = client_for(UserFactory())
    assert 'id="system-coin"' not in text(client.get(LIST))
    systems.register(Coin())
    try:
        assert 'id="system-coin"' in text(client.get(LIST))
    finally:
        systems.unregister("coin")
    assert 'id="system-coin"' not in text(client.get(LIST))
