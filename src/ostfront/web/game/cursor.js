// The keyboard cursor: a hex moved by the arrow keys, clicked with Enter.

import { page, layers } from "./state.js";
import { drawCursor } from "./counters.js";
import { ensureVisible } from "./panzoom.js";
import { clickAt, hover } from "./pointer.js";
import { showHex } from "./panel.js";

export function moveCursor(dir) {
  if (!page.cursorHex) {
    const cx = page.vb[0] + page.vb[2] / 2, cy = page.vb[1] + page.vb[3] / 2;
    page.cursorHex = nearest(cx, cy, () => true);
  } else {
    const [x0, y0] = page.board.centres[page.cursorHex];
    const next = nearest(x0, y0, (x, y) => {
      const dx = x - x0, dy = y - y0;
      const along = dx * dir[0] + dy * dir[1];
      return along > 1 && along >= Math.hypot(dx, dy) * 0.5;  // within 60 degrees
    });
    if (next) page.cursorHex = next;
  }
  ensureVisible(page.cursorHex);
  drawCursor();
  const poly = page.svg.getElementById("hex-" + page.cursorHex);
  if (poly) hover(poly);
}

function nearest(x0, y0, ok) {
  let best = null, dist = Infinity;
  for (const [hex, [x, y]] of Object.entries(page.board.centres)) {
    if (hex === page.cursorHex || !ok(x, y)) continue;
    const d = Math.hypot(x - x0, y - y0);
    if (d < dist) { dist = d; best = hex; }
  }
  return best;
}

export function pressCursor() {
  const poly = page.svg.getElementById("hex-" + page.cursorHex);
  const top = [...layers.counters.querySelectorAll(`.counter-slot[data-hex="${page.cursorHex}"]`)].pop();
  const r = poly.getBoundingClientRect();
  const ev = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
  if (page.replay) return showHex(page.cursorHex, true);
  clickAt(top || poly, ev);
}
