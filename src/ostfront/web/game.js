// The game page: the board SVG (drawn once by the server), counters and highlights drawn
// over it from the position the server sends, the side panel, replay, overlays, keys.
// Everything clickable comes from the legal actions in the view; the server checks again.
"use strict";

const GID = decodeURIComponent(location.pathname.split("/").pop());
const SVGNS = "http://www.w3.org/2000/svg";
const KIND_ORDER = ["attack", "move", "rail", "sea", "drop", "place", "retreat", "other"];
const KIND_LABEL = { rail: "rail", sea: "sea", drop: "drop", place: "place", attack: "attack", retreat: "retreat" };

let V = null;            // the view on screen
let BOARD = null;        // {svg, centres, size}
let svg = null, vb = null, fullVb = null;
const L = {};            // SVG layers
let LOG = [];
let replay = null;       // {step, marks, seq} while replaying
let inflight = false, again = false, busy = false;
let fanHex = null;
let focusHex = null;
let menuItems = [];
const expanded = new Set();   // action groups shown whole
const overlays = { supply: false, zoc: false, control: false };
const places = {}, sides = {};
let SUPPLY = null;       // the supply overlay's answer while it is shown
let supplyPointed = null; // the unit the pointer or keyboard cursor is on
let pathKey = "";        // what the path layer shows

// ------------------------------------------------------------------ start
async function init() {
  const view = await api("GET", "/api/games/" + encodeURIComponent(GID));
  BOARD = await api("GET", "/api/board/" + view.game);
  mountBoard();
  document.getElementById("btn-export").href = `/api/games/${encodeURIComponent(GID)}/record`;
  show(view, true);
  connect();
}

function mountBoard() {
  const box = document.getElementById("board");
  box.insertAdjacentHTML("afterbegin", BOARD.svg);
  svg = box.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  fullVb = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  vb = fullVb.slice();
  const defs = document.createElementNS(SVGNS, "defs");
  defs.innerHTML = '<pattern id="zoc-hatch" width="5" height="5" patternUnits="userSpaceOnUse" ' +
    'patternTransform="rotate(45)"><rect width="5" height="5" fill="#000" fill-opacity=".06"/>' +
    '<line x1="0" y1="0" x2="0" y2="5" stroke="#000" stroke-width="1.4" stroke-opacity=".55"/></pattern>' +
    ["move:#003e63", "rail:#7a2e5c", "supply:#005a41", "recent:#000"].map(m => {
      const [id, colour] = m.split(":");
      return `<marker id="arrow-${id}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" ` +
        `orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`;
    }).join("");
  svg.prepend(defs);
  const hexes = svg.querySelector("g.hexes");
  L.overlay = group("overlay-layer");
  hexes.after(L.overlay);
  L.hl = svg.querySelector("g.highlights");
  L.recent = group("recent-layer");    // what the other side just did: hexes under the counters,
  L.hl.before(L.recent);
  L.recentArrows = group("recent-layer arrows");  // the arrows over them
  L.counters = svg.querySelector("g.counters");
  L.labels = svg.querySelector("g.highlight-labels");
  L.path = group("path-layer");        // the way a pointed-at move will go
  L.supply = group("supply-layer");    // the supply line of a pointed-at unit
  L.counters.after(L.recentArrows, L.path, L.supply);
  L.fan = group("fan-layer");
  svg.append(L.fan);
  L.focus = group("focus-layer");
  svg.append(L.focus);
  svg.querySelectorAll("g.place").forEach(p => {
    const t = p.querySelector("title");
    if (t) places[p.dataset.hex] = t.textContent.replace(/\s+\d{4}$/, "");
  });
  svg.querySelectorAll(".hexside").forEach(s => {
    const t = s.querySelector("title");
    const label = t ? t.textContent.replace(/\s+\d{4}\/\d{4}$/, "") : s.dataset.kind;
    for (const h of s.dataset.side.split("/")) {
      sides[h] = sides[h] || [];
      if (!sides[h].includes(label)) sides[h].push(label);
    }
  });
  setupPanZoom(box);
}

function group(cls) {
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", cls);
  return g;
}

// ------------------------------------------------------------------ the server
function connect() {
  let ws;
  try {
    ws = openSocket("/ws/games/" + encodeURIComponent(GID));  // with this browser's seat
  } catch (e) { setTimeout(connect, 3000); return; }
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.error || !V || replay) return;
    if (msg.seq !== V.seq || msg.thinking !== V.thinking || (msg.ai_error || null) !== (V.ai_error || null)) refresh();
  };
  ws.onclose = () => { setTimeout(() => { refresh(); connect(); }, 2000); };
}

function logQuery() {
  if (!LOG.length) return "";
  return `?log_from=${LOG.length}&log_step=${LOG[LOG.length - 1].step}`;
}

async function refresh() {
  if (inflight) { again = true; return; }
  inflight = true;
  try {
    const v = await api("GET", "/api/games/" + encodeURIComponent(GID) + logQuery());
    if (!replay) show(v);
  } catch (e) {
    toast(e.message);
  } finally {
    inflight = false;
    if (again) { again = false; refresh(); }
  }
}

async function act(text) {
  if (busy || !V || replay) return;
  busy = true;
  closeMenu();
  try {
    const v = await api("POST", "/api/games/" + encodeURIComponent(GID) + "/actions" + logQuery(),
      { action: text, seq: V.seq });
    show(v);
    return v;
  } catch (e) {
    toast(e.status === 409 ? "The game had moved on: " + e.message : e.message);
    refresh();
  } finally {
    busy = false;
  }
}

// ------------------------------------------------------------------ drawing a view
function show(v, first) {
  V = v;
  if (v.log) {
    LOG = LOG.slice(0, v.log.start).concat(v.log.entries);
  }
  document.title = `${v.game_title} — ${v.info.title || ""} — Ostfront`;
  document.getElementById("gtitle").innerHTML =
    `<b>${esc(v.game_title)}</b> · ${v.position ? `<span title="${esc(v.position)}">from a position</span>` : esc(v.scenario)} · ` +
    v.sides.map(s => `<span class="badge ${esc(s)}">${esc(cap(s))}</span> ${esc(playerName(v.players[s]))}`).join(" vs ");
  const undo = v.actions.find(a => a.verb === "undo");
  const ub = document.getElementById("btn-undo");
  ub.disabled = !undo;
  ub.title = undo ? undo.label + " (U)" : "Nothing to undo (undo stops at a die roll or hand-over)";
  if (fanHex && !v.counters.some(c => c.hex === fanHex)) fanHex = null;
  drawCounters();
  drawHighlights();
  drawStatus();
  drawPrompt();
  drawOdds();
  drawActions();
  drawBoxes();
  drawLog();
  drawRecent();
  if (focusHex) showHex(focusHex, false);
  pathKey = null;
  drawMovePath(null);
  refreshOverlays();
  // open on the front; a game opened before its set-up moves there once units are placed
  if ((first && !restoreView()) || (v.live && !chosenView && !hadUnits && v.counters.length)) frontView();
  if (v.live) hadUnits = v.counters.length > 0;
  const battle = v.pending && v.pending.targets && v.pending.targets[0];
  if (battle && battle !== lastBattle) ensureVisible(battle);
  lastBattle = battle || null;
}

let lastBattle = null;
let hadUnits = false;
function ensureVisible(hex) {
  const c = BOARD.centres[hex];
  if (!c) return;
  const m = BOARD.size * 2;
  if (c[0] - m < vb[0] || c[0] + m > vb[0] + vb[2] || c[1] - m < vb[1] || c[1] + m > vb[1] + vb[3]) {
    vb[0] = c[0] - vb[2] / 2;
    vb[1] = c[1] - vb[3] / 2;
    putVb();
  }
}

function stacks() {
  const out = {};
  for (const c of V.counters) (out[c.hex] = out[c.hex] || []).push(c);
  return out;
}

function unitActions(uid) {
  return V.actions.filter(a => a.unit === uid && !a.kind);
}

function hexActions(hex) {
  return V.actions.filter(a => a.hex === hex && a.kind);
}

function oosUnits() {
  return new Set(V.counters.filter(c => c.markers.includes("out of supply")).map(c => c.id));
}

