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

// The pointer on the map: pressing, dragging (pan and zoom), clicking, pointing.
export function listenToMap(box) {
  box.addEventListener("pointerdown", pressMap);
  window.addEventListener("pointermove", (e) => {
    dragMap(e, box);
    hover(e.target);
  });
  window.addEventListener("pointerup", (e) => {
    const d = releaseMap(box);
    if (!d) return;
    if (!d.moved && page.svg.contains(d.target)) {
      if (page.replay) { const h = d.target.closest("[data-hex]"); if (h) showHex(h.dataset.hex, true); return; }
      clickAt(d.target, e);
    }
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

async function unitClick(uid, hex, ev) {
  chooseUnit(uid);  // its card
  let acts = unitActions(uid);
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
  if (acts.length === 1) { page.fanHex = null; return act(acts[0].text); }
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
