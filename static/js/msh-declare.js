// The Marvel Super Heroes-style declare forms: show only the fields of the kind of action chosen
// (`data-for` lists the kinds a group of fields belongs to). Without JavaScript every field shows
// and the ones the chosen kind does not use are ignored.
(function () {
  "use strict";
  function apply(form) {
    var kind = form.querySelector(".msh-kind");
    if (!kind) return;
    form.querySelectorAll(".msh-for").forEach(function (group) {
      var kinds = (group.getAttribute("data-for") || "").split(" ");
      group.hidden = kinds.indexOf(kind.value) === -1;
    });
  }
  function applyAll() { document.querySelectorAll("form.msh-declare").forEach(apply); }
  if (window.mshDeclare) { applyAll(); return; }
  window.mshDeclare = true;
  document.addEventListener("change", function (event) {
    if (event.target.classList && event.target.classList.contains("msh-kind")) apply(event.target.form);
  });
  document.addEventListener("htmx:afterSettle", applyAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", applyAll);
  else applyAll();
})();
