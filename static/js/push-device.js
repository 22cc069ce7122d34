/* "Avisarme en este dispositivo": registers the service worker (/sw.js), asks the browser for
   permission, subscribes with the site's VAPID key (GET /api/v1/push/key/) and saves the
   subscription (POST /api/v1/auth/me/push-subscriptions/, the browser's toJSON() and a label).
   The texts come from the page, in its language. */
(function () {
  "use strict";
  const section = document.getElementById("push-devices");
  const button = document.getElementById("push-subscribe");
  const status = document.getElementById("push-status");
  if (!section || !button || !status) return;
  const say = (name) => { status.textContent = section.dataset["text" + name] || ""; };

  function keyBytes(base64url) {
    const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function csrfToken() {
    const found = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
    if (found) return decodeURIComponent(found.split("=")[1]);
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function label() {
    // "Android · Chrome": enough to tell one's devices apart in the list.
    const data = navigator.userAgentData;
    const platform = (data && data.platform) || navigator.platform || "";
    const brands = ((data && data.brands) || []).map((b) => b.brand).filter((b) => !/Not.?A.?Brand/i.test(b));
    const browser = brands.find((b) => b !== "Chromium") || brands[0] || "";
    return [platform, browser].filter(Boolean).join(" · ").slice(0, 100);
  }

  async function subscribe() {
    button.disabled = true;
    say("Working");
    try {
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const permission = await Notification.requestPermission();
      if (permission !== "granted") { say("Denied"); return; }
      const keyAnswer = await fetch(section.dataset.keyUrl, { credentials: "same-origin" });
      if (!keyAnswer.ok) { say("Failed"); return; }
      const { public_key: key } = await keyAnswer.json();
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(key),
      });
      const answer = await fetch(section.dataset.subscribeUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ ...subscription.toJSON(), label: label() }),
      });
      say(answer.ok ? "Done" : "Failed");
    } catch (error) {
      say("Failed");
      section.dataset.error = String(error && error.message || error);
    } finally {
      button.disabled = false;
    }
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    button.disabled = true;
    say("Unsupported");
    return;
  }
  button.addEventListener("click", subscribe);
})();
