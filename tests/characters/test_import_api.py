"""`POST /api/v1/characters/import/` with another tool's file (docs/api.md "Bring your characters"):
Hero Designer 6E files and Foundry Anima actors, the dry run, the report, and bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from characters.models import Character

pytestmark = pytest.mark.django_db

IMPORT = "/api/v1/characters/import/"
ORACLES = Path(__file__).parent / "import_oracles"
NPC = json.loads((ORACLES / "anima_npcs.json").read_text())["actors"][20]  # Guardia

HERO = """<?xml version="1.0" encoding="UTF-16"?>
<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic6E.hdt">
<CHARACTER_INFO CHARACTER_NAME="Centella"/>
<CHARACTERISTICS>
<STR XMLID="STR" LEVELS="5"/><DEX XMLID="DEX" LEVELS="8"/><CON XMLID="CON" LEVELS="5"/>
<OCV XMLID="OCV" LEVELS="5"/><DCV XMLID="DCV" LEVELS="3"/><SPD XMLID="SPD" LEVELS="2"/>
<PD XMLID="PD" LEVELS="8"/><ED XMLID="ED" LEVELS="8"/><STUN XMLID="STUN" LEVELS="20"/>
<RUNNING XMLID="RUNNING" LEVELS="4"/><SWIMMING XMLID="SWIMMING" LEVELS="2"/>
</CHARACTERISTICS>
<SKILLS>
<SKILL XMLID="COMBAT_LEVELS" LEVELS="2" OPTIONID="ALL" ALIAS="Combat Skill Levels"/>
<SKILL XMLID="ACROBATICS" ALIAS="Acrobatics"/>
</SKILLS>
<POWERS>
<POWER XMLID="ENERGYBLAST" LEVELS="10" ALIAS="Blast" NAME="Rayo" INPUT="ED">
<MODIFIER XMLID="REDUCEDEND" OPTIONID="HALFEND" BASECOST="0.25" ALIAS="Reduced Endurance"/>
<MODIFIER XMLID="FOCUS" OPTIONID="OAF" BASECOST="-1.0" ALIAS="Focus"/>
</POWER>
<POWER XMLID="FORCEFIELD" PDLEVELS="10" EDLEVELS="10" ALIAS="Resistant Protection"/>
<POWER XMLID="FLIGHT" LEVELS="20" ALIAS="Flight"/>
</POWERS>
</CHARACTER>
"""


def hdc(text: str = HERO, encoding: str = "utf-16-le") -> SimpleUploadedFile:
    data = ("\ufeff" + text).encode(encoding) if encoding.startswith("utf-16") else text.encode(encoding)
    return SimpleUploadedFile("centella.hdc", data, content_type="application/octet-stream")


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def post(client, upload, file_format="hero-designer", query=""):
    return client.post(IMPORT + query, {"file": upload, "format": file_format}, format="multipart")


def test_a_hero_designer_file_makes_a_character_with_its_report_and_points(user):
    response = post(client_for(user), hdc())

    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Centella"
    assert body["characteristics"] == {
        "str": 15, "dex": 18, "con": 15, "body": 10, "int": 10, "ego": 10, "pre": 10,
        "pd": 10, "ed": 10, "spd": 4, "rec": 4, "end": 20, "stun": 40,
    }  # fmt: skip
    assert body["resistant_defenses"] == {"pd": 10, "ed": 10}
    assert body["movement"] == 8
    assert body["combat_levels"] == [{"levels": 2, "applies_to": "all"}]
    rayo = body["attacks"][0]
    # 6E: 50 Active Points without Reduced Endurance are 5 END; ½ END makes 2.5, rounded down (6E rounding).
    assert (rayo["name"], rayo["kind"], rayo["dice"], rayo["energy"], rayo["end"]) == (
        "Rayo",
        "ranged",
        10,
        True,
        2,
    )
    # 6E: 10d6 Blast 50 points, ½ END +¼ → 62.5 → 62 Active; OAF −1 → 31 Real.
    assert body["derived"]["points"]["powers"] == [{"name": "Rayo", "active": 62, "real": 31}]
    assert body["derived"]["points"]["characteristics"]["dex"] == 16
    assert body["derived"]["points"]["total"] == 5 + 16 + 5 + 20 + 8 + 8 + 10 + 31
    report = body["import_report"]
    assert report["source"] == "hero-designer"
    assert "Rayo: ENERGYBLAST 10d6 (62 AP, 31 RP)" in report["imported"]
    assert {"item": "Flight", "why": "La hoja de Hero no modela este poder (FLIGHT)."} in report["skipped"]
    assert {"item": "Acrobatics", "why": "La hoja de Hero no guarda habilidades."} in report["skipped"]
    assert {"item": "SWIMMING +2", "why": "La hoja de Hero no guarda esta característica."} in report[
        "skipped"
    ]
    assert report["approximated"][0] == {
        "item": "OCV 8",
        "why": "Las reglas del sitio calculan este valor de DEX/3 (Calculando VCO y VCD; Combate mental): "
        "la hoja usará 6; sus 25 puntos no entran en los de la hoja.",
    }
    assert Character.objects.get(pk=body["id"]).sheet["attacks"][0]["limitations"] == 1.0


def test_the_report_speaks_english_when_asked(user):
    response = client_for(user).post(
        IMPORT, {"file": hdc(), "format": "hero-designer"}, format="multipart", HTTP_ACCEPT_LANGUAGE="en"
    )

    assert {"item": "Flight", "why": "The Hero sheet does not model this power (FLIGHT)."} in response.json()[
        "import_report"
    ]["skipped"]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-8"])
def test_a_dry_run_answers_the_sheet_and_report_and_creates_nothing(user, encoding):
    text = HERO if encoding != "utf-8" else HERO.replace("UTF-16", "UTF-8")
    response = post(client_for(user), hdc(text, encoding), query="?dry_run=true")

    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True and body["errors"] == []
    assert body["sheet"]["name"] == "Centella"
    assert body["derived"]["points"]["powers"] == [{"name": "Rayo", "active": 62, "real": 31}]
    assert body["import_report"]["source"] == "hero-designer"
    assert Character.objects.count() == 0


def test_a_foundry_anima_actor_makes_an_anima_character(user):
    upload = SimpleUploadedFile("guardia.json", json.dumps(NPC).encode(), content_type="application/json")
    response = post(client_for(user), upload, "foundry-anima")

    assert response.status_code == 201
    body = response.json()
    assert (body["system"], body["name"], body["attack"], body["defense"], body["defense_kind"]) == (
        "anima", "Guardia", 70, 70, "block",
    )  # fmt: skip
    assert (body["initiative"], body["hit_points"], body["armor"]) == (30, 100, 2)
    assert [w["name"] for w in body["weapons"]] == [
        "Desarmado",
        "Espada larga",
        "Escudo Medio",
        "Lanza",
        "Ballesta",
    ]
    assert {"item": "Saeta (ammo)", "why": "La hoja no guarda este objeto."} in body["import_report"][
        "skipped"
    ]


def test_the_json_body_import_still_works_and_carries_a_report(user):
    sheet = {
        "system": "anima",
        "name": "Celia",
        "attack": 120,
        "defense": 110,
        "initiative": 70,
        "hit_points": 150,
    }
    response = client_for(user).post(IMPORT, sheet, format="json")

    assert response.status_code == 201
    assert response.json()["import_report"]["source"] == "epic20site"
    assert "attack" in response.json()["import_report"]["imported"]


def refused(response, status=400) -> dict:
    assert response.status_code == status, response.content
    assert Character.objects.count() == 0
    return response.json()["errors"][0]


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<CHARACTER version="6.0"><CHARACTER_INFO CHARACTER_NAME="&lol3;"/></CHARACTER>"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE CHARACTER [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<CHARACTER version="6.0"><CHARACTER_INFO CHARACTER_NAME="&secret;"/></CHARACTER>"""


