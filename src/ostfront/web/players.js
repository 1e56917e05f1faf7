// The players' page: every account by its Elo rating over all games, or (/players/<name>)
// one player's ratings in each game.
"use strict";

function ratingCells(r) {
  return r && r.rating != null
    ? `<td>${esc(Math.round(r.rating))}</td><td>${esc(r.played)}</td><td>${esc(r.won)}</td><td>${esc(r.lost)}</td><td>${esc(r.drawn)}</td>`
    : `<td class="muted">—</td><td>0</td><td>0</td><td>0</td><td>0</td>`;
}

const HEAD = "<th>Rating</th><th>Rated games</th><th>Won</th><th>Lost</th><th>Drawn</th>";

async function start() {
  const m = /^\/players\/([^/]+)$/.exec(location.pathname);
  const list = document.getElementById("list");
  if (m) {
    const p = await api("GET", `/api/players/${m[1]}`);
    document.getElementById("title").textContent = p.name;
    const meta = await api("GET", "/api/meta");
    const title = name => name === "*" ? "All games" : ((meta.games.find(g => g.name === name) || {}).title || name);
    const rows = Object.entries(p.ratings).sort(([a], [b]) => (a === "*" ? -1 : b === "*" ? 1 : a.localeCompare(b)));
    list.innerHTML = `<p class="muted">Playing since ${esc(new Date(p.created * 1000).toLocaleDateString())}.</p>` +
      (rows.length ? `<table class="list" id="ratings"><thead><tr><th>Game</th>${HEAD}</tr></thead><tbody>` +
        rows.map(([g, r]) => `<tr><td>${esc(title(g))}</td>${ratingCells(r)}</tr>`).join("") + "</tbody></table>"
        : '<p class="muted">No rated game yet.</p>');
    return;
  }
  const players = await api("GET", "/api/players");
  list.innerHTML = !players.length ? '<p class="muted">No players yet.</p>'
    : `<table class="list" id="players"><thead><tr><th>Player</th>${HEAD}</tr></thead><tbody>` +
      players.map(p => `<tr><td><a href="/players/${encodeURIComponent(p.name)}">${esc(p.name)}</a></td>${ratingCells(p)}</tr>`).join("") +
      "</tbody></table>";
}
start().catch(err => { document.getElementById("msg").innerHTML = `<p class="error">${esc(err.message)}</p>`; });
