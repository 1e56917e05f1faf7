// Gestures worth several actions: dragging a unit or a stack to where it goes (one gesture:
// each unit picked and moved in turn, along the way the game offers), moving the rest of a
// stack after one of its units, and ending a phase while units could still move or attack
// (asked first). Everything is read from the actions' fields: role, units, hexes.

import { page, layers } from "./state.js";
import { esc } from "./helpers.js";
import { stacks, unitLabel } from "./counters.js";
import { polyPoints, hexPoints } from "./board.js";
import { clearMovePath } from "./paths.js";
import { act } from "./connection.js";
import { putDown } from "./actions.js";
import { toast } from "./dialogs.js";

// ------------------------------------------------------------------ moving units
function hexOf(uid) {
  const c = page.view.counters.find(x => x.id === uid);
  return c ? c.hex : null;
}

// The action that moves this unit (alone) to a hex now, if one is offered.
function moveAction(uid, dest) {
  return page.view.actions.find(a => a.role === "move" && a.hexes[0] === dest && a.units.length === 1 && a.units[0] === uid);
}

function selectAction(uid) {
  return page.view.actions.find(a => a.role === "select" && a.units.length === 1 && a.units[0] === uid);
}

// Whether a unit may be moved now: picked already with moves offered, or offered to be picked.
export function canMove(uid) {
  if (selectAction(uid)) return true;
  return page.view.actions.some(a => a.role === "move" && a.units.length === 1 && a.units[0] === uid && a.hexes.length);
}

// Move one unit to a hex: pick it (putting down another picked unit first), then move it.
// Whether it moved.
async function moveTo(uid, dest) {
  let a = moveAction(uid, dest);
  if (!a) {
    const sel = selectAction(uid);
    if (!sel) return false;
    if (page.view.selected && page.view.selected !== uid) {
      const back = putDown();
      if (back && !await act(back.text)) return false;
    }
    if (!await act(sel.text)) return false;
    a = moveAction(uid, dest);
    if (!a) {  // it may not go there: put it down again
      const back = putDown();
      if (back) await act(back.text);
      return false;
    }
  }
  return !!(await act(a.text));
}

// Move units to a hex, one after another; the ones that cannot go there are said.
export async function moveAll(uids, dest) {
  const moved = [], stayed = [];
  for (const uid of uids) (await moveTo(uid, dest) ? moved : stayed).push(uid);
  if (stayed.length) toast(`${stayed.map(unitLabel).join(", ")} cannot move to ${dest}`);
  drawRest();
  return moved;
}

// ------------------------------------------------------------------ the rest of a stack
let rest = null;  // {from, dest, seq}: after a unit of a stack moved, the others may follow

// A move taken by a click: when its unit left a stack, offer to move the others there too.
export async function takeMove(a) {
  const uid = a.units.length === 1 ? a.units[0] : null;
  const from = uid && hexOf(uid);
  const v = await act(a.text);
  if (v && from && a.hexes.length) offerRest(from, a.hexes[0]);
  return v;
}

function offerRest(from, dest) {
  rest = { from, dest, seq: page.view.seq };
  drawRest();
}

function restUnits() {
  if (!rest || !page.view || page.view.seq !== rest.seq) return [];
  return (stacks()[rest.from] || []).map(c => c.id).filter(canMove);
}

// The "rest of this stack" button, under the prompt, while nothing else has been done.
export function drawRest() {
  let el = document.getElementById("stack-rest");
  if (!el) {
    el = document.createElement("section");
    el.id = "stack-rest";
    document.getElementById("prompt").after(el);
  }
  const uids = restUnits();
  el.hidden = !uids.length;
  if (!uids.length) { el.innerHTML = ""; return; }
  el.innerHTML = `<button class="primary" id="rest-btn" title="${esc(uids.map(unitLabel).join(", "))}">` +
    `Move the rest of the stack (${uids.length}) from ${esc(rest.from)} to ${esc(rest.dest)} too</button>`;
  document.getElementById("rest-btn").addEventListener("click", () => {
    const { dest } = rest;
    rest = null;
    moveAll(uids, dest);
  });
}

// ------------------------------------------------------------------ dragging
let drag = null;  // {x, y, from, uids, moved, target}

// The hex under the pointer, by where its centre is (a spread-out stack drawn over a hex
// does not hide it).
function hexUnder(e) {
  const el = document.elementFromPoint(e.clientX, e.clientY);
  if (!el || !page.svg.contains(el)) return null;
  const p = page.svg.createSVGPoint();
  p.x = e.clientX; p.y = e.clientY;
  const q = p.matrixTransform(page.svg.getScreenCTM().inverse());
  let best = null, dist = page.board.size;
  for (const [hex, [x, y]] of Object.entries(page.board.centres)) {
    const d = Math.hypot(x - q.x, y - q.y);
    if (d < dist) { dist = d; best = hex; }
  }
  return best;
}