function slotHtml(c, x, y, extraCls) {
  const h = BOARD.size * 0.45;
  const cls = ["counter-slot"];
  if (unitActions(c.id).length) cls.push("actionable");
  if (V.selected === c.id) cls.push("selected");
  if (V.pending && (V.pending.attackers || []).includes(c.id)) cls.push("attacking");
  if (extraCls) cls.push(extraCls);
  return `<g class="${cls.join(" ")}" data-uid="${esc(c.id)}" data-hex="${esc(c.hex)}" transform="translate(${x.toFixed(1)},${y.toFixed(1)})">` +
    c.svg +
    `<rect class="ring" x="${-h - 1.6}" y="${-h - 1.6}" width="${2 * h + 3.2}" height="${2 * h + 3.2}" rx="2.5"/>` +
    `<rect class="ring2" x="${-h - 1.6}" y="${-h - 1.6}" width="${2 * h + 3.2}" height="${2 * h + 3.2}" rx="2.5"/>` +
    `</g>`;
}

function drawCounters() {
  const st = stacks();
  const parts = [];
  const size = BOARD.size;
  for (const [hex, list] of Object.entries(st)) {
    const [cx, cy] = BOARD.centres[hex];
    const n = list.length;
    const step = n > 1 ? size * Math.min(0.08, 0.24 / (n - 1)) : 0;
    parts.push(`<g class="stack" data-hex="${esc(hex)}" data-count="${n}">`);
    list.forEach((c, i) => parts.push(slotHtml(c, cx + i * step, cy - i * step)));
    if (n > 1) {
      const bx = cx + (n - 1) * step + size * 0.45, by = cy - (n - 1) * step - size * 0.45;
      parts.push(`<circle class="stack-badge" cx="${bx.toFixed(1)}" cy="${by.toFixed(1)}" r="4.6"/>` +
        `<text class="stack-count" x="${bx.toFixed(1)}" y="${(by + 2.4).toFixed(1)}" text-anchor="middle">${n}</text>`);
    }
    parts.push("</g>");
  }
  L.counters.innerHTML = parts.join("");
  drawFan();
}

function drawFan() {
  L.fan.innerHTML = "";
  if (!fanHex) return;
  const list = stacks()[fanHex] || [];
  if (list.length < 2) { fanHex = null; return; }
  const size = BOARD.size, gap = size * 1.0;
  const [cx, cy] = BOARD.centres[fanHex];
  const w = gap * list.length, x0 = cx - w / 2 + gap / 2, y = cy - size * 1.35;
  let html = `<rect class="fan-bg" x="${(cx - w / 2 - 3).toFixed(1)}" y="${(y - size * 0.55).toFixed(1)}" ` +
    `width="${(w + 6).toFixed(1)}" height="${(size * 1.1).toFixed(1)}" rx="4"/>`;
  list.forEach((c, i) => { html += slotHtml(c, x0 + i * gap, y, "fanned"); });
  L.fan.innerHTML = html;
}

function hexPoints(hex) {
  const p = svg.getElementById("hex-" + hex);
  return p ? p.getAttribute("points") : "";
}

function drawHighlights() {
  const byHex = {};
  for (const a of V.actions) {
    if (!a.kind || !a.hex) continue;
    (byHex[a.hex] = byHex[a.hex] || []).push(a);
  }
  const fills = [], labels = [];
  for (const [hex, acts] of Object.entries(byHex)) {
    const kinds = [...new Set(acts.map(a => a.kind))].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b));
    const pts = hexPoints(hex);
    const [cx, cy] = BOARD.centres[hex];
    kinds.forEach((k, i) => {
      const scale = i === 0 ? 0.94 : 0.72;
      fills.push(`<polygon class="hl hl-${k}" data-hex="${hex}" points="${pts}" ` +
        `transform="translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})"/>`);
    });
    const move = acts.find(a => a.kind === "move" && a.cost != null);
    let text = move ? `${move.cost} MP` : KIND_LABEL[kinds[0]] || "";
    if (move && kinds.includes("rail")) text += " R";
    if (text) {
      labels.push(`<text class="hl-label ${kinds[0]}" x="${cx}" y="${(cy + BOARD.size * 0.78).toFixed(1)}">${esc(text)}</text>`);
    }
  }
  for (const t of (V.pending && V.pending.targets) || []) {
    if (BOARD.centres[t]) fills.push(`<polygon class="hl hl-target" points="${hexPoints(t)}"/>`);
  }
  L.hl.innerHTML = fills.join("");
  L.labels.innerHTML = labels.join("");
}

function drawStatus() {
  const i = V.info;
  let pools = "";
  const sidesWithPools = V.sides.filter(s => i.pools && i.pools[s]);
  if (sidesWithPools.length) {
    const keys = [...new Set(sidesWithPools.flatMap(s => Object.keys(i.pools[s])))];
    pools = "<table><tr><th></th>" + keys.map(k => `<th>${esc(cap(k))}</th>`).join("") + "</tr>" +
      sidesWithPools.map(s => `<tr><td><span class="badge ${esc(s)}">${esc(cap(s))}</span></td>` +
        keys.map(k => `<td>${esc(i.pools[s][k] ?? "")}</td>`).join("") + "</tr>").join("") + "</table>";
  }
  const weather = i.weather ? `Weather: <span class="weather">${esc(cap(String(i.weather).replace(/_/g, " ")))}</span> ${ruleLink(V.game, i.weather_rule)}` : "";
  document.getElementById("status").innerHTML =
    `<div class="title">${esc(i.title || "Set-up")} ${ruleLink(V.game, i.rule)}</div>` +
    `<div>${weather}</div>${pools}` +
    `<div class="players">` + V.sides.map(side =>
      `<label><span class="badge ${esc(side)}">${esc(cap(side))}</span> <select class="who" data-side="${esc(side)}" ` +
      `aria-label="Who plays ${esc(side)}">` + ["human", ...V.levels].map(l =>
        `<option value="${esc(l)}" ${V.players[side] === l ? "selected" : ""}>${esc(playerName(l))}</option>`).join("") +
      `</select></label>`).join(" ") + `</div>` +
    `<div class="muted" style="font-size:.8em;margin-top:.3em">Step ${esc(V.step)}${V.live ? "" : " (replay)"} · seed ${esc(V.seed)}</div>`;
  document.querySelectorAll("#status select.who").forEach(sel => sel.addEventListener("change", async () => {
    const players = { ...V.players, [sel.dataset.side]: sel.value };
    try {
      await api("PUT", `/api/games/${encodeURIComponent(GID)}/players`, { players });
    } catch (e) { toast(e.message); }
    refresh();
  }));
}

function drawPrompt() {
  const el = document.getElementById("prompt");
  const res = document.getElementById("result");
  const p = V.prompt;
  if (V.result) {
    res.hidden = false;
    res.innerHTML = `<h3>Game over</h3><div class="winner">${V.result.winner ? esc(cap(V.result.winner)) + " wins" : "A draw"}</div>` +
      `<div>${esc(V.result.reason)}</div>`;
  } else {
    res.hidden = true;
  }
  let who = "";
  if (V.active) {
    const player = V.players[V.active];
    who = `<span class="badge ${esc(V.active)}">${esc(cap(V.active))}</span> ${esc(playerName(player))}`;
  }
  let body = `<h3>${V.live ? "Now" : "At this step"}</h3><div>${who}</div><div class="text">${esc(p.text)} ${ruleLink(V.game, p.rule)}</div>`;
  if (V.thinking) {
    body += `<div class="thinking" id="thinking"><span class="spinner"></span> The computer is thinking…</div>`;
  }
  if (V.ai_error) body += `<p class="error">${esc(V.ai_error)}</p>`;
  el.innerHTML = body;
  el.classList.toggle("mine", V.actions.length > 0);
}

function pct(p) {
  if (p >= 0.9995) return "100%";
  if (p < 0.0005) return p > 0 ? "<0.1%" : "0%";
  return (p * 100).toFixed(1) + "%";
}

