// Being told it is your turn: in this tab (the title, and the browser's notification while
// the tab is hidden, once allowed), and away from it (a webhook, an email: the server sends
// them; PUT /api/games/<id>/notify). The webhook's signing secret is shown once, when set.

import { GID, page } from "./state.js";
import { api, cap } from "./helpers.js";
import { toast } from "./dialogs.js";

const MARK = "● ";
let wasMine = null;     // whether the last view seen was this browser's decision
let mounted = false;

function mine(v) {
  return !!(v && v.live && v.active && !v.result && (v.seats || []).includes(v.active) && !v.thinking);
}

/** Called every second: tell the player when the decision has become theirs. */
export function watchTurn() {
  const v = page.view;
  if (!v) return;
  const now = mine(v);
  const shown = document.title;  // the page's title (view.js sets it), marked or not
  const base = shown.indexOf(MARK) === 0 ? shown.substring(MARK.length) : shown;
  const want = now && document.hidden ? MARK + base : base;
  if (want !== shown) document.title = want;
  if (now && wasMine === false && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      new Notification("Ostfront: your turn", { body: `${cap(v.active)} to decide — ${v.game_title}`, tag: "ostfront-" + GID });
    } catch (e) { /* some browsers allow notifications only from a service worker */ }
  }
  wasMine = now;
}

function field(id, label, type, placeholder) {
  const l = document.createElement("label");
  l.textContent = label + " ";
  const i = document.createElement("input");
  i.id = id;
  i.type = type;
  i.placeholder = placeholder;
  l.appendChild(i);
  return l;
}

/** The "tell me" settings, under the chat (a player's only). */
export async function mountNotify() {
  if (mounted) return;
  mounted = true;
  const box = document.createElement("details");
  box.id = "notify";
  const sum = document.createElement("summary");
  sum.textContent = "Tell me when it is my turn";
  const allow = document.createElement("button");
  allow.type = "button";
  allow.id = "notify-allow";
  allow.textContent = "In this browser";
  allow.addEventListener("click", async () => {
    if (!("Notification" in window)) { toast("This browser has no notifications"); return; }
    const answer = await Notification.requestPermission();
    toast(answer === "granted" ? "This tab will tell you when it is your turn" : "Notifications are not allowed");
  });
  const form = document.createElement("form");
  form.id = "notify-form";
  const hook = field("notify-webhook", "Webhook", "url", "https://...");
  const mail = field("notify-email", "Email", "email", "you@example.org");
  const save = document.createElement("button");
  save.type = "submit";
  save.textContent = "Save";
  const secret = document.createElement("p");
  secret.id = "notify-secret";
  secret.hidden = true;
  form.append(hook, mail, save, secret);
  box.append(sum, allow, form);
  const chat = document.getElementById("chat");
  chat.appendChild(box);
  const url = `/api/games/${encodeURIComponent(GID)}/notify`;
  const fill = (s) => {
    document.getElementById("notify-webhook").value = s.webhook || "";
    document.getElementById("notify-email").value = s.email || "";
    mail.hidden = !s.mail && !s.email;
  };
  try { fill(await api("GET", url)); } catch (e) { /* a watcher: no settings */ }
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { webhook: document.getElementById("notify-webhook").value.trim() };
    if (!mail.hidden) body.email = document.getElementById("notify-email").value.trim();
    try {
      const s = await api("PUT", url, body);
      fill(s);
      secret.hidden = !s.secret;
      secret.textContent = s.secret ? "The webhook's signing secret (shown this once): " + s.secret : "";
      toast("Saved");
    } catch (err) { toast(err.message); }
  });
}
