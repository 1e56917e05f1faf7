// The side panel: status and players, what to decide, the odds, units off the map, the log,
// and what is in a hex.

import { page, GID } from "./state.js";
import { api, esc, cap, ruleLink, playerName } from "./helpers.js";
import { drawFan, faceText, stacks, unitActions } from "./counters.js";
import { drawSupplyLine, supplyText } from "./paths.js";
import { act, refresh } from "./connection.js";
import { toast } from "./dialogs.js";
import { chooseUnit } from "./unitcard.js";

// Who plays each side as chosen on this page and not yet in a view (side -> level), and the
// changes sent, one after the other: two choices made in quick succession both hold, the
// second neither sent with the first side as the view before it had it nor overtaken by it.
const chosen = {};
let sending = Promise.resolve();

function choosePlayer(side, level) {
  chosen[side] = level;
  sending = sending.then(async () => {
    const players = { ...page.view.players, ...chosen };
    try {
      await api("PUT", `/api/games/${encodeURIComponent(GID)}/players`, { players });
    } catch (e) { toast(e.message); delete chosen[side]; }
    await refresh();
  });
}

export function drawStatus() {
  const i = page.view.info;
  for (const side of Object.keys(chosen)) if (page.view.players[side] === chosen[side]) delete chosen[side];
  let pools = "";
  const sidesWithPools = page.view.sides.filter(s => i.pools && i.pools[s]);
  if (sidesWithPools.length) {
    const keys = [...new Set(sidesWithPools.flatMap(s => Object.keys(i.pools[s])))];
    pools = "<table><tr><th></th>" + keys.map(k => `<th>${esc(cap(k))}</th>`).join("") + "</tr>" +
      sidesWithPools.map(s => `<tr><td><span class="badge ${esc(s)}">${esc(cap(s))}</span></td>` +
        keys.map(k => `<td>${esc(i.pools[s][k] ?? "")}</td>`).join("") + "</tr>").join("") + "</table>";
  }
  const weather = i.weather ? `Weather: <span class="weather">${esc(cap(String(i.weather).replace(/_/g, " ")))}</span> ${ruleLink(page.view.game, i.weather_rule)}` : "";
  document.getElementById("status").innerHTML =
    `<div class="title">${esc(i.title || "Set-up")} ${ruleLink(page.view.game, i.rule)}</div>` +
    `<div>${weather}</div>${pools}` +
    `<div class="players">` + page.view.sides.map(side =>
      `<label><span class="badge ${esc(side)}">${esc(cap(side))}</span> <select class="who" data-side="${esc(side)}" ` +
      `aria-label="Who plays ${esc(side)}">` + ["human", ...page.view.levels].map(l =>
        `<option value="${esc(l)}" ${(chosen[side] ?? page.view.players[side]) === l ? "selected" : ""}>${esc(playerName(l))}</option>`).join("") +
      `</select></label>`).join(" ") + `</div>` +
    `<div class="muted" style="font-size:.8em;margin-top:.3em">Step ${esc(page.view.step)}${page.view.live ? "" : " (replay)"} · seed ${esc(page.view.seed)}</div>`;
  document.querySelectorAll("#status select.who").forEach(sel =>
    sel.addEventListener("change", () => choosePlayer(sel.dataset.side, sel.value)));
}

export function drawPrompt() {
  const el = document.getElementById("prompt");
  const res = document.getElementById("result");
  const p = page.view.prompt;
  if (page.view.result) {
    res.hidden = false;
    res.innerHTML = `<h3>Game over</h3><div class="winner">${page.view.result.winner ? esc(cap(page.view.result.winner)) + " wins" : "A draw"}</div>` +
      `<div>${esc(page.view.result.reason)}</div>`;
  } else {
    res.hidden = true;
  }
  let who = "";
  if (page.view.active) {
    const player = page.view.players[page.view.active];
    who = `<span class="badge ${esc(page.view.active)}">${esc(cap(page.view.active))}</span> ${esc(playerName(player))}`;
  }
  let body = `<h3>${page.view.live ? "Now" : "At this step"}</h3><div>${who}</div><div class="text">${esc(p.text)} ${ruleLink(page.view.game, p.rule)}</div>`;
  // while the computer plays, its progress is the one indicator (recent.js), not told here too
  if (page.view.ai_error) body += `<p class="error">${esc(page.view.ai_error)}</p>`;
  el.innerHTML = body;
  el.classList.toggle("mine", page.view.actions.length > 0);
}

function pct(p) {
  if (p >= 0.9995) return "100%";
  if (p < 0.0005) return p > 0 ? "<0.1%" : "0%";
  return (p * 100).toFixed(1) + "%";
}

