// Shared helpers for the Ostfront pages: JSON requests with readable errors, escaping.
"use strict";

async function api(method, url, body) {
  const opts = { method, headers: {} };
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
