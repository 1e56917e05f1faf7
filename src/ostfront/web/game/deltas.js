// A list of a view sent as changes, merged: as server/deltas.py `merged` does (the changed
// items in place of theirs, the gone ones left out, the new ones after, then `order` if
// sent; an action's `index` is its place; with `inner` = [field, key], an item's
// `<field>_change` changes the list its old self held). Imports nothing: node tests it alone.

export function merged(old, change, key, inner) {
  const gone = new Set(change.gone);
  const oldBy = new Map(old.map(x => [key(x), x]));
  const resolved = (x) => {
    if (!inner || !((inner[0] + "_change") in x)) return x;
    const [field, innerKey] = inner;
    const out = { ...x };
    delete out[field + "_change"];
    out[field] = merged(oldBy.get(key(x))[field], x[field + "_change"], innerKey);
    return out;
  };
  const fresh = new Map(change.changed.map(x => [key(x), resolved(x)]));
  let out = old.filter(x => !gone.has(key(x))).map(x => fresh.get(key(x)) || x);
  out = out.concat(change.changed.filter(x => !oldBy.has(key(x))).map(x => fresh.get(key(x))));
  if (change.order) {
    const by = new Map(out.map(x => [key(x), x]));
    out = change.order.map(k => by.get(k));
  }
  if (out.length && "index" in out[0]) out = out.map((x, i) => x.index === i ? x : { ...x, index: i });
  return out;
}