export function drawOdds(preview) {
  const el = document.getElementById("odds");
  const o = preview || page.view.odds;
  el.classList.toggle("preview", !!preview);
  if (!o) { el.hidden = true; el.innerHTML = ""; return; }
  el.hidden = false;
  const a = page.view.actions.find(x => x.text === o.action);
  let html = `<h3>Odds before you roll${preview && a ? ": " + esc(a.label) : ""}</h3>`;
  if (o.note) html += `<p class="way">${esc(o.note)}</p>`;  // which way it resolves (Game.roll_note)
  o.marginals.forEach((m, i) => {
    const max = Math.max(...m.values.map(x => x.p));
    html += `<div><b>${esc(m.name)}</b></div><table>` + m.values.map(x =>
      `<tr><td style="width:2em">${esc(x.value)}</td><td style="width:4.5em">${pct(x.p)}</td>` +
      `<td><div class="bar ${i ? "att" : ""}" style="width:${(100 * x.p / max).toFixed(1)}%"></div></td></tr>`).join("") +
      `</table>${m.expected == null ? "" : `<div class="exp">expected ${m.expected.toFixed(2)}</div>`}`;
    // what each result does, as the game words it (Game.outcome_meanings)
    const told = m.values.filter(x => x.meaning);
    if (told.length) html += `<ul class="meanings">` + told.map(x =>
      `<li data-result="${esc(x.value)}"><b>${esc(x.value)}</b> ${esc(x.meaning)}</li>`).join("") + "</ul>";
  });
  const names = (preview ? [] : (page.view.pending && page.view.pending.attackers) || []).map(uid => {
    const c = page.view.counters.find(x => x.id === uid);
    return c ? `${c.label} ${c.factors}` : uid;
  });
  if (names.length) html += `<div class="exp">Attacking: ${esc(names.join(", "))}${page.view.pending.air ? ` + ${esc(page.view.pending.air)} air` : ""}</div>`;
  if (!preview) html += `<button class="primary" id="roll-btn">Roll the dice</button>`;
  el.innerHTML = html;
  if (!preview) document.getElementById("roll-btn").addEventListener("click", () => act(o.action));
}

export function drawBoxes() {
  const el = document.getElementById("boxes");
  const boxes = page.view.boxes || [];
  el.hidden = !boxes.length;
  if (!boxes.length) return;
  const open = new Set([...el.querySelectorAll("details[open]")].map(d => d.dataset.key));
  const html = "<h3>Off the map</h3>" + boxes.map(b => {
    const units = b.units.slice().sort((x, y) => (x.turn || 0) - (y.turn || 0));
    const list = units.map(u =>
      `<div class="unit box-counter" data-uid="${esc(u.id)}" title="${esc(u.name)}${u.turn ? ", arrives on turn " + esc(u.turn) : ""}">` +
      `<svg viewBox="-13 -13 26 26" aria-hidden="true">${u.svg || ""}</svg>` +
      `<span>${u.turn ? `<span class="turn">T${esc(u.turn)}</span> ` : ""}${esc(u.name)}</span></div>`).join("");
    const key = `${b.box}:${b.side}`;
    return `<details data-key="${esc(key)}" ${open.has(key) ? "open" : ""}><summary><span class="badge ${esc(b.side)}">${esc(cap(b.side))}</span> ` +
      `${esc(b.title)} (${b.units.length})</summary><div class="boxlist">${list}</div></details>`;
  }).join("");
  if (el.drawnHtml === html) return;  // drawn again only when it changed (its counters are many)
  el.innerHTML = html;
  el.drawnHtml = html;
  el.querySelectorAll(".box-counter").forEach(u => u.addEventListener("click", () => chooseUnit(u.dataset.uid, true)));
}

// The log, a turn to a <details>, newest first. Only the turns whose entries changed are
// drawn again (a step adds to the last turn alone): a campaign's log of thousands of entries
// is not parsed and laid out anew at every click, and a turn the player opened stays open.
export function drawLog() {
  const body = document.getElementById("log-body");
  if (!page.log.length) {
    body.innerHTML = '<p class="muted">Nothing yet.</p>';
    body.drawnTurns = [];
    return;
  }
  const turns = [];
  for (const e of page.log) {
    // the turn as the game names it ("Turn 3", "August 1941"), and its phase
    const turnKey = e.turn == null ? "Set-up" : e.turn_title || `Turn ${e.turn}`;
    let t = turns[turns.length - 1];
    if (!t || t.key !== turnKey) turns.push(t = { key: turnKey, phases: [] });
    let p = t.phases[t.phases.length - 1];
    const title = e.phase_title ?? e.title ?? "";
    if (!p || p.title !== title) t.phases.push(p = { title, entries: [] });
    p.entries.push(e);
  }
  const last = turns.length - 1;
  const htmls = turns.map((t, i) => turnHtml(t, i === last));
  let drawn = body.drawnTurns;  // [{html, el}] in turn order, as on the page (reversed)
  if (!drawn || body.querySelector(":scope > p")) {
    body.innerHTML = "";
    drawn = body.drawnTurns = [];
  }
  while (drawn.length > htmls.length) drawn.pop().el.remove();  // undone, or a step back
  htmls.forEach((html, i) => {
    if (drawn[i] && drawn[i].html === html) return;
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const el = holder.firstElementChild;
    if (drawn[i]) drawn[i].el.replaceWith(el);
    else body.prepend(el);  // a new turn: the newest, at the top
    drawn[i] = { html, el };
  });
}

