/* The rating list: search, filters and sorting.  No data in here: it reads the table. */
(function () {
  "use strict";
  var table = document.getElementById("ratings");
  var form = document.getElementById("controls");
  if (!table || !form || !table.tBodies.length) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var q = document.getElementById("q");
  var club = document.getElementById("f-club");
  var sex = document.getElementById("f-sex");
  var status = document.getElementById("f-status");
  var count = document.getElementById("count");
  form.hidden = false;

  function squash(s) { return (s || "").toLowerCase().replace(/\s+/g, ""); }
  var keys = rows.map(function (r) { return squash(r.getAttribute("data-search")); });

  function apply() {
    var t = squash(q.value);
    var c = club ? club.value : "", x = sex ? sex.value : "", s = status ? status.value : "";
    var n = 0;
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      var ok = (!t || keys[i].indexOf(t) >= 0) &&
        (!c || r.getAttribute("data-club") === c) &&
        (!x || r.getAttribute("data-sex") === x) &&
        (!s || r.getAttribute("data-status") === s);
      r.hidden = !ok;
      if (ok) { n++; }
    }
    count.textContent = String(n);
  }
  form.addEventListener("submit", function (ev) { ev.preventDefault(); });
  q.addEventListener("input", apply);
  [club, sex, status].forEach(function (el) { if (el) { el.addEventListener("change", apply); } });

  function number(text) {
    var t = text.replace(/\u2212/g, "-").replace(/\s+/g, "").replace("½", ".5");
    if (t === "" || t === "-" || t === "—") { return null; }
    if (/^[-+]?\.5$/.test(t)) { t = t.replace(".5", "0.5"); }
    var v = parseFloat(t);
    return isNaN(v) ? null : v;
  }
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var order = rows.slice();
  heads.forEach(function (th, col) {
    var numeric = th.classList.contains("n");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sort";
    while (th.firstChild) { button.appendChild(th.firstChild); }
    th.appendChild(button);
    button.addEventListener("click", function () {
      var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
      if (!th.hasAttribute("aria-sort") && numeric) { dir = -1; }
      heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
      var keyed = order.map(function (r, i) {
        var text = r.cells[col] ? r.cells[col].textContent : "";
        return { r: r, i: i, k: numeric ? number(text) : text.trim() };
      });
      keyed.sort(function (a, b) {
        if (a.k === b.k) { return a.i - b.i; }
        if (a.k === null || a.k === "") { return 1; }   /* blanks last */
        if (b.k === null || b.k === "") { return -1; }
        var d = numeric ? a.k - b.k : a.k.localeCompare(b.k, document.documentElement.lang);
        return d === 0 ? a.i - b.i : d * dir;
      });
      var frag = document.createDocumentFragment();
      keyed.forEach(function (e) { frag.appendChild(e.r); });
      body.appendChild(frag);
    });
  });
  apply();
})();
