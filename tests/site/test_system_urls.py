"""A system's own pages under a campaign are found by the registry's slugs
(`combat.system_urls`): the site's URLconf names no system, and a system registered with a
URLconf of its own (its registration's `urls`) gets its routes without any edit elsewhere."""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest
from django.urls import path, resolve, reverse

from combat.system_urls import system_url_modules
from rules import registration, systems
from tests.combat.test_toy_system import Coin

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def coin_with_pages():
    module = types.ModuleType("combat.systems.coin_urls")
    module.app_name = "coin"
    module.urlpatterns = [path("<int:pk>/coin/", lambda request, pk: None, name="table")]
    registration.register(registration.SystemRegistration(engine=Coin(), urls=module))
    yield module
    registration.unregister("coin")


def test_the_site_urls_name_no_game_system():
    text = (ROOT / "epic20site" / "urls.py").read_text(encoding="utf-8")
    assert "combat.systems." not in text
    for slug in systems.slugs():
        assert not re.search(rf"\b{slug}\b", text), slug


def test_anima_results_table_is_found_through_the_registry():
    assert [m.__name__ for m in system_url_modules()] == ["combat.systems.anima_urls"]
    assert reverse("anima:results", args=[7]) == "/campaigns/7/anima/results/"
    assert resolve("/campaigns/7/anima/results/").view_name == "anima:results"


def test_a_registered_system_with_pages_of_its_own_is_found(coin_with_pages):
    assert coin_with_pages in system_url_modules()


def test_a_system_without_pages_of_its_own_adds_none():
    systems.register(Coin())
    try:
        assert [m.__name__ for m in system_url_modules()] == ["combat.systems.anima_urls"]
    finally:
        systems.unregister("coin")
