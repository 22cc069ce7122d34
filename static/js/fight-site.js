/* Epic20 Site: small behaviours of every page, kept out of the HTML for the strict CSP.
 *
 * - `data-submit-on-change`: a select that sends its form when changed (the language menu).
 * - `data-copy="<id>"`: a button that copies the text of the element with that id, and says so
 *   in its `data-copied` text for a moment.
 * - The success messages of the page (`#messages`) go away after a few seconds.
 */
(function () {
  "use strict";

  const SUCCESS_MS = 6000;

  function copy(button) {
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
    const text = "value" in source ? source.value : source.textContent;
    const done = function () {
      const label = button.textContent;
      button.textContent = button.dataset.copied || label;
      const status = document.getElementById(button.dataset.copyStatus || "");
      if (status) status.textContent = button.dataset.copied || "";
      setTimeout(function () {
        button.textContent = label;
      }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () {
        source.select && source.select();
      });
    } else if (source.select) {
      source.select();
      document.execCommand("copy");
      done();
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.addEventListener("change", function (event) {
      if (event.target.matches("[data-submit-on-change]")) event.target.form.submit();
    });
    document.addEventListener("click", function (event) {
      const button = event.target.closest("[data-copy]");
      if (button) copy(button);
    });
    document.querySelectorAll("#messages .alert-success, #messages .alert-info").forEach(function (alert) {
      setTimeout(function () {
        alert.remove();
      }, SUCCESS_MS);
    });
  });
})();