function drawOdds(preview) {
  const el = document.getElementById("odds");
  const o = preview || V.odds;
  if (!o) { el.hidden = true; el.innerHTML = ""; return; }
  el.hidden = false;
  const a = V.actions.find(x => x.text === o.action);
  let html = `<h3>Odds before you roll${preview && a ? ": " + esc(a.label) : ""}</h3>`;
  o.marginals.forEach((m, i) => {
    const max = Math.max(...m.values.map(x => x.p));
    html += `<div><b>${esc(m.name)}</b></div><table>` + m.values.map(x =>
      `<tr><td style="width:2em">${esc(x.value)}</td><td style="width:4.5em">${pct(x.p)}</td>` +
      `<td><div class="bar ${i ? "att" : ""}" style="width:${(100 * x.p / max).toFixed(1)}%"></div></td></tr>`).join("") +
      `</table>${m.expected == null ? "" : `<div class="exp">expected ${m.expected.toFixed(2)}</div>`}`;
  });
  const names = (preview ? [] : (V.pending && V.pending.attackers) || []).map(uid => {
    const c = V.counters.find(x => x.id === uid);
    return c ? `${c.label} ${c.factors}` : uid;
  });
  if (names.length) html += `<div class="exp">Attacking: ${esc(names.join(", "))}${V.pending.air ? ` + ${esc(V.pending.air)} air` : ""}</div>`;
  if (!preview) html += `<button class="primary" id="roll-btn">Roll the dice</button>`;
  el.innerHTML = html;
  if (!preview) document.getElementById("roll-btn").addEventListener("click", () => act(o.action));
}


function drawActions() {
  const el = document.getElementById("actions");
  const filterOld = el.querySelector(".filter");
  const filterText = filterOld ? filterOld.value : "";
  const hadFocus = filterOld && document.activeElement === filterOld;
  if (!V.actions.length) {
    el.innerHTML = `<h3>Actions</h3><p class="muted">${V.thinking ? "Waiting for the computer." : V.live ? "Nothing to decide." : "Replaying: no actions."}</p>`;
    return;
  }
  el.innerHTML = `<h3>Actions (${V.actions.length})</h3>` +
    `<input class="filter" type="search" placeholder="Filter actions (/)" aria-label="Filter actions" value="${esc(filterText)}">` +
    `<div class="list"></div>`;
  const f = el.querySelector(".filter");
  f.addEventListener("input", () => fillActions(f.value));
  f.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown") { e.preventDefault(); const b = el.querySelector(".action"); if (b) b.focus(); }
    if (e.key === "Enter") {
      e.preventDefault();
      const b = el.querySelector(".action");
      f.value = "";
      if (b) b.click();
    }
  });
  fillActions(filterText);
  if (hadFocus) f.focus();
}

function fillActions(filter) {
  const el = document.querySelector("#actions .list");
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = V.actions.filter(a => words.every(w => (a.label + " " + a.text).toLowerCase().includes(w)));
  const groups = [];
  for (const a of shown) {  // listed under the titles the game gives them
    let g = groups.find(x => x.name === a.group);
    if (!g) groups.push(g = { name: a.group, acts: [] });
    g.acts.push(a);
  }
  let n = 0, html = "";
  for (const g of groups) {
    html += `<div class="group"><div class="gname">${esc(g.name)} (${g.acts.length})</div>`;
    const cut = !words.length && !expanded.has(g.name) && g.acts.length > 10 ? 6 : g.acts.length;
    for (const a of g.acts.slice(0, cut)) {
      n += 1;
      const key = n <= 9 ? `<span class="key">${n}</span>` : "";
      html += `<button class="action ${a.verb === "undo" ? "undo" : ""}" data-text="${esc(a.text)}" data-n="${n}" ` +
        `title="${esc(a.text)}${a.rule ? " — " + esc(a.rule) : ""}">${key}<span class="lbl">${esc(a.label)}</span>` +
        `<span class="key">${esc(a.rule || "")}</span></button>`;
    }
    if (cut < g.acts.length) {
      html += `<button class="more" data-group="${esc(g.name)}">… ${g.acts.length - cut} more (or pick on the map)</button>`;
    }
    html += "</div>";
  }
  el.innerHTML = html || '<p class="muted">No action matches.</p>';
  el.querySelectorAll("button.more").forEach(b => b.addEventListener("click", () => {
    expanded.add(b.dataset.group);
    fillActions(filter);
  }));
  el.querySelectorAll(".action").forEach(b => {
    b.addEventListener("click", () => act(b.dataset.text));
    b.addEventListener("mouseenter", () => hotAction(b.dataset.text, true));
    b.addEventListener("mouseleave", () => hotAction(b.dataset.text, false));
    b.addEventListener("focus", () => hotAction(b.dataset.text, true));
    b.addEventListener("blur", () => hotAction(b.dataset.text, false));
    b.addEventListener("keydown", (e) => {
      const all = [...el.querySelectorAll(".action")];
      const i = all.indexOf(b);
      if (e.key === "ArrowDown" && all[i + 1]) { e.preventDefault(); all[i + 1].focus(); }
      if (e.key === "ArrowUp") { e.preventDefault(); (all[i - 1] || document.querySelector("#actions .filter")).focus(); }
    });
  });
}

function hotAction(text, on) {
  L.focus.innerHTML = "";
  drawCursor();
  if (!on) drawMovePath(null);
  const more = V.odds_more && V.odds_more[text];
  if (more) drawOdds(on ? more : null);
  if (!on) return;
  const a = V.actions.find(x => x.text === text);
  if (!a) return;
  let hex = a.hex;
  if (!hex && a.unit) { const c = V.counters.find(x => x.id === a.unit); if (c) hex = c.hex; }
  if (hex && BOARD.centres[hex]) L.focus.insertAdjacentHTML("beforeend", `<polygon class="hexfocus" points="${hexPoints(hex)}"/>`);
  if (a.path) drawMovePath([a]);
}

function drawBoxes() {
  const el = document.getElementById("boxes");
  const boxes = V.boxes || [];
  el.hidden = !boxes.length;
  if (!boxes.length) return;
  const open = new Set([...el.querySelectorAll("details[open]")].map(d => d.dataset.key));
  el.innerHTML = "<h3>Off the map</h3>" + boxes.map(b => {
    const units = b.units.slice().sort((x, y) => (x.turn || 0) - (y.turn || 0));
    const list = units.map(u =>
      `<div class="unit box-counter" data-uid="${esc(u.id)}" title="${esc(u.name)}${u.turn ? ", arrives on turn " + esc(u.turn) : ""}">` +
      `<svg viewBox="-13 -13 26 26" aria-hidden="true">${u.svg || ""}</svg>` +
      `<span>${u.turn ? `<span class="turn">T${esc(u.turn)}</span> ` : ""}${esc(u.name)}</span></div>`).join("");
    const key = `${b.box}:${b.side}`;
    return `<details data-key="${esc(key)}" ${open.has(key) ? "open" : ""}><summary><span class="badge ${esc(b.side)}">${esc(cap(b.side))}</span> ` +
      `${esc(b.title)} (${b.units.length})</summary><div class="boxlist">${list}</div></details>`;
  }).join("");
}

function drawLog() {
  const body = document.getElementById("log-body");
  if (!LOG.length) { body.innerHTML = '<p class="muted">Nothing yet.</p>'; return; }
  const turns = [];
  for (const e of LOG) {
    // a numbered turn (DR), or the turn the title names before its phase ("August 1941", SNO)
    const named = /^\d+$/.test(String(e.turn ?? "")) ? null : ((e.title || "").match(/^([^,]+), /) || [])[1];
    const turnKey = e.turn == null ? "Set-up" : named || `Turn ${e.turn}`;
    let t = turns[turns.length - 1];
    if (!t || t.key !== turnKey) turns.push(t = { key: turnKey, phases: [] });
    let p = t.phases[t.phases.length - 1];
    const title = (e.title || "").replace(/^Turn \d+, /, "").replace(named ? named + ", " : "\u0000", "");
    if (!p || p.title !== title) t.phases.push(p = { title, entries: [] });
    p.entries.push(e);
  }
  // newest first: the last turn open, its latest phase and step at the top
  const last = turns.length - 1;
  body.innerHTML = turns.map((t, i) =>
    `<details class="turn" ${i === last ? "open" : ""}><summary>${esc(t.key)}</summary>` +
    t.phases.slice().reverse().map(p => `<div class="phase">${esc(p.title)}</div><ol>` + p.entries.slice().reverse().map(e => {
      const dice = (e.rolls || []).map(r => ` <span class="dice" title="${esc(r.why)}">${esc(r.why ? r.why + ": " : "")}${r.dice.join(" ")}${r.result ? " → " + esc(r.result) : ""}</span>`).join("");
      return `<li><span class="n">${esc(e.step)}</span><span class="badge ${esc(e.side)}">${esc(cap(e.side || ""))}</span> ` +
        `${esc(e.text)} ${ruleLink(V.game, e.rule)}${dice}</li>`;
    }).join("") + "</ol>").join("") + "</details>"
  ).reverse().join("");
}

