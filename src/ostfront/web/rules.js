// Rules page: an anchor like #r-10.1.1A falls back to the nearest numbered rule that exists;
// the rule followed is repeated at the top, with the rules it belongs to (the players' page
// and the developers' page alike).
"use strict";
(function () {
  let id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  const asked = id;
  while (id && !document.getElementById(id)) {
    const m = id.match(/^(.*?)(?:[A-Z]|\.\d+)$/);
    if (!m || m[1] === id) break;
    id = m[1];
  }
  const el = document.getElementById(id) || document.getElementById(id + ".0");
  if (!el) return;
  el.classList.add("target");
  const box = document.getElementById("followed");
  if (box) {
    // the rule and its parents (7.2.2 under 7.2 under 7.0), nearest first
    const parents = [];
    let n = el.id.replace(/^r-/, "");
    while (/\.\d+$/.test(n)) {
      n = n.replace(/\.\d+$/, "");
      const p = document.getElementById("r-" + n) || document.getElementById("r-" + n + ".0");
      if (p && p !== el && !parents.includes(p)) parents.push(p);
    }
    const note = asked !== el.id ? `<p class="muted">Rule ${asked.replace(/^r-/, "")} is covered under:</p>` : "";
    box.innerHTML = `<div class="followed">${note}${el.innerHTML}` +
      parents.map(p => `<div class="parent">${p.querySelector("h2").outerHTML}${p.querySelector(".notes, .summary") ? p.querySelector(".notes, .summary").outerHTML : ""}</div>`).join("") +
      "</div>";
    return;
  }
  el.scrollIntoView();
})();
