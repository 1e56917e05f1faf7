// The actions: the list in the side panel (grouped, filtered, numbered for keys), the menu a
// click opens when a counter or hex has several, and the end-of-phase action.

import { page, layers } from "./state.js";
import { esc } from "./helpers.js";
import { hexPoints } from "./board.js";
import { drawCursor } from "./counters.js";
import { drawMovePath } from "./paths.js";
import { drawOdds } from "./panel.js";
import { chooseUnit, unitName } from "./unitcard.js";
import { act } from "./connection.js";
import { takeEnd } from "./gestures.js";

const expanded = new Set();   // action groups shown whole (in the phase they were opened in)
let expandedIn = null;        // that phase
let menuItems = [];           // the actions of the open menu
const pointer = { x: NaN, y: NaN };  // where the mouse was last seen
let drawnUnder = { x: NaN, y: NaN }; // where it was when the list was last drawn
document.addEventListener("mousemove", (e) => { pointer.x = e.clientX; pointer.y = e.clientY; }, true);

export function drawActions() {
  const el = document.getElementById("actions");
  const phase = `${page.view.info.turn}:${page.view.info.phase}`;
  if (phase !== expandedIn) { expanded.clear(); expandedIn = phase; }
  const filterOld = el.querySelector(".filter");
  const filterText = filterOld ? filterOld.value : "";
  const hadFocus = filterOld && document.activeElement === filterOld;
  if (!page.view.actions.length) {
    el.innerHTML = `<h3>Actions</h3><p class="muted">${page.view.thinking ? "Waiting for the computer." : page.view.live ? "Nothing to decide." : "Replaying: no actions."}</p>`;
    return;
  }
  el.innerHTML = `<h3>Actions (${page.view.actions.length})</h3>` +
    `<input class="filter" type="search" placeholder="Filter actions (/)" aria-label="Filter actions" value="${esc(filterText)}">` +
    `<div class="list"></div>`;
  const f = el.querySelector(".filter");
  f.addEventListener("input", () => fillActions(f.value));
  f.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown") { e.preventDefault(); const b = el.querySelector(".action"); if (b) b.focus(); }
    if (e.key === "Enter") {
      e.preventDefault();
      const b = el.querySelector(".action");
      f.value = "";
      if (b) b.click();
    }
  });
  fillActions(filterText);
  if (hadFocus) f.focus();
}

function fillActions(filter) {
  const el = document.querySelector("#actions .list");
  // the rows are drawn anew: a row previewed (its odds shown) is gone without a mouseleave,
  // so its preview goes with it (the row under a still pointer previews again when entered)
  if (document.getElementById("odds").classList.contains("preview")) drawOdds();
  drawnUnder = { ...pointer };
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = page.view.actions.filter(a => words.every(w => (a.label + " " + a.text).toLowerCase().includes(w)));
  const groups = [];
  for (const a of shown) {  // listed under the titles the game gives them
    let g = groups.find(x => x.name === a.group);
    if (!g) groups.push(g = { name: a.group, acts: [] });
    g.acts.push(a);
  }
  let n = 0, html = "";
  for (const g of groups) {
    html += `<div class="group" data-group="${esc(g.name)}"><div class="gname">${esc(g.name)} (${g.acts.length})</div>`;
    for (const row of listRows(g, words.length > 0)) {
      n += 1;
      const key = n <= 9 ? `<span class="key">${n}</span>` : "";
      if (row.group) {
        html += `<button class="action group-row" data-group="${esc(g.name)}" data-n="${n}" aria-expanded="false">${key}` +
          `<span class="lbl">${esc(g.name)}: ${row.count} choices — pick on the map, or show them</span><span class="key">▸</span></button>`;
      } else if (row.uid) {
        html += `<button class="action unit-row" data-uid="${esc(row.uid)}" data-n="${n}" title="${esc(row.name)}: its choices">${key}` +
          `<span class="lbl">${esc(row.name)}</span><span class="key">${row.count} choices ▸</span></button>`;
      } else {
        const a = row.action;
        html += `<button class="action ${a.verb === "undo" ? "undo" : ""}" data-text="${esc(a.text)}" data-n="${n}" ` +
          `title="${esc(a.label)}${a.rule ? " — " + esc(a.rule) : ""}">${key}<span class="lbl">${esc(a.label)}</span>` +
          `<span class="key">${esc(a.rule || "")}</span></button>`;
      }
    }
    html += "</div>";
  }
  el.innerHTML = html || '<p class="muted">No action matches.</p>';
  el.querySelectorAll("button.group-row").forEach(b => b.addEventListener("click", () => {
    expanded.add(b.dataset.group);
    fillActions(filter);
  }));
  el.querySelectorAll("button.unit-row").forEach(b => b.addEventListener("click", () => chooseUnit(b.dataset.uid, true)));
  el.querySelectorAll(".action").forEach(b => {
    if (b.dataset.text) b.addEventListener("click", () => take(b.dataset.text));
    // a row is previewed when the pointer comes to it, not when it is drawn under a still
    // pointer (after a click on the list): that preview would hide the roll button, and
    // the row could move away with no mouseleave
    const enter = (e) => {
      if (b.dataset.hot || (e.clientX === drawnUnder.x && e.clientY === drawnUnder.y)) return;
      b.dataset.hot = "1";
      hotAction(b.dataset.text, true);
    };
    b.addEventListener("mouseenter", enter);
    b.addEventListener("mousemove", enter);
    b.addEventListener("mouseleave", () => { delete b.dataset.hot; hotAction(b.dataset.text, false); });
    b.addEventListener("focus", () => hotAction(b.dataset.text, true));
    b.addEventListener("blur", () => hotAction(b.dataset.text, false));
    b.addEventListener("keydown", (e) => {
      const all = [...el.querySelectorAll(".action")];
      const i = all.indexOf(b);
      if (e.key === "ArrowDown" && all[i + 1]) { e.preventDefault(); all[i + 1].focus(); }
      if (e.key === "ArrowUp") { e.preventDefault(); (all[i - 1] || document.querySelector("#actions .filter")).focus(); }
    });
  });
}

