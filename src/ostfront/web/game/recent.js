// What just happened, read from the log (each entry has its action's label, role and hexes,
// whether it was taken in a set-up phase, and any dice rolled) and from the positions before
// and after (the replay endpoint, /at/<step>): the hits
// and results of the last battle, and what the other side did since this side's own last
// step, marked on the map.

import { page, layers, GID } from "./state.js";
import { api, esc, cap, ruleLink, playerName } from "./helpers.js";
import { hexPoints } from "./board.js";

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

// A battle's roll: dice rolled by an action whose role is "roll", naming the hexes fought over.
function isBattleRoll(e) {
  return e.role === "roll" && (e.hexes || []).length > 0 && (e.rolls || []).length > 0;
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

// A die's "why" without the rule reference it ends with ("... (XX 7.1.1)"): the rule is
// linked beside the battle.
function withoutRule(why) {
  return why.replace(/\s*\([A-Z]+ \d[^()]*\)$/, "");
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

export async function drawRecent() {
  const el = document.getElementById("recent");
  if (page.view.live && page.view.thinking) return;  // worked out when the computer has done, not each step
  const me = page.view.live ? ownSide() : null;
  if (!me || !page.log.length) {
    recentKey = "";
    el.hidden = true;
    layers.recent.innerHTML = layers.recentArrows.innerHTML = "";
    return;
  }
  let lastOwn = -1;
  for (let i = page.log.length - 1; i >= 0; i--) if (page.log[i].side === me) { lastOwn = i; break; }
  const theirs = page.log.slice(lastOwn + 1);
  const last = page.log[page.log.length - 1];
  const key = `${me}:${lastOwn}:${last.step}:${page.view.seq}`;
  if (key === recentKey) return;
  recentKey = key;
  let html = "", marks = "", arrows = "";
  if (theirs.some(e => !e.setup)) {
    const other = theirs[theirs.length - 1].side;
    // from their last step before it, or from the end of the set-up (placing is no move)
    const firstPlayed = theirs.find(e => !e.setup);
    const since = Math.max(lastOwn >= 0 ? page.log[lastOwn].step : 0, firstPlayed.step - 1);
    const n = theirs.filter(e => e.step > since).length;
    html += `<h3>Since your last step</h3><div><span class="badge ${esc(other)}">${esc(cap(other))}</span> ` +
      `${esc(playerName(page.view.players[other]))}: ${n} step${n === 1 ? "" : "s"}</div>`;
    try {
      const ch = unitChanges(await countersAt(since), page.view.counters);
      if (key !== recentKey) return;
      const moved = ch.moved.filter(m => page.board.centres[m.from] && page.board.centres[m.to]);
      html += `<ul class="outcome">${changesHtml(ch) || "<li>No unit lost or moved.</li>"}</ul>`;
      if (moved.length) html += `<div class="muted">Moves are drawn on the map: <span class="recent-key"></span> from where each unit was.</div>`;
      arrows = moved.map(m => {
        const [x0, y0] = page.board.centres[m.from], [x1, y1] = page.board.centres[m.to];
        const pts = `x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}"`;
        return `<g class="recent-arrow" data-uid="${esc(m.unit.id)}"><line class="casing" ${pts}/>` +
          `<line class="line" ${pts} marker-end="url(#arrow-recent)"/></g>`;
      }).join("");
      marks = moved.map(m =>
        `<g class="recent-move" data-uid="${esc(m.unit.id)}" data-from="${esc(m.from)}" data-to="${esc(m.to)}">` +
        `<polygon class="recent-from" points="${hexPoints(m.from)}"/><polygon class="recent-to" points="${hexPoints(m.to)}"/></g>`
      ).join("") + ch.gone.filter(c => page.board.centres[c.hex]).map(c => {
        const [x, y] = page.board.centres[c.hex], r = page.board.size * 0.45;
        return `<g class="recent-gone" data-uid="${esc(c.id)}" data-hex="${esc(c.hex)}"><polygon points="${hexPoints(c.hex)}"/>` +
          `<path d="M${x - r},${y - r} L${x + r},${y + r} M${x + r},${y - r} L${x - r},${y + r}"/></g>`;
      }).join("");
    } catch (e) { /* the log alone then */ }
    // the battles they fought, and any of ours they settled (losses, retreats)
    const ownStep = lastOwn >= 0 ? page.log[lastOwn].step : -1;
    const battles = battlesFrom(lastOwn - 40).filter(b => b.end > ownStep).slice(-5).reverse();
    for (const b of battles) html += await battleHtml(b);
  } else {
    // the latest battle of this phase, whoever fought it
    const phase = page.log.filter(e => e.turn === last.turn && e.title === last.title);
    const b = battlesFrom(page.log.length - phase.length).pop();
    if (b) html += `<h3>Last battle</h3>` + await battleHtml(b);
  }
  if (key !== recentKey) return;
  layers.recent.innerHTML = marks;
  layers.recentArrows.innerHTML = arrows;
  el.innerHTML = html;
  el.hidden = !html;
}
