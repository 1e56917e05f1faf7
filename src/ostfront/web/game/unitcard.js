// The unit card: one unit chosen on the map, in the list of actions or in a box off the
// map, shown over the map's corner with what the game says of it (Game.unit_card: factors,
// where it is, its markers and what each does, supply, zones of control, the rules that
// apply) and the actions that concern it alone. While it is open the map lights only the
// hexes of its own actions, when it has any (a replacement's entry hexes, say).

import { page, GID } from "./state.js";
import { api, esc, ruleLink } from "./helpers.js";
import { drawCounters, drawHighlights } from "./counters.js";
import { act } from "./connection.js";
import { ensureVisible } from "./panzoom.js";

let asked = 0;  // the latest card asked for (an older answer is dropped)

document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeCard(); });

// The name a unit goes by: its counter's on the map, else its entry in a box.
export function unitName(uid) {
  const c = page.view.counters.find(x => x.id === uid);
  if (c) return c.label;
  for (const b of page.view.boxes || []) {
    const u = b.units.find(x => x.id === uid);
    if (u) return u.name;
  }
  return uid;
}

// The actions that concern this unit alone: for a unit on the map those not taken on a lit
// hex (the map offers those), for one off the map all (where it may enter).
export function cardActions(uid) {
  const onMap = page.view.counters.some(c => c.id === uid);
  return page.view.actions.filter(a => a.unit === uid && a.role !== "back" && !(onMap && a.kind));
}

function counterSvg(uid) {
  const c = page.view.counters.find(x => x.id === uid);
  if (c) return c.svg;
  for (const b of page.view.boxes || []) {
    const u = b.units.find(x => x.id === uid);
    if (u) return u.svg || "";
  }
  return "";
}

const CARD_LIST_AT = 8;  // more of a unit's choices on the map than this: listed on demand
let shown = null;  // the card on screen (kept while the same unit's is asked for again)

// Open a unit's card. ``reveal``: chosen from a list, not on the map; when none of the
// hexes lit for it is on the screen, the map pans to the one nearest its middle.
export async function chooseUnit(uid, reveal = false) {
  const again = page.cardUnit === uid && shown && shown.id === uid;
  page.cardUnit = uid;
  drawCard(again ? shown : null);
  drawCounters();
  drawHighlights();
  if (reveal) revealHexes(uid);
  const n = ++asked;
  const q = page.replay ? `?step=${page.replay.step}` : "";
  let card = null;
  try {
    card = await api("GET", `/api/games/${encodeURIComponent(GID)}/units/${encodeURIComponent(uid)}${q}`);
  } catch (e) { card = { id: uid, title: unitName(uid), lines: [], status: [], rules: [], error: e.message }; }
  if (n === asked && page.cardUnit === uid) { shown = card; drawCard(card); }
}

function revealHexes(uid) {
  const hexes = page.view.actions.filter(a => a.unit === uid && a.kind && page.board.centres[a.hex]).map(a => a.hex);
  if (!hexes.length) return;
  const [x, y, w, h] = page.vb;
  const on = ([cx, cy]) => cx > x && cx < x + w && cy > y && cy < y + h;
  if (hexes.some(hx => on(page.board.centres[hx]))) return;
  const mid = [x + w / 2, y + h / 2];
  const d = hx => Math.hypot(page.board.centres[hx][0] - mid[0], page.board.centres[hx][1] - mid[1]);
  ensureVisible(hexes.reduce((a, b) => (d(b) < d(a) ? b : a)));
}

export function closeCard() {
  if (!page.cardUnit) return;
  page.cardUnit = null;
  shown = null;
  asked += 1;
  const el = document.getElementById("unitcard");
  if (el) el.hidden = true;
  drawCounters();
  drawHighlights();
}

// After each view: the card's actions follow the position; the card closes when its unit
// is gone or the phase has changed.
export function redrawCard(phaseChanged) {
  if (!page.cardUnit) return;
  const known = page.view.counters.some(c => c.id === page.cardUnit) ||
    (page.view.boxes || []).some(b => b.units.some(u => u.id === page.cardUnit));
  if (!known || phaseChanged) return closeCard();
  chooseUnit(page.cardUnit);
}

function drawCard(card) {
  let el = document.getElementById("unitcard");
  if (!el) {
    el = document.createElement("section");
    el.id = "unitcard";
    el.setAttribute("aria-label", "Unit card");
    document.getElementById("board").append(el);
    el.addEventListener("pointerdown", (e) => e.stopPropagation());  // not a press on the map
    el.addEventListener("wheel", (e) => e.stopPropagation());
  }
  el.hidden = false;
  const uid = page.cardUnit;
  const acts = cardActions(uid);
  const title = card ? card.title : unitName(uid);
  let html = `<button class="close" title="Close the card (Esc)" aria-label="Close">×</button>` +
    `<div class="head"><svg viewBox="-13 -13 26 26" aria-hidden="true">${counterSvg(uid)}</svg>` +
    `<h3>${esc(title)}</h3></div>`;
  if (card && card.error) html += `<p class="muted">${esc(card.error)}</p>`;
  if (card && card.lines.length) {
    html += `<table class="facts">` + card.lines.map(l =>
      `<tr><th>${esc(l.label)}</th><td>${esc(l.value)} ${l.rule ? ruleLink(page.view.game, l.rule) : ""}</td></tr>`).join("") + `</table>`;
  }
  if (card && card.status.length) {
    html += `<ul class="status">` + card.status.map(s =>
      `<li data-status="${esc(s.name)}"><span class="code">${esc(s.code)}</span> <b>${esc(s.name)}</b>` +
      `${s.note ? ": " + esc(s.note) : ""} ${s.rule ? ruleLink(page.view.game, s.rule) : ""}</li>`).join("") + `</ul>`;
  }
  if (card && card.rules.length) {
    html += `<ul class="rules">` + card.rules.map(r =>
      `<li>${esc(r.text)} ${r.rule ? ruleLink(page.view.game, r.rule) : ""}</li>`).join("") + `</ul>`;
  }
  const button = a => `<button class="card-action" data-text="${esc(a.text)}" title="${esc(a.rule || "")}">${esc(a.label)}</button>`;
  const plain = acts.filter(a => !a.kind), lit = acts.filter(a => a.kind);
  if (plain.length) html += `<div class="acts">${plain.map(button).join("")}</div>`;
  if (lit.length > CARD_LIST_AT) {  // a unit off the map: where it may enter, lit on the map
    html += `<details class="acts"><summary>${lit.length} choices, lit on the map: click one there, or list them</summary>` +
      `<div class="acts">${lit.map(button).join("")}</div></details>`;
  } else if (lit.length) html += `<div class="acts">${lit.map(button).join("")}</div>`;
  el.innerHTML = html;
  el.querySelector(".close").addEventListener("click", closeCard);
  el.querySelectorAll("button.card-action").forEach(b => b.addEventListener("click", () => act(b.dataset.text)));
}
