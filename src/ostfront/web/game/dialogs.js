// Messages and dialogs: the toast that shows an error, and the game's charts.

import { page } from "./state.js";
import { api, esc, ruleLink } from "./helpers.js";

export function toast(msg) {
  const t = document.getElementById("toast");
  t.innerHTML = `<div class="error" role="alert">${esc(msg)}</div>`;
  t.classList.add("shown");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.remove("shown"), 5000);
}

// The game's charts (terrain effects on movement and combat), as the game words its data.
export async function toggleChart(show) {
  const el = document.getElementById("chart");
  const on = show === undefined ? !el.classList.contains("shown") : show;
  el.classList.toggle("shown", on);
  document.getElementById("btn-chart").setAttribute("aria-pressed", String(on));
  if (!on || el.dataset.loaded) return;
  try {
    const c = await api("GET", "/api/chart/" + encodeURIComponent(page.view.game));
    // a line of contents: the charts are many (terrain, combat results, CRTs, weather, ...)
    const contents = c.tables.length > 3 ? `<nav class="chart-contents">` + c.tables.map(t =>
      `<a href="#chart-${esc(t.id)}">${esc(t.title)}</a>`).join(" · ") + "</nav>" : "";
    document.getElementById("chart-body").innerHTML = `<h2>${esc(c.title)}: charts</h2>` + contents + (c.tables.length ? c.tables.map(t =>
      `<h3 id="chart-${esc(t.id)}">${esc(t.title)} ${ruleLink(page.view.game, t.rule)}</h3>${t.note ? `<p class="muted">${esc(t.note)}</p>` : ""}` +
      `<table class="list chart-table" data-table="${esc(t.id)}"><tr>${t.columns.map(h => `<th>${esc(h)}</th>`).join("")}<th>Rule</th></tr>` +
      t.rows.map(r => `<tr${r.reconstructed ? ' class="reconstructed"' : ""}>${r.cells.map(x => `<td>${esc(x)}</td>`).join("")}` +
        `<td>${ruleLink(page.view.game, String(r.rule).split(",")[0])}${esc(String(r.rule).split(",").slice(1).map(x => "," + x).join(""))}${r.reconstructed ? ` <abbr title="${esc(r.reconstructed)}">reconstructed</abbr>` : ""}</td></tr>`).join("") +
      "</table>").join("") : '<p class="muted">This game has no charts to show yet.</p>');
    el.dataset.loaded = "1";
  } catch (e) { toast(e.message); }
}
