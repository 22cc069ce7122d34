// The builder's catalogue search: filter the listed powers, advantages and maneuvers as the
// player types. Everything else on the page works through htmx (or plain form posts).
(function () {
  "use strict";
  function normalize(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function filter(input) {
    var list = document.querySelector(input.dataset.filter);
    if (!list) return;
    var words = normalize(input.value).split(/\s+/).filter(Boolean);
    list.querySelectorAll(".catalogue-item").forEach(function (item) {
      var text = normalize(item.dataset.search || item.textContent);
      item.hidden = !words.every(function (word) { return text.indexOf(word) !== -1; });
    });
    // A group heading with nothing left under it goes too.
    list.querySelectorAll("h3").forEach(function (heading) {
      var next = heading.nextElementSibling, any = false;
      while (next && next.tagName !== "H3") {
        if (next.classList.contains("catalogue-item") && !next.hidden) any = true;
        next = next.nextElementSibling;
      }
      heading.hidden = !any;
    });
  }
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input.matches && input.matches(".catalogue-search")) {
      // Searching is not editing the sheet: keep it from re-validating the form.
      event.stopPropagation();
      filter(input);
    }
  }, true);
  // Enter in a text box would submit the whole form; the page re-checks as you type anyway.
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key === "Enter" && target.form && target.form.id === "builder" &&
        target.tagName === "INPUT" && target.type !== "submit" && target.type !== "button") {
      event.preventDefault();
    }
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches(".catalogue-search")) event.stopPropagation();
  }, true);
})();
