// The server: the live socket that says when the game has moved on, fetching the view, and
// sending an action (the server checks it again).

import { page, GID } from "./state.js";
import { api, openSocket } from "./helpers.js";
import { closeMenu } from "./actions.js";
import { show } from "./view.js";
import { toast } from "./dialogs.js";

let inflight = false, again = false;  // a view is being fetched; fetch again when it comes
let busy = false;                     // an action is being sent

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
    if (msg.seq !== page.view.seq || msg.thinking !== page.view.thinking || (msg.ai_error || null) !== (page.view.ai_error || null)) refresh();
  };
  ws.onclose = () => { setTimeout(() => { refresh(); connect(); }, 2000); };
}

function logQuery() {
  if (!page.log.length) return "";
  return `?log_from=${page.log.length}&log_step=${page.log[page.log.length - 1].step}`;
}

export async function refresh() {
  if (inflight) { again = true; return; }
  inflight = true;
  try {
    const v = await api("GET", "/api/games/" + encodeURIComponent(GID) + logQuery());
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
    const v = await api("POST", "/api/games/" + encodeURIComponent(GID) + "/actions" + logQuery(),
      { action: text, seq: page.view.seq });
    show(v);
    return v;
  } catch (e) {
    toast(e.status === 409 ? "The game had moved on: " + e.message : e.message);
    refresh();
  } finally {
    busy = false;
  }
}
