// Drawing a view: everything on the page that follows from the view the server sends
// (live, or a step of the replay).

import { page } from "./state.js";
import { esc, cap, playerName } from "./helpers.js";
import { followView } from "./panzoom.js";
import { drawCounters, drawHighlights } from "./counters.js";
import { clearMovePath } from "./paths.js";
import { drawPlan, refreshOverlays } from "./overlays.js";
import { drawRest } from "./gestures.js";
import { closeStaleHex, drawBoxes, drawLog, drawOdds, drawPrompt, drawStatus, showHex } from "./panel.js";
import { drawActions } from "./actions.js";
import { drawRecent } from "./recent.js";
import { redrawCard } from "./unitcard.js";

let shownPhase = null;  // the turn and phase of the view drawn last

export function show(v, first) {
  page.view = v;
  if (v.live && v.hash) {  // the server may send the next actions as changes from these
    page.kept.delete(v.hash);
    page.kept.set(v.hash, v.actions);
    while (page.kept.size > 4) page.kept.delete(page.kept.keys().next().value);
  }
  if (v.log) {
    page.log = page.log.slice(0, v.log.start).concat(v.log.entries);
  }
  document.title = `${v.game_title} — ${v.info.title || ""} — Ostfront`;
  document.getElementById("gtitle").innerHTML =
    `<b>${esc(v.game_title)}</b> · ${v.position ? `<span title="${esc(v.position)}">from a position</span>` : esc(v.scenario)} · ` +
    v.sides.map(s => `<span class="badge ${esc(s)}">${esc(cap(s))}</span> ${esc(playerName(v.players[s]))}`).join(" vs ");
  const undo = v.actions.find(a => a.verb === "undo");
  const ub = document.getElementById("btn-undo");
  ub.disabled = !undo;
  ub.title = undo ? undo.label + " (U)" : "Nothing to undo (undo stops at a die roll or hand-over)";
  if (page.fanHex && !v.counters.some(c => c.hex === page.fanHex)) page.fanHex = null;
  drawCounters();
  drawHighlights();
  drawPlan();
  drawRest();
  drawStatus();
  drawPrompt();
  drawOdds();
  drawActions();
  drawBoxes();
  drawLog();
  drawRecent();
  const phase = `${v.info.turn}:${v.info.phase}`;
  redrawCard(shownPhase !== null && phase !== shownPhase);
  shownPhase = phase;
  if (v.live) closeStaleHex();
  if (page.focusHex) showHex(page.focusHex, false);
  clearMovePath();
  refreshOverlays();
  followView(v, first);
}
