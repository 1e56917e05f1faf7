// Home page: the stored games, and importing a record file.
"use strict";

function gameRow(g) {
  const s = g.summary || {};
  const players = Object.entries(g.players).map(
    ([side, who]) => `<span class="badge ${esc(side)}">${esc(cap(side))}</span> ${esc(playerName(who))}`
  ).join("<br>");
  let where = esc(s.title || "");
  if (g.status === "finished" && s.result) {
    where = `<span class="badge finished">${esc(s.result.winner ? cap(s.result.winner) + " won" : "Draw")}</span> ` +
      `<small>${esc(s.result.reason || "")}</small>`;
  } else if (s.active) {
    where += ` — <span class="badge ${esc(s.active)}">${esc(cap(s.active))} to move</span>`;
  }
  const when = new Date(g.updated * 1000).toLocaleString();
  const mine = !!seatFor(g.id) || g.mine;  // a seat this browser holds, or the account's
  // a game from before seats: the first local browser to open it claims its seats
  const open = g.claimable ? ` class="claim" data-id="${esc(g.id)}"` : "";
  const verb = g.status === "finished" ? "View" : (mine || g.claimable ? "Play" : "Watch");
  const seed = g.seed == null ? "seed secret until the end" : `seed ${esc(g.seed)}`;
  return `<tr data-game="${esc(g.id)}"><td><a href="/game/${esc(g.id)}"${open}>${esc(g.game_title || g.game)}</a><br>` +
    `<small class="muted">${esc(g.scenario || "")} · ${seed}</small></td>` +
    `<td>${players}</td><td>${where}</td><td>${esc(g.steps)}</td><td><small>${esc(when)}</small></td>` +
    `<td><a href="/game/${esc(g.id)}"${open}><button>${verb}</button></a> ` +
    // a game in play is exported only to its players (a finished one to anyone)
    (mine || g.status === "finished"
      ? `<button class="export" data-id="${esc(g.id)}">Export</button> ` : "") +
    (mine ? `<button class="del" data-id="${esc(g.id)}">Delete</button>` : "") + `</td></tr>`;
}

function table(rows) {
  if (!rows.length) return '<p class="muted">None yet.</p>';
  return '<table class="list"><thead><tr><th>Game</th><th>Players</th><th>Where</th><th>Steps</th>' +
    '<th>Last move</th><th></th></tr></thead><tbody>' + rows.map(gameRow).join("") + "</tbody></table>";
}

// The games list: an invite game is listed only to a browser naming one of its seats.
async function listGames() {
  const tokens = Object.values(seatTokens()).slice(-500).join(",");
  const r = await fetch("/api/games", { headers: tokens ? { "X-Ostfront-Seats": tokens } : {} });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new Error((data && data.error) || r.statusText);
  return data;
}

async function load() {
  const list = await listGames();
  document.getElementById("playing").innerHTML = table(list.filter(g => g.status !== "finished"));
  document.getElementById("finished").innerHTML = table(list.filter(g => g.status === "finished"));
  document.querySelectorAll("button.del").forEach(b => b.addEventListener("click", async () => {
    if (!confirm("Delete this game for good?")) return;
    try {
      const r = await api("DELETE", "/api/games/" + b.dataset.id);
      if (r && r.waiting_for) {
        document.getElementById("msg").innerHTML = `<p class="muted">The game goes once ` +
          `${esc(r.waiting_for.map(cap).join(" and "))} also asks to delete it.</p>`;
        return;
      }
      forgetSeat(b.dataset.id);
    } catch (err) {
      document.getElementById("msg").innerHTML = `<p class="error">${esc(err.message)}</p>`;
    }
    load();
  }));
  document.querySelectorAll("button.export").forEach(b => b.addEventListener("click", () => {
    downloadRecord(b.dataset.id).catch(err => {
      document.getElementById("msg").innerHTML = `<p class="error">${esc(err.message)}</p>`;
    });
  }));
  document.querySelectorAll("a.claim").forEach(a => a.addEventListener("click", async (e) => {
    e.preventDefault();
    try {
      const r = await api("POST", `/api/games/${a.dataset.id}/claim`);
      location.href = r.url;
    } catch (err) {
      location.href = "/game/" + a.dataset.id;  // taken already: watch it
    }
  }));
}

document.getElementById("import-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const msg = document.getElementById("msg");
  try {
    const r = await api("POST", "/api/import", await f.text());
    location.href = r.url;
  } catch (err) {
    msg.innerHTML = `<p class="error" id="import-error">Import refused: ${esc(err.message)}</p>`;
  }
});

load().catch(err => {
  document.getElementById("playing").innerHTML = `<p class="error">${esc(err.message)}</p>`;
});
