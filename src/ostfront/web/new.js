// New game page: every choice comes from /api/meta (games, scenarios, options, AI levels).
"use strict";
let META = null;

function current() {
  const el = document.querySelector("input[name=game]:checked");
  return META.games.find(g => el ? g.name === el.value : g.playable) || META.games[0];
}

// The computer levels that know a game (a game without an evaluator: the random player only).
function gameLevels(g) { return g.levels || META.levels; }

// A scenario radio's value, or a shipped position's ("position:<id>").
const POSITION = "position:";

function drawGame() {
  const g = current();
  document.getElementById("scenarios").innerHTML = g.scenarios.map((s, i) =>
    `<label class="choice"><input type="radio" name="scenario" value="${esc(s.id)}" ${i ? "" : "checked"}>` +
    `<span><b>${esc(s.title)}</b> ${ruleLink(g.name, s.rule)}<br><small>${esc(s.summary)}</small></span></label>`
  ).join("") + ((g.positions || []).length ? `<div class="muted" style="margin-top:.5em">Or start from a position:</div>` +
    g.positions.map(p =>
      `<label class="choice"><input type="radio" name="scenario" value="${esc(POSITION + p.id)}">` +
      `<span><b>${esc(p.title)}</b><br><small>${esc(p.summary)}</small></span></label>`).join("") : "");
  document.querySelectorAll("input[name=scenario]").forEach(r => r.addEventListener("change", drawOptions));
  const known = gameLevels(g);
  const levels = ["human", ...known];
  // the computer plays the second side at a sensible strength, not the weakest
  const DEFAULT_LEVEL = known.includes("normal") ? "normal" : known[0];
  document.getElementById("sides").innerHTML = g.sides.map((side, i) =>
    `<label><span class="badge ${esc(side)}">${esc(cap(side))}</span> played by<br>` +
    `<select name="side-${esc(side)}" id="side-${esc(side)}">` +
    levels.map(l => `<option value="${esc(l)}" ${(i === 1 && l === DEFAULT_LEVEL) ? "selected" : ""}>` +
      `${esc(playerName(l))}</option>`).join("") + `</select></label>`
  ).join("");
  const weather = g.options.find(o => o.id === "random-weather");
  if (weather) {
    document.getElementById("weather-rule").innerHTML = "— " + esc(weather.summary) + " " + ruleLink(g.name, weather.rule);
  }
  drawOptions();
}

// An option that is on or off (else it has several values to choose among).
function isSwitch(o) {
  return o.choices.length === 2 && o.choices.includes(false) && o.choices.includes(true);
}

// Whether an option belongs to a scenario (none listed: to every scenario).
function appliesTo(o, sc) { return !o.scenarios || !o.scenarios.length || o.scenarios.includes(sc); }

// The random weather option, if the chosen scenario has it.
function weatherOption(g, sc) { return g.options.find(o => o.id === "random-weather" && appliesTo(o, sc)); }

// The switches ticked on the form now.
function ticked() {
  return [...document.querySelectorAll("input[name=option]")].filter(c => c.checked).map(c => c.value);
}

// The values an option may take in a scenario (its own where the game lists them: a last
// turn after the scenario's start), else every value it has; only one while a ticked
// switch fixes it (the rule named by fixed_rule).
function choicesFor(o, sc, on) {
  const by = fixer(o, on);
  if (by) return [o.fixed_by[by]];
  return (sc && o.choices_by_scenario && o.choices_by_scenario[sc]) || o.choices;
}

// The ticked switch (of those `on`) that fixes an option's value, if any.
function fixer(o, on) {
  return Object.keys(o.fixed_by || {}).find(k => (on || []).includes(k));
}

// The values a select offers now, by their index (as drawn last).
function shownValues(sel, o, sc) {
  return sel.dataset.values ? JSON.parse(sel.dataset.values) : choicesFor(o, sc, []);
}

// Each select of several values offers what the ticked switches leave it (the value the
// player chose kept where it is still offered).
function drawValues(g, sc) {
  const on = ticked();
  document.querySelectorAll("select[name=option-value]").forEach(sel => {
    const o = g.options.find(x => x.id === sel.dataset.id);
    // the player's own choice, kept while a switch fixes the value, and given back after
    const had = sel.disabled ? JSON.parse(sel.dataset.own) : shownValues(sel, o, sc)[Number(sel.value)];
    sel.dataset.own = JSON.stringify(had);
    const values = choicesFor(o, sc, on);
    sel.dataset.values = JSON.stringify(values);
    const keep = values.includes(had) ? had : values.includes(o.default) ? o.default : values[0];
    sel.innerHTML = values.map((c, i) => `<option value="${i}" ${c === keep ? "selected" : ""}>${esc(String(c))}</option>`).join("");
    sel.disabled = Boolean(fixer(o, on));
    const note = sel.parentElement.querySelector(".fixed-note");
    if (note) note.textContent = sel.disabled ? ` — set by ${o.fixed_rule || "another option"}` : "";
  });
}

// The chosen scenario's id (null for a shipped position: the options of every scenario).
function chosenScenario() {
  const sc = (document.querySelector("input[name=scenario]:checked") || {}).value;
  return sc && !sc.startsWith(POSITION) ? sc : null;
}

// The chosen shipped position, if one is chosen.
function chosenPosition(g) {
  const sc = (document.querySelector("input[name=scenario]:checked") || {}).value;
  return sc && sc.startsWith(POSITION) ? g.positions.find(p => POSITION + p.id === sc) : null;
}

