/* Epic20 Site: the fight page's live poll backs off while nothing happens.
 *
 * `#encounter-live` asks the server every second (htmx `every 1s`) whether the encounter moved;
 * while it answers 204 (nothing new), this script lets only one poll in two through once
 * IDLE_AFTER answers in a row were idle, so an idle page asks every 2 s instead of every second.
 * Any answer with news (200), and the page's own actions (`encounter-changed`), bring it back to
 * every second at once. New events still reach an idle page within 2 s.
 */
(function () {
  "use strict";

  const POLLER = "encounter-live";
  const IDLE_AFTER = 5; // idle answers in a row before backing off
  const IDLE_EVERY_MS = 2000; // how often an idle page asks
  const SLACK_MS = 250; // htmx's timer is not exact: a tick a little early still counts

  let idleAnswers = 0;
  let lastAsked = 0;

  function isPoll(event) {
    return event.detail && event.detail.elt && event.detail.elt.id === POLLER;
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (!isPoll(event)) return;
    const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    const now = Date.now();
    const ownAction = trigger && trigger.type === "encounter-changed";
    if (!ownAction && idleAnswers >= IDLE_AFTER && now - lastAsked < IDLE_EVERY_MS - SLACK_MS) {
      event.preventDefault(); // skip this tick: the next one asks
      return;
    }
    lastAsked = now;
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (!isPoll(event)) return;
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    idleAnswers = status === 204 ? idleAnswers + 1 : 0;
  });
})();