// A list a person can scan: a group of more than COLLAPSE_AT actions, each of which names a
// unit or a hex (so it is also offered on the map and on the unit's card), is one row until
// asked for; asked for, it is one row per unit where a unit has several (choosing the unit
// opens its card and lights only its hexes), else its actions. A filter lists every match.
const COLLAPSE_AT = 6;

function listRows(g, filtering) {
  if (filtering) return g.acts.map(a => ({ action: a }));
  const onMap = g.acts.every(a => a.unit || a.hex);
  if (!onMap || g.acts.length <= COLLAPSE_AT) return g.acts.map(a => ({ action: a }));
  if (!expanded.has(g.name)) return [{ group: g.name, count: g.acts.length }];
  const byUnit = new Map();
  for (const a of g.acts) if (a.unit) byUnit.set(a.unit, (byUnit.get(a.unit) || 0) + 1);
  const perUnit = byUnit.size > 1 && [...byUnit.values()].some(k => k > 1) && g.acts.every(a => a.unit);
  if (!perUnit) return g.acts.map(a => ({ action: a }));
  return [...byUnit].map(([uid, count]) => ({ uid, count, name: unitName(uid) }));
}

function hotAction(text, on) {
  layers.focus.innerHTML = "";
  drawCursor();
  if (!on) drawMovePath(null);
  const more = page.view.odds_more && page.view.odds_more[text];
  if (more) drawOdds(on ? more : null);
  if (!on) return;
  const a = page.view.actions.find(x => x.text === text);
  if (!a) return;
  let hex = a.hex;
  if (!hex && a.unit) { const c = page.view.counters.find(x => x.id === a.unit); if (c) hex = c.hex; }
  if (hex && page.board.centres[hex]) layers.focus.insertAdjacentHTML("beforeend", `<polygon class="hexfocus" points="${hexPoints(hex)}"/>`);
  if (a.path) drawMovePath([a]);
}

export function openMenu(acts, ev) {
  const m = document.getElementById("menu");
  menuItems = acts;
  m.innerHTML = acts.map((a, i) => `<button role="menuitem" data-text="${esc(a.text)}">${i < 9 ? `<kbd>${i + 1}</kbd> ` : ""}${esc(a.label)}</button>`).join("") +
    `<button role="menuitem" class="muted" data-close="1">Cancel <kbd>Esc</kbd></button>`;
  const x = ev && ev.clientX != null ? ev.clientX : window.innerWidth / 2;
  const y = ev && ev.clientY != null ? ev.clientY : window.innerHeight / 2;
  m.style.left = Math.min(x + 8, window.innerWidth - 280) + "px";
  m.style.top = Math.max(4, Math.min(y + 8, window.innerHeight - 40 * (acts.length + 1))) + "px";
  m.classList.add("shown");
  m.querySelectorAll("button").forEach(b => {
    b.addEventListener("click", () => b.dataset.close ? closeMenu() : take(b.dataset.text));
    if (b.dataset.text) {
      for (const [ev, on] of [["mouseenter", true], ["focus", true], ["mouseleave", false], ["blur", false]]) {
        b.addEventListener(ev, () => hotAction(b.dataset.text, on));
      }
    }
  });
  const first = m.querySelector("button");
  if (first) first.focus();
}

// The nth action of the open menu (its key), if any.
export function menuItem(n) { return menuItems[n - 1]; }

// Closed, its rows' preview goes with it (not left to a blur or a mouseleave, which a hidden
// row may never get).
export function closeMenu() {
  const m = document.getElementById("menu");
  const shown = m.classList.contains("shown");
  m.classList.remove("shown");
  menuItems = [];
  if (!shown) return;
  if (m.contains(document.activeElement)) document.activeElement.blur();
  hotAction(null, false);
  if (document.getElementById("odds").classList.contains("preview")) drawOdds();
}

// Take an action of the list or the menu: ending a phase asks first while units could still
// move or attack (gestures.js).
function take(text) {
  const a = page.view.actions.find(x => x.text === text);
  if (a && a.role === "end") { closeMenu(); return takeEnd(a); }
  return act(text);
}

export function endAction() {
  return page.view.actions.find(a => a.role === "end");
}

// The step back that puts the picked unit down again (to choose another), if one is picked.
export function putDown() {
  if (!page.view.selected) return null;
  return page.view.actions.find(a => a.role === "back" && a.verb !== "undo" && !a.units.length && !a.hexes.length);
}