// The optional rules of the chosen scenario (or position), each by its rule number and what
// it does.
function drawOptions() {
  const g = current();
  const sc = chosenScenario();
  const pos = chosenPosition(g);
  // a position: the options it lists, if it lists them
  const shown = g.options.filter(o => o.id !== "random-weather" &&
    (pos && pos.options ? pos.options.includes(o.id) : appliesTo(o, sc)));
  document.getElementById("weather-set").style.display = weatherOption(g, sc) ? "" : "none";
  document.getElementById("options").innerHTML = shown.map(o => isSwitch(o) ?
    `<label class="choice" title="${esc(o.id)}"><input type="checkbox" name="option" value="${esc(o.id)}" ` +
    `data-group="${esc(o.group || "")}" ${o.default ? "checked" : ""}>` +
    `<span>${ruleLink(g.name, o.rule)} ${esc(o.summary)}` +
    `${o.group ? ` <small class="muted">— ${esc(o.group)}</small>` : ""}</span></label>` :
    // an option with several values (SNO 15.7's last turn): one of the scenario's
    `<label class="choice" title="${esc(o.id)}"><select name="option-value" data-id="${esc(o.id)}" aria-label="${esc(o.id)}">` +
    choicesFor(o, sc, []).map((c, i) => `<option value="${i}" ${c === o.default ? "selected" : ""}>${esc(String(c))}</option>`).join("") +
    `</select><span>${ruleLink(g.name, o.rule)} ${esc(o.summary)}<small class="muted fixed-note"></small></span></label>`
  ).join("") || `<p class="muted">None for this ${pos ? "position" : "scenario"}.</p>`;
  // options of one group are alternatives: ticking one clears the others
  document.querySelectorAll("input[name=option]").forEach(c => c.addEventListener("change", () => {
    if (c.checked && c.dataset.group) {
      document.querySelectorAll("input[name=option]").forEach(other => {
        if (other !== c && other.dataset.group === c.dataset.group) other.checked = false;
      });
    }
    drawValues(g, sc);
  }));
  drawValues(g, sc);
}

async function init() {
  META = await api("GET", "/api/meta");
  const first = (META.games.find(g => g.playable) || META.games[0]).name;
  document.getElementById("games").innerHTML = META.games.map((g, i) =>
    `<label class="choice"><input type="radio" name="game" value="${esc(g.name)}" ` +
    `${g.name === first ? "checked" : ""} ${g.playable ? "" : "disabled"}>` +
    `<span><b>${esc(g.title)}</b> ${g.playable ? "" : '<small>— rules engine still to come: not playable yet</small>'}` +
    `${g.playable && g.playable_note ? `<br><small>Playable ${esc(g.playable_note)}</small>` : ""}</span></label>`
  ).join("");
  document.querySelectorAll("input[name=game]").forEach(r => r.addEventListener("change", drawGame));
  drawGame();
}

document.getElementById("form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const g = current();
  const chosen = (document.querySelector("input[name=scenario]:checked") || {}).value;
  const body = { game: g.name, options: {}, players: {} };
  if (chosen && chosen.startsWith(POSITION)) body.position = chosen.slice(POSITION.length);
  else body.scenario = chosen;
  document.querySelectorAll("input[name=option]").forEach(c => { if (c.checked) body.options[c.value] = true; });
  document.querySelectorAll("select[name=option-value]").forEach(sel => {
    const o = g.options.find(x => x.id === sel.dataset.id);
    const value = shownValues(sel, o, body.scenario || null)[Number(sel.value)];
    if (value !== o.default && !sel.disabled) body.options[o.id] = value;
  });
  if (weatherOption(g, body.scenario)) {
    body.weather = document.querySelector("input[name=weather]:checked").value;
  }
  body.seats = document.querySelector("input[name=seats]:checked").value;
  body.public = document.getElementById("public").checked;
  body.rated = document.getElementById("rated").checked;
  const seed = document.getElementById("seed").value.trim();
  if (seed && body.seats !== "invite") body.seed = parseInt(seed, 10);
  g.sides.forEach(side => { body.players[side] = document.getElementById("side-" + side).value; });
  body.clock = (document.querySelector("input[name=clock]:checked") || { value: "none" }).value;
  const btn = document.getElementById("start");
  btn.disabled = true;
  try {
    const r = await api("POST", "/api/games", body);
    if (body.seats === "invite") showInvites(r); else location.href = r.url;
  } catch (err) {
    document.getElementById("msg").innerHTML = `<p class="error">${esc(err.message)}</p>`;
    btn.disabled = false;
  }
});

// An invite game: one link a side, to open here or to send.
function showInvites(r) {
  document.getElementById("form").hidden = true;
  document.getElementById("invites").hidden = false;
  document.getElementById("invite-links").innerHTML = Object.entries(r.links).map(([side, link]) => {
    const full = location.origin + link;
    return `<p><span class="badge ${esc(side)}">${esc(cap(side))}</span> ` +
      `<input type="text" readonly class="invite" id="invite-${esc(side)}" value="${esc(full)}" size="70"> ` +
      `<a href="${esc(link)}"><button type="button">Play as ${esc(cap(side))}</button></a></p>`;
  }).join("");
  document.querySelectorAll("input.invite").forEach(i => i.addEventListener("focus", () => i.select()));
}

document.querySelectorAll("input[name=seats]").forEach(r => r.addEventListener("change", () => {
  const invite = document.querySelector("input[name=seats]:checked").value === "invite";
  const seed = document.getElementById("seed");
  seed.disabled = invite;
  if (invite) seed.value = "";
}));

init().catch(err => { document.getElementById("msg").innerHTML = `<p class="error">${esc(err.message)}</p>`; });