// ------------------------------------------------------------------ what just happened
// Read from the log (each entry has its action's label and any dice rolled) and from the
// positions before and after (the replay endpoint, /at/<step>): the hits and results of the
// last battle, and what the other side did since this side's own last step, marked on the map.
const atCache = new Map();
let recentKey = "";

function countersAt(step) {
  if (V.live && step === V.seq) return Promise.resolve(V.counters);
  if (atCache.size > 40) atCache.clear();
  if (!atCache.has(step)) {
    const p = api("GET", `/api/games/${encodeURIComponent(GID)}/at/${step}`).then(v => v.counters);
    p.catch(() => atCache.delete(step));
    atCache.set(step, p);
  }
  return atCache.get(step);
}

// Units gone from the map, reduced, moved and newly on it between two lists of counters.
function unitChanges(before, after) {
  const was = new Map(before.map(c => [c.id, c])), now = new Map(after.map(c => [c.id, c]));
  const out = { gone: [], reduced: [], moved: [], arrived: [] };
  for (const [id, b] of was) {
    const a = now.get(id);
    if (!a) { out.gone.push(b); continue; }
    if ((a.reduced && !b.reduced) || (a.face && !b.face)) out.reduced.push(a);
    if (a.hex !== b.hex) out.moved.push({ unit: a, from: b.hex, to: a.hex });
  }
  for (const [id, a] of now) if (!was.has(id)) out.arrived.push(a);
  return out;
}

// The hits a roll scored on each side, as the game read them from its dice (the server's
// log entry carries them); null when the game rolls on a results table instead.
function rollHits(e) {
  return e.hits || null;
}

// Each battle in LOG from index i0 on: the roll, its hits, and the decisions that settled it
// (up to the next attack or roll, or the end of the phase).
function battlesFrom(i0) {
  const out = [];
  for (let i = Math.max(i0, 0); i < LOG.length; i++) {
    const e = LOG[i];
    if (!/^roll\b/.test(e.action || "") || !(e.rolls || []).length) continue;
    const hits = rollHits(e);  // null: the game rolls on a table, not for hits
    const after = [];
    let j = i + 1;
    for (; j < LOG.length; j++) {
      const f = LOG[j];
      if (/^(attack|roll)\b/.test(f.action || "") || f.title !== e.title || f.turn !== e.turn) break;
      after.push(f);
    }
    out.push({ roll: e, hits, after, end: after.length ? after[after.length - 1].step : e.step });
  }
  return out;
}

function unitList(list) { return list.map(c => esc(c.label)).join(", "); }

function changesHtml(ch) {
  const rows = [];
  if (ch.gone.length) rows.push(`<li class="gone">Eliminated: ${unitList(ch.gone)}</li>`);
  if (ch.reduced.length) rows.push(`<li>Reduced or flipped: ${unitList(ch.reduced)}</li>`);
  if (ch.moved.length) {
    const more = ch.moved.length > 8 ? `, and ${ch.moved.length - 8} more (all on the map)` : "";
    rows.push(`<li>Moved: ${ch.moved.slice(0, 8).map(m => `${esc(m.unit.label)} ${esc(m.from)} → ${esc(m.to)}`).join(", ")}${more}</li>`);
  }
  return rows.join("");
}

async function battleHtml(b) {
  const target = ((b.roll.text || "").match(/\d{4}/g) || []).join(", ");
  const att = b.roll.side, def = V.sides.find(x => x !== att) || "";
  let html = `<div class="battle" data-step="${esc(b.roll.step)}"><div><span class="badge ${esc(att)}">${esc(cap(att))}</span> ` +
    `attack${target ? " on " + esc(target) : ""} <span class="muted">(step ${esc(b.roll.step)})</span> ${ruleLink(V.game, b.roll.rule)}</div>` +
    (b.hits ? `<div class="hits"><b class="hits-def">${b.hits.defender}</b> hit${b.hits.defender === 1 ? "" : "s"} on the defender (${esc(cap(def))}), ` +
    `<b class="hits-att">${b.hits.attacker}</b> on the attacker</div>` : `<div class="hits">${esc(b.roll.text || "")}</div>`) +
    `<div class="muted dice-line">${(b.roll.rolls || []).map(r => `${esc((r.why || "").replace(/\s*\((DR|SNO) [^)]*\)$/, ""))}: ${r.dice.join(" ")}${r.result ? " → " + esc(r.result) : ""}`).join("<br>")}</div>`;
  try {
    const [before, after] = await Promise.all([countersAt(b.roll.step - 1), countersAt(b.end)]);
    const ch = changesHtml(unitChanges(before, after));
    const open = V.pending && V.pending.kind !== "attack" && b.end === LOG[LOG.length - 1].step;
    const rest = open ? `<li class="muted">Still to settle: ${esc(V.prompt.text)}</li>` : "";
    html += `<ul class="outcome">${ch + rest || "<li>No unit lost or moved.</li>"}</ul>`;
  } catch (e) { /* the log alone then */ }
  if (b.after.length) {
    html += `<details><summary>How it was settled (${b.after.length})</summary><ol>` +
      b.after.map(f => `<li><span class="badge ${esc(f.side)}">${esc(cap(f.side || ""))}</span> ${esc(f.text)}</li>`).join("") + "</ol></details>";
  }
  return html + "</div>";
}

// Whose "last own step" the highlights count from: the human side to move (hot seat: the
// side to move), else the only human side; none when the computer plays both.
function ownSide() {
  const humans = V.sides.filter(s => V.players[s] === "human");
  if (V.active && humans.includes(V.active)) return V.active;
  return humans.length === 1 ? humans[0] : null;
}

