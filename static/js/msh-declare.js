// The Marvel Super Heroes-style declare forms: show only the fields of the kind of action chosen
// (`data-for` lists the kinds a group of fields belongs to), and in the "Otra acción" box the
// attack's fields only when "Atacar" is chosen. A hidden field is also disabled, so it is neither
// sent nor reached by the keyboard. Without JavaScript every field shows and the ones the chosen
// kind does not use are ignored.
(function () {
  "use strict";
  function showGroups(form, kind) {
    form.querySelectorAll(".msh-for").forEach(function (group) {
      var kinds = (group.getAttribute("data-for") || "").split(" ");
      group.hidden = kinds.indexOf(kind) === -1;
      if (group.tagName === "OPTION") group.disabled = group.hidden;
    });
  }
  function showFollowUp(form) {
    var choice = form.querySelector(".msh-then-choice");
    if (!choice) return;
    var picked = choice.options[choice.selectedIndex];
    if (picked && picked.hidden) choice.value = "";  // "Alejarse" only goes with an Escape
    form.querySelectorAll(".msh-then-attack").forEach(function (field) {
      field.hidden = choice.value !== "attack";
    });
  }
  function disableHidden(form) {
    Array.prototype.forEach.call(form.elements, function (control) {
      if (control.type === "hidden" || control.tagName === "FIELDSET") return;
      var box = control.closest("[hidden]");
      control.disabled = box !== null && form.contains(box);
    });
  }
  function apply(form) {
    var kind = form.querySelector(".msh-kind");
    if (!kind) return;
    showGroups(form, kind.value);
    showFollowUp(form);
    disableHidden(form);
  }
  function applyAll() { document.querySelectorAll("form.msh-declare").forEach(apply); }
  if (window.mshDeclare) { applyAll(); return; }
  window.mshDeclare = true;
  document.addEventListener("change", function (event) {
    var list = event.target.classList;
    if (list && (list.contains("msh-kind") || list.contains("msh-then-choice"))) apply(event.target.form);
  });
  document.addEventListener("htmx:afterSettle", applyAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", applyAll);
  else applyAll();
})();
