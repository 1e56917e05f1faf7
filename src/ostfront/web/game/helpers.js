// The helpers every page shares, from ../common.js (a classic script each page loads first,
// so the home and new-game pages use it as they are), named here for the game page's modules.

export const { api, esc, cap, ruleLink, playerName, openSocket } = window;
