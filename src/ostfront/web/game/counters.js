// Counters and highlights on the map: stacks, a spread-out stack, and the hexes an action
// may be taken on, coloured by kind with their cost.

import { page, layers, SVGNS } from "./state.js";
import { esc } from "./helpers.js";
import { hexPoints } from "./board.js";

const KIND_ORDER = ["attack", "move", "rail", "sea", "drop", "place", "retreat", "other"];
const KIND_LABEL = { rail: "rail", sea: "sea", drop: "drop", place: "place", attack: "attack", retreat: "retreat" };

export function stacks() {
  const out = {};
  for (const c of page.view.counters) (out[c.hex] = out[c.hex] || []).push(c);
  return out;
}

export function unitActions(uid) {
  return page.view.actions.filter(a => a.unit === uid && !a.kind);
}

export function hexActions(hex) {
  return mapActions().filter(a => a.hex === hex);
}

// The actions lit on the map: those of the unit whose card is open when it has some there
// (a replacement's entry hexes), else all.
function mapActions() {
  const lit = page.view.actions.filter(a => a.kind && a.hex);
  const own = page.cardUnit ? lit.filter(a => a.unit === page.cardUnit) : [];
  return own.length ? own : lit;
}

function slotHtml(c, x, y, extraCls) {
  const h = page.board.size * 0.45;
  const cls = ["counter-slot"];
  if (unitActions(c.id).length) cls.push("actionable");
  if (page.view.selected === c.id) cls.push("selected");
  if (page.cardUnit === c.id) cls.push("carded");
  if (page.view.pending && (page.view.pending.attackers || []).includes(c.id)) cls.push("attacking");
  if (extraCls) cls.push(extraCls);
  return `<g class="${cls.join(" ")}" data-uid="${esc(c.id)}" data-hex="${esc(c.hex)}" transform="translate(${x.toFixed(1)},${y.toFixed(1)})">` +
    c.svg +
    `<rect class="ring" x="${-h - 1.6}" y="${-h - 1.6}" width="${2 * h + 3.2}" height="${2 * h + 3.2}" rx="2.5"/>` +
    `<rect class="ring2" x="${-h - 1.6}" y="${-h - 1.6}" width="${2 * h + 3.2}" height="${2 * h + 3.2}" rx="2.5"/>` +
    `</g>`;
}

export function drawCounters() {
  const st = stacks();
  const parts = [];
  const size = page.board.size;
  for (const [hex, list] of Object.entries(st)) {
    const [cx, cy] = page.board.centres[hex];
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
  // drawn again only when it changed: most steps move a unit or two, or none
  const html = parts.join("");
  if (layers.counters.drawnHtml !== html) {
    layers.counters.innerHTML = html;
    layers.counters.drawnHtml = html;
  }
  drawFan();
}

export function drawFan() {
  layers.fan.innerHTML = "";
  if (!page.fanHex) return;
  const list = stacks()[page.fanHex] || [];
  if (list.length < 2) { page.fanHex = null; return; }
  const size = page.board.size, gap = size * 1.0;
  const [cx, cy] = page.board.centres[page.fanHex];
  const w = gap * list.length, x0 = cx - w / 2 + gap / 2, y = cy - size * 1.35;
  let html = `<rect class="fan-bg" x="${(cx - w / 2 - 3).toFixed(1)}" y="${(y - size * 0.55).toFixed(1)}" ` +
    `width="${(w + 6).toFixed(1)}" height="${(size * 1.1).toFixed(1)}" rx="4"/>`;
  list.forEach((c, i) => { html += slotHtml(c, x0 + i * gap, y, "fanned"); });
  layers.fan.innerHTML = html;
}

export function drawHighlights() {
  const byHex = {};
  for (const a of mapActions()) (byHex[a.hex] = byHex[a.hex] || []).push(a);
  const fills = [], labels = [];
  for (const [hex, acts] of Object.entries(byHex)) {
    const kinds = [...new Set(acts.map(a => a.kind))].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b));
    const pts = hexPoints(hex);
    const [cx, cy] = page.board.centres[hex];
    kinds.forEach((k, i) => {
      const scale = i === 0 ? 0.94 : 0.72;
      fills.push(`<polygon class="hl hl-${k}" data-hex="${hex}" points="${pts}" ` +
        `transform="translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})"/>`);
    });
    const move = acts.find(a => a.kind === "move" && a.cost != null);
    let text = move ? `${move.cost} MP` : KIND_LABEL[kinds[0]] || "";
    if (move && kinds.includes("rail")) text += " R";
    if (text) {
      labels.push(`<text class="hl-label ${kinds[0]}" x="${cx}" y="${(cy + page.board.size * 0.78).toFixed(1)}">${esc(text)}</text>`);
    }
  }
  for (const t of (page.view.pending && page.view.pending.targets) || []) {
    if (page.board.centres[t]) fills.push(`<polygon class="hl hl-target" points="${hexPoints(t)}"/>`);
  }
  layers.hl.innerHTML = fills.join("");
  layers.labels.innerHTML = labels.join("");
}

// A counter's back face in words: DR's reduced side, SNO's weaker/unrefitted/entrained side.
export function faceText(c) {
  if (c.face) return ` (${c.face})`;
  return c.reduced ? " (reduced)" : "";
}

export function unitLabel(uid) {
  const c = page.view && page.view.counters.find(x => x.id === uid);
  return c ? c.label : uid;
}

// The keyboard cursor (cursor.js moves it).
export function drawCursor() {
  const old = layers.focus.querySelector(".cursor");
  if (old) old.remove();
  if (!page.cursorHex) return;
  const g = document.createElementNS(SVGNS, "polygon");
  g.setAttribute("class", "hexfocus cursor");
  g.setAttribute("points", hexPoints(page.cursorHex));
  layers.focus.append(g);
}
