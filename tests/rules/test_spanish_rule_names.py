"""No rule citation on a Spanish page is in English, and none is shouted: Hero's 6E tags (cited
where the seed is silent) have Spanish names; Epic20's capitalised headings read as names
beside a sheet's errors ("(Lista de ventajas)"). The API keeps every tag as the engine wrote it."""

from __future__ import annotations

from django.utils import translation

from characters.templatetags.character_tags import rule_label_filter
from rules.core.section_names import rule_label, sections_es
from rules.hero.section_names import SIXTH_EDITION


def test_every_6e_tag_has_a_spanish_name_and_english_readers_keep_the_6e_one():
    for tag in SIXTH_EDITION:
        spanish = rule_label(tag, "es", "hero")
        assert spanish.startswith("6.ª edición: ") and "6E" not in spanish, tag
        assert rule_label(tag, "en", "hero") == tag
    assert rule_label("6E Movement", "es", "hero") == "6.ª edición: Movimiento"
    assert rule_label("Maniobras de combate", "es", "hero") == "Maniobras de combate"


def test_systems_whose_tags_are_the_document_s_headings_keep_them_in_spanish():
    assert sections_es("msh") == sections_es("anima") == sections_es("epic20") == {}
    assert rule_label("ATACAR EN COMBATE", "es", "epic20") == "ATACAR EN COMBATE"  # the log, as before


def test_a_sheet_s_error_names_an_epic20_heading_without_shouting():
    with translation.override("es"):
        assert rule_label_filter("LISTA DE VENTAJAS", "epic20") == "Lista de ventajas"
        assert rule_label_filter("PUNTOS DE HÉROE", "epic20") == "Puntos de héroe"
        assert rule_label_filter("Tipos de acciones en el turno", "epic20") == "Tipos de acciones en el turno"
    with translation.override("en"):
        assert rule_label_filter("LISTA DE VENTAJAS", "epic20") == "List of advantages"
