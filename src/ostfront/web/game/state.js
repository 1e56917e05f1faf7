// The game page's shared state: what the modules of the page read and change between them,
// in one place. What only one module needs stays inside that module.

// The game this page shows (the last part of /game/<id>).
export const GID = decodeURIComponent(location.pathname.split("/").pop());
export const SVGNS = "http://www.w3.org/2000/svg";

export const page = {
  view: null,        // the view on screen, as the server sent it (/api/games/<id>)
  board: null,       // the board: {svg, centres, size} (/api/board/<game>)
  svg: null,         // the board's <svg> element in the page
  vb: null,          // the part of the map on screen: the SVG's viewBox [x, y, width, height]
  fullVb: null,      // the whole map's viewBox
  log: [],           // the log entries read so far (the server sends the new ones)
  kept: new Map(),   // hash -> the actions of the last few live views (views come as changes)
  replay: null,      // {step, marks, seq} while replaying
  supply: null,      // the supply overlay's answer while it is shown
  fanHex: null,      // the stack spread out above the map
  focusHex: null,    // the hex shown in the side panel
  focusHexPhase: "", // the turn and phase it was shown in ("turn:phase")
  cardUnit: null,    // the unit whose card is open (chosen on the map, in a list or a box)
  cursorHex: null,   // the keyboard cursor's hex
  places: {},        // hex -> the place named there (from the board's titles)
  sides: {},         // hex -> the hexsides it has (rivers, straits, ...)
};

// The SVG layers drawn over the board (see board.js).
export const layers = {};
