""" "Avisarme en este dispositivo" in Chromium, as far as it goes here: the page registers the
service worker at /sw.js, the browser grants notifications, the site's VAPID key is fetched and
the subscription saved through the API. This machine's Chromium has no push service of its
vendor to reach, so `PushManager.subscribe` answers a subscription of the test's own push
service (a TLS server on loopback holding the subscription's private key); the site then
pushes to it for real, and the push is decrypted there. The service worker then shows a push
delivered to it through the browser's DevTools protocol, as a push service would, in a phone's
window and a desktop's; screenshots of the page at both sizes go to test-results/."""

from __future__ import annotations

import json

import pytest

from notifications import delivery, webpush
from notifications.models import Preference, PushSubscription
from notifications.outbox import notify
from tests.e2e.conftest import RESULTS_DIR
from tests.notifications import loopback
from tests.notifications.loopback import ca, lookups, target, trusted  # noqa: F401 - fixtures
from tests.notifications.test_web_push import CREATED, Browser

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 900}

STUB = """
(() => {
  const endpoint = %(endpoint)s, keys = %(keys)s;
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__pushKey = btoa(String.fromCharCode(...key)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    return { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys }) };
  };
})();
"""


@pytest.mark.parametrize("size", [PHONE, DESK], ids=["phone", "desktop"])
def test_a_player_turns_on_notices_on_this_device_and_a_push_reaches_it(
    new_page,
    force_login,
    make_user,
    live_url,
    settings,
    target,  # noqa: F811
    size,
):
    settings.VAPID_PRIVATE_KEY = webpush.new_private_key()
    settings.VAPID_SUBJECT = "mailto:mesa@epic20.example.org"
    settings.NOTIFY_GRACE_SECONDS = 0  # the grace period is tested on its own
    service = target(loopback.answer_with(CREATED))
    endpoint = f"https://{loopback.HOST}:{service.port}/push/chromium"
    device = Browser()
    player = make_user(username="ana", email="")
    Preference.objects.create(user=player, email=False)
    page = force_login(new_page(viewport=size), player)
    page.context.grant_permissions(["notifications"], origin=live_url)
    page.add_init_script(STUB % {"endpoint": json.dumps(endpoint), "keys": json.dumps(device.keys)})
    page.goto("/notifications/")
    page.get_by_role("button", name="Avisarme en este dispositivo").click()
    page.get_by_text("Listo: este dispositivo recibirá tus avisos.").wait_for()
    assert page.evaluate("window.__pushKey") == webpush.public_key()  # subscribed with the site's key
    page.reload()
    page.locator("#push-device-list").wait_for()
    RESULTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS_DIR / f"push-device-{size['width']}.png"), full_page=True)

    [saved] = PushSubscription.objects.filter(user=player)
    assert saved.endpoint == endpoint and saved.p256dh == device.keys["p256dh"]
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope + ' ' + r.active.scriptURL)")
    assert scope == f"{live_url}/ {live_url}/sw.js"

    [row] = notify(
        user=player, event="your_turn", key="your_turn:e1:c1:t1", text="Nova: te toca.", link="/x/"
    )
    assert delivery.deliver_one(row.pk) == "sent"
    payload = device.decrypt(service.bodies[-1])
    assert (payload["title"], payload["body"]) == ("Te toca", "Nova: te toca.")

    shown = _deliver_to_the_service_worker(page, live_url, payload)
    assert shown == [{"title": "Te toca", "body": "Nova: te toca.", "url": payload["url"]}]


def _deliver_to_the_service_worker(page, live_url, payload) -> list[dict]:
    """What a push service does to the browser, through the DevTools protocol; answers the
    notifications the service worker shows."""
    cdp = page.context.new_cdp_session(page)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"])
    )
    cdp.send("ServiceWorker.enable")
    for _ in range(100):  # the registration is reported once the protocol is on; on a busy machine, later
        if any(r["scopeURL"] == f"{live_url}/" and not r["isDeleted"] for r in registrations):
            break
        page.wait_for_timeout(100)
    [registration] = [r for r in registrations if r["scopeURL"] == f"{live_url}/" and not r["isDeleted"]][:1]
    message = {
        "origin": live_url,
        "registrationId": registration["registrationId"],
        "data": json.dumps(payload),
    }
    # DevTools drops a push now and then while the worker wakes (about one run in seven here):
    # send it again, as a push service retries; the notification's tag keeps one on the screen.
    for _ in range(5):
        cdp.send("ServiceWorker.deliverPushMessage", message)
        shown = page.evaluate(SHOWN)
        if shown:
            return shown
    return []


SHOWN = """async () => {
  const registration = await navigator.serviceWorker.ready;
  for (let i = 0; i < 30; i++) {
    const shown = await registration.getNotifications();
    if (shown.length) return shown.map(n => ({ title: n.title, body: n.body, url: n.data.url }));
    await new Promise(r => setTimeout(r, 100));
  }
  return [];
}"""