async function drawRecent() {
  const el = document.getElementById("recent");
  if (V.live && V.thinking) return;  // worked out when the computer has done, not each step
  const me = V.live ? ownSide() : null;
  if (!me || !LOG.length) {
    recentKey = "";
    el.hidden = true;
    L.recent.innerHTML = L.recentArrows.innerHTML = "";
    return;
  }
  let lastOwn = -1;
  for (let i = LOG.length - 1; i >= 0; i--) if (LOG[i].side === me) { lastOwn = i; break; }
  const theirs = LOG.slice(lastOwn + 1);
  const last = LOG[LOG.length - 1];
  const key = `${me}:${lastOwn}:${last.step}:${V.seq}`;
  if (key === recentKey) return;
  recentKey = key;
  let html = "", marks = "", arrows = "";
  if (theirs.some(e => !/set-?up/i.test(`${e.phase || ""} ${e.title || ""}`))) {
    const other = theirs[theirs.length - 1].side;
    // from their last step before it, or from the end of the set-up (placing is no move)
    const setUp = e => /set-?up/i.test(`${e.phase || ""} ${e.title || ""}`);
    const firstPlayed = theirs.find(e => !setUp(e));
    const since = Math.max(lastOwn >= 0 ? LOG[lastOwn].step : 0, firstPlayed.step - 1);
    const n = theirs.filter(e => e.step > since).length;
    html += `<h3>Since your last step</h3><div><span class="badge ${esc(other)}">${esc(cap(other))}</span> ` +
      `${esc(playerName(V.players[other]))}: ${n} step${n === 1 ? "" : "s"}</div>`;
    try {
      const ch = unitChanges(await countersAt(since), V.counters);
      if (key !== recentKey) return;
      const moved = ch.moved.filter(m => BOARD.centres[m.from] && BOARD.centres[m.to]);
      html += `<ul class="outcome">${changesHtml(ch) || "<li>No unit lost or moved.</li>"}</ul>`;
      if (moved.length) html += `<div class="muted">Moves are drawn on the map: <span class="recent-key"></span> from where each unit was.</div>`;
      arrows = moved.map(m => {
        const [x0, y0] = BOARD.centres[m.from], [x1, y1] = BOARD.centres[m.to];
        const pts = `x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}"`;
        return `<g class="recent-arrow" data-uid="${esc(m.unit.id)}"><line class="casing" ${pts}/>` +
          `<line class="line" ${pts} marker-end="url(#arrow-recent)"/></g>`;
      }).join("");
      marks = moved.map(m =>
        `<g class="recent-move" data-uid="${esc(m.unit.id)}" data-from="${esc(m.from)}" data-to="${esc(m.to)}">` +
        `<polygon class="recent-from" points="${hexPoints(m.from)}"/><polygon class="recent-to" points="${hexPoints(m.to)}"/></g>`
      ).join("") + ch.gone.filter(c => BOARD.centres[c.hex]).map(c => {
        const [x, y] = BOARD.centres[c.hex], r = BOARD.size * 0.45;
        return `<g class="recent-gone" data-uid="${esc(c.id)}" data-hex="${esc(c.hex)}"><polygon points="${hexPoints(c.hex)}"/>` +
          `<path d="M${x - r},${y - r} L${x + r},${y + r} M${x + r},${y - r} L${x - r},${y + r}"/></g>`;
      }).join("");
    } catch (e) { /* the log alone then */ }
    // the battles they fought, and any of ours they settled (losses, retreats)
    const ownStep = lastOwn >= 0 ? LOG[lastOwn].step : -1;
    const battles = battlesFrom(lastOwn - 40).filter(b => b.end > ownStep).slice(-5).reverse();
    for (const b of battles) html += await battleHtml(b);
  } else {
    // the latest battle of this phase, whoever fought it
    const phase = LOG.filter(e => e.turn === last.turn && e.title === last.title);
    const b = battlesFrom(LOG.length - phase.length).pop();
    if (b) html += `<h3>Last battle</h3>` + await battleHtml(b);
  }
  if (key !== recentKey) return;
  L.recent.innerHTML = marks;
  L.recentArrows.innerHTML = arrows;
  el.innerHTML = html;
  el.hidden = !html;
}

// ------------------------------------------------------------------ clicking the map
function clickAt(target, ev) {
  const slot = target.closest(".counter-slot");
  const hexEl = target.closest("[data-hex]");
  const hex = slot ? slot.dataset.hex : hexEl ? hexEl.dataset.hex : null;
  if (!hex) { fanHex = null; drawFan(); return; }
  if (slot) {
    const uid = slot.dataset.uid;
    const n = (stacks()[hex] || []).length;
    if (slot.classList.contains("fanned") || n === 1) return unitClick(uid, hex, ev);
    if (hexActions(hex).length) return hexClick(hex, ev);
    const own = (stacks()[hex] || []).filter(c => unitActions(c.id).length);
    if (own.length === 1) return unitClick(own[0].id, hex, ev);
    fanHex = fanHex === hex ? null : hex;
    drawFan();
    showHex(hex, true);
    return;
  }
  hexClick(hex, ev);
}

async function unitClick(uid, hex, ev) {
  let acts = unitActions(uid);
  const back = putDown();
  if (!acts.length && V.selected === uid) {
    if (back) return act(back.text);
  }
  if (!acts.length) {
    // another unit is picked: put it down first, then pick this one
    if (back && !hexActions(hex).length) {
      const v = await act(back.text);
      if (v) acts = unitActions(uid);
    }
  }
  if (acts.length === 1) return act(acts[0].text);
  if (acts.length > 1) return openMenu(acts, ev);
  hexClick(hex, ev);
}

function hexClick(hex, ev) {
  const acts = hexActions(hex);
  if (acts.length === 1) { fanHex = null; return act(acts[0].text); }
  if (acts.length > 1) return openMenu(acts, ev);
  fanHex = null;
  drawFan();
  showHex(hex, true);
}

async function showHex(hex, fetchInfo) {
  focusHex = hex;
  const el = document.getElementById("hexinfo");
  el.hidden = false;
  const list = stacks()[hex] || [];
  const terrain = (svg.getElementById("hex-" + hex) || { dataset: {} }).dataset.terrain || "";
  let html = `<h3>Hex ${esc(hex)}</h3><div>${esc(places[hex] || "")} <span class="muted">${esc(terrain)}</span></div>`;
  if ((sides[hex] || []).length) html += `<div class="muted" style="font-size:.85em">Hexsides: ${esc(sides[hex].join("; "))}</div>`;
  if (list.length) {
    html += '<div class="stack">' + list.map(c => {
      const acts = unitActions(c.id);
      return `<div class="unit" data-uid="${esc(c.id)}"><svg viewBox="-13 -13 26 26" aria-hidden="true">${c.svg}</svg>` +
        `<span>${esc(c.label)} ${esc(c.factors)}${esc(faceText(c))}${c.markers.length ? ` <span class="muted">${esc(c.markers.join(", "))}</span>` : ""}</span>` +
        acts.map(a => `<button data-text="${esc(a.text)}" title="${esc(a.label)}">${esc(a.label.split(" ")[0])}</button>`).join("") +
        `</div>`;
    }).join("") + "</div>";
  }
  const supplied = SUPPLY ? list.filter(c => SUPPLY.lines[c.id]) : [];
  if (supplied.length) {
    html += '<ul class="supplyinfo">' + supplied.map(c =>
      `<li class="${SUPPLY.lines[c.id].ok ? "ok" : "cut"}">${esc(c.label)}: ${esc(supplyText(c.id))}</li>`).join("") + "</ul>";
  }
  html += `<p><button id="hex-close">Close</button></p>`;
  el.innerHTML = html;
  drawSupplyLine();
  el.querySelectorAll("button[data-text]").forEach(b => b.addEventListener("click", () => act(b.dataset.text)));
  document.getElementById("hex-close").addEventListener("click", () => { el.hidden = true; focusHex = null; fanHex = null; drawFan(); drawSupplyLine(); });
}

function openMenu(acts, ev) {
  const m = document.getElementById("menu");
  menuItems = acts;
  m.innerHTML = acts.map((a, i) => `<button role="menuitem" data-text="${esc(a.text)}">${i < 9 ? `<kbd>${i + 1}</kbd> ` : ""}${esc(a.label)}</button>`).join("") +
    `<button role="menuitem" class="muted" data-close="1">Cancel <kbd>Esc</kbd></button>`;
  const x = ev && ev.clientX != null ? ev.clientX : window.innerWidth / 2;
  const y = ev && ev.clientY != null ? ev.clientY : window.innerHeight / 2;
  m.style.left = Math.min(x + 8, window.innerWidth - 280) + "px";
  m.style.top = Math.min(y + 8, window.innerHeight - 40 * (acts.length + 1)) + "px";
  m.classList.add("shown");
  m.querySelectorAll("button").forEach(b => {
    b.addEventListener("click", () => b.dataset.close ? closeMenu() : act(b.dataset.text));
    if (b.dataset.text) {
      for (const [ev, on] of [["mouseenter", true], ["focus", true], ["mouseleave", false], ["blur", false]]) {
        b.addEventListener(ev, () => hotAction(b.dataset.text, on));
      }
    }
  });
  const first = m.querySelector("button");
  if (first) first.focus();
}

function closeMenu() {
  document.getElementById("menu").classList.remove("shown");
  menuItems = [];
}

// ------------------------------------------------------------------ pan and zoom
function putVb() { svg.setAttribute("viewBox", vb.map(n => n.toFixed(1)).join(" ")); }

// A view the player chose (zoom, pan, whole map) is remembered; one the page chose is not.
let chosenView = false;
function chosen() {
  chosenView = true;
  clearTimeout(chosen.timer);
  chosen.timer = setTimeout(saveView, 250);
}

function fit() { vb = fullVb.slice(); putVb(); chosen(); }

