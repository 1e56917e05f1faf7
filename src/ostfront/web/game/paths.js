// Paths on the map: the way a pointed-at move will go, and a unit's supply line.

import { page, layers } from "./state.js";
import { esc } from "./helpers.js";
import { polyPoints } from "./board.js";
import { stacks } from "./counters.js";

let pathKey = "";          // what the path layer shows
let supplyPointed = null;  // the unit the pointer or keyboard cursor is on

// The way the selected unit will go to a pointed-at destination (the engine's cheapest path;
// the server sends it with each move action).
export function drawMovePath(acts) {
  const shown = (acts || []).filter(a => a.path && a.path.length > 1);
  const key = shown.map(a => a.text).join("|");
  if (key === pathKey) return;
  pathKey = key;
  layers.path.innerHTML = shown.map(a => {
    const kind = a.kind === "rail" ? "rail" : "move";
    const pts = polyPoints(a.path);
    const dots = a.path.slice(1, -1).filter(h => page.board.centres[h]).map(h =>
      `<circle class="step" cx="${page.board.centres[h][0]}" cy="${page.board.centres[h][1]}" r="2.2"/>`).join("");
    return `<g class="move-path ${kind}" data-action="${esc(a.text)}" data-hexes="${esc(a.path.join(" "))}">` +
      `<polyline class="casing" points="${pts}"/><polyline class="line" points="${pts}" marker-end="url(#arrow-${kind})"/>${dots}</g>`;
  }).join("");
}

// The path layer drawn again from nothing (a new view came).
export function clearMovePath() {
  pathKey = null;
  drawMovePath(null);
}

// The supply overlay's units: which one the pointer or keyboard cursor is on.
export function supplyUnitAt(uid, hex) {
  if (!page.supply) return null;
  if (uid && page.supply.lines[uid]) return uid;
  const c = (stacks()[hex] || []).find(x => page.supply.lines[x.id]);
  return c ? c.id : null;
}

export function pointSupply(uid) {
  if (uid === supplyPointed) return;
  supplyPointed = uid;
  drawSupplyLine();
}

function placeName(hex) { return (page.places[hex] || hex).replace(/\s*\(.*\)$/, ""); }

export function supplyText(uid) {
  const l = page.supply && page.supply.lines[uid];
  if (!l) return "";
  if (l.text) return l.text;  // the game words its own supply line
  return l.ok ? "in supply" : "out of supply" + (l.note ? ": " + l.note : "");
}

// The supply line drawn again for a new overlay (forgetting the unit pointed at if the
// overlay has no line for it).
export function redrawSupplyLine() {
  if (supplyPointed && !(page.supply && page.supply.lines[supplyPointed])) supplyPointed = null;
  drawSupplyLine();
}

// The supply line of the unit pointed at (else the selected unit, else the first of the
// inspected hex's units): the short path to the rail line, then the rail line to a source.
export function drawSupplyLine() {
  layers.supply.innerHTML = "";
  if (!page.supply || !page.view) return;
  const inspected = page.focusHex ? (stacks()[page.focusHex] || []).find(c => page.supply.lines[c.id]) : null;
  const uid = [supplyPointed, page.view.selected, inspected && inspected.id].find(u => u && page.supply.lines[u]);
  if (!uid) return;
  const l = page.supply.lines[uid];
  const c = page.view.counters.find(x => x.id === uid);
  if (!c || !page.board.centres[c.hex]) return;
  const [cx, cy] = page.board.centres[c.hex];
  let html = `<g class="supply-line ${l.ok ? "ok" : "cut"}" data-uid="${esc(uid)}" data-path="${esc(l.path.join(" "))}" data-rail="${esc(l.rail.join(" "))}">`;
  if (!l.ok) {
    const r = page.board.size * 0.5;
    html += `<path class="cut" d="M${cx - r},${cy - r} L${cx + r},${cy + r} M${cx + r},${cy - r} L${cx - r},${cy + r}"/>`;
  }
  if (l.rail.length > 1) {
    const pts = polyPoints(l.rail);
    html += `<polyline class="rail-casing" points="${pts}"/><polyline class="rail" points="${pts}"/>`;
  }
  if (l.path.length > 1) {
    const pts = polyPoints(l.path);
    html += `<polyline class="casing" points="${pts}"/><polyline class="path" points="${pts}" marker-end="url(#arrow-supply)"/>`;
  }
  if (l.source && page.board.centres[l.source]) {
    const [sx, sy] = page.board.centres[l.source];
    html += `<circle class="source" cx="${sx}" cy="${sy}" r="${page.board.size * 0.55}"/>` +
      `<text class="source-name" x="${sx}" y="${sy - page.board.size * 0.7}">${esc(placeName(l.source))}</text>`;
  }
  layers.supply.innerHTML = html + "</g>";
}
