// The API reference (ReDoc) draws long code samples in boxes that scroll sideways on a phone.
// A keyboard reader can only scroll a box it can focus, so each one ReDoc draws is made
// focusable as soon as it appears.
(function () {
  "use strict";
  function focusable(root) {
    root.querySelectorAll("pre:not([tabindex])").forEach(function (box) {
      box.setAttribute("tabindex", "0");
    });
  }
  var observer = new MutationObserver(function () {
    focusable(document.body);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  focusable(document.body);
})();
