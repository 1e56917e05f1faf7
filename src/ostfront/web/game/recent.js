// What just happened, read from the log (each entry has its action's label, role and hexes,
// whether it was taken in a set-up phase, and any dice rolled) and from the positions before
// and after (the replay endpoint, /at/<step>): the hits and results of the last battle, and
// what the other side did since this side's own last step, told as operations (story.js)
// stepped through one at a time, each drawn on the map alone. While the computer plays, how
// far it has got.

import { page, layers, GID } from "./state.js";
import { api, esc, cap, ruleLink, playerName } from "./helpers.js";
import { hexPoints } from "./board.js";
import { ensureVisible } from "./panzoom.js";
import { isBattleRoll, operations, withOrigins, withoutRule, battleLine } from "./story.js";

const atCache = new Map();  // step -> the counters then (a promise)
let recentKey = "";         // what the panel's section shows

function countersAt(step) {
  if (page.view.live && step === page.view.seq) return Promise.resolve(page.view.counters);
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

// Each battle in the log from index i0 on: the roll, its hits, and the decisions that settled it
// (up to the next attack or roll, or the end of the phase).
function battlesFrom(i0) {
  const out = [];
  for (let i = Math.max(i0, 0); i < page.log.length; i++) {
    const e = page.log[i];
    if (!isBattleRoll(e)) continue;
    const hits = rollHits(e);  // null: the game rolls on a table, not for hits
    const after = [];
    let j = i + 1;
    for (; j < page.log.length; j++) {
      const f = page.log[j];
      if (f.role === "attack" || f.role === "roll" || f.title !== e.title || f.turn !== e.turn) break;
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
  const target = (b.roll.hexes || []).join(", ");
  const att = b.roll.side, def = page.view.sides.find(x => x !== att) || "";
  let html = `<div class="battle" data-step="${esc(b.roll.step)}"><div><span class="badge ${esc(att)}">${esc(cap(att))}</span> ` +
    `attack${target ? " on " + esc(target) : ""} <span class="muted">(step ${esc(b.roll.step)})</span> ${ruleLink(page.view.game, b.roll.rule)}</div>` +
    (b.hits ? `<div class="hits"><b class="hits-def">${b.hits.defender}</b> hit${b.hits.defender === 1 ? "" : "s"} on the defender (${esc(cap(def))}), ` +
    `<b class="hits-att">${b.hits.attacker}</b> on the attacker</div>` : `<div class="hits">${esc(b.roll.text || "")}</div>`) +
    `<div class="muted dice-line">${(b.roll.rolls || []).map(r => `${esc(withoutRule(r.why || ""))}: ${r.dice.join(" ")}${r.result ? " → " + esc(r.result) : ""}`).join("<br>")}</div>`;
  try {
    const [before, after] = await Promise.all([countersAt(b.roll.step - 1), countersAt(b.end)]);
    const ch = changesHtml(unitChanges(before, after));
    const open = page.view.pending && page.view.pending.kind !== "attack" && b.end === page.log[page.log.length - 1].step;
    const rest = open ? `<li class="muted">Still to settle: ${esc(page.view.prompt.text)}</li>` : "";
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
  const humans = page.view.sides.filter(s => page.view.players[s] === "human");
  if (page.view.active && humans.includes(page.view.active)) return page.view.active;
  return humans.length === 1 ? humans[0] : null;
}


// ------------------------------------------------------------------ while the computer plays
let ticker = null;  // the seconds counter of the progress line

function drawThinking(el) {
  const p = page.view.progress || { steps: 0, seconds: 0 };
  const side = page.view.active || "";
  const t0 = Date.now() - 1000 * (p.seconds || 0);
  el.innerHTML = `<div class="story-thinking" id="story-thinking" role="status" aria-live="polite">` +
    `<span class="spinner"></span><div><span class="badge ${esc(side)}">${esc(cap(side))}</span> ` +
    `The computer is playing: <b class="steps">${Number(p.steps) || 0}</b> step${p.steps === 1 ? "" : "s"} so far, ` +
    `<span class="secs">${Math.floor(p.seconds || 0)}</span> s` +
    `<div class="muted">${esc(page.view.info.title || "")}</div></div></div>`;
  el.hidden = false;
  clearInterval(ticker);
  ticker = setInterval(() => {
    const s = el.querySelector(".secs");
    if (!s || !page.view.thinking) { clearInterval(ticker); ticker = null; return; }
    s.textContent = String(Math.floor((Date.now() - t0) / 1000));
  }, 1000);
}

// ------------------------------------------------------------------ their turn, told
let story = null;  // {base, ops, index, since, gone}: the operations shown and the one on the map

// A unit's name: on the map, else in a box off it (one gone since it moved), else its id.
function labelOf(uid) {
  const c = page.view.counters.find(x => x.id === uid);
  if (c) return c.label;
  for (const b of page.view.boxes || []) {
    const u = b.units.find(x => x.id === uid);
    if (u) return u.name;
  }
  return uid;
}

function opTitle(op) {
  if (op.kind === "battle") {
    const where = (op.hexes || []).map(h => {
      const name = (page.places[h] || "").replace(/\s*\(.*\)$/, "");  // without its kinds
      return name ? `${name} (${h})` : h;
    }).join(", ");
    return `Battle on ${where}`;
  }
  const sector = op.sector ? ` · ${op.sector}` : "";
  return `${op.title}${sector}`;
}

function opLine(op, i) {
  let body;
  if (op.kind === "battle") {
    const b = battleLine(op);
    body = `<b>${esc(opTitle(op))}</b><div class="op-battle"><span class="op-odds">${esc(b.odds)}</span>` +
      `${b.dice ? ` · roll <span class="op-dice">${esc(b.dice)}</span>` : ""}` +
      `${b.result ? ` → <b class="op-result">${esc(b.result)}</b>` : ""}</div>`;
  } else {
    const placed = op.moves.filter(m => m.from === null).length, moved = op.moves.length - placed;
    const parts = [];
    if (moved) parts.push(`${moved} move${moved === 1 ? "" : "s"}`);
    if (placed) parts.push(`${placed} placed`);
    body = `<b>${esc(opTitle(op))}</b>: ${parts.join(", ")}`;
  }
  return `<li class="op${story.index === i ? " current" : ""}" data-op="${i}" data-kind="${op.kind}" tabindex="0">${body}</li>`;
}

// The current operation's detail and its marks on the map (its moves' arrows alone).
async function drawCurrent(el) {
  const s = story, op = s.ops[s.index];
  const box = el.querySelector(".op-detail");
  if (!op || !box) return;
  let html = "", marks = "", arrows = "";
  const arrow = (uid, from, to) => {
    const [x0, y0] = page.board.centres[from], [x1, y1] = page.board.centres[to];
    const pts = `x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}"`;
    return `<g class="recent-arrow" data-uid="${esc(uid)}"><line class="casing" ${pts}/>` +
      `<line class="line" ${pts} marker-end="url(#arrow-recent)"/></g>`;
  };
  const mark = (uid, from, to) =>
    `<g class="recent-move" data-uid="${esc(uid)}" data-from="${esc(from || "")}" data-to="${esc(to)}">` +
    (from && page.board.centres[from] ? `<polygon class="recent-from" points="${hexPoints(from)}"/>` : "") +
    `<polygon class="recent-to" points="${hexPoints(to)}"/></g>`;
  if (op.kind === "moves") {
    html = `<ul class="outcome op-moves">` + op.moves.map(m =>
      `<li>${esc(labelOf(m.unit))} ${m.from ? `${esc(m.from)} → ${esc(m.to)}` : `placed at ${esc(m.to)}`}</li>`).join("") + "</ul>";
    for (const m of op.moves) {
      if (!page.board.centres[m.to]) continue;
      marks += mark(m.unit, m.from, m.to);
      if (m.from && page.board.centres[m.from] && m.from !== m.to) arrows += arrow(m.unit, m.from, m.to);
    }
  } else {
    html = await battleHtml({ roll: op.roll, hits: op.roll.hits || null, after: op.entries.slice(1), end: op.last });
    marks = (op.hexes || []).filter(h => page.board.centres[h])
      .map(h => `<polygon class="recent-battle" points="${hexPoints(h)}"/>`).join("");
    try {
      const ch = unitChanges(await countersAt(op.roll.step - 1), await countersAt(op.last));
      for (const m of ch.moved) {
        if (!page.board.centres[m.from] || !page.board.centres[m.to]) continue;
        marks += mark(m.unit.id, m.from, m.to);
        arrows += arrow(m.unit.id, m.from, m.to);
      }
    } catch (e) { /* the battle's hexes alone then */ }
  }
  if (s !== story || op !== s.ops[s.index]) return;  // stepped on meanwhile
  box.innerHTML = html;
  layers.recent.innerHTML = marks + s.gone;
  layers.recentArrows.innerHTML = arrows;
  el.querySelectorAll("li.op").forEach(li => li.classList.toggle("current", Number(li.dataset.op) === s.index));
  const pos = el.querySelector(".story-pos");
  if (pos) pos.textContent = `${s.index + 1} of ${s.ops.length}`;
  el.querySelector("[data-story=prev]").disabled = s.index <= 0;
  el.querySelector("[data-story=next]").disabled = s.index >= s.ops.length - 1;
}

// The hex an operation is brought into view by: the battle's, or the move destination
// nearest the middle of them all.
function opHex(op) {
  if (op.kind === "battle") return (op.hexes || [])[0];
  const at = op.moves.map(m => page.board.centres[m.to]).filter(Boolean);
  if (!at.length) return null;
  const mx = at.reduce((a, c) => a + c[0], 0) / at.length, my = at.reduce((a, c) => a + c[1], 0) / at.length;
  let best = null, dist = Infinity;
  for (const m of op.moves) {
    const c = page.board.centres[m.to];
    if (c && (c[0] - mx) ** 2 + (c[1] - my) ** 2 < dist) { best = m.to; dist = (c[0] - mx) ** 2 + (c[1] - my) ** 2; }
  }
  return best;
}

/** Show operation `i` of the story told (clamped): its detail and its arrows on the map,
 * brought into view (the player asked for it). */
export function storyGo(i) {
  if (!story || !story.ops.length) return;
  story.index = Math.max(0, Math.min(story.ops.length - 1, i));
  const hex = opHex(story.ops[story.index]);
  if (hex) ensureVisible(hex);
  drawCurrent(document.getElementById("recent"));
}

/** One operation back (-1) or on (+1) in the story told, as its Previous and Next buttons
 * do (the keys [ and ]); false when no story is shown. */
export function storyStep(delta) {
  if (!story || !story.ops.length || document.getElementById("recent").hidden) return false;
  storyGo(story.index + delta);
  return true;
}

function wire(el) {
  if (el.dataset.wired) return;
  el.dataset.wired = "1";
  el.addEventListener("click", (ev) => {
    if (!story) return;
    const b = ev.target.closest("[data-story]");
    if (b) { storyGo(story.index + (b.dataset.story === "next" ? 1 : -1)); return; }
    const li = ev.target.closest("li.op");
    if (li && !ev.target.closest("a")) storyGo(Number(li.dataset.op));
  });
  el.addEventListener("keydown", (ev) => {
    const li = ev.target.closest && ev.target.closest("li.op");
    if (li && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); storyGo(Number(li.dataset.op)); }
  });
}

// The log index of this side's last own step, not counting its answers within the other
// side's phases (losses it chose, retreats: steps in the same phase as the other side's next
// step), so that the other side's whole turn is told; -1 if none.
function lastOwnStep(me) {
  let next = null;  // the other side's step nearest after i
  for (let i = page.log.length - 1; i >= 0; i--) {
    const e = page.log[i];
    if (e.side !== me) { next = e; continue; }
    if (!next || next.turn !== e.turn || next.phase !== e.phase) return i;
  }
  return -1;
}

export async function drawRecent() {
  const el = document.getElementById("recent");
  wire(el);
  if (page.view.live && page.view.thinking) { recentKey = ""; story = null; drawThinking(el); return; }
  const me = page.view.live ? ownSide() : null;
  if (!me || !page.log.length) {
    recentKey = "";
    story = null;
    el.hidden = true;
    layers.recent.innerHTML = layers.recentArrows.innerHTML = "";
    return;
  }
  const lastOwn = lastOwnStep(me);
  const theirs = page.log.slice(lastOwn + 1);
  const last = page.log[page.log.length - 1];
  const key = `${me}:${lastOwn}:${last.step}:${page.view.seq}`;
  if (key === recentKey) return;
  recentKey = key;
  if (theirs.some(e => !e.setup && e.side !== me)) {
    const other = theirs.filter(e => e.side !== me).pop().side;
    // from their last step before it, or from the end of the set-up (placing is no move)
    const firstPlayed = theirs.find(e => !e.setup);
    const since = Math.max(lastOwn >= 0 ? page.log[lastOwn].step : 0, firstPlayed.step - 1);
    const told = theirs.filter(e => e.step > since);
    const n = told.length;
    const sectors = page.board.sectors || {};
    const ops = operations(told, h => sectors[h]);
    let start = [], overall = "", gone = "";
    try {
      start = await countersAt(since);
      if (key !== recentKey) return;
      const ch = unitChanges(start, page.view.counters);
      const rows = [];
      if (ch.gone.length) rows.push(`<li class="gone">Eliminated: ${unitList(ch.gone)}</li>`);
      if (ch.reduced.length) rows.push(`<li>Reduced or flipped: ${unitList(ch.reduced)}</li>`);
      overall = rows.join("");
      gone = ch.gone.filter(c => page.board.centres[c.hex]).map(c => {
        const [x, y] = page.board.centres[c.hex], r = page.board.size * 0.45;
        return `<g class="recent-gone" data-uid="${esc(c.id)}" data-hex="${esc(c.hex)}"><polygon points="${hexPoints(c.hex)}"/>` +
          `<path d="M${x - r},${y - r} L${x + r},${y + r} M${x + r},${y - r} L${x - r},${y + r}"/></g>`;
      }).join("");
    } catch (e) { /* the log alone then */ }
    withOrigins(ops, told, start.map(c => [c.id, c.hex]));
    const base = `${me}:${lastOwn}:${since}`;
    let index = 0;
    if (story && story.base === base && story.index < ops.length) index = story.index;
    else {
      // a battle just fought (perhaps still to settle) is where to look first
      const lastBattle = ops.map(o => o.kind).lastIndexOf("battle");
      if (lastBattle >= 0 && ops[lastBattle].last === last.step) index = lastBattle;
    }
    story = { base, ops, index, gone };
    const battles = ops.filter(o => o.kind === "battle").length;
    let html = `<h3>Since your last step</h3><div><span class="badge ${esc(other)}">${esc(cap(other))}</span> ` +
      `${esc(playerName(page.view.players[other]))}: ${n} step${n === 1 ? "" : "s"}, ` +
      `${ops.length - battles} group${ops.length - battles === 1 ? "" : "s"} of moves, ${battles} battle${battles === 1 ? "" : "s"}</div>`;
    if (overall) html += `<ul class="outcome">${overall}</ul>`;
    if (ops.length) {
      html += `<div class="story-nav"><button type="button" data-story="prev" title="The operation before ([)">‹ Previous</button>` +
        `<span class="story-pos"></span><button type="button" data-story="next" title="The next operation (])">Next ›</button></div>` +
        `<ol class="story">${ops.map(opLine).join("")}</ol>` +
        `<div class="op-detail"></div><div class="muted">The operation chosen is drawn on the map: ` +
        `<span class="recent-key"></span> from where each unit was.</div>`;
    } else {
      html += `<ul class="outcome"><li>No unit moved and no battle fought.</li></ul>`;
    }
    if (key !== recentKey) return;
    el.innerHTML = html;
    el.hidden = false;
    layers.recent.innerHTML = gone;
    layers.recentArrows.innerHTML = "";
    if (ops.length) await drawCurrent(el);
    return;
  }
  story = null;
  // the latest battle of this phase, whoever fought it
  const phase = page.log.filter(e => e.turn === last.turn && e.title === last.title);
  const b = battlesFrom(page.log.length - phase.length).pop();
  const html = b ? `<h3>Last battle</h3>` + await battleHtml(b) : "";
  if (key !== recentKey) return;
  layers.recent.innerHTML = layers.recentArrows.innerHTML = "";
  el.innerHTML = html;
  el.hidden = !html;
}
