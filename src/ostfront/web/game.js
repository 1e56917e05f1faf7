// The game page: the board SVG (drawn once by the server), counters and highlights drawn
// over it from the position the server sends, the side panel, replay, overlays, keys.
// Everything clickable comes from the legal actions in the view; the server checks again.
// This is where the page starts; each part is a module in game/ (state.js holds what they
// share).

import { GID, page } from "./game/state.js";
import { api } from "./game/helpers.js";
import { mountBoard } from "./game/board.js";
import { setupPanZoom } from "./game/panzoom.js";
import { listenToMap } from "./game/pointer.js";
import { show } from "./game/view.js";
import { connect } from "./game/connection.js";
import { listen } from "./game/keys.js";
import { toast } from "./game/dialogs.js";
import { showGlobals } from "./game/globals.js";
import * as online from "./game/online.js";  // clocks, chat, turn notices (its own socket)

async function init() {
  const view = await api("GET", "/api/games/" + encodeURIComponent(GID));
  page.board = await api("GET", "/api/board/" + view.game);
  mountBoard();
  const box = document.getElementById("board");
  setupPanZoom(box);
  listenToMap(box);
  document.getElementById("btn-export").addEventListener("click", (e) => {
    e.preventDefault();
    downloadRecord(GID).catch(err => toast(err.message));
  });
  show(view, true);
  connect();
}

showGlobals();
listen();
init().catch(err => toast(err.message));
