// The account page: sign up, sign in, sign out, My games (every game the account plays,
// whose turn it is, results, rating changes, rematches), where the account is told of its
// turn, changing the password and deleting the account.
"use strict";

function say(html) { document.getElementById("msg").innerHTML = html; }

function ratingText(r) {
  return r ? `rating ${Math.round(r.rating)} (${r.played} rated: ${r.won} won, ${r.lost} lost, ${r.drawn} drawn)` : "not rated yet";
}

function sideBadge(side) { return `<span class="badge ${esc(side)}">${esc(cap(side))}</span>`; }

function gameRow(g) {
  const others = Object.keys(g.players).filter(s => !g.sides.includes(s)).map(s =>
    `${sideBadge(s)} ${esc(g.accounts[s] || (g.players[s] === "human" ? "(no account yet)" : playerName(g.players[s])))}`
  ).join("<br>") || "<span class='muted'>yourself</span>";
  let where = esc(g.title || "");
  if (g.status === "finished") {
    const res = g.result || {};
    where = `<span class="badge finished">${esc(res.winner ? cap(res.winner) + " won" : "Draw")}</span>`;
    if (res.winner) where += g.sides.includes(res.winner) ? " <b>you won</b>" : " you lost";
  } else if (g.your_turn) {
    where += ` — <span class="badge your-turn">Your turn</span>`;
  } else if (g.active) {
    where += ` — ${sideBadge(g.active)} to move`;
  }
  let rated = g.rated ? "rated" : "";
  if (g.rating_change) {
    const c = g.rating_change[g.sides[0]];
    if (c) {
      const d = Math.round(c.after - c.before);
      rated += ` ${Math.round(c.before)} → ${Math.round(c.after)} (${d >= 0 ? "+" : ""}${d})`;
    }
  }
  if (g.not_counted) rated += " (not counted)";
  let clock = "";
  if (g.time_left) {
    clock = Object.entries(g.time_left).map(([s, t]) => `${sideBadge(s)} ${esc(Math.floor(t / 3600))} h`).join(" ");
  }
  let rematch = "";
  if (g.rematch) rematch = `<a href="/game/${esc(g.rematch)}" class="rematch-link">Rematch</a>`;
  else if (g.status === "finished") rematch = `<button class="rematch" data-id="${esc(g.id)}">Rematch</button>`;
  return `<tr data-game="${esc(g.id)}"><td><a href="/game/${esc(g.id)}">${esc(g.game_title || g.game)}</a>` +
    `<br><small class="muted">${esc(g.scenario || "")}</small></td>` +
    `<td>${g.sides.map(sideBadge).join(" ")}</td><td>${others}</td><td>${where}</td>` +
    `<td title="${esc(g.not_counted || "")}">${esc(rated)}</td><td>${clock}</td><td>${rematch}</td></tr>`;
}

async function loadGames() {
  const list = await api("GET", "/api/account/games");
  document.getElementById("games").innerHTML = !list.length
    ? '<p class="muted">No games yet: start one, or take a challenge in the <a href="/lobby">lobby</a>.</p>'
    : '<table class="list" id="my-games"><thead><tr><th>Game</th><th>You</th><th>Opponent</th>' +
      '<th>Where</th><th>Rated</th><th>Time left</th><th></th></tr></thead><tbody>' +
      list.map(gameRow).join("") + "</tbody></table>";
  document.querySelectorAll("button.rematch").forEach(b => b.addEventListener("click", async () => {
    try {
      const r = await api("POST", `/api/games/${b.dataset.id}/rematch`);
      location.href = r.url;
    } catch (err) { say(`<p class="error">${esc(err.message)}</p>`); }
  }));
}

// Where the account is told of its turn: the webhook (its secret shown once, when the URL is
// set), the digest address, on or off.
let notifyShown = null;

