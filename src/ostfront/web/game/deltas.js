// A list of a view sent as changes, merged: as server/deltas.py `merged` does (the changed
// items in place of theirs, the gone ones left out, the new ones after, then `order` if
// sent; an action's `index` is its place). Imports nothing, so node can test it alone.

export function merged(old, change, key) {
  const gone = new Set(change.gone);
  const fresh = new Map(change.changed.map(x => [key(x), x]));
  const had = new Set(old.map(key));
  let out = old.filter(x => !gone.has(key(x))).map(x => fresh.get(key(x)) || x);
  out = out.concat(change.changed.filter(x => !had.has(key(x))));
  if (change.order) {
    const by = new Map(out.map(x => [key(x), x]));
    out = change.order.map(k => by.get(k));
  }
  if (out.length && "index" in out[0]) out = out.map((x, i) => x.index === i ? x : { ...x, index: i });
  return out;
}