// The view is remembered per game in the browser (localStorage), so a reload shows the same
// part of the map.
const VIEW_KEY = "ostfront:view:" + GID;

function saveView() {
  try { localStorage.setItem(VIEW_KEY, JSON.stringify(vb.map(n => Math.round(n * 10) / 10))); } catch (e) { /* private mode */ }
}

function restoreView() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(VIEW_KEY) || "null"); } catch (e) { saved = null; }
  if (!Array.isArray(saved) || saved.length !== 4 || !saved.every(Number.isFinite) || saved[2] <= 0 || saved[3] <= 0) return false;
  vb = saved;
  putVb();
  chosenView = true;
  return true;
}

// Screen pixels a counter should at least get when the game opens (it is 0.9 hex sizes wide).
const OPEN_COUNTER_PX = 34;

// The hexes the game opens on: where the two sides' units touch (adjacent hexes), else the
// side to move's units, else every unit.
function frontHexes() {
  const st = Object.entries(stacks()).filter(([h]) => BOARD.centres[h]);
  const near = BOARD.size * 1.9;  // neighbouring centres are sqrt(3) sizes apart
  const front = new Set();
  for (const [h, list] of st) {
    const [x, y] = BOARD.centres[h];
    for (const [g, other] of st) {
      if (g === h || front.has(h) && front.has(g)) continue;
      const [u, w] = BOARD.centres[g];
      if (Math.hypot(u - x, w - y) > near) continue;
      if (list.some(a => other.some(b => b.side !== a.side))) { front.add(h); front.add(g); }
    }
  }
  if (front.size) return [...front];
  const mine = st.filter(([, list]) => list.some(c => c.side === V.active)).map(([h]) => h);
  return mine.length ? mine : st.map(([h]) => h);
}

// Open on the front: the box around those hexes, shaped like the board's box, no larger than
// keeps counters OPEN_COUNTER_PX wide (centred on the front's middle when it is longer).
function frontView() {
  const hexes = frontHexes();
  const box = document.getElementById("board");
  const W = box.clientWidth || 800, H = box.clientHeight || 600;
  if (!hexes.length) { vb = fullVb.slice(); putVb(); return; }
  const xs = hexes.map(h => BOARD.centres[h][0]), ys = hexes.map(h => BOARD.centres[h][1]);
  const m = BOARD.size * 1.6;
  let x0 = Math.min(...xs) - m, x1 = Math.max(...xs) + m, y0 = Math.min(...ys) - m, y1 = Math.max(...ys) + m;
  const counter = BOARD.size * 0.9;
  // counters between OPEN_COUNTER_PX and twice that wide on the screen
  const scale = Math.min(Math.max(Math.min(W / (x1 - x0), H / (y1 - y0)), OPEN_COUNTER_PX / counter),
    2 * OPEN_COUNTER_PX / counter);
  const w = W / scale, h = H / scale;
  const cx = xs.reduce((a, b) => a + b, 0) / xs.length, cy = ys.reduce((a, b) => a + b, 0) / ys.length;
  const mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
  // the whole front when it fits, else its middle (where most of its hexes are)
  const px = w >= x1 - x0 ? mx : cx, py = h >= y1 - y0 ? my : cy;
  vb = [px - w / 2, py - h / 2, w, h];
  putVb();
}

function zoom(k, px = 0.5, py = 0.5) {
  const w = Math.min(Math.max(vb[2] * k, 80), fullVb[2] * 2), h = vb[3] * (w / vb[2]);
  vb = [vb[0] + (vb[2] - w) * px, vb[1] + (vb[3] - h) * py, w, h];
  putVb();
  chosen();
}

function pan(dx, dy) { vb[0] += dx * vb[2]; vb[1] += dy * vb[3]; putVb(); chosen(); }

function setupPanZoom(box) {
  let drag = null;
  box.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = svg.getBoundingClientRect();
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  }, { passive: false });
  box.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || e.target.closest("#zoom")) return;
    drag = { x: e.clientX, y: e.clientY, vb: vb.slice(), moved: false, target: e.target };
  });
  window.addEventListener("pointermove", (e) => {
    if (drag) {
      const r = svg.getBoundingClientRect();
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 5) { drag.moved = true; box.classList.add("dragging"); }
      if (drag.moved) {
        const s = Math.max(vb[2] / r.width, vb[3] / r.height);
        vb[0] = drag.vb[0] - dx * s;
        vb[1] = drag.vb[1] - dy * s;
        putVb();
        chosen();
      }
    }
    hover(e.target);
  });
  window.addEventListener("pointerup", (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    box.classList.remove("dragging");
    if (!d.moved && svg.contains(d.target)) {
      if (replay) { const h = d.target.closest("[data-hex]"); if (h) showHex(h.dataset.hex, true); return; }
      clickAt(d.target, e);
    }
  });
  box.addEventListener("pointerleave", () => { drawMovePath(null); pointSupply(null); });
  document.getElementById("z-in").addEventListener("click", () => zoom(1 / 1.3));
  document.getElementById("z-out").addEventListener("click", () => zoom(1.3));
  document.getElementById("z-fit").addEventListener("click", fit);
}

function hover(target) {
  const out = document.getElementById("hover");
  if (!svg || !svg.contains(target)) return;
  const slot = target.closest(".counter-slot");
  const el = target.closest("[data-hex]");
  if (!el) { out.textContent = ""; drawMovePath(null); pointSupply(null); return; }
  const hex = el.dataset.hex;
  const poly = svg.getElementById("hex-" + hex);
  const terrain = poly ? poly.dataset.terrain : "";
  let text = `${hex} · ${terrain || "?"}`;
  if (places[hex]) text += ` · ${places[hex]}`;
  if ((sides[hex] || []).length) text += ` · ${sides[hex].join(", ")}`;
  if (slot) {
    const c = V.counters.find(x => x.id === slot.dataset.uid);
    if (c) text += ` — ${c.label} ${c.factors}${faceText(c)}${c.markers.length ? " {" + c.markers.join(", ") + "}" : ""} [${c.nation}]`;
  }
  const acts = V ? hexActions(hex) : [];
  if (acts.length) text += " — " + acts.map(a => a.label).join(" / ");
  const uid = supplyUnitAt(slot ? slot.dataset.uid : null, hex);
  if (uid) text += ` — ${unitLabel(uid)}: ${supplyText(uid)}`;
  out.textContent = text;
  drawMovePath(acts);
  pointSupply(uid);
}

// A counter's back face in words: DR's reduced side, SNO's weaker/unrefitted/entrained side.
function faceText(c) {
  if (c.face) return ` (${c.face})`;
  return c.reduced ? " (reduced)" : "";
}

function unitLabel(uid) {
  const c = V && V.counters.find(x => x.id === uid);
  return c ? c.label : uid;
}

// ------------------------------------------------------------------ paths on the map
function polyPoints(hexes) {
  return hexes.filter(h => BOARD.centres[h]).map(h => BOARD.centres[h].join(",")).join(" ");
}

// The way the selected unit will go to a pointed-at destination (the engine's cheapest path;
// the server sends it with each move action).
function drawMovePath(acts) {
  const shown = (acts || []).filter(a => a.path && a.path.length > 1);
  const key = shown.map(a => a.text).join("|");
  if (key === pathKey) return;
  pathKey = key;
  L.path.innerHTML = shown.map(a => {
    const kind = a.kind === "rail" ? "rail" : "move";
    const pts = polyPoints(a.path);
    const dots = a.path.slice(1, -1).filter(h => BOARD.centres[h]).map(h =>
      `<circle class="step" cx="${BOARD.centres[h][0]}" cy="${BOARD.centres[h][1]}" r="2.2"/>`).join("");
    return `<g class="move-path ${kind}" data-action="${esc(a.text)}" data-hexes="${esc(a.path.join(" "))}">` +
      `<polyline class="casing" points="${pts}"/><polyline class="line" points="${pts}" marker-end="url(#arrow-${kind})"/>${dots}</g>`;
  }).join("");
}

// The supply overlay's units: which one the pointer or keyboard cursor is on.
function supplyUnitAt(uid, hex) {
  if (!SUPPLY) return null;
  if (uid && SUPPLY.lines[uid]) return uid;
  const c = (stacks()[hex] || []).find(x => SUPPLY.lines[x.id]);
  return c ? c.id : null;
}

