/* Epic20 Site: the encounter page in the browser.
 *
 * - Phone tabs: below 992 px the page shows one part at a time (action, combatants, log).
 * - The log keeps its newest entry in view, unless the reader scrolled up to read older ones;
 *   then a button offers to jump to the newest.
 * - Live updates: the page holds the encounter's stream (Server-Sent Events, through htmx's
 *   "sse" extension) and, on each `changed` message newer than what it shows, fetches the news
 *   (the same answer the poll gets). Where the stream cannot be opened (no EventSource, an
 *   error, a server that ends it) the page asks for news every second instead, until the stream
 *   opens again. When the server cannot be reached a banner says so, retries wait longer each
 *   time (2, 4, 8… up to 30 s), and the banner goes away at the first answer.
 * - The attack form: the weapon list follows the kind of attack, and a weapon picks its kind.
 * - The GM's drawer keeps the focus when live news redraw it, and gives it back to its button
 *   when it closes, even if the header (with that button) was redrawn meanwhile.
 * - Success messages go away after a few seconds; errors stay until the next action.
 */
(function () {
  "use strict";

  const POLL_MS = 1000;
  const MAX_BACKOFF_MS = 30000;
  // While nothing happens an open page asks every 2 s instead of every second (new events still
  // arrive within 2 s); news, or the page's own action, bring it back to every second.
  const IDLE_AFTER = 5;
  const IDLE_POLL_MS = 2000;
  // A stream that has not opened by then leaves the page polling (until it opens).
  const STREAM_GRACE_MS = 3000;
  const STICK_PX = 48;
  const SUCCESS_MS = 6000;

  // --- Phone tabs ---------------------------------------------------------------------------
  function showPane(name) {
    document.querySelectorAll("[data-fight-tab]").forEach(function (tab) {
      const on = tab.dataset.fightTab === name;
      tab.classList.toggle("active", on);
      tab.setAttribute("aria-selected", on ? "true" : "false");
      // One tab stop for the whole tab list, the selected tab's; the arrows move between tabs.
      tab.tabIndex = on ? 0 : -1;
    });
    document.querySelectorAll("[data-fight-pane]").forEach(function (pane) {
      pane.classList.toggle("fight-pane-active", pane.dataset.fightPane === name);
    });
    if (name === "log") {
      const unread = document.getElementById("log-unread");
      if (unread) unread.hidden = true;
      scrollLogToEnd();
    }
  }

  function setUpTabs(root) {
    const tabs = root.querySelector(".fight-tabs");
    if (!tabs) return;
    tabs.hidden = false;
    root.classList.add("fight-tabbed");
    document.querySelectorAll("[data-fight-pane]").forEach(function (pane) {
      pane.setAttribute("role", "tabpanel");
    });
    tabs.addEventListener("click", function (event) {
      const tab = event.target.closest("[data-fight-tab]");
      if (!tab) return;
      showPane(tab.dataset.fightTab);
      // The log fills the phone's screen: bring it up so its newest entry is in view.
      if (tab.dataset.fightTab === "log") document.getElementById("fight-pane-log").scrollIntoView({ block: "start" });
    });
    tabs.addEventListener("keydown", moveBetweenTabs);
    showPane("actions");
  }

  // The tabs' keys (WAI-ARIA tabs pattern, automatic activation): Left and Right go to the
  // previous and next tab, wrapping; Home and End to the first and last. Tab leaves the list.
  function moveBetweenTabs(event) {
    const all = Array.from(document.querySelectorAll("[data-fight-tab]"));
    const at = all.indexOf(event.target.closest("[data-fight-tab]"));
    if (at < 0) return;
    const to = {
      ArrowRight: (at + 1) % all.length,
      ArrowLeft: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    all[to].focus();
    all[to].click();
  }

  // --- The log ------------------------------------------------------------------------------
  let stuck = true; // the reader is at the newest entry

  function scroller() {
    return document.getElementById("log-scroller");
  }

  function scrollLogToEnd() {
    const box = scroller();
    if (!box) return;
    box.scrollTop = box.scrollHeight;
    stuck = true;
    const jump = document.getElementById("log-jump");
    if (jump) jump.hidden = true;
  }

  function setUpLog() {
    const box = scroller();
    if (!box) return;
    box.addEventListener("scroll", function () {
      stuck = box.scrollHeight - box.scrollTop - box.clientHeight < STICK_PX;
      if (stuck) document.getElementById("log-jump").hidden = true;
    });
    document.getElementById("log-jump").addEventListener("click", scrollLogToEnd);
    scrollLogToEnd();
  }

  function logGrew() {
    const box = scroller();
    if (!box) return;
    if (stuck) {
      box.scrollTop = box.scrollHeight;
    } else {
      document.getElementById("log-jump").hidden = false;
    }
    const pane = document.getElementById("fight-pane-log");
    const unread = document.getElementById("log-unread");
    if (unread && pane && !pane.classList.contains("fight-pane-active") && document.querySelector(".fight-tabbed")) {
      unread.textContent = "•";
      unread.hidden = false;
    }
  }

  // --- Live updates and the lost-connection banner ------------------------------------------
  let failures = 0;
  let idleAnswers = 0;
  let timer = null;
  let streaming = false; // the stream is open: no poll runs
  let newestHeard = -1; // the newest version the stream announced

  function live() {
    return document.getElementById("encounter-live");
  }

  function stream() {
    return document.getElementById("encounter-stream");
  }

  function schedule(ms) {
    clearTimeout(timer);
    timer = setTimeout(poll, ms);
  }

  function fetchNews() {
    const element = live();
    if (element && window.htmx) htmx.trigger(element, "fight-poll");
  }

  function poll() {
    if (streaming) return;
    fetchNews();
    // Should no answer ever come, ask again anyway.
    schedule(Math.max(POLL_MS * 10, backoff()));
  }

  function backoff() {
    if (failures) return Math.min(MAX_BACKOFF_MS, 1000 * Math.pow(2, failures));
    return idleAnswers >= IDLE_AFTER ? IDLE_POLL_MS : POLL_MS;
  }

  function banner(lost) {
    const element = document.getElementById("connection-banner");
    if (!element) return;
    element.hidden = !lost;
    if (lost) {
      const text = element.dataset.textRetry.replace("{s}", Math.round(backoff() / 1000));
      element.querySelector("[data-banner-text]").textContent = text;
    }
  }

  function shownVersion() {
    const element = live();
    return element ? Number(element.dataset.version) : -1;
  }

  function answered(event) {
    // The poller itself: its element may have been swapped out by the answer, so ask the
    // request which element sent it.
    const config = event.detail.requestConfig;
    const element = (config && config.elt) || event.detail.elt;
    if (!element || element.id !== "encounter-live") return;
    const reached = event.detail.xhr && event.detail.xhr.status > 0 && event.detail.xhr.status < 500;
    failures = reached ? 0 : failures + 1;
    idleAnswers = reached && event.detail.xhr.status === 204 ? idleAnswers + 1 : 0;
    banner(!reached);
    if (!streaming) {
      schedule(backoff());
    } else if (reached && newestHeard > shownVersion()) {
      // A message came while this answer was on its way: ask again for what it announced.
      setTimeout(fetchNews, 0);
    }
  }

  // The stream: opened only where the browser and the extension can hold it.
  function openStream() {
    const element = stream();
    if (!element || !window.EventSource || !window.htmx || !htmx.createEventSource) return false;
    element.setAttribute("hx-ext", "sse");
    element.setAttribute("sse-connect", element.dataset.streamUrl);
    htmx.process(element);
    return true;
  }

  function heard(event) {
    let data = null;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    newestHeard = Math.max(newestHeard, data.version);
    stream().dataset.heard = String(newestHeard);
    if (data.version > shownVersion()) fetchNews();
  }

  function streamOpened(event) {
    if (event.target !== stream()) return;
    streaming = true;
    stream().dataset.live = "stream";
    clearTimeout(timer);
    event.detail.source.addEventListener("changed", heard);
    // Whatever changed before the stream opened (or while it was away) is fetched once.
    fetchNews();
  }

  function streamLost(event) {
    if (event.target !== stream()) return;
    if (streaming) {
      streaming = false;
      stream().dataset.live = "poll";
      schedule(POLL_MS);
    }
  }

  // --- A new key for the action forms once an action was answered -------------------------
  // The page's forms carry a key against a repeated submit; the page stays open after an
  // answered action, so the next action gets a key of its own.
  function newActionKey(event) {
    const element = event.detail.elt;
    const key = element && element.querySelector && element.querySelector("input[name='idempotency_key']");
    if (!key || !event.detail.xhr || event.detail.xhr.status >= 500 || event.detail.xhr.status === 0) return;
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const fresh = Array.from(bytes, function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
    document.querySelectorAll("input[name='idempotency_key']").forEach(function (input) {
      input.value = fresh;
    });
  }

  // --- The attack form: weapons follow the kind ---------------------------------------------
  function followKind(kindSelect) {
    const weapons = document.getElementById(kindSelect.dataset.weaponKindFor);
    if (!weapons) return;
    let firstFitting = null;
    Array.from(weapons.options).forEach(function (option) {
      const fits = !option.dataset.kind || option.dataset.kind === kindSelect.value;
      option.hidden = !fits;
      option.disabled = !fits;
      if (fits && !firstFitting) firstFitting = option;
    });
    const chosen = weapons.selectedOptions[0];
    if ((!chosen || chosen.disabled) && firstFitting) weapons.value = firstFitting.value;
  }

  function onChange(event) {
    const target = event.target;
    if (target.matches("[data-weapon-kind-for]")) followKind(target);
    if (target.matches("[data-follows-kind]")) {
      const kind = target.selectedOptions[0] && target.selectedOptions[0].dataset.kind;
      const kindSelect = document.getElementById(target.dataset.followsKind);
      if (kind && kindSelect && kindSelect.value !== kind) {
        kindSelect.value = kind;
        followKind(kindSelect);
      }
    }
  }

  function fitForms(root) {
    root.querySelectorAll("[data-weapon-kind-for]").forEach(followKind);
  }

  // --- The GM's drawer keeps the focus through a redraw -------------------------------------
  // Live news redraw the drawer's body (and the header with the button that opened it): the
  // control that had the focus goes, and the focus with it, to the page's body, where Escape
  // and the drawer's focus trap cannot reach it. The focus goes back to the same control (by its
  // id) or to the drawer itself, and, once the drawer closes, to the button that opens it.
  let drawerFocus = null; // the id of the drawer's focused control, before a redraw

  function drawer() {
    return document.getElementById("gm-drawer");
  }

  function beforeRedraw(event) {
    const box = drawer();
    const target = event.detail.target;
    const focused = document.activeElement;
    if (target && target.id === "gm-drawer-body" && box && box.contains(focused)) {
      drawerFocus = focused.id || "";
    }
  }

  function afterRedraw() {
    const box = drawer();
    const wanted = drawerFocus;
    drawerFocus = null;
    if (wanted === null || !box || !box.classList.contains("show")) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && box.contains(focused)) return;
    const same = wanted && document.getElementById(wanted);
    (same && box.contains(same) ? same : box).focus();
  }

  function drawerClosed(event) {
    if (event.target !== drawer()) return;
    const focused = document.activeElement;
    const button = document.getElementById("gm-drawer-button");
    if (button && (!focused || focused === document.body || event.target.contains(focused))) button.focus();
  }

  // --- Old success messages go away ---------------------------------------------------------
  function fadeSuccess(root) {
    root.querySelectorAll(".alert-success[role='status']").forEach(function (alert) {
      setTimeout(function () {
        alert.remove();
      }, SUCCESS_MS);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    const root = document.getElementById("encounter-page");
    document.addEventListener("change", onChange);
    if (root) {
      setUpTabs(root);
      fitForms(root);
    }
    setUpLog();
    fadeSuccess(document);
    document.body.addEventListener("htmx:afterRequest", answered);
    document.body.addEventListener("htmx:afterRequest", newActionKey);
    document.body.addEventListener("htmx:afterSettle", function (event) {
      fadeSuccess(event.target);
    });
    document.body.addEventListener("htmx:oobBeforeSwap", beforeRedraw);
    document.addEventListener("hidden.bs.offcanvas", drawerClosed);
    document.body.addEventListener("htmx:oobAfterSwap", function (event) {
      const target = event.detail.target;
      if (!target) return;
      if (target.id === "gm-drawer-body") afterRedraw();
      if (target.id === "event-list") logGrew();
      if (target.id === "encounter-controls" || target.closest("#encounter-controls")) fitForms(document);
    });
    document.body.addEventListener("htmx:sseOpen", streamOpened);
    document.body.addEventListener("htmx:sseError", streamLost);
    document.body.addEventListener("htmx:sseClose", streamLost);
    if (live()) schedule(openStream() ? STREAM_GRACE_MS : POLL_MS);
  });
})();