// One turn of the log: its phases and steps, the latest at the top.
function turnHtml(t, open) {
  return `<details class="turn" ${open ? "open" : ""}><summary>${esc(t.key)}</summary>` +
    t.phases.slice().reverse().map(p => `<div class="phase">${esc(p.title)}</div><ol>` + p.entries.slice().reverse().map(e => {
      const dice = (e.rolls || []).map(r => ` <span class="dice" title="${esc(r.why)}">${esc(r.why ? r.why + ": " : "")}${r.dice.join(" ")}${r.result ? " → " + esc(r.result) : ""}</span>`).join("");
      return `<li><span class="n">${esc(e.step)}</span><span class="badge ${esc(e.side)}">${esc(cap(e.side || ""))}</span> ` +
        `${esc(e.text)} ${ruleLink(page.view.game, e.rule)}${dice}</li>`;
    }).join("") + "</ol>").join("") + "</details>";
}

// The hex box belongs to the phase it was opened in: a new phase closes it, so a box from an
// earlier turn never stands between the player and what to do now.
export function closeStaleHex() {
  const now = `${page.view.info.turn}:${page.view.info.phase}`;
  if (page.focusHex && page.focusHexPhase !== now) {
    page.focusHex = null;
    document.getElementById("hexinfo").hidden = true;
  }
}

export async function showHex(hex, fetchInfo) {
  if (page.focusHex !== hex || fetchInfo) page.focusHexPhase = `${page.view.info.turn}:${page.view.info.phase}`;
  page.focusHex = hex;
  const el = document.getElementById("hexinfo");
  el.hidden = false;
  const list = stacks()[hex] || [];
  const terrain = (page.svg.getElementById("hex-" + hex) || { dataset: {} }).dataset.terrain || "";
  let html = `<h3>Hex ${esc(hex)}</h3><div>${esc(page.places[hex] || "")} <span class="muted">${esc(terrain)}</span></div>`;
  if ((page.sides[hex] || []).length) html += `<div class="muted" style="font-size:.85em">Hexsides: ${esc(page.sides[hex].join("; "))}</div>`;
  if (list.length) {
    html += '<div class="stack">' + list.map(c => {
      const acts = unitActions(c.id);
      return `<div class="unit" data-uid="${esc(c.id)}"><svg viewBox="-13 -13 26 26" aria-hidden="true">${c.svg}</svg>` +
        `<span>${esc(c.label)} ${esc(c.factors)}${esc(faceText(c))}${c.markers.length ? ` <span class="muted">${esc(c.markers.join(", "))}</span>` : ""}</span>` +
        acts.map(a => `<button data-text="${esc(a.text)}" title="${esc(a.label)}">${esc(a.label.split(" ")[0])}</button>`).join("") +
        `</div>`;
    }).join("") + "</div>";
  }
  const supplied = page.supply ? list.filter(c => page.supply.lines[c.id]) : [];
  if (supplied.length) {
    html += '<ul class="supplyinfo">' + supplied.map(c =>
      `<li class="${page.supply.lines[c.id].ok ? "ok" : "cut"}">${esc(c.label)}: ${esc(supplyText(c.id))}</li>`).join("") + "</ul>";
  }
  html += `<p><button id="hex-close">Close</button></p>`;
  el.innerHTML = html;
  drawSupplyLine();
  el.querySelectorAll("button[data-text]").forEach(b => b.addEventListener("click", () => act(b.dataset.text)));
  el.querySelectorAll(".unit[data-uid] svg").forEach(u => u.addEventListener("click", () => chooseUnit(u.closest(".unit").dataset.uid)));
  document.getElementById("hex-close").addEventListener("click", () => { el.hidden = true; page.focusHex = null; page.fanHex = null; drawFan(); drawSupplyLine(); });
}
