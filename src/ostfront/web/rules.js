// Rules page: an anchor like #r-10.1.1A falls back to the nearest numbered rule that exists.
"use strict";
(function () {
  let id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  while (id && !document.getElementById(id)) {
    const m = id.match(/^(.*?)(?:[A-Z]|\.\d+)$/);
    if (!m || m[1] === id) break;
    id = m[1];
  }
  const el = document.getElementById(id) || document.getElementById(id + ".0");
  if (el) { el.classList.add("target"); el.scrollIntoView(); }
})();