function pointSupply(uid) {
  if (uid === supplyPointed) return;
  supplyPointed = uid;
  drawSupplyLine();
}

function placeName(hex) { return (places[hex] || hex).replace(/\s*\(.*\)$/, ""); }

function supplyText(uid) {
  const l = SUPPLY && SUPPLY.lines[uid];
  if (!l) return "";
  if (l.text) return l.text;  // the game words its own supply line
  return l.ok ? "in supply" : "out of supply" + (l.note ? ": " + l.note : "");
}

// The supply line of the unit pointed at (else the selected unit, else the first of the
// inspected hex's units): the short path to the rail line, then the rail line to a source.
function drawSupplyLine() {
  L.supply.innerHTML = "";
  if (!SUPPLY || !V) return;
  const inspected = focusHex ? (stacks()[focusHex] || []).find(c => SUPPLY.lines[c.id]) : null;
  const uid = [supplyPointed, V.selected, inspected && inspected.id].find(u => u && SUPPLY.lines[u]);
  if (!uid) return;
  const l = SUPPLY.lines[uid];
  const c = V.counters.find(x => x.id === uid);
  if (!c || !BOARD.centres[c.hex]) return;
  const [cx, cy] = BOARD.centres[c.hex];
  let html = `<g class="supply-line ${l.ok ? "ok" : "cut"}" data-uid="${esc(uid)}" data-path="${esc(l.path.join(" "))}" data-rail="${esc(l.rail.join(" "))}">`;
  if (!l.ok) {
    const r = BOARD.size * 0.5;
    html += `<path class="cut" d="M${cx - r},${cy - r} L${cx + r},${cy + r} M${cx + r},${cy - r} L${cx - r},${cy + r}"/>`;
  }
  if (l.rail.length > 1) {
    const pts = polyPoints(l.rail);
    html += `<polyline class="rail-casing" points="${pts}"/><polyline class="rail" points="${pts}"/>`;
  }
  if (l.path.length > 1) {
    const pts = polyPoints(l.path);
    html += `<polyline class="casing" points="${pts}"/><polyline class="path" points="${pts}" marker-end="url(#arrow-supply)"/>`;
  }
  if (l.source && BOARD.centres[l.source]) {
    const [sx, sy] = BOARD.centres[l.source];
    html += `<circle class="source" cx="${sx}" cy="${sy}" r="${BOARD.size * 0.55}"/>` +
      `<text class="source-name" x="${sx}" y="${sy - BOARD.size * 0.7}">${esc(placeName(l.source))}</text>`;
  }
  L.supply.innerHTML = html + "</g>";
}

// ------------------------------------------------------------------ the keyboard cursor
let cursorHex = null;

function drawCursor() {
  const old = L.focus.querySelector(".cursor");
  if (old) old.remove();
  if (!cursorHex) return;
  const g = document.createElementNS(SVGNS, "polygon");
  g.setAttribute("class", "hexfocus cursor");
  g.setAttribute("points", hexPoints(cursorHex));
  L.focus.append(g);
}

function moveCursor(dir) {
  if (!cursorHex) {
    const cx = vb[0] + vb[2] / 2, cy = vb[1] + vb[3] / 2;
    cursorHex = nearest(cx, cy, () => true);
  } else {
    const [x0, y0] = BOARD.centres[cursorHex];
    const next = nearest(x0, y0, (x, y) => {
      const dx = x - x0, dy = y - y0;
      const along = dx * dir[0] + dy * dir[1];
      return along > 1 && along >= Math.hypot(dx, dy) * 0.5;  // within 60 degrees
    });
    if (next) cursorHex = next;
  }
  ensureVisible(cursorHex);
  drawCursor();
  const poly = svg.getElementById("hex-" + cursorHex);
  if (poly) hover(poly);
}

function nearest(x0, y0, ok) {
  let best = null, dist = Infinity;
  for (const [hex, [x, y]] of Object.entries(BOARD.centres)) {
    if (hex === cursorHex || !ok(x, y)) continue;
    const d = Math.hypot(x - x0, y - y0);
    if (d < dist) { dist = d; best = hex; }
  }
  return best;
}

function pressCursor() {
  const poly = svg.getElementById("hex-" + cursorHex);
  const top = [...L.counters.querySelectorAll(`.counter-slot[data-hex="${cursorHex}"]`)].pop();
  const r = poly.getBoundingClientRect();
  const ev = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
  if (replay) return showHex(cursorHex, true);
  clickAt(top || poly, ev);
}

// ------------------------------------------------------------------ overlays
async function refreshOverlays() {
  const parts = [], legend = [];
  let supply = null;
  for (const kind of ["control", "supply", "zoc"]) {
    if (!overlays[kind]) continue;
    const params = new URLSearchParams();
    if (replay) params.set("step", replay.step);
    if (kind === "supply" && typeof overlays.supply === "string") params.set("side", overlays.supply);
    const q = params.toString() ? "?" + params : "";
    let o;
    try { o = await api("GET", `/api/games/${encodeURIComponent(GID)}/overlay/${kind}${q}`); } catch (e) { toast(e.message); continue; }
    for (const [hex, side] of Object.entries(o.hexes)) {
      if (!BOARD.centres[hex]) continue;
      const cls = kind === "control" ? "ov-" + side : kind === "zoc" ? "ov-zoc" : "ov-supply";
      parts.push(`<polygon class="${cls}" points="${hexPoints(hex)}"/>`);
    }
    if (kind === "control") legend.push('<span class="sw" style="background:#0072b2;opacity:.6"></span>Axis control <span class="sw" style="background:#d55e00;opacity:.5"></span>Soviet control');
    if (kind === "zoc") legend.push(`<span class="sw" style="background:repeating-linear-gradient(45deg,#555 0 2px,transparent 2px 5px)"></span>${esc(cap(o.side))} ZOC (the enemy of the side to move)`);
    if (kind === "supply") {
      supply = o;
      let out = 0;
      for (const [uid, ok] of Object.entries(o.units)) {
        const c = V.counters.find(x => x.id === uid);
        if (!c || !BOARD.centres[c.hex]) continue;
        if (!ok) out += 1;
        const [cx, cy] = BOARD.centres[c.hex];
        parts.push(`<circle class="sup-${ok ? "in" : "out"}" data-uid="${esc(uid)}" cx="${cx}" cy="${cy}" r="${BOARD.size * 0.78}"/>`);
      }
      const n = Object.keys(o.units).length;
      const drawn = Object.values(o.lines || {}).some(l => l.path && l.path.length);
      legend.push(`<span class="sw" style="background:#009e73;opacity:.6"></span>${esc(cap(o.side))} supply reaches · ` +
        `<span class="ring-in"></span>in supply (${n - out}) · <span class="ring-out"></span>out of supply (${out})` +
        (drawn ? `<br><span class="muted">Point at a unit (or select it) for its supply line: <span class="line-path"></span> to the rail line, ` +
          `<span class="line-rail"></span> by rail to the source</span>` : ""));
    }
  }
  L.overlay.innerHTML = parts.join("");
  SUPPLY = supply;
  if (supplyPointed && !(SUPPLY && SUPPLY.lines[supplyPointed])) supplyPointed = null;
  drawSupplyLine();
  const lg = document.getElementById("legend");
  lg.innerHTML = legend.join("<br>");
  lg.classList.toggle("shown", legend.length > 0);
}

function toggleOverlay(kind) {
  if (kind === "supply") {
    // off -> the side to move -> the other side -> off
    const first = (V && V.active) || V.sides[0];
    const order = [first, ...V.sides.filter(s => s !== first)];
    const i = overlays.supply ? order.indexOf(overlays.supply) : -1;
    overlays.supply = i + 1 < order.length ? order[i + 1] : false;
    const b = document.getElementById("ov-supply");
    b.setAttribute("aria-pressed", String(!!overlays.supply));
    b.firstChild.textContent = overlays.supply ? `Supply: ${cap(overlays.supply)} ` : "Supply ";
    refreshOverlays();
    return;
  }
  overlays[kind] = !overlays[kind];
  document.getElementById("ov-" + kind).setAttribute("aria-pressed", String(overlays[kind]));
  refreshOverlays();
}

