"""The encounter page's generic "Orden de iniciativa" list shows only where the system's own panel
does not already say who acts when: Hero's SPD chart and MSH's sides replace it (their
presentation's templates say `own_order`), Epic20 and Anima keep it."""

from __future__ import annotations

import pytest
from django.test import Client

from combat import services
from combat.presentation import presentation_for
from tests.factories import UserFactory, campaign_for

pytestmark = pytest.mark.django_db


def _page(slug: str) -> str:
    gm = UserFactory()
    campaign = campaign_for(gm, system=slug)
    encounter = services.encounter_create(campaign=campaign, user=gm, name="Prueba")
    client = Client()
    client.force_login(gm)
    response = client.get(f"/encounters/{encounter.pk}/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("slug", "shown"), [("epic20", True), ("anima", True), ("hero", False), ("msh", False)]
)
def test_the_generic_initiative_order_shows_only_without_a_panel_of_the_systems_own(slug, shown):
    html = _page(slug)
    assert ('id="order-heading"' in html) is shown
    assert ("Orden de iniciativa" in html) is shown
    # The tracker column is always named by a heading that is on the page.
    label = "order-heading" if shown else "combatants-heading"
    assert f'id="fight-pane-tracker" data-fight-pane="tracker" aria-labelledby="{label}"' in html
    assert f'id="{label}"' in html


@pytest.mark.parametrize("slug", ["hero", "msh"])
def test_the_systems_that_draw_their_own_order_say_so_in_their_presentation(slug):
    assert presentation_for(slug).templates["own_order"] is True
    assert "own_order" not in presentation_for("epic20").templates
    assert "own_order" not in presentation_for("anima").templates
