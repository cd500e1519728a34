(function () {
  "use strict";
  // Reading needs no script: this only adds evidence highlighting, sorting and filtering.
  var doc = document;
  doc.documentElement.classList.add("js");

  function byId(id) { return doc.getElementById(id); }
  function all(selector, root) { return Array.prototype.slice.call((root || doc).querySelectorAll(selector)); }

  function clearHighlights(card) {
    all(".ev-hl", card).forEach(function (el) { el.classList.remove("ev-hl"); });
    all(".rs.active", card).forEach(function (el) { el.classList.remove("active"); });
  }

  function showEvidence(sentence, onlyId) {
    var card = sentence.closest(".ex");
    if (!card) { return; }
    clearHighlights(card);
    sentence.classList.add("active");
    var ids = onlyId ? [onlyId] : (sentence.getAttribute("data-ev") || "").split(" ").filter(Boolean);
    var first = null;
    ids.forEach(function (id) {
      var target = byId(id);
      if (target) {
        target.classList.add("ev-hl");
        if (!first) { first = target; }
      }
    });
    var status = card.querySelector(".ev-status");
    if (status) {
      status.textContent = ids.length
        ? ids.length + " evidence sentence" + (ids.length === 1 ? "" : "s") + " highlighted for " + (sentence.getAttribute("data-k") || "")
        : "No document evidence for " + (sentence.getAttribute("data-k") || "");
    }
    if (first && first.scrollIntoView) { first.scrollIntoView({ block: "nearest" }); }
  }

  doc.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) { return; }
    var link = target.closest("a.evl");
    if (link) {
      var owner = byId(link.getAttribute("data-rs") || "");
      var id = (link.getAttribute("href") || "").slice(1);
      if (owner) { showEvidence(owner, id); }
      return;
    }
    var sentence = target.closest(".rs");
    if (sentence) { showEvidence(sentence, null); return; }
    var jump = target.closest("a.exlink");
    if (jump) {
      var card = byId((jump.getAttribute("href") || "").slice(1));
      if (card) { card.open = true; }
      return;
    }
    var sorter = target.closest("#ex-table th button");
    if (sorter) { sortBy(sorter); }
  });

  doc.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target instanceof Element && target.classList.contains("rs") && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      showEvidence(target, null);
    }
  });

  var table = byId("ex-table");
  var list = byId("ex-list");
  var body = table ? table.tBodies[0] : null;

  function cardFor(row) { return byId("ex-" + row.getAttribute("data-i")); }

  function syncCards(reorder) {
    if (!body || !list) { return; }
    var shown = 0;
    all("tr", body).forEach(function (row) {
      var card = cardFor(row);
      if (card) {
        // moving thousands of cards is slow, so only a sort moves them
        if (reorder) { list.appendChild(card); }
        if (card.hidden !== row.hidden) { card.hidden = row.hidden; }
      }
      if (!row.hidden) { shown += 1; }
    });
    var count = byId("ex-count");
    if (count) { count.textContent = "showing " + shown + " of " + body.rows.length; }
  }

  function sortBy(button) {
    var th = button.closest("th");
    var key = button.getAttribute("data-sort");
    var numeric = button.getAttribute("data-type") === "num";
    var ascending = th.getAttribute("aria-sort") !== "ascending";
    all("#ex-table th").forEach(function (other) { other.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var rows = all("tr", body);
    rows.sort(function (a, b) {
      var x = a.getAttribute("data-" + key) || "";
      var y = b.getAttribute("data-" + key) || "";
      // examples without a value go last whichever way the column is sorted
      if (x === "" || y === "") { return (x === "") - (y === ""); }
      var order = numeric ? parseFloat(x) - parseFloat(y) : x.localeCompare(y);
      if (order === 0) { order = parseInt(a.getAttribute("data-i"), 10) - parseInt(b.getAttribute("data-i"), 10); }
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    syncCards(true);
  }

  function applyFilters() {
    if (!body) { return; }
    var verdict = byId("f-verdict").value;
    var status = byId("f-status").value;
    var sentence = byId("f-sentence").value;
    var text = byId("f-text").value.trim().toLowerCase();
    all("tr", body).forEach(function (row) {
      var ok = (!verdict || row.getAttribute("data-verdict") === verdict) &&
        (!status || row.getAttribute("data-status") === status) &&
        (!sentence || (" " + (row.getAttribute("data-sv") || "") + " ").indexOf(" " + sentence + " ") >= 0) &&
        (!text || row.textContent.toLowerCase().indexOf(text) >= 0);
      if (row.hidden !== !ok) { row.hidden = !ok; }
    });
    syncCards(false);
  }

  if (body) {
    all(".js-only").forEach(function (el) { el.hidden = false; });
    ["f-verdict", "f-status", "f-sentence"].forEach(function (id) { byId(id).addEventListener("change", applyFilters); });
    byId("f-text").addEventListener("input", applyFilters);
    byId("f-open").addEventListener("click", function () { all("details.ex:not([hidden])").forEach(function (d) { d.open = true; }); });
    byId("f-close").addEventListener("click", function () { all("details.ex").forEach(function (d) { d.open = false; }); });
    syncCards(false);
  }

  function openFromHash() {
    var id = decodeURIComponent((location.hash || "").slice(1));
    var el = id ? byId(id) : null;
    var card = el ? el.closest("details.ex") : null;
    if (card) { card.open = true; el.scrollIntoView(); }
  }
  window.addEventListener("hashchange", openFromHash);
  openFromHash();

  doc.body.setAttribute("data-rj-ready", "1");
})();