async function loadNotify() {
  const n = await api("GET", "/api/account/notify");
  notifyShown = n;
  document.getElementById("notify-on").checked = n.on;
  document.getElementById("notify-webhook").value = n.webhook || "";
  document.getElementById("notify-email").value = n.email || "";
  document.getElementById("notify-mail").textContent = n.mail ? "" : "(this server sends no mail yet)";
}

async function saveNotify() {
  const msg = document.getElementById("notify-msg");
  const webhook = document.getElementById("notify-webhook").value.trim();
  const body = {
    on: document.getElementById("notify-on").checked,
    email: document.getElementById("notify-email").value.trim(),
  };
  // a webhook sent again gets a new secret: send it only when it changed
  if (!notifyShown || webhook !== (notifyShown.webhook || "")) body.webhook = webhook;
  try {
    const n = await api("PUT", "/api/account/notify", body);
    notifyShown = n;
    const secret = document.getElementById("notify-secret");
    secret.hidden = !n.secret;
    document.getElementById("notify-secret-value").textContent = n.secret || "";
    msg.textContent = "Saved.";
  } catch (err) { msg.textContent = err.message; }
}

async function changePassword() {
  const msg = document.getElementById("password-msg");
  const body = {
    password: document.getElementById("password-current").value,
    new_password: document.getElementById("password-new").value,
  };
  try {
    const r = await api("POST", "/api/account/password", body);
    msg.textContent = `Password changed; ${r.signed_out} other sign-in${r.signed_out === 1 ? "" : "s"} signed out.`;
    document.getElementById("password-form").reset();
  } catch (err) { msg.textContent = err.message; }
}

async function deleteAccount() {
  try {
    const r = await api("POST", "/api/account/delete", { password: document.getElementById("delete-password").value });
    document.getElementById("delete-form").reset();
    await refresh();
    const games = r.resigned.length ? ` You resigned ${r.resigned.length} game${r.resigned.length === 1 ? "" : "s"} in play.` : "";
    say(`<p id="deleted">Your account is deleted.${esc(games)}</p>`);
  } catch (err) { say(`<p class="error" id="delete-error">${esc(err.message)}</p>`); }
}

async function refresh() {
  const me = await api("GET", "/api/account");
  if (me.signed_in) {
    document.getElementById("me").textContent = me.name;
    document.getElementById("my-rating").textContent = ratingText((me.ratings || {})["*"]);
    document.getElementById("password-user").value = me.name;
    document.getElementById("notify-secret").hidden = true;
    // shown once filled in: a page that says "signed in" shows the account's games and settings
    await Promise.all([loadGames(), loadNotify()]);
  }
  document.getElementById("signed-out").hidden = me.signed_in;
  document.getElementById("signed-in").hidden = !me.signed_in;
}

async function enter(path) {
  const body = { name: document.getElementById("name").value, password: document.getElementById("password").value };
  try {
    await api("POST", path, body);
    // the seats this browser holds are kept with the account from now on
    const seats = seatTokens();
    if (Object.keys(seats).length) await api("POST", "/api/account/seats", { seats });
    say("");
    document.getElementById("password").value = "";
    await refresh();
  } catch (err) { say(`<p class="error" id="auth-error">${esc(err.message)}</p>`); }
}

document.getElementById("auth").addEventListener("submit", e => { e.preventDefault(); enter("/api/account/signin"); });
document.getElementById("signup").addEventListener("click", () => {
  if (document.getElementById("auth").reportValidity()) enter("/api/account/signup");
});
document.getElementById("signout").addEventListener("click", async () => {
  await api("POST", "/api/account/signout");
  refresh();
});
document.getElementById("notify-form").addEventListener("submit", e => { e.preventDefault(); saveNotify(); });
document.getElementById("password-form").addEventListener("submit", e => { e.preventDefault(); changePassword(); });
document.getElementById("delete-form").addEventListener("submit", e => { e.preventDefault(); deleteAccount(); });
refresh().catch(err => say(`<p class="error">${esc(err.message)}</p>`));
setInterval(() => { if (!document.getElementById("signed-in").hidden) loadGames().catch(() => {}); }, 5000);
