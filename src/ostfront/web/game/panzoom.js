// Pan and zoom: the part of the map on screen (the SVG's viewBox), chosen by the player
// (wheel, buttons, keys, dragging; remembered per game in this browser) or by the page (the
// front, a battle).

import { page, GID } from "./state.js";
import { stacks } from "./counters.js";

let chosenView = false;   // the player chose the view on screen (zoom, pan, whole map)
let hadUnits = false;     // the live view had units on the map
let lastBattle = null;    // the hex of the battle being fought, brought into view once

// After each view: open on the front (a game opened before its set-up moves there once units
// are placed), and bring a new battle into view.
export function followView(v, first) {
  if ((first && !restoreView()) || (v.live && !chosenView && !hadUnits && v.counters.length)) frontView();
  if (v.live) hadUnits = v.counters.length > 0;
  const battle = v.pending && v.pending.targets && v.pending.targets[0];
  if (battle && battle !== lastBattle) ensureVisible(battle);
  lastBattle = battle || null;
}

// Bring a hex into view by the least pan that shows it with a margin; a hex already on the
// screen leaves the view as it is (the player was looking there: nothing jumps after an
// action).
export function ensureVisible(hex) {
  const c = page.board.centres[hex];
  if (!c) return;
  const r = page.board.size;
  const [x, y, w, h] = page.vb;
  if (c[0] - r >= x && c[0] + r <= x + w && c[1] - r >= y && c[1] + r <= y + h) return;
  const m = Math.min(page.board.size * 2, w / 4, h / 4);
  page.vb[0] = Math.min(Math.max(x, c[0] + m - w), c[0] - m);
  page.vb[1] = Math.min(Math.max(y, c[1] + m - h), c[1] - m);
  putVb();
}

export function putVb() { page.svg.setAttribute("viewBox", page.vb.map(n => n.toFixed(1)).join(" ")); }

// A view the player chose (zoom, pan, whole map) is remembered; one the page chose is not.
function chosen() {
  chosenView = true;
  clearTimeout(chosen.timer);
  chosen.timer = setTimeout(saveView, 250);
}

export function fit() { page.vb = page.fullVb.slice(); putVb(); chosen(); }

// The view is remembered per game in the browser (localStorage), so a reload shows the same
// part of the map.
const VIEW_KEY = "ostfront:view:" + GID;

function saveView() {
  try { localStorage.setItem(VIEW_KEY, JSON.stringify(page.vb.map(n => Math.round(n * 10) / 10))); } catch (e) { /* private mode */ }
}

function restoreView() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(VIEW_KEY) || "null"); } catch (e) { saved = null; }
  if (!Array.isArray(saved) || saved.length !== 4 || !saved.every(Number.isFinite) || saved[2] <= 0 || saved[3] <= 0) return false;
  page.vb = saved;
  putVb();
  chosenView = true;
  return true;
}

// Screen pixels a counter should at least get when the game opens (it is 0.9 hex sizes wide):
// its name and markers, a fifth of a hex size high, are then 10 CSS px or more.
const OPEN_COUNTER_PX = 46;

// The hexes the game opens on: where the two sides' units touch (adjacent hexes), else the
// side to move's units, else every unit.
function frontHexes() {
  const st = Object.entries(stacks()).filter(([h]) => page.board.centres[h]);
  const near = page.board.size * 1.9;  // neighbouring centres are sqrt(3) sizes apart
  const front = new Set();
  for (const [h, list] of st) {
    const [x, y] = page.board.centres[h];
    for (const [g, other] of st) {
      if (g === h || front.has(h) && front.has(g)) continue;
      const [u, w] = page.board.centres[g];
      if (Math.hypot(u - x, w - y) > near) continue;
      if (list.some(a => other.some(b => b.side !== a.side))) { front.add(h); front.add(g); }
    }
  }
  if (front.size) return [...front];
  const mine = st.filter(([, list]) => list.some(c => c.side === page.view.active)).map(([h]) => h);
  return mine.length ? mine : st.map(([h]) => h);
}

// Open on the front: the box around those hexes, shaped like the board's box, no larger than
// keeps counters OPEN_COUNTER_PX wide (centred on the front's middle when it is longer).
function frontView() {
  const hexes = frontHexes();
  const box = document.getElementById("board");
  const W = box.clientWidth || 800, H = box.clientHeight || 600;
  if (!hexes.length) { page.vb = page.fullVb.slice(); putVb(); return; }
  const xs = hexes.map(h => page.board.centres[h][0]), ys = hexes.map(h => page.board.centres[h][1]);
  const m = page.board.size * 1.6;
  let x0 = Math.min(...xs) - m, x1 = Math.max(...xs) + m, y0 = Math.min(...ys) - m, y1 = Math.max(...ys) + m;
  const counter = page.board.size * 0.9;
  // counters between OPEN_COUNTER_PX and twice that wide on the screen
  const scale = Math.min(Math.max(Math.min(W / (x1 - x0), H / (y1 - y0)), OPEN_COUNTER_PX / counter),
    2 * OPEN_COUNTER_PX / counter);
  const w = W / scale, h = H / scale;
  const cx = xs.reduce((a, b) => a + b, 0) / xs.length, cy = ys.reduce((a, b) => a + b, 0) / ys.length;
  const mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
  // the whole front when it fits, else its middle (where most of its hexes are)
  const px = w >= x1 - x0 ? mx : cx, py = h >= y1 - y0 ? my : cy;
  page.vb = [px - w / 2, py - h / 2, w, h];
  putVb();
}

export function zoom(k, px = 0.5, py = 0.5) {
  const w = Math.min(Math.max(page.vb[2] * k, 80), page.fullVb[2] * 2), h = page.vb[3] * (w / page.vb[2]);
  page.vb = [page.vb[0] + (page.vb[2] - w) * px, page.vb[1] + (page.vb[3] - h) * py, w, h];
  putVb();
  chosen();
}

export function pan(dx, dy) { page.vb[0] += dx * page.vb[2]; page.vb[1] += dy * page.vb[3]; putVb(); chosen(); }

// The wheel and the zoom buttons.
export function setupPanZoom(box) {
  box.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = page.svg.getBoundingClientRect();
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  }, { passive: false });
  document.getElementById("z-in").addEventListener("click", () => zoom(1 / 1.3));
  document.getElementById("z-out").addEventListener("click", () => zoom(1.3));
  document.getElementById("z-fit").addEventListener("click", fit);
}

// Dragging the map pans it; a press that does not move is a click (pointer.js says what it
// does).
let drag = null;

export function pressMap(e) {
  if (e.button !== 0 || e.target.closest("#zoom")) return;
  drag = { x: e.clientX, y: e.clientY, vb: page.vb.slice(), moved: false, target: e.target };
}

export function dragMap(e, box) {
  if (!drag) return;
  const r = page.svg.getBoundingClientRect();
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 5) { drag.moved = true; box.classList.add("dragging"); }
  if (drag.moved) {
    const s = Math.max(page.vb[2] / r.width, page.vb[3] / r.height);
    page.vb[0] = drag.vb[0] - dx * s;
    page.vb[1] = drag.vb[1] - dy * s;
    putVb();
    chosen();
  }
}

// The press that ends ({target, moved}), or null if none began on the map.
export function releaseMap(box) {
  if (!drag) return null;
  const d = drag;
  drag = null;
  box.classList.remove("dragging");
  return d;
}
