"""The site's home page: every registered game system pitched in its own words (its name and its
one line, `campaigns.game_systems`), with the way in to campaigns and characters."""

from __future__ import annotations

from django.shortcuts import render

from .game_systems import system_cards


def home(request):
    return render(request, "home.html", {"system_cards": system_cards("")})