@pytest.mark.parametrize(
    ("content", "file_format", "code"),
    [
        (BILLION_LAUGHS, "hero-designer", "import.xml_forbidden"),
        (EXTERNAL, "hero-designer", "import.xml_forbidden"),
        ("<CHARACTER><POWERS></CHARACTER>", "hero-designer", "import.xml_broken"),
        ('{"name": "x"}', "hero-designer", "import.xml_broken"),
        ("<HERO/>", "hero-designer", "import.not_hero_designer"),
        ('{"name": "x",', "foundry-anima", "import.json_broken"),
        ('{"name": "x", "system": {}}', "foundry-anima", "import.not_foundry_anima"),
        ("[" * 5000, "foundry-anima", "import.json_broken"),
        (
            '{"name": "\\u0000", "type": "character", "system": {"combat": {}}}',
            "foundry-anima",
            "import.not_text",
        ),
        (
            '{"name": "\\ud800", "type": "character", "system": {"combat": {}}}',
            "foundry-anima",
            "import.not_text",
        ),
        ("<x/>", "fantasy-grounds", "import.unknown_format"),
    ],
)
def test_bad_files_are_refused_with_a_clear_message_and_create_nothing(user, content, file_format, code):
    upload = SimpleUploadedFile("bad", content.encode(), content_type="application/octet-stream")

    error = refused(post(client_for(user), upload, file_format))

    assert error["code"] == code
    assert error["message"]


