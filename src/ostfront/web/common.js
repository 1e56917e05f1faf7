// Shared helpers for the Ostfront pages: JSON requests with readable errors, escaping,
// and seats: each game's secret seat token (docs/security.md), kept in this browser and
// sent with every request about that game and on its live socket.
"use strict";

const SEATS_KEY = "ostfront.seats";

function seatTokens() {
  try { return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {}; } catch (e) { return {}; }
}

function seatFor(gid) { return seatTokens()[gid] || null; }

function keepSeat(gid, token) {
  if (!gid || !token) return;
  const all = seatTokens();
  all[gid] = token;
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); } catch (e) { /* private mode */ }
}

function forgetSeat(gid) {
  const all = seatTokens();
  delete all[gid];
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); } catch (e) { /* private mode */ }
}

// The game an API or socket URL is about, if any.
function gameOf(url) {
  const m = /\/(?:api|ws)\/games\/([0-9a-f]+)/.exec(url);
  return m ? m[1] : null;
}

// An invite link (/game/<id>#seat=<token>): take the seat, then take the link out of the
// address bar so it is neither bookmarked nor shown on screen. Taking it swaps the link's
// token for a fresh one only this browser holds (whoever passed the link on cannot use it
// any more); every request waits for that (seatReady).
let seatReady = Promise.resolve();
(function takeSeatFromLink() {
  const m = /^\/game\/([0-9a-f]+)$/.exec(location.pathname);
  const t = /(?:^#|&)seat=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m && t) {
    const before = seatFor(m[1]);
    history.replaceState(null, "", location.pathname + location.search);
    seatReady = fetch(`/api/games/${m[1]}/seat`, { method: "POST", headers: { "X-Ostfront-Seat": t[1] } })
      .then(async r => {
        const data = await r.json().catch(() => null);
        const fresh = r.ok && data && data.seats ? Object.values(data.seats)[0] : null;
        if (fresh) keepSeat(m[1], fresh);
        else if (!before) {
          const msg = (data && data.error) || "this invite link could not be used";
          document.body.insertAdjacentHTML("afterbegin",
            `<p class="error" id="seat-error">You are watching: ${esc(msg)}.</p>`);
        }
      })
      .catch(() => keepSeat(m[1], t[1]));  // no answer: keep the link's token as it is
  }
})();

// The live socket of a game, with this browser's seat (sent as a sub-protocol: a socket
// cannot carry headers).
function openSocket(path) {
  const token = seatFor(gameOf(path));
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
  return token ? new WebSocket(url, ["ostfront", "seat." + token]) : new WebSocket(url);
}

async function api(method, url, body) {
  await seatReady;
  const opts = { method, headers: {} };
  const token = seatFor(gameOf(url));
  if (token) opts.headers["X-Ostfront-Seat"] = token;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const r = await fetch(url, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) {
    let msg = (data && (data.error || data.detail)) || r.statusText;
    if (Array.isArray(msg)) msg = msg.map(d => (d.loc || []).join(".") + ": " + d.msg).join("; ");
    const err = new Error(msg);
    err.status = r.status;
    err.data = data;
    throw err;
  }
  return data;
}

// A game's record file, saved as a download. It is fetched with this browser's seat: a game
// in play is exported only to its players (docs/security.md), a finished one to anyone.
async function downloadRecord(gid) {
  const data = await api("GET", `/api/games/${encodeURIComponent(gid)}/record`);
  const blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `ostfront-${data.header.game}-${gid}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function esc(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g,
    c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function cap(s) { s = String(s || ""); return s.charAt(0).toUpperCase() + s.slice(1); }

function ruleLink(game, rule) {
  if (!rule) return "";
  const num = String(rule).replace(/^[A-Z]+\s+/, "");
  return `<a class="rule" href="/rules/${esc(game)}#r-${esc(num)}" target="_blank" ` +
         `title="Open rule ${esc(rule)}">${esc(rule)}</a>`;
}

function playerName(who) { return who === "human" ? "Human" : `Computer (${who})`; }
