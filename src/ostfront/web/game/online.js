// Online play on the game page: the players' chat, the clocks and being told it is your turn
// (chat.js, clock.js, notify.js). They hear the server on a socket of their own,
// /ws/games/<id>/online (sent with this browser's seat): {"clock"} when a clock changes,
// and to a player of the game {"chat": [messages]} as they come. game.js imports this.

import { GID, page } from "./state.js";
import { openSocket } from "./helpers.js";
import { refresh } from "./connection.js";
import { mountChat, addMessages } from "./chat.js";
import { showClock, tickClock } from "./clock.js";
import { mountNotify, watchTurn } from "./notify.js";

const css = document.createElement("link");
css.rel = "stylesheet";
css.href = "/static/online.css";
document.head.appendChild(css);

function connectOnline() {
  let ws;
  try {
    ws = openSocket("/ws/games/" + encodeURIComponent(GID) + "/online");
  } catch (e) { setTimeout(connectOnline, 3000); return; }
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.error) return;
    if (msg.seats && msg.seats.length) { mountChat(); mountNotify(); }
    if (msg.chat) addMessages(msg.chat);
    if (msg.clock) {
      showClock(msg.clock);
      // lost on time: the position has not moved, so the game's own socket says nothing
      if (msg.clock.flagged && page.view && !page.view.result) refresh(true);
    }
  };
  ws.onclose = () => { setTimeout(connectOnline, 2000); };
}

connectOnline();
setInterval(() => { tickClock(); watchTurn(); }, 1000);