def test_a_5th_edition_character_is_refused_saying_so(user):
    upload = SimpleUploadedFile("old.hdc", (ORACLES / "superhero_5e.hdc").read_bytes())

    error = refused(post(client_for(user), upload))

    assert error["code"] == "import.fifth_edition"
    assert "5ª edición" in error["message"]


def test_a_file_over_the_upload_limit_is_a_413(user, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    big = HERO.replace("</CHARACTER>", "<NOTES>" + "x" * 20_000 + "</NOTES></CHARACTER>")

    error = refused(post(client_for(user), hdc(big, "utf-8")), 413)

    assert error["code"] == "request.too_large"


def test_a_missing_file_or_format_is_a_400(user):
    client = client_for(user)
    assert refused(client.post(IMPORT, {"format": "hero-designer"}, format="multipart"))["code"] == (
        "import.file_missing"
    )
    assert (
        refused(client.post(IMPORT, {"file": hdc()}, format="multipart"))["code"] == "import.format_missing"
    )


def test_only_a_signed_in_user_imports(api_client):
    assert post(api_client, hdc()).status_code in (401, 403)
    assert Character.objects.count() == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.data(),
    file_format=st.sampled_from(["hero-designer", "foundry-anima"]),
)
def test_mangled_files_answer_400_or_413_never_500(user, data, file_format):
    original = (
        ("\ufeff" + HERO).encode("utf-16-le") if file_format == "hero-designer" else json.dumps(NPC).encode()
    )
    cut = data.draw(st.integers(0, len(original)))
    junk = data.draw(st.binary(max_size=40))
    keep = data.draw(st.integers(0, len(original)))
    mangled = original[:cut] + junk + original[cut + len(junk) : keep if keep > cut else len(original)]
    upload = SimpleUploadedFile("mangled", mangled)

    response = post(client_for(user), upload, file_format, "?dry_run=true")

    assert response.status_code in (200, 400, 413)


def test_a_dry_run_of_a_site_sheet_refuses_what_its_import_would_and_creates_nothing(user):
    sheet = {
        "system": "anima",
        "name": "Celia",
        "attack": 120,
        "defense": 110,
        "initiative": 70,
        "hit_points": 0,
    }
    response = client_for(user).post(IMPORT + "?dry_run=true", sheet, format="json")

    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["/hit_points"]
    assert Character.objects.count() == 0


def test_a_dry_run_of_a_good_site_sheet_answers_the_sheet_it_would_store_with_its_system(user):
    sheet = {"system": "anima", "name": "Celia", "attack": 120, "defense": 110, "initiative": 70,
             "hit_points": 120, "campaign": None}  # fmt: skip
    response = client_for(user).post(IMPORT + "?dry_run=true", sheet, format="json")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["valid"] is True
    assert body["sheet"]["system"] == "anima"
    assert body["sheet"]["name"] == "Celia"
    assert "campaign" not in body["sheet"]
    assert body["import_report"]["source"] == "epic20site"
    assert Character.objects.count() == 0


def test_a_dry_run_refuses_a_campaign_its_import_would_refuse(user):
    sheet = {"system": "anima", "name": "Celia", "attack": 120, "defense": 110, "initiative": 70,
             "hit_points": 120}  # fmt: skip
    for campaign in ("uno", 999_999):
        response = client_for(user).post(
            IMPORT + "?dry_run=true", {**sheet, "campaign": campaign}, format="json"
        )
        assert response.status_code == 400, response.json()
        assert response.json()["errors"][0]["path"] == "/campaign"


def test_a_dry_run_of_an_epic20_sheet_names_its_system(user):
    from characters.systems.epic20_demo import demo_sheets

    response = client_for(user).post(IMPORT + "?dry_run=true", demo_sheets()[0], format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["sheet"]["system"] == "epic20"


def test_dry_run_takes_true_or_false_only(user):
    error = refused(post(client_for(user), hdc(), query="?dry_run=maybe"))

    assert error["code"] == "query.dry_run_invalid"
