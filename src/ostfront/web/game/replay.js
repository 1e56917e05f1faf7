// Replay: the game at any step, from the record on the server.

import { page, GID } from "./state.js";
import { api, esc } from "./helpers.js";
import { show } from "./view.js";
import { refresh } from "./connection.js";
import { toast } from "./dialogs.js";

export async function enterReplay() {
  const t = await api("GET", `/api/games/${encodeURIComponent(GID)}/timeline`);
  page.replay = { step: t.seq, marks: t.marks, seq: t.seq };
  document.getElementById("btn-replay").setAttribute("aria-pressed", "true");
  const bar = document.getElementById("replaybar");
  bar.classList.add("shown");
  const sl = document.getElementById("rp-slider");
  sl.max = String(t.seq);
  sl.value = String(t.seq);
  document.getElementById("rp-phase").innerHTML = '<option value="">Jump to…</option>' +
    '<option value="0">Set-up (step 0)</option>' +
    t.marks.map(m => `<option value="${m.step}">${esc(m.title || "")} (step ${m.step})</option>`).join("");
  replayTo(t.seq);
}

let replayTimer = null;
export function replayTo(step) {
  if (!page.replay) return;
  step = Math.max(0, Math.min(page.replay.seq, step));
  page.replay.step = step;
  document.getElementById("rp-slider").value = String(step);
  document.getElementById("rp-step").textContent = `step ${step} / ${page.replay.seq}`;
  clearTimeout(replayTimer);
  replayTimer = setTimeout(async () => {
    try {
      const v = await api("GET", `/api/games/${encodeURIComponent(GID)}/at/${step}`);
      if (page.replay && page.replay.step === step) { page.log = []; show(v); }
    } catch (e) { toast(e.message); }
  }, 60);
}

// PgUp / PgDn: a page of the record, this many steps (the phase starts are on [ and ]).
export const REPLAY_PAGE = 10;
export function pageReplay(dir) {
  if (page.replay) replayTo(page.replay.step + dir * REPLAY_PAGE);
}

export function jumpPhase(dir) {
  if (!page.replay) return;
  const steps = [0, ...page.replay.marks.map(m => m.step), page.replay.seq];
  const next = dir > 0 ? steps.find(s => s > page.replay.step) : steps.reverse().find(s => s < page.replay.step);
  if (next != null) replayTo(next);
}

export function exitReplay() {
  page.replay = null;
  document.getElementById("btn-replay").setAttribute("aria-pressed", "false");
  document.getElementById("replaybar").classList.remove("shown");
  page.log = [];
  refresh();
}
