// Overlays: supply, enemy zones of control and hex control, as the server works them out.

import { page, layers, GID, SVGNS } from "./state.js";
import { api, esc, cap } from "./helpers.js";
import { hexPoints } from "./board.js";
import { redrawSupplyLine } from "./paths.js";
import { toast } from "./dialogs.js";

const overlays = { supply: false, zoc: false, control: false };  // which are shown

export async function refreshOverlays() {
  const parts = [], legend = [];
  let supply = null;
  for (const kind of ["control", "supply", "zoc"]) {
    if (!overlays[kind]) continue;
    const params = new URLSearchParams();
    if (page.replay) params.set("step", page.replay.step);
    if (kind === "supply" && typeof overlays.supply === "string") params.set("side", overlays.supply);
    const q = params.toString() ? "?" + params : "";
    let o;
    try { o = await api("GET", `/api/games/${encodeURIComponent(GID)}/overlay/${kind}${q}`); } catch (e) { toast(e.message); continue; }
    for (const [hex, side] of Object.entries(o.hexes)) {
      if (!page.board.centres[hex]) continue;
      const cls = kind === "control" ? "ov-" + side : kind === "zoc" ? "ov-zoc" : "ov-supply";
      parts.push(`<polygon class="${cls}" points="${hexPoints(hex)}"/>`);
    }
    if (kind === "control") legend.push('<span class="sw" style="background:#0072b2;opacity:.6"></span>Axis control <span class="sw" style="background:#d55e00;opacity:.5"></span>Soviet control');
    if (kind === "zoc") legend.push(`<span class="sw" style="background:repeating-linear-gradient(45deg,#555 0 2px,transparent 2px 5px)"></span>${esc(cap(o.side))} ZOC (the enemy of the side to move)`);
    if (kind === "supply") {
      supply = o;
      let out = 0;
      for (const [uid, ok] of Object.entries(o.units)) {
        const c = page.view.counters.find(x => x.id === uid);
        if (!c || !page.board.centres[c.hex]) continue;
        if (!ok) out += 1;
        const [cx, cy] = page.board.centres[c.hex];
        parts.push(`<circle class="sup-${ok ? "in" : "out"}" data-uid="${esc(uid)}" cx="${cx}" cy="${cy}" r="${page.board.size * 0.78}"/>`);
      }
      const n = Object.keys(o.units).length;
      const drawn = Object.values(o.lines || {}).some(l => l.path && l.path.length);
      legend.push(`<span class="sw" style="background:#009e73;opacity:.6"></span>${esc(cap(o.side))} supply reaches · ` +
        `<span class="ring-in"></span>in supply (${n - out}) · <span class="ring-out"></span>out of supply (${out})` +
        (drawn ? `<br><span class="muted">Point at a unit (or select it) for its supply line: <span class="line-path"></span> to the rail line, ` +
          `<span class="line-rail"></span> by rail to the source</span>` : ""));
    }
  }
  layers.overlay.innerHTML = parts.join("");
  page.supply = supply;
  redrawSupplyLine();
  const lg = document.getElementById("legend");
  lg.innerHTML = legend.join("<br>");
  lg.classList.toggle("shown", legend.length > 0);
}

export function toggleOverlay(kind) {
  if (kind === "supply") {
    // off -> the side to move -> the other side -> off
    const first = (page.view && page.view.active) || page.view.sides[0];
    const order = [first, ...page.view.sides.filter(s => s !== first)];
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

// The attacks of a plan being declared or resolved (the game's decision view, `plan`), each
// numbered on the map as the game numbers it ("attack 3" in the list): a badge over the hexes
// attacked, a thin line from each attacking unit's hex to it. Resolved attacks are greyed.
export function drawPlan() {
  let g = layers.plan;
  if (!g) {
    g = layers.plan = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "plan-layer");
    page.svg.insertBefore(g, layers.fan);
  }
  const plan = (page.view.pending && page.view.pending.plan) || [];
  const c = page.board.centres, r = page.board.size * 0.3;
  const spots = {};  // a badge per place, shifted when two attacks share it
  g.innerHTML = plan.map(a => {
    const at = a.targets.filter(h => c[h]);
    if (!at.length) return "";
    const key = at.join(" ");
    const k = spots[key] = (spots[key] || 0) + 1;
    const x = at.reduce((s, h) => s + c[h][0], 0) / at.length + (k - 1) * r * 2.2;
    const y = at.reduce((s, h) => s + c[h][1], 0) / at.length - page.board.size * 0.8;
    const from = [...new Set(a.attackers.map(u => (page.view.counters.find(x => x.id === u) || {}).hex).filter(h => h && c[h]))];
    return `<g class="plan-attack${a.done ? " done" : ""}" data-n="${esc(a.n)}" data-targets="${esc(key)}">` +
      from.map(h => `<line x1="${c[h][0]}" y1="${c[h][1]}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}"/>`).join("") +
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}"/>` +
      `<text x="${x.toFixed(1)}" y="${(y + r * 0.45).toFixed(1)}" font-size="${(r * 1.25).toFixed(1)}">${esc(a.n)}</text></g>`;
  }).join("");
}
