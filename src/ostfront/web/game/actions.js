// The actions: the list in the side panel (grouped, filtered, numbered for keys), the menu a
// click opens when a counter or hex has several, and the end-of-phase action.

import { page, layers } from "./state.js";
import { esc } from "./helpers.js";
import { hexPoints } from "./board.js";
import { drawCursor } from "./counters.js";
import { drawMovePath } from "./paths.js";
import { drawOdds } from "./panel.js";
import { act } from "./connection.js";
import { takeEnd } from "./gestures.js";

const expanded = new Set();   // action groups shown whole
let menuItems = [];           // the actions of the open menu

export function drawActions() {
  const el = document.getElementById("actions");
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
    html += `<div class="group"><div class="gname">${esc(g.name)} (${g.acts.length})</div>`;
    const cut = !words.length && !expanded.has(g.name) && g.acts.length > 10 ? 6 : g.acts.length;
    for (const a of g.acts.slice(0, cut)) {
      n += 1;
      const key = n <= 9 ? `<span class="key">${n}</span>` : "";
      html += `<button class="action ${a.verb === "undo" ? "undo" : ""}" data-text="${esc(a.text)}" data-n="${n}" ` +
        `title="${esc(a.label)}${a.rule ? " — " + esc(a.rule) : ""}">${key}<span class="lbl">${esc(a.label)}</span>` +
        `<span class="key">${esc(a.rule || "")}</span></button>`;
    }
    if (cut < g.acts.length) {
      html += `<button class="more" data-group="${esc(g.name)}">… ${g.acts.length - cut} more (or pick on the map)</button>`;
    }
    html += "</div>";
  }
  el.innerHTML = html || '<p class="muted">No action matches.</p>';
  el.querySelectorAll("button.more").forEach(b => b.addEventListener("click", () => {
    expanded.add(b.dataset.group);
    fillActions(filter);
  }));
  el.querySelectorAll(".action").forEach(b => {
    b.addEventListener("click", () => take(b.dataset.text));
    b.addEventListener("mouseenter", () => hotAction(b.dataset.text, true));
    b.addEventListener("mouseleave", () => hotAction(b.dataset.text, false));
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
  m.style.top = Math.min(y + 8, window.innerHeight - 40 * (acts.length + 1)) + "px";
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

export function closeMenu() {
  document.getElementById("menu").classList.remove("shown");
  menuItems = [];
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
