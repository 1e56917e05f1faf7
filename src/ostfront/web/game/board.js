// The board: the map SVG the server draws once, mounted in the page with the layers drawn
// over it, and where each hex's outline and centre are.

import { page, layers, SVGNS } from "./state.js";

export function mountBoard() {
  const box = document.getElementById("board");
  box.insertAdjacentHTML("afterbegin", page.board.svg);
  page.svg = box.querySelector("svg");
  page.svg.removeAttribute("width");
  page.svg.removeAttribute("height");
  page.fullVb = page.svg.getAttribute("viewBox").split(/\s+/).map(Number);
  page.vb = page.fullVb.slice();
  const defs = document.createElementNS(SVGNS, "defs");
  defs.innerHTML = '<pattern id="zoc-hatch" width="5" height="5" patternUnits="userSpaceOnUse" ' +
    'patternTransform="rotate(45)"><rect width="5" height="5" fill="#000" fill-opacity=".06"/>' +
    '<line x1="0" y1="0" x2="0" y2="5" stroke="#000" stroke-width="1.4" stroke-opacity=".55"/></pattern>' +
    ["move:#003e63", "rail:#7a2e5c", "supply:#005a41", "recent:#000"].map(m => {
      const [id, colour] = m.split(":");
      return `<marker id="arrow-${id}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" ` +
        `orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`;
    }).join("");
  page.svg.prepend(defs);
  const hexes = page.svg.querySelector("g.hexes");
  layers.overlay = group("overlay-layer");
  hexes.after(layers.overlay);
  layers.hl = page.svg.querySelector("g.highlights");
  layers.recent = group("recent-layer");    // what the other side just did: hexes under the counters,
  layers.hl.before(layers.recent);
  layers.recentArrows = group("recent-layer arrows");  // the arrows over them
  layers.counters = page.svg.querySelector("g.counters");
  layers.labels = page.svg.querySelector("g.highlight-labels");
  layers.path = group("path-layer");        // the way a pointed-at move will go
  layers.supply = group("supply-layer");    // the supply line of a pointed-at unit
  layers.counters.after(layers.recentArrows, layers.path, layers.supply);
  layers.fan = group("fan-layer");
  page.svg.append(layers.fan);
  layers.focus = group("focus-layer");
  page.svg.append(layers.focus);
  page.svg.querySelectorAll("g.place").forEach(p => {
    const t = p.querySelector("title");
    if (t) page.places[p.dataset.hex] = t.textContent.replace(/\s+\d{4}$/, "");
  });
  page.svg.querySelectorAll(".hexside").forEach(s => {
    const t = s.querySelector("title");
    const label = t ? t.textContent.replace(/\s+\d{4}\/\d{4}$/, "") : s.dataset.kind;
    for (const h of s.dataset.side.split("/")) {
      page.sides[h] = page.sides[h] || [];
      if (!page.sides[h].includes(label)) page.sides[h].push(label);
    }
  });
}

function group(cls) {
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", cls);
  return g;
}

export function hexPoints(hex) {
  const p = page.svg.getElementById("hex-" + hex);
  return p ? p.getAttribute("points") : "";
}

export function polyPoints(hexes) {
  return hexes.filter(h => page.board.centres[h]).map(h => page.board.centres[h].join(",")).join(" ");
}
