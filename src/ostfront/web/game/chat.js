// The players' chat (only a seat of the game sees it; the server refuses watchers). Every
// message is shown as text (textContent), never as markup: what a player writes cannot
// become part of the page.

import { GID } from "./state.js";
import { api, cap } from "./helpers.js";
import { toast } from "./dialogs.js";

const MAX = 500;        // the server's limit (server/routes_online.py MAX_CHAT)
let seen = 0;           // the last message shown
let box = null;

/** The chat box, at the foot of the side panel (once). */
export function mountChat() {
  if (box) return;
  box = document.createElement("section");
  box.id = "chat";
  const h = document.createElement("h3");
  h.textContent = "Chat";
  const log = document.createElement("div");
  log.id = "chat-log";
  log.setAttribute("role", "log");
  log.setAttribute("aria-live", "polite");
  const form = document.createElement("form");
  form.id = "chat-form";
  const input = document.createElement("input");
  input.id = "chat-text";
  input.maxLength = MAX;
  input.autocomplete = "off";
  input.placeholder = "Say something to the other player";
  input.setAttribute("aria-label", "Chat message");
  const send = document.createElement("button");
  send.type = "submit";
  send.textContent = "Send";
  form.append(input, send);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      const msg = await api("POST", `/api/games/${encodeURIComponent(GID)}/chat`, { text });
      input.value = "";
      addMessages([msg]);
    } catch (err) { toast(err.message); }
  });
  box.append(h, log, form);
  const panel = document.getElementById("panel");
  panel.insertBefore(box, document.getElementById("log"));
}

/** Show the messages not shown yet (in order; each once). */
export function addMessages(messages) {
  if (!box) mountChat();
  const log = document.getElementById("chat-log");
  for (const m of messages) {
    if (m.n <= seen) continue;
    seen = m.n;
    const line = document.createElement("div");
    line.className = "chat-line";
    line.dataset.n = String(m.n);
    const who = document.createElement("b");
    who.className = "badge " + String(m.side).replace(/[^a-z0-9_-]/gi, "");
    who.textContent = m.side.split("+").map(cap).join("+");
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = m.text;
    const at = new Date(m.at * 1000);
    line.title = isNaN(at) ? "" : at.toLocaleString();
    line.append(who, " ", text);
    log.appendChild(line);
  }
  log.scrollTop = log.scrollHeight;
}
