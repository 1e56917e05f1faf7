// The clocks, shown to both players (and watchers): each side's time left, the running one
// counting down between the server's updates; "lost on time" once a side ran out. The
// server decides when a clock falls; this only shows it.

import { page } from "./state.js";
import { cap } from "./helpers.js";

let shown = null;    // the clock as last heard: {clock, at} (at: this browser's time then)

/** A clock heard from the server (its socket, or the view of the game). */
export function showClock(clock) {
  if (!clock) return;
  shown = { clock, at: Date.now() / 1000 };
  tickClock();
}

function hms(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}`;
}

function section() {
  let el = document.getElementById("clock");
  if (!el) {
    el = document.createElement("section");
    el.id = "clock";
    el.setAttribute("aria-label", "Clocks");
    const panel = document.getElementById("panel");
    panel.insertBefore(el, panel.firstChild);
  }
  return el;
}

/** Redraw the clocks (every second): the view's clock when it is newer than the socket's. */
export function tickClock() {
  const v = page.view;
  if (v && v.clock && (!shown || v.clock.now > shown.clock.now)) shown = { clock: v.clock, at: Date.now() / 1000 };
  if (!shown) return;
  const c = shown.clock, gone = Date.now() / 1000 - shown.at;
  const el = section();
  el.replaceChildren();
  const h = document.createElement("h3");
  h.textContent = "Clock · " + c.title;
  el.appendChild(h);
  for (const [side, left] of Object.entries(c.left)) {
    const row = document.createElement("div");
    row.className = "clock-side" + (c.running === side ? " running" : "") + (c.flagged === side ? " flagged" : "");
    row.dataset.side = side;
    const name = document.createElement("span");
    name.textContent = cap(side);
    const time = document.createElement("span");
    time.className = "clock-time";
    time.textContent = c.flagged === side ? "lost on time" : hms(left - (c.running === side ? gone : 0));
    row.append(name, time);
    el.appendChild(row);
  }
  if (!c.running && !c.flagged) {
    const p = document.createElement("small");
    p.className = "muted";
    p.textContent = v && v.result ? "The game is over." : "No clock runs: the computer decides.";
    el.appendChild(p);
  }
}