// A press on a counter that may move starts a drag of it (or of its whole stack, unless the
// stack is spread out); true if it did (the map is then not panned).
export function pressUnit(e) {
  if (e.button !== 0 || page.replay || !page.view || !page.view.live) return false;
  const slot = e.target.closest && e.target.closest(".counter-slot");
  if (!slot) return false;
  const hex = slot.dataset.hex;
  const uids = slot.classList.contains("fanned") ? [slot.dataset.uid] : (stacks()[hex] || []).map(c => c.id);
  const movers = uids.filter(canMove);
  if (!movers.length) return false;
  // A text selection left on the page (one an earlier press drew across the map's names) is
  // dropped: pressed on, the browser would drag that text instead and cancel this drag.
  const sel = window.getSelection();
  if (sel && sel.type === "Range") sel.removeAllRanges();
  drag = { x: e.clientX, y: e.clientY, from: hex, uids: movers, moved: false, target: e.target };
  return true;
}

// The browser took the pointer (pointercancel): the drag ends where it was, nothing moved.
export function cancelUnit() {
  if (!drag) return false;
  const moved = drag.moved;
  drag = null;
  if (moved) clearMovePath();
  return true;
}

// The pointer moves: the drag follows it (true while a unit drag is on).
export function dragUnit(e) {
  if (!drag) return false;
  if (!drag.moved && Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > 5) drag.moved = true;
  if (!drag.moved) return true;
  const to = hexUnder(e);
  const a = to && drag.uids.length === 1 ? moveAction(drag.uids[0], to) : null;
  const way = a && a.path && a.path.length > 1 ? a.path : to ? [drag.from, to] : null;
  layers.path.innerHTML = way && to !== drag.from ?
    `<g class="move-path drag" data-hexes="${esc(way.join(" "))}"><polygon class="hexfocus" points="${hexPoints(to)}"/>` +
    `<polyline class="casing" points="${polyPoints(way)}"/><polyline class="line" points="${polyPoints(way)}" marker-end="url(#arrow-move)"/></g>` : "";
  return true;
}

// The press ends: a drag that went somewhere moves its units there ({dragged}); one that did
// not is a click ({click: target}); null when no unit drag began.
export function releaseUnit(e) {
  if (!drag) return null;
  const d = drag;
  drag = null;
  if (d.moved) clearMovePath();
  if (!d.moved) return { click: d.target };
  const to = hexUnder(e);
  if (to && to !== d.from) {
    moveAll(d.uids, to).then(moved => {
      if (moved.length === 1 && d.uids.length === 1) offerRest(d.from, to);
    });
  }
  return { dragged: true };
}

// ------------------------------------------------------------------ ending a phase
// What could still be done before the phase ends: the units that could still move (offered
// to be picked, or picked with moves), the hexes or units an attack could still take on.
export function stillToDo() {
  const v = page.view;
  const movers = new Set(), attacks = new Set();
  for (const a of v.actions) {
    if (a.role === "select") a.units.forEach(u => movers.add(u));
    if (a.role === "move" && v.selected && a.units.includes(v.selected)) movers.add(v.selected);
    if (a.role === "attack") (a.hexes.length ? a.hexes : a.units).forEach(x => attacks.add(x));
  }
  return { movers: movers.size, attacks: attacks.size };
}

let pendingEnd = null;  // the end action waiting for the player's yes

// End the phase: at once when nothing could still move or attack (or in a set-up phase),
// else after asking.
export function takeEnd(a) {
  const t = stillToDo();
  if (page.view.info.setup || (!t.movers && !t.attacks)) return act(a.text);
  pendingEnd = a;
  const parts = [];
  if (t.movers) parts.push(`${t.movers} unit${t.movers === 1 ? "" : "s"} could still move`);
  if (t.attacks) parts.push(`${t.attacks} attack${t.attacks === 1 ? "" : "s"} could still be made`);
  let el = document.getElementById("confirm-end");
  if (!el) {
    el = document.createElement("div");
    el.id = "confirm-end";
    el.setAttribute("role", "alertdialog");
    document.body.append(el);
  }
  el.innerHTML = `<p>${esc(parts.join("; "))}. ${esc(a.label)}?</p>` +
    `<button class="primary" id="confirm-yes">End it <kbd>Enter</kbd></button> <button id="confirm-no">Keep playing <kbd>Esc</kbd></button>`;
  el.classList.add("shown");
  document.getElementById("confirm-yes").addEventListener("click", confirmEnd);
  document.getElementById("confirm-no").addEventListener("click", closeConfirm);
  document.getElementById("confirm-yes").focus();
}

export function confirming() { return !!pendingEnd; }

export function confirmEnd() {
  const a = pendingEnd;
  closeConfirm();
  if (a) act(a.text);
}

export function closeConfirm() {
  pendingEnd = null;
  const el = document.getElementById("confirm-end");
  if (el) el.classList.remove("shown");
}

// A key while the question is open: Enter (or E again) ends the phase, Escape does not.
export function confirmKey(e) {
  const k = e.key.toLowerCase();
  if (k === "enter" || k === "e") { e.preventDefault(); confirmEnd(); }
  else if (k === "escape") { e.preventDefault(); closeConfirm(); }
}
