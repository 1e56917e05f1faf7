// The page's state under the global names it had before the page was split into modules
// (V, LOG, BOARD, svg, vb, fullVb, SUPPLY, GID, putVb), and quiet() (nothing on its way to
// or from the server), for the browser tests and anyone looking at a game from the
// browser's console. Each name reads (and vb also sets) the
// state in state.js: nothing here is a second copy.

import { GID, page } from "./state.js";
import { putVb } from "./panzoom.js";
import { quiet } from "./connection.js";

const NAMES = { V: "view", LOG: "log", BOARD: "board", svg: "svg", fullVb: "fullVb", SUPPLY: "supply" };

export function showGlobals() {
  for (const [name, key] of Object.entries(NAMES)) {
    Object.defineProperty(window, name, { get: () => page[key], configurable: true });
  }
  Object.defineProperty(window, "vb", { get: () => page.vb, set: (v) => { page.vb = v; }, configurable: true });
  window.GID = GID;
  window.putVb = putVb;
  window.quiet = quiet;
}
