// Countdowns for turn deadlines: every <time data-countdown datetime="…"> shows the time left
// ("3 h 12 min", "45 s") and says when it ran out; texts come from its data-left / data-over, so
// they are in the page's language, and its title shows the deadline in the reader's own time.
// Screen readers are told through one [data-countdown-announce] region (aria-live="polite"),
// only when the nearest deadline crosses 1 h, 15 min, 5 min, 1 min or runs out — never every
// second. Loaded again with each redraw of the fight's state, it runs once.
(function () {
  "use strict";
  if (window.epic20Countdown) return;
  window.epic20Countdown = true;
  var MARKS = [3600, 900, 300, 60];
  var announced = {};
  function format(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d > 0) return d + " d " + h + " h";
    if (h > 0) return h + " h " + m + " min";
    if (m > 0) return m + " min " + (s % 60) + " s";
    return (s % 60) + " s";
  }
  function mark(seconds) {
    if (seconds <= 0) return "over";
    for (var i = MARKS.length - 1; i >= 0; i--) if (seconds <= MARKS[i]) return String(MARKS[i]);
    return "";
  }
  function announce(nearest, now) {
    var region = document.querySelector("[data-countdown-announce]");
    if (!region || !nearest) return;
    var left = Math.floor((Date.parse(nearest.getAttribute("datetime")) - now) / 1000);
    var key = nearest.getAttribute("datetime") + ":" + mark(left);
    if (!mark(left) || announced[key]) return;
    announced[key] = true;
    region.textContent = left <= 0 ? region.dataset.over : region.dataset.soon.replace("{t}", format(left * 1000));
  }
  function tick() {
    var now = Date.now(), nearest = null, lang = document.documentElement.lang || undefined;
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      var until = Date.parse(el.getAttribute("datetime"));
      var left = until - now;
      var text = left > 0 ? (el.dataset.left || "") + " " + format(left) : el.dataset.over || "0 s";
      if (el.textContent !== text) el.textContent = text;
      if (!el.title && !isNaN(until)) el.title = new Date(until).toLocaleString(lang);
      el.classList.toggle("text-danger", left <= 0);
      if (!nearest || until < Date.parse(nearest.getAttribute("datetime"))) nearest = el;
    });
    announce(nearest, now);
  }
  tick();
  setInterval(tick, 1000);
})();
