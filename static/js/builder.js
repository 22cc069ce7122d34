// The builder: each live check answers the whole form and htmx's idiomorph extension changes in
// the page only what differs, so the field being edited keeps its focus, caret and value. What
// only the browser knows is kept through the morph: the catalogue searches (their text and the
// entries they hide), the rule texts a player has opened, and the rule texts a live answer
// leaves out (`data-morph-keep`). The catalogue search itself is below. Without JavaScript the
// form posts normally.
(function () {
  "use strict";
  if (window.Idiomorph) {
    var callbacks = window.Idiomorph.defaults.callbacks;
    window.Idiomorph.defaults.ignoreActiveValue = true;
    callbacks.beforeNodeMorphed = function (oldNode, newNode) {
      if (oldNode.nodeType !== 1) return true;
      if (oldNode.classList.contains("catalogue-search")) return false;
      if (editedSinceRequest(oldNode)) return false;
      if (newNode.nodeType === 1 && newNode.hasAttribute("data-morph-keep")) return false;
      // idiomorph leaves the focused element's content as it is (a text field's caret); a
      // focused button takes its new words (a catalogue's "Ver el catálogo" → "Ocultar").
      if (oldNode === document.activeElement && oldNode.tagName === "BUTTON" && newNode.nodeType === 1 &&
          oldNode.innerHTML !== newNode.innerHTML) {
        oldNode.innerHTML = newNode.innerHTML;
      }
      return true;
    };
    callbacks.beforeAttributeUpdated = function (name, element) {
      if (name === "open" && element.tagName === "DETAILS") return false;
      if (name === "hidden" && element.closest(".catalogue-list")) return false;
      return true;
    };
  }
  // An answer can arrive after the player has changed more fields: morphing those back to the
  // values the request carried would undo what they just did. Each edit is numbered; a field
  // edited after the request took the form's values is left as it is (the edit's own request,
  // queued behind, brings the answer for it). Everything else of the answer, rows added or
  // removed included, goes in.
  var edits = 0;
  var lastEdit = new WeakMap();
  var answering = null;
  function builderField(target) {
    // The form itself is no field: a change event on it is an add or remove button's live check.
    if (!target || !target.closest || !target.closest("#builder") || target.id === "builder") return false;
    return !(target.matches && target.matches(".catalogue-search"));
  }
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var field = event.target;
      if (!builderField(field)) return;
      edits += 1;
      var group = field.type === "radio" && field.form ? field.form.querySelectorAll(
        'input[type="radio"][name="' + CSS.escape(field.name) + '"]') : [field];
      group.forEach(function (member) { lastEdit.set(member, edits); });
    }, true);
  });
  // The add and remove buttons ("Añadir …", "Quitar esta fila") do not send requests of their
  // own: their `op` rides on the form's next live check, exactly once. A button's own htmx
  // request and the form's live check were two requests in one queue: the live check a change
  // event starts when the click takes the focus from a field went out with the op too (htmx adds
  // the focused submit button to every request of its form) and both added a row, or the
  // button's request was dropped from the queue and the click did nothing. One stream of
  // requests, each op taken by one of them, adds one row per click.
  // The second click of a double click (`event.detail` 2) is no second click: one row per
  // double click.
  var pendingOps = [];
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('button[name="op"][data-row-op]');
    if (!button || !window.htmx || !button.form || button.form.id !== "builder") return;
    event.preventDefault();
    event.stopPropagation();  // htmx's own listener on the button never sees the click
    if (event.detail > 1) return;
    pendingOps.push(button.value);
    window.htmx.trigger(button.form, "change");
  }, true);
  // A save waits for the rows still on their way: a click on "Guardar" while an add or remove is
  // queued or out posts the form once its answer is in, with the rows in it (a live check
  // without one changes nothing the save would post). A second click on "Guardar" before the
  // page leaves sends nothing more.
  var inFlightOp = null, waitingSave = null, submitted = false;
  function rowsOnTheirWay() { return pendingOps.length > 0 || inFlightOp !== null; }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('#builder button[name="save"]');
    if (!button || !window.htmx) return;
    if (submitted) { event.preventDefault(); return; }
    if (rowsOnTheirWay()) {
      event.preventDefault();
      waitingSave = button.id || true;
      return;
    }
    submitted = true;
  }, true);
  function saveIfWaiting() {
    if (!waitingSave || rowsOnTheirWay()) return;
    var form = document.getElementById("builder");
    var button = (typeof waitingSave === "string" && document.getElementById(waitingSave)) ||
      (form && form.querySelector('button[name="save"]'));
    waitingSave = null;
    if (!form || !button) return;
    submitted = true;
    form.requestSubmit(button);
  }
  // A live check that fails (the server answers an error, or no answer comes) says so at the top
  // of the form, and the add or remove it carried goes back in the queue: the next change, or
  // the message's button, sends it again.
  function requestFailed(event) {
    if (!isBuilderRequest(event)) return;
    if (inFlightOp !== null) { pendingOps.unshift(inFlightOp); inFlightOp = null; }
    waitingSave = null;
    showRequestError(true);
  }
  function isBuilderRequest(event) {
    var elt = event.detail && event.detail.elt;
    return !!(elt && elt.closest && elt.closest("#builder"));
  }
  function showRequestError(show) {
    var form = document.getElementById("builder");
    if (!form) return;
    var box = document.getElementById("builder-request-error");
    if (!box && show) {
      box = document.createElement("div");
      box.id = "builder-request-error";
      box.className = "alert alert-warning d-flex flex-wrap gap-2 align-items-center";
      box.setAttribute("role", "alert");
      var text = document.createElement("span");
      text.textContent = form.dataset.requestError || "";
      var retry = document.createElement("button");
      retry.type = "button";
      retry.className = "btn btn-sm btn-outline-secondary";
      retry.textContent = form.dataset.requestRetry || "";
      retry.addEventListener("click", function () {
        var current = document.getElementById("builder");
        if (current) window.htmx.trigger(current, "change");
      });
      box.appendChild(text);
      box.appendChild(retry);
      form.parentNode.insertBefore(box, form);
    }
    if (box) box.hidden = !show;
  }
  ["htmx:responseError", "htmx:sendError", "htmx:timeout"].forEach(function (type) {
    document.addEventListener(type, requestFailed);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!isBuilderRequest(event) || !event.detail.successful) return;
    inFlightOp = null;
    showRequestError(false);
  });
  document.addEventListener("htmx:afterSettle", function () { window.setTimeout(saveIfWaiting, 0); });
  // One live check out at a time, kept here rather than by htmx alone: htmx keeps its queue
  // (`hx-sync`) in its data on the form, and re-initialising the form after an answer's swap
  // (its attributes changed while a check was out) drops it, so the next change went out beside
  // the check still out, and the older answer, arriving last, morphed away a row just added. A
  // check asked for while another is out is not sent: the next one, sent once the answer is in,
  // carries every field as it is then (and one add or remove, as always).
  // The check out is its request itself: one that ended without its event reaching this page
  // (an error, an abort) blocks nothing.
  var outRequest = null, checkAgain = false;
  function checkOut() { return outRequest !== null && outRequest.readyState !== 4; }
  document.addEventListener("htmx:confirm", function (event) {
    if (event.detail.elt.id !== "builder" || !checkOut()) return;
    event.preventDefault();
    checkAgain = true;
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt.id === "builder") outRequest = event.detail.xhr || null;
  });
  // Once the answer is in, what waited goes out in one check: the changes held back, and the
  // next add or remove no check has taken yet (one per check, so each click adds one row). After
  // a failed check nothing is sent by itself: the message's button or the next change sends it.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt.id !== "builder") return;
    outRequest = null;
    var waiting = checkAgain || pendingOps.length > 0;
    checkAgain = false;
    if (!waiting || !event.detail.successful) return;
    window.setTimeout(function () {
      var current = document.getElementById("builder");
      // A check htmx's own queue sent meanwhile took the fields as they are now (and an op).
      if (current && !checkOut()) window.htmx.trigger(current, "change");
    }, 0);
  });
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt.closest && event.detail.elt.closest("#builder")) {
      event.detail.headers["X-Builder-Edit"] = String(edits);
      if (event.detail.elt.id === "builder") {
        var parameters = event.detail.parameters;
        // A live check never saves: htmx adds the last clicked submit button to every request of
        // its form, so the check a click on "Guardar" starts (the field it takes the focus from
        // changes) went out with `save` beside the form's own post, and one click made two sheets.
        // The form's post alone saves.
        ["op", "save"].forEach(function (name) {
          if (parameters instanceof FormData) parameters.delete(name);
          else delete parameters[name];
        });
        inFlightOp = pendingOps.length ? pendingOps.shift() : null;
        if (inFlightOp !== null) {
          if (parameters instanceof FormData) parameters.set("op", inFlightOp);
          else parameters.op = inFlightOp;
        }
      }
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var headers = event.detail.requestConfig && event.detail.requestConfig.headers;
    answering = headers && headers["X-Builder-Edit"] !== undefined ? Number(headers["X-Builder-Edit"]) : null;
  });
  ["htmx:afterSwap", "htmx:swapError", "htmx:responseError"].forEach(function (type) {
    document.addEventListener(type, function () { answering = null; });
  });
  function editedSinceRequest(node) {
    return answering !== null && (lastEdit.get(node) || 0) > answering;
  }
  // Each field names the box of its errors (`#err-<slot>` in `#field-<slot>`): a screen reader
  // reads the error with the field, and a field with errors is marked invalid. The server's
  // page knows the boxes; this runs on the page and after every live check's morph.
  function describeErrors(root) {
    root.querySelectorAll(".field-errors[id^='err-']").forEach(function (box) {
      var container = document.getElementById("field-" + box.id.slice(4));
      if (!container) return;
      var invalid = box.textContent.trim() !== "";
      container.querySelectorAll("input:not([type=hidden]), select, textarea").forEach(function (field) {
        if (field.closest(".field-errors")) return;
        var ids = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
        if (ids.indexOf(box.id) === -1) ids.push(box.id);
        field.setAttribute("aria-describedby", ids.join(" "));
        if (invalid) field.setAttribute("aria-invalid", "true");
        else if (!field.classList.contains("is-invalid")) field.removeAttribute("aria-invalid");
      });
    });
  }
  function describeBuilder() {
    var form = document.getElementById("builder");
    if (form) describeErrors(form);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", describeBuilder);
  else describeBuilder();
  document.addEventListener("htmx:afterSettle", describeBuilder);
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
