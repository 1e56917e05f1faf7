// Keys and buttons: the keyboard map of the help dialog, and the buttons of the top bar and
// the replay bar.

import { page } from "./state.js";
import { fit, pan, zoom } from "./panzoom.js";
import { drawFan } from "./counters.js";
import { toggleOverlay } from "./overlays.js";
import { moveCursor, pressCursor } from "./cursor.js";
import { closeMenu, endAction, menuItem } from "./actions.js";
import { act } from "./connection.js";
import { enterReplay, exitReplay, jumpPhase, pageReplay, replayTo } from "./replay.js";
import { toggleChart } from "./dialogs.js";
import { confirmKey, confirming, takeEnd } from "./gestures.js";
import { storyStep } from "./recent.js";

// Start listening: the keys on the whole page, the buttons, a click away from the menu.
export function listen() {
  document.addEventListener("keydown", onKey);
  listenToButtons();
  document.addEventListener("click", (e) => {
    const m = document.getElementById("menu");
    if (m.classList.contains("shown") && !m.contains(e.target) && !page.svg.contains(e.target)) closeMenu();
  });
}

function onKey(e) {
  if (confirming()) return confirmKey(e);  // ending a phase with units still to move: asked
  const tag = (e.target.tagName || "").toLowerCase();
  const typing = tag === "input" || tag === "select" || tag === "textarea";
  if (e.key === "Escape") {
    if (typing) e.target.blur();
    closeMenu();
    document.getElementById("help").classList.remove("shown");
    toggleChart(false);
    if (page.replay && !typing) exitReplay();
    if (page.fanHex) { page.fanHex = null; drawFan(); }
    return;
  }
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const menu = document.getElementById("menu");
  if (menu.classList.contains("shown") && /^[1-9]$/.test(e.key)) {
    const a = menuItem(Number(e.key));
    if (a) { e.preventDefault(); act(a.text); }
    return;
  }
  const onMap = document.activeElement === document.getElementById("board");
  if (page.replay && !onMap) {
    if (e.key === "ArrowLeft") { e.preventDefault(); return replayTo(page.replay.step - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); return replayTo(page.replay.step + 1); }
    if (e.key === "PageUp") { e.preventDefault(); return pageReplay(-1); }
    if (e.key === "PageDown") { e.preventDefault(); return pageReplay(1); }
    if (e.key === "[") { e.preventDefault(); return jumpPhase(-1); }
    if (e.key === "]") { e.preventDefault(); return jumpPhase(1); }
    if (e.key === "Home") { e.preventDefault(); return replayTo(0); }
    if (e.key === "End") { e.preventDefault(); return replayTo(page.replay.seq); }
  }
  // the other side's turn told (recent.js): [ and ] step through it as Previous and Next do
  if ((e.key === "[" || e.key === "]") && !page.replay) {
    if (storyStep(e.key === "]" ? 1 : -1)) e.preventDefault();
    return;
  }
  if (onMap) {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const dir = dirs[e.key];
    if (dir && e.shiftKey) { e.preventDefault(); return pan(dir[0] * 0.12, dir[1] * 0.12); }
    if (dir) { e.preventDefault(); return moveCursor(dir); }
    if ((e.key === "Enter" || e.key === " ") && page.cursorHex) { e.preventDefault(); return pressCursor(); }
  }
  if (e.key === "+" || e.key === "=") return zoom(1 / 1.3);
  if (e.key === "-" || e.key === "_") return zoom(1.3);
  if (e.key === "0") return fit();
  const k = e.key.toLowerCase();
  if (k === "u") { const a = page.view.actions.find(x => x.verb === "undo"); if (a) act(a.text); return; }
  if (k === "e") { const a = endAction(); if (a) takeEnd(a); return; }
  if (k === "s") return toggleOverlay("supply");
  if (k === "z") return toggleOverlay("zoc");
  if (k === "c") return toggleOverlay("control");
  if (k === "r") return page.replay ? exitReplay() : enterReplay();
  if (k === "t") return toggleChart();
  if (k === "m") return document.getElementById("board").focus();
  if (k === "?" || k === "h") return document.getElementById("help").classList.toggle("shown");
  if (k === "/") { e.preventDefault(); const f = document.querySelector("#actions .filter"); if (f) f.focus(); return; }
  if (/^[1-9]$/.test(k)) {
    const b = document.querySelector(`#actions .action[data-n="${k}"]`);
    if (b) { e.preventDefault(); b.click(); }
  }
}

function listenToButtons() {
  document.getElementById("btn-undo").addEventListener("click", () => {
    const a = page.view && page.view.actions.find(x => x.verb === "undo");
    if (a) act(a.text);
  });
  for (const kind of ["supply", "zoc", "control"]) {
    document.getElementById("ov-" + kind).addEventListener("click", () => toggleOverlay(kind));
  }
  document.getElementById("btn-replay").addEventListener("click", () => page.replay ? exitReplay() : enterReplay());
  document.getElementById("btn-chart").addEventListener("click", () => toggleChart());
  document.getElementById("chart-close").addEventListener("click", () => toggleChart(false));
  document.getElementById("btn-help").addEventListener("click", () => document.getElementById("help").classList.toggle("shown"));
  document.getElementById("help-close").addEventListener("click", () => document.getElementById("help").classList.remove("shown"));
  document.getElementById("rp-slider").addEventListener("input", (e) => replayTo(Number(e.target.value)));
  document.getElementById("rp-prev").addEventListener("click", () => page.replay && replayTo(page.replay.step - 1));
  document.getElementById("rp-next").addEventListener("click", () => page.replay && replayTo(page.replay.step + 1));
  document.getElementById("rp-first").addEventListener("click", () => replayTo(0));
  document.getElementById("rp-last").addEventListener("click", () => page.replay && replayTo(page.replay.seq));
  document.getElementById("rp-exit").addEventListener("click", exitReplay);
  document.getElementById("rp-phase").addEventListener("change", (e) => { if (e.target.value !== "") replayTo(Number(e.target.value)); });
}
