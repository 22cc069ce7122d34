// Countdowns for turn deadlines: every <time data-countdown datetime="…"> shows the time left
// ("3 h 12 min", "45 s") and says when it ran out. Texts come from data-left / data-over.
(function () {
  "use strict";
  function format(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d > 0) return d + " d " + h + " h";
    if (h > 0) return h + " h " + m + " min";
    if (m > 0) return m + " min " + (s % 60) + " s";
    return (s % 60) + " s";
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      var left = Date.parse(el.getAttribute("datetime")) - now;
      el.textContent = left > 0 ? (el.dataset.left || "") + " " + format(left) : el.dataset.over || "0 s";
      el.classList.toggle("text-danger", left <= 0);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
