// The server: the live socket that says when the game has moved on, fetching the view, and
// sending an action (the server checks it again). A view comes as the changes from the ones
// this page holds (server/deltas.py): merged here, or fetched whole when they do not fit.

import { page, GID } from "./state.js";
import { api, openSocket } from "./helpers.js";
import { closeMenu } from "./actions.js";
import { show } from "./view.js";
import { toast } from "./dialogs.js";
import { merged } from "./deltas.js";

let inflight = false, again = false;  // a view is being fetched; fetch again when it comes
let busy = false;                     // an action is being sent
let heard = null;                     // the socket's news while an action was being sent

/** Whether nothing is on its way to or from the server (no view fetched, no action sent). */
export function quiet() { return !inflight && !again && !busy; }

export function connect() {
  let ws;
  try {
    ws = openSocket("/ws/games/" + encodeURIComponent(GID));  // with this browser's seat
  } catch (e) { setTimeout(connect, 3000); return; }
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.error || !page.view || page.replay) return;
    // while an action is sent, its answer brings the view: compared with the news after it
    if (busy) { heard = msg; return; }
    if (news(msg)) refresh();
  };
  ws.onclose = () => { setTimeout(() => { refresh(true); connect(); }, 2000); };
}

// Whether the socket's message tells of a view other than the one shown (or of a game
// ended with no step to show it: resigned).
function news(msg) {
  const v = page.view;
  if (msg.over && !v.result) return true;
  return msg.seq !== v.seq || msg.thinking !== v.thinking || (msg.ai_error || null) !== (v.ai_error || null);
}

// The query of a view: the log from where ours ends, and the views held (unless `whole`).
function viewQuery(whole) {
  const q = [];
  if (page.log.length) q.push(`log_from=${page.log.length}`, `log_step=${page.log[page.log.length - 1].step}`);
  const v = page.view;
  if (!whole && v && v.live && v.hash) {
    const older = [...page.kept.keys()].reverse().filter(h => h !== v.hash).slice(0, 3);
    q.push("have=" + [v.hash, ...older].map(encodeURIComponent).join(","));
  }
  return q.length ? "?" + q.join("&") : "";
}

// The whole view from one sent as changes; null when it does not fit what this page holds.
function whole(v) {
  const d = v.delta;
  if (!d) return v;
  const shown = page.view;
  if (!shown || !shown.live || d.base !== shown.hash) return null;
  if (d.actions && !page.kept.has(d.actions.base)) return null;
  const out = { ...v };
  delete out.delta;
  if (d.counters) out.counters = merged(shown.counters, d.counters, c => c.id);
  if (d.boxes) out.boxes = merged(shown.boxes, d.boxes, b => `${b.box}/${b.side || ""}`, ["units", u => u.id]);
  if (d.actions) out.actions = merged(page.kept.get(d.actions.base), d.actions, a => a.text);
  if ([out.counters, out.boxes, out.actions].some(l => !l || l.includes(undefined))) return null;
  return out;
}

export async function refresh(entire) {
  if (inflight) { again = true; return; }
  inflight = true;
  try {
    let v = whole(await api("GET", "/api/games/" + encodeURIComponent(GID) + viewQuery(entire)));
    if (!v) v = await api("GET", "/api/games/" + encodeURIComponent(GID) + viewQuery(true));
    if (!page.replay) show(v);
  } catch (e) {
    toast(e.message);
  } finally {
    inflight = false;
    if (again) { again = false; refresh(); }
  }
}

export async function act(text) {
  if (busy || !page.view || page.replay) return;
  busy = true;
  closeMenu();
  try {
    let v = whole(await api("POST", "/api/games/" + encodeURIComponent(GID) + "/actions" + viewQuery(),
      { action: text, seq: page.view.seq }));
    if (!v) v = await api("GET", "/api/games/" + encodeURIComponent(GID) + viewQuery(true));
    show(v);
    return v;
  } catch (e) {
    toast(e.status === 409 ? "The game had moved on: " + e.message : e.message);
    refresh();
  } finally {
    busy = false;
    const msg = heard;
    heard = null;
    if (msg && !page.replay && news(msg)) refresh();
  }
}
