// The fight log, heard: each new line of the turn log is announced once, politely and in order,
// as one sentence of who did what and how it ended ("Nova ataca a Matón con Porra. Impacta."),
// never the dice badges one by one. The log box itself stays silent (aria-live="off"): the page
// swaps the whole list in when it changes, which a screen reader would otherwise read again,
// or read die by die. The announcer (#log-announcer) holds only the last batch of sentences.
(function () {
  "use strict";
  const announcer = document.getElementById("log-announcer");
  if (!announcer) return;
  let heard = newestSeq();

  function newestSeq() {
    let newest = -1;
    document.querySelectorAll("#event-list .encounter-event[data-seq]").forEach(function (line) {
      newest = Math.max(newest, Number(line.dataset.seq));
    });
    return newest;
  }

  function sentence(line) {
    const parts = [];
    line.querySelectorAll(".event-text, .event-what, .event-outcome").forEach(function (part) {
      const text = part.textContent.replace(/\s+/g, " ").trim();
      if (text) parts.push(/[.!?…»)]$/.test(text) ? text : text + ".");
    });
    return parts.join(" ");
  }

  function announceNew() {
    const fresh = Array.from(document.querySelectorAll("#event-list .encounter-event[data-seq]"))
      .filter(function (line) {
        return Number(line.dataset.seq) > heard && !line.classList.contains("event-undone");
      })
      .sort(function (a, b) {
        return Number(a.dataset.seq) - Number(b.dataset.seq);
      });
    if (!fresh.length) return;
    // What was said before has been heard: only the new batch stays (removals are not read).
    announcer.replaceChildren();
    fresh.forEach(function (line) {
      heard = Math.max(heard, Number(line.dataset.seq));
      const text = sentence(line);
      if (!text) return;
      const said = document.createElement("p");
      said.dataset.seq = line.dataset.seq;
      said.textContent = text;
      announcer.appendChild(said);
    });
  }

  document.body.addEventListener("htmx:afterSettle", announceNew);
  document.body.addEventListener("htmx:oobAfterSwap", announceNew);
})();
