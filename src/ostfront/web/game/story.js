// The other side's turn told as operations (issue 35.6, 34.5): its moves grouped by phase and
// front sector (the board's `sectors`, from Game.sectors), each battle on its own with its
// odds, roll and result, in the order they happened. Read only from the log's structured
// fields (role, units, hexes, rolls, hits, turn, phase, setup), never from labels.

// A battle's roll: dice rolled by an action whose role is "roll", naming the hexes fought over.
export function isBattleRoll(e) {
  return e.role === "roll" && (e.hexes || []).length > 0 && (e.rolls || []).length > 0;
}

function phaseKey(e) { return `${e.turn}|${e.phase}`; }

// The operations of `entries` (log entries in order): [{kind: "battle", roll, entries, first,
// last} | {kind: "moves", sector, title, entries, moves: [{unit, to, step}], first, last}],
// ordered by their first step. A battle holds the decisions that settled it (up to the next
// attack or roll, or the end of its phase), advances and retreats among them; the moves of a
// phase are one operation per sector, `sectorOf(hex)` naming it (a falsy name: one group).
export function operations(entries, sectorOf) {
  const ops = [], owned = new Set();
  entries.forEach((e, i) => {
    if (!isBattleRoll(e)) return;
    const op = { kind: "battle", roll: e, entries: [e], first: e.step, last: e.step, hexes: e.hexes };
    owned.add(i);
    for (let j = i + 1; j < entries.length; j++) {
      const f = entries[j];
      if (f.role === "attack" || f.role === "roll" || phaseKey(f) !== phaseKey(e)) break;
      op.entries.push(f);
      op.last = f.step;
      owned.add(j);
    }
    ops.push(op);
  });
  const groups = new Map();
  entries.forEach((e, i) => {
    if (owned.has(i) || e.setup || e.role !== "move") return;
    const hexes = e.hexes || [], units = e.units || [];
    if (!hexes.length || !units.length) return;
    const to = hexes[hexes.length - 1];
    const sector = (sectorOf && sectorOf(to)) || "";
    const key = `${phaseKey(e)}|${sector}`;
    let op = groups.get(key);
    if (!op) {
      op = { kind: "moves", sector, title: e.phase_title || e.title || "", turn: e.turn_title || "",
        entries: [], moves: [], first: e.step, last: e.step };
      groups.set(key, op);
      ops.push(op);
    }
    op.entries.push(e);
    op.last = e.step;
    for (const unit of units) op.moves.push({ unit, to, step: e.step });
  });
  ops.sort((a, b) => a.first - b.first);
  return ops;
}

// Where each unit was before each move of `entries`, starting from `start` (unit id -> hex,
// the counters before the first entry) and following the moves in order: a move's `from`,
// null for a unit placed from off the map.
export function withOrigins(ops, entries, start) {
  const at = new Map(start), from = new Map();
  for (const e of entries) {
    if (e.role !== "move" || !(e.hexes || []).length) continue;
    const to = e.hexes[e.hexes.length - 1];
    for (const u of e.units || []) {
      from.set(`${e.step}|${u}`, at.has(u) ? at.get(u) : null);
      at.set(u, to);
    }
  }
  for (const op of ops) {
    if (op.kind !== "moves") continue;
    for (const m of op.moves) m.from = from.has(`${m.step}|${m.unit}`) ? from.get(`${m.step}|${m.unit}`) : null;
  }
  return ops;
}

// A die's "why" without the rule reference it ends with ("... (XX 7.1.1)").
export function withoutRule(why) {
  return (why || "").replace(/\s*\([A-Z]+ \d[^()]*\)$/, "");
}

// A battle's one line: the odds (each roll's "why"), the dice and the result (the roll's
// result, else the hits the game read from the dice).
export function battleLine(op) {
  const rolls = op.roll.rolls || [];
  const odds = rolls.map(r => withoutRule(r.why)).filter(Boolean).join("; ");
  const dice = rolls.map(r => (r.dice || []).join(" ")).join(" | ");
  const results = rolls.map(r => r.result).filter(Boolean);
  const hits = op.roll.hits;
  const result = results.length ? results.join(", ")
    : hits ? `${hits.defender} hit${hits.defender === 1 ? "" : "s"} on the defender, ${hits.attacker} on the attacker` : "";
  return { odds, dice, result };
}
