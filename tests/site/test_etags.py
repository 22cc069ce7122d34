"""Entity tags (API.md, "HTTP conventions"): a sheet, a campaign and an encounter's state carry
`ETag` and answer 304 to `If-None-Match`; a write of a sheet or a campaign on a stale `If-Match`
answers 412 `precondition.failed` and changes nothing, so the owner's and the GM's edits of the
same sheet never silently overwrite each other. The builder page carries its version too."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from campaigns.models import Campaign
from characters.models import Character
from tests.characters.helpers import form_data, nova
from tests.combat.encounters.conftest import Table
from tests.factories import UserFactory, player_in

pytestmark = pytest.mark.django_db

STALE_ES = "Alguien ha cambiado esto después de que lo leyeras: no se ha guardado nada. Vuelve a leerlo y repite el cambio."
STALE_EN = (
    "Someone changed this after you read it: nothing was saved. Read it again and make your change again."
)


@pytest.fixture
def table(db):
    return Table()


def _sheet_url(table):
    return f"/api/v1/characters/{table.character.pk}/"


def _stale(response, lang="es"):
    assert response.status_code == 412, response.content[:300]
    [error] = response.json()["errors"]
    assert error["code"] == "precondition.failed"
    assert error["message"] == (STALE_EN if lang == "en" else STALE_ES)


def test_a_sheet_carries_an_etag_and_answers_304_until_it_changes(table):
    first = table.player_api.get(_sheet_url(table))
    tag = first["ETag"]
    assert tag.startswith('"') and tag.endswith('"')
    again = table.player_api.get(_sheet_url(table), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag
    assert table.player_api.get(_sheet_url(table), HTTP_IF_NONE_MATCH=f"W/{tag}").status_code == 304
    changed = table.player_api.patch(_sheet_url(table), {"concept": "as del aire"}, format="json")
    assert changed.status_code == 200 and changed["ETag"] != tag
    after = table.player_api.get(_sheet_url(table), HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200 and after["ETag"] == changed["ETag"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_owner_and_the_gm_saving_the_same_sheet_lose_no_edit(table, lang):
    owner_tag = table.player_api.get(_sheet_url(table))["ETag"]
    gm_tag = table.gm_api.get(_sheet_url(table))["ETag"]
    assert owner_tag == gm_tag

    owner = table.player_api.patch(
        _sheet_url(table), {"concept": "del dueño"}, format="json", HTTP_IF_MATCH=owner_tag
    )
    assert owner.status_code == 200
    gm = table.gm_api.patch(
        _sheet_url(table),
        {"concept": "del director"},
        format="json",
        HTTP_IF_MATCH=gm_tag,
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    _stale(gm, lang)
    assert Character.objects.get(pk=table.character.pk).sheet["concept"] == "del dueño"
    # Read again, the GM's change goes through.
    fresh = table.gm_api.get(_sheet_url(table))["ETag"]
    assert (
        table.gm_api.patch(
            _sheet_url(table), {"concept": "del director"}, format="json", HTTP_IF_MATCH=fresh
        ).status_code
        == 200
    )


def test_put_and_delete_on_a_stale_version_change_nothing(table):
    tag = table.player_api.get(_sheet_url(table))["ETag"]
    table.gm_api.patch(_sheet_url(table), {"concept": "del director"}, format="json")
    _stale(table.player_api.put(_sheet_url(table), nova(concept="otra"), format="json", HTTP_IF_MATCH=tag))
    moved = {**nova(), "campaign": None}
    _stale(table.player_api.put(_sheet_url(table), moved, format="json", HTTP_IF_MATCH=tag))
    _stale(table.player_api.delete(_sheet_url(table), HTTP_IF_MATCH=tag))
    _stale(table.player_api.put(_sheet_url(table), nova(), format="json", HTTP_IF_MATCH=f"W/{tag}"))
    character = Character.objects.get(pk=table.character.pk)
    assert character.sheet["concept"] == "del director" and character.campaign_id == table.campaign.pk


def test_a_current_or_any_if_match_and_none_at_all_go_ahead(table):
    tag = table.player_api.get(_sheet_url(table))["ETag"]
    assert (
        table.player_api.put(
            _sheet_url(table), nova(concept="uno"), format="json", HTTP_IF_MATCH=tag
        ).status_code
        == 200
    )
    assert (
        table.player_api.patch(
            _sheet_url(table), {"concept": "dos"}, format="json", HTTP_IF_MATCH="*"
        ).status_code
        == 200
    )
    assert table.player_api.patch(_sheet_url(table), {"concept": "tres"}, format="json").status_code == 200
    tag = table.player_api.get(_sheet_url(table))["ETag"]
    assert table.player_api.delete(_sheet_url(table), HTTP_IF_MATCH=f'"otra", {tag}').status_code == 204


def test_a_campaign_carries_an_etag_and_refuses_a_stale_rename(table):
    url = f"/api/v1/campaigns/{table.campaign.pk}/"
    tag = table.gm_api.get(url)["ETag"]
    assert table.gm_api.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    player_in(table.campaign, UserFactory())  # a new member: the answer's member_count moved
    assert table.gm_api.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200
    fresh = table.gm_api.get(url)["ETag"]
    renamed = table.gm_api.patch(url, {"name": "La Liga"}, format="json", HTTP_IF_MATCH=fresh)
    assert renamed.status_code == 200 and renamed["ETag"] != fresh
    _stale(table.gm_api.patch(url, {"name": "Otra", "rules_options": {}}, format="json", HTTP_IF_MATCH=fresh))
    _stale(
        table.gm_api.patch(
            url, {"name": "Otra"}, format="json", HTTP_IF_MATCH=fresh, HTTP_ACCEPT_LANGUAGE="en"
        ),
        "en",
    )
    assert Campaign.objects.get(pk=table.campaign.pk).name == "La Liga"
    assert table.gm_api.patch(url, {"name": "Sin versión"}, format="json").status_code == 200


def test_an_encounters_state_carries_an_etag_and_answers_304_until_it_moves(table):
    encounter = table.create()["id"]
    url = f"/api/v1/encounters/{encounter}/"
    tag = table.gm_api.get(url)["ETag"]
    assert table.gm_api.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    # What a player may see is theirs: their tag is not the GM's.
    assert table.player_api.get(url)["ETag"] != tag
    table.add_pc(encounter)
    moved = table.gm_api.get(url, HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and moved["ETag"] != tag
    settings = table.gm_api.patch(url, {"exact_odds_for_players": True}, format="json")
    assert settings.status_code == 200
    assert table.gm_api.get(url, HTTP_IF_NONE_MATCH=moved["ETag"]).status_code == 200


def _browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _opened_version(page) -> str:
    found = re.search(r'name="version" value="([^"]+)"', page.content.decode())
    assert found, "the builder carries the version it was opened on"
    return html.unescape(found.group(1))


def test_a_stale_save_from_the_builder_says_so_instead_of_overwriting(table):
    owner, gm = _browser(table.player), _browser(table.gm)
    edit = f"/characters/{table.character.pk}/edit/"
    owner_version = _opened_version(owner.get(edit))
    gm_version = _opened_version(gm.get(edit))
    assert owner_version == gm_version == table.player_api.get(_sheet_url(table))["ETag"]

    saved = owner.post(edit, form_data(nova(concept="del dueño"), save="1", version=owner_version))
    assert saved.status_code == 302
    refused = gm.post(edit, form_data(nova(concept="del director"), save="1", version=gm_version))
    assert refused.status_code == 412
    page = refused.content.decode()
    assert STALE_ES in page
    assert 'value="del director"' in page  # the GM's edit is still in the form, to copy
    assert Character.objects.get(pk=table.character.pk).sheet["concept"] == "del dueño"


def test_the_builder_keeps_the_version_it_was_opened_on_through_live_checks(table):
    owner = _browser(table.player)
    edit = f"/characters/{table.character.pk}/edit/"
    version = _opened_version(owner.get(edit))
    table.gm_api.patch(_sheet_url(table), {"concept": "del director"}, format="json")
    live = owner.post(edit, form_data(nova(concept="mía"), version=version), HTTP_HX_REQUEST="true")
    assert live.status_code == 200
    assert _opened_version(live) == version
    refused = owner.post(edit, form_data(nova(concept="mía"), save="1", version=version))
    assert refused.status_code == 412
