"""No body makes a standing order answer 500, in any system: whatever JSON is sent as the order
(or its note), the answer is the order or the error envelope, and a refused one changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat.models import StandingOrder
from tests.combat.orders.fights import OrderFight, order_for
from tests.combat.system_fights import SYSTEMS

pytestmark = pytest.mark.django_db

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ("type", "target", "with", "kind", "attack", "combat_type", "note")


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(FIELDS), value=JSON)
def test_no_order_shape_answers_500(system, later, field, value):
    StandingOrder.objects.all().delete()
    fight = _fight(system)
    body = {"action": order_for(system, fight.other)}
    if field == "note":
        body["note"] = value
    else:
        body["action"] = {**body["action"], field: value}
    answer = fight.put(fight.first, body)
    assert answer.status_code in (200, 400), answer.content
    assert StandingOrder.objects.exists() == (answer.status_code == 200)


_FIGHTS: dict = {}


def _fight(system: str) -> OrderFight:
    """One fight per system and test run (hypothesis runs the body many times in one transaction)."""
    from combat.models import Encounter

    known = _FIGHTS.get(system)
    if known is None or not Encounter.objects.filter(pk=known.encounter.pk).exists():
        known = _FIGHTS[system] = OrderFight(system)
    return known
