// The lobby: open challenges that a signed-in player accepts, and one's own challenges.
"use strict";
let META = null;
let ME = null;

function say(html) { document.getElementById("msg").innerHTML = html; }

function terms(c) {
  const opts = Object.entries(c.options || {}).map(([k, v]) => `${k}=${v}`).join(", ");
  return [c.scenario, c.clock ? "clock " + c.clock : "no clock", c.rated ? "rated" : "unrated",
    c.public ? "" : "private", opts].filter(Boolean).map(esc).join(" · ");
}

function row(c, mine) {
  const side = c.side === "random" ? "random side" : `<span class="badge ${esc(c.side)}">${esc(cap(c.side))}</span>`;
  let act = "";
  if (mine) {
    act = c.game_id ? `accepted by ${esc(c.accepted_by || "")} — <a href="/game/${esc(c.game_id)}" class="open-game">open the game</a>`
      : `<button class="withdraw" data-id="${esc(c.id)}">Withdraw</button>`;
  } else if (ME && ME.signed_in) {
    act = `<button class="accept" data-id="${esc(c.id)}">Accept</button>`;
  }
  return `<tr data-challenge="${esc(c.id)}"><td>${esc(c.by)}</td><td>${esc(c.game_title || c.game)}</td>` +
    `<td>${side}</td><td><small>${terms(c)}</small></td><td>${act}</td></tr>`;
}

function table(list, mine) {
  if (!list.length) return '<p class="muted">None.</p>';
  return '<table class="list"><thead><tr><th>By</th><th>Game</th><th>Author plays</th><th>Terms</th><th></th></tr></thead><tbody>' +
    list.map(c => row(c, mine)).join("") + "</tbody></table>";
}

async function load() {
  const lobby = await api("GET", "/api/lobby");
  const others = lobby.open.filter(c => !ME || c.by !== ME.name);
  document.getElementById("open").innerHTML = table(others, false);
  document.getElementById("mine").innerHTML = table(lobby.mine, true);
  document.querySelectorAll("button.accept").forEach(b => b.addEventListener("click", async () => {
    try {
      const r = await api("POST", `/api/lobby/${b.dataset.id}/accept`);
      location.href = r.url;
    } catch (err) { say(`<p class="error">${esc(err.message)}</p>`); load(); }
  }));
  document.querySelectorAll("button.withdraw").forEach(b => b.addEventListener("click", async () => {
    try { await api("DELETE", `/api/lobby/${b.dataset.id}`); } catch (err) { say(`<p class="error">${esc(err.message)}</p>`); }
    load();
  }));
}

function drawChoices() {
  const g = META.games.find(x => x.name === document.getElementById("c-game").value) || META.games[0];
  document.getElementById("c-scenario").innerHTML = g.scenarios.map(s =>
    `<option value="${esc(s.id)}">${esc(s.title)}</option>`).join("");
  document.getElementById("c-side").innerHTML = `<option value="random">random</option>` +
    g.sides.map(s => `<option value="${esc(s)}">${esc(cap(s))}</option>`).join("");
}

async function start() {
  ME = await api("GET", "/api/account");
  document.getElementById("who").innerHTML = ME.signed_in
    ? `Signed in as <b>${esc(ME.name)}</b>.`
    : `<a href="/account">Sign in</a> to post or accept a challenge.`;
  document.getElementById("mine-set").hidden = !ME.signed_in;
  if (ME.signed_in) {
    META = await api("GET", "/api/meta");
    const sel = document.getElementById("c-game");
    sel.innerHTML = META.games.filter(g => g.playable).map(g =>
      `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join("");
    sel.addEventListener("change", drawChoices);
    drawChoices();
  }
  await load();
}

document.getElementById("challenge").addEventListener("submit", async e => {
  e.preventDefault();
  const body = {
    game: document.getElementById("c-game").value,
    scenario: document.getElementById("c-scenario").value || null,
    side: document.getElementById("c-side").value,
    clock: document.getElementById("c-clock").value || null,
    rated: document.getElementById("c-rated").checked,
    public: !document.getElementById("c-private").checked,
  };
  try { await api("POST", "/api/lobby", body); say(""); } catch (err) { say(`<p class="error">${esc(err.message)}</p>`); }
  load();
});
start().catch(err => say(`<p class="error">${esc(err.message)}</p>`));
setInterval(() => load().catch(() => {}), 3000);
