// Clicking and pointing at the map: a click picks a unit, spreads a stack, takes a hex's
// action or opens its menu; pointing says what is under the pointer.

import { page } from "./state.js";
import { dragMap, pressMap, releaseMap } from "./panzoom.js";
import { drawFan, faceText, hexActions, stacks, unitActions, unitLabel } from "./counters.js";
import { drawMovePath, pointSupply, supplyText, supplyUnitAt } from "./paths.js";
import { showHex } from "./panel.js";
import { openMenu, putDown } from "./actions.js";
import { act } from "./connection.js";
import { chooseUnit } from "./unitcard.js";
import { cancelUnit, dragUnit, pressUnit, releaseUnit, takeMove } from "./gestures.js";

// The pointer on the map: pressing, dragging (pan and zoom), clicking, pointing.
export function listenToMap(box) {
  // a press on a unit that may move drags it (gestures.js); anywhere else it pans the map
  box.addEventListener("pointerdown", (e) => { if (!pressUnit(e)) pressMap(e); });
  window.addEventListener("pointermove", (e) => {
    if (dragUnit(e)) return;  // a unit dragged: its way is drawn instead
    dragMap(e, box);
    hover(e.target);
  });
  window.addEventListener("pointerup", (e) => {
    const u = releaseUnit(e);
    if (u) {
      if (u.click && page.svg.contains(u.click)) clickAt(u.click, e);
      return;
    }
    const d = releaseMap(box);
    if (!d) return;
    if (!d.moved && page.svg.contains(d.target)) {
      if (page.replay) { const h = d.target.closest("[data-hex]"); if (h) showHex(h.dataset.hex, true); return; }
      clickAt(d.target, e);
    }
  });
  // the browser took the pointer: no drag goes on, nothing is clicked
  window.addEventListener("pointercancel", () => { if (!cancelUnit()) releaseMap(box); });
  // nothing on the map is dragged as text or an image (that would cancel a unit's drag)
  box.addEventListener("dragstart", (e) => e.preventDefault());
  box.addEventListener("contextmenu", (e) => {  // every action of a unit, in a menu
    const slot = e.target.closest && e.target.closest(".counter-slot");
    const acts = slot ? unitActions(slot.dataset.uid) : [];
    if (!acts.length || page.replay) return;
    e.preventDefault();
    openMenu(acts, e);
  });
  box.addEventListener("pointerleave", () => { drawMovePath(null); pointSupply(null); });
}

export function clickAt(target, ev) {
  const slot = target.closest(".counter-slot");
  const hexEl = target.closest("[data-hex]");
  const hex = slot ? slot.dataset.hex : hexEl ? hexEl.dataset.hex : null;
  if (!hex) { page.fanHex = null; drawFan(); return; }
  if (slot) {
    const uid = slot.dataset.uid;
    const n = (stacks()[hex] || []).length;
    if (slot.classList.contains("fanned") || n === 1) return unitClick(uid, hex, ev);
    if (hexActions(hex).length) return hexClick(hex, ev);
    const own = (stacks()[hex] || []).filter(c => unitActions(c.id).length);
    if (own.length === 1) return unitClick(own[0].id, hex, ev);
    page.fanHex = page.fanHex === hex ? null : hex;
    drawFan();
    showHex(hex, true);
    return;
  }
  hexClick(hex, ev);
}

// An attack being put together (the game's decision view names its targets).
function building() {
  const p = page.view.pending;
  return !!(p && p.kind === "attack" && p.targets && p.targets.length);
}

// Attacks may be declared or are being put together (an action offers one, or the game's
// decision view is about an attack).
function attacking() {
  const p = page.view.pending;
  return !!(p && p.kind === "attack") || page.view.actions.some(a => a.role === "attack");
}

// A click on a unit: while an attack is being put together, its part in it (added, left out:
// the one action of role attack or back); else picking it to move (role select), its other
// actions (break down, ...) being in the menu of a right click, the hex's panel and the list.
// A lone other action is never taken at one click while attacks may be declared: a menu.
async function unitClick(uid, hex, ev) {
  chooseUnit(uid);  // its card
  let acts = unitActions(uid);
  const shaping = building() ? acts.filter(a => a.role === "attack" || a.role === "back") : [];
  if (shaping.length === 1) return act(shaping[0].text);
  const picks = acts.filter(a => a.role === "select");
  if (picks.length === 1) acts = picks;
  else if (acts.length === 1 && acts[0].role === "choose" && attacking()) return openMenu(acts, ev);
  const back = putDown();
  if (!acts.length && page.view.selected === uid) {
    if (back) return act(back.text);
  }
  if (!acts.length) {
    // another unit is picked: put it down first, then pick this one
    if (back && !hexActions(hex).length) {
      const v = await act(back.text);
      if (v) acts = unitActions(uid);
    }
  }
  if (acts.length === 1) return act(acts[0].text);
  if (acts.length > 1) return openMenu(acts, ev);
  hexClick(hex, ev);
}

function hexClick(hex, ev) {
  const acts = hexActions(hex);
  if (acts.length === 1) { page.fanHex = null; return acts[0].role === "move" ? takeMove(acts[0]) : act(acts[0].text); }
  if (acts.length > 1) return openMenu(acts, ev);
  page.fanHex = null;
  drawFan();
  showHex(hex, true);
}

export function hover(target) {
  const out = document.getElementById("hover");
  if (!page.svg || !page.svg.contains(target)) return;
  const slot = target.closest(".counter-slot");
  const el = target.closest("[data-hex]");
  if (!el) { out.textContent = ""; drawMovePath(null); pointSupply(null); return; }
  const hex = el.dataset.hex;
  const poly = page.svg.getElementById("hex-" + hex);
  const terrain = poly ? poly.dataset.terrain : "";
  let text = `${hex} · ${terrain || "?"}`;
  if (page.places[hex]) text += ` · ${page.places[hex]}`;
  if ((page.sides[hex] || []).length) text += ` · ${page.sides[hex].join(", ")}`;
  if (slot) {
    const c = page.view.counters.find(x => x.id === slot.dataset.uid);
    if (c) text += ` — ${c.label} ${c.factors}${faceText(c)}${c.markers.length ? " {" + c.markers.join(", ") + "}" : ""} [${c.nation}]`;
  }
  const acts = page.view ? hexActions(hex) : [];
  if (acts.length) text += " — " + acts.map(a => a.label).join(" / ");
  const uid = supplyUnitAt(slot ? slot.dataset.uid : null, hex);
  if (uid) text += ` — ${unitLabel(uid)}: ${supplyText(uid)}`;
  out.textContent = text;
  drawMovePath(acts);
  pointSupply(uid);
}
