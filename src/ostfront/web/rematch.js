// The game page's rematch button: once the game is over, a player of it (by seat or account)
// may start the rematch with the sides swapped, or open the one the other player started.
"use strict";
(function rematch() {
  const m = /^\/game\/([0-9a-f]+)$/.exec(location.pathname);
  if (!m) return;
  const gid = m[1];
  let timer = null;
  async function check() {
    let t = null;
    try { t = await api("GET", `/api/games/${gid}/terms`); } catch (e) { return; }
    if (!t.finished || !t.yours.length) return;
    clearInterval(timer);
    const help = document.getElementById("btn-help");
    const btn = document.createElement("button");
    btn.id = "btn-rematch";
    btn.textContent = t.rematch ? "Rematch (open)" : "Rematch";
    btn.title = "A new game with the sides swapped";
    btn.addEventListener("click", async () => {
      try {
        const r = await api("POST", `/api/games/${gid}/rematch`);
        const token = Object.values(r.seats || {})[0];
        if (token) keepSeat(r.id, token);
        location.href = `/game/${r.id}`;
      } catch (err) { btn.title = err.message; btn.textContent = "Rematch: " + err.message; }
    });
    if (help) help.before(btn); else document.body.prepend(btn);
  }
  check();
  timer = setInterval(check, 10000);
})();