// ------------------------------------------------------------------ replay
async function enterReplay() {
  const t = await api("GET", `/api/games/${encodeURIComponent(GID)}/timeline`);
  replay = { step: t.seq, marks: t.marks, seq: t.seq };
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
function replayTo(step) {
  if (!replay) return;
  step = Math.max(0, Math.min(replay.seq, step));
  replay.step = step;
  document.getElementById("rp-slider").value = String(step);
  document.getElementById("rp-step").textContent = `step ${step} / ${replay.seq}`;
  clearTimeout(replayTimer);
  replayTimer = setTimeout(async () => {
    try {
      const v = await api("GET", `/api/games/${encodeURIComponent(GID)}/at/${step}`);
      if (replay && replay.step === step) { LOG = []; show(v); }
    } catch (e) { toast(e.message); }
  }, 60);
}

function jumpPhase(dir) {
  if (!replay) return;
  const steps = [0, ...replay.marks.map(m => m.step), replay.seq];
  const next = dir > 0 ? steps.find(s => s > replay.step) : steps.reverse().find(s => s < replay.step);
  if (next != null) replayTo(next);
}

function exitReplay() {
  replay = null;
  document.getElementById("btn-replay").setAttribute("aria-pressed", "false");
  document.getElementById("replaybar").classList.remove("shown");
  LOG = [];
  refresh();
}

// ------------------------------------------------------------------ the chart
// The game's charts (terrain effects on movement and combat), as the game words its data.
async function toggleChart(show) {
  const el = document.getElementById("chart");
  const on = show === undefined ? !el.classList.contains("shown") : show;
  el.classList.toggle("shown", on);
  document.getElementById("btn-chart").setAttribute("aria-pressed", String(on));
  if (!on || el.dataset.loaded) return;
  try {
    const c = await api("GET", "/api/chart/" + encodeURIComponent(V.game));
    document.getElementById("chart-body").innerHTML = `<h2>${esc(c.title)}: charts</h2>` + (c.tables.length ? c.tables.map(t =>
      `<h3>${esc(t.title)} ${ruleLink(V.game, t.rule)}</h3>${t.note ? `<p class="muted">${esc(t.note)}</p>` : ""}` +
      `<table class="list chart-table" data-table="${esc(t.id)}"><tr>${t.columns.map(h => `<th>${esc(h)}</th>`).join("")}<th>Rule</th></tr>` +
      t.rows.map(r => `<tr${r.reconstructed ? ' class="reconstructed"' : ""}>${r.cells.map(x => `<td>${esc(x)}</td>`).join("")}` +
        `<td>${ruleLink(V.game, String(r.rule).split(",")[0])}${esc(String(r.rule).split(",").slice(1).map(x => "," + x).join(""))}${r.reconstructed ? ` <abbr title="${esc(r.reconstructed)}">reconstructed</abbr>` : ""}</td></tr>`).join("") +
      "</table>").join("") : '<p class="muted">This game has no charts to show yet.</p>');
    el.dataset.loaded = "1";
  } catch (e) { toast(e.message); }
}

// ------------------------------------------------------------------ keys and buttons
function toast(msg) {
  const t = document.getElementById("toast");
  t.innerHTML = `<div class="error" role="alert">${esc(msg)}</div>`;
  t.classList.add("shown");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.remove("shown"), 5000);
}

function endAction() {
  return V.actions.find(a => a.role === "end");
}

// The step back that puts the picked unit down again (to choose another), if one is picked.
function putDown() {
  if (!V.selected) return null;
  return V.actions.find(a => a.role === "back" && a.verb !== "undo" && !a.units.length && !a.hexes.length);
}

document.addEventListener("keydown", (e) => {
  const tag = (e.target.tagName || "").toLowerCase();
  const typing = tag === "input" || tag === "select" || tag === "textarea";
  if (e.key === "Escape") {
    if (typing) e.target.blur();
    closeMenu();
    document.getElementById("help").classList.remove("shown");
    toggleChart(false);
    if (replay && !typing) exitReplay();
    if (fanHex) { fanHex = null; drawFan(); }
    return;
  }
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const menu = document.getElementById("menu");
  if (menu.classList.contains("shown") && /^[1-9]$/.test(e.key)) {
    const a = menuItems[Number(e.key) - 1];
    if (a) { e.preventDefault(); act(a.text); }
    return;
  }
  const onMap = document.activeElement === document.getElementById("board");
  if (replay && !onMap) {
    if (e.key === "ArrowLeft") { e.preventDefault(); return replayTo(replay.step - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); return replayTo(replay.step + 1); }
    if (e.key === "PageUp") { e.preventDefault(); return jumpPhase(-1); }
    if (e.key === "PageDown") { e.preventDefault(); return jumpPhase(1); }
    if (e.key === "Home") { e.preventDefault(); return replayTo(0); }
    if (e.key === "End") { e.preventDefault(); return replayTo(replay.seq); }
  }
  if (onMap) {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const dir = dirs[e.key];
    if (dir && e.shiftKey) { e.preventDefault(); return pan(dir[0] * 0.12, dir[1] * 0.12); }
    if (dir) { e.preventDefault(); return moveCursor(dir); }
    if ((e.key === "Enter" || e.key === " ") && cursorHex) { e.preventDefault(); return pressCursor(); }
  }
  if (e.key === "+" || e.key === "=") return zoom(1 / 1.3);
  if (e.key === "-" || e.key === "_") return zoom(1.3);
  if (e.key === "0") return fit();
  const k = e.key.toLowerCase();
  if (k === "u") { const a = V.actions.find(x => x.verb === "undo"); if (a) act(a.text); return; }
  if (k === "e") { const a = endAction(); if (a) act(a.text); return; }
  if (k === "s") return toggleOverlay("supply");
  if (k === "z") return toggleOverlay("zoc");
  if (k === "c") return toggleOverlay("control");
  if (k === "r") return replay ? exitReplay() : enterReplay();
  if (k === "t") return toggleChart();
  if (k === "m") return document.getElementById("board").focus();
  if (k === "?" || k === "h") return document.getElementById("help").classList.toggle("shown");
  if (k === "/") { e.preventDefault(); const f = document.querySelector("#actions .filter"); if (f) f.focus(); return; }
  if (/^[1-9]$/.test(k)) {
    const b = document.querySelector(`#actions .action[data-n="${k}"]`);
    if (b) { e.preventDefault(); b.click(); }
  }
});

document.getElementById("btn-undo").addEventListener("click", () => {
  const a = V && V.actions.find(x => x.verb === "undo");
  if (a) act(a.text);
});
for (const kind of ["supply", "zoc", "control"]) {
  document.getElementById("ov-" + kind).addEventListener("click", () => toggleOverlay(kind));
}
document.getElementById("btn-replay").addEventListener("click", () => replay ? exitReplay() : enterReplay());
document.getElementById("btn-chart").addEventListener("click", () => toggleChart());
document.getElementById("chart-close").addEventListener("click", () => toggleChart(false));
document.getElementById("btn-help").addEventListener("click", () => document.getElementById("help").classList.toggle("shown"));
document.getElementById("help-close").addEventListener("click", () => document.getElementById("help").classList.remove("shown"));
document.getElementById("rp-slider").addEventListener("input", (e) => replayTo(Number(e.target.value)));
document.getElementById("rp-prev").addEventListener("click", () => replay && replayTo(replay.step - 1));
document.getElementById("rp-next").addEventListener("click", () => replay && replayTo(replay.step + 1));
document.getElementById("rp-first").addEventListener("click", () => replayTo(0));
document.getElementById("rp-last").addEventListener("click", () => replay && replayTo(replay.seq));
document.getElementById("rp-exit").addEventListener("click", exitReplay);
document.getElementById("rp-phase").addEventListener("change", (e) => { if (e.target.value !== "") replayTo(Number(e.target.value)); });
document.addEventListener("click", (e) => {
  const m = document.getElementById("menu");
  if (m.classList.contains("shown") && !m.contains(e.target) && !svg.contains(e.target)) closeMenu();
});

init().catch(err => toast(err.message));
