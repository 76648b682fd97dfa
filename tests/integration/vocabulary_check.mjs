// vocabulary_check.mjs -- holds openapi.yaml's query parameters and the
// README's option tables to the live GET /options, key by key: the names a
// key takes, its range (the cap for deployment-limited keys), its default,
// and that no key is missing from either document or listed there without
// being one. openapi_check.mjs calls it with its running daemon.
import { readFileSync } from "node:fs";
import path from "node:path";

// Every string enum and integer range inside a schema (oneOf included).
function shapes(schema) {
  const out = { names: new Set(), ranges: [] };
  const walk = (s) => {
    if (!s) return;
    if (s.enum) s.enum.forEach((v) => out.names.add(String(v)));
    if (s.type === "integer") out.ranges.push([s.minimum, s.maximum]);
    (s.oneOf || s.anyOf || []).forEach(walk);
  };
  walk(schema);
  return out;
}

// The default a document should state: the key's own, or for keys whose
// default follows a preset ("from size"), the preset's value.
function expectedDefault(key, vocab) {
  if (key.default !== null) return key.default;
  const sizes = vocab.presets.size, rooms = vocab.presets.room_size;
  const size = vocab.keys.find((k) => k.name === "size").default;
  const roomSize = vocab.keys.find((k) => k.name === "room_size").default;
  const layout = vocab.keys.find((k) => k.name === "layout").default;
  if (key.name === "rows") return sizes[size].rows;
  if (key.name === "cols") return sizes[size].cols[layout];
  if (key.name === "room_min" || key.name === "room_max") return rooms[roomSize][key.name];
  return undefined;
}

function sameSet(a, b) {
  return a.size === b.size && [...a].every((v) => b.has(v));
}

function checkOpenApi(api, vocab, check) {
  const params = new Map(Object.values(api.components.parameters)
    .filter((p) => p.in === "query").map((p) => [p.name, p]));
  // format is the route's (one path per format), and POST's body says it
  const routeKeys = new Set(["format"]);
  for (const key of vocab.keys) {
    if (routeKeys.has(key.name)) continue;
    const p = params.get(key.name);
    check(p, `openapi documents ${key.name}`);
    if (!p) continue;
    const s = shapes(p.schema);
    const what = `openapi ${key.name}`;
    if (key.kind === "name") {
      const want = new Set([...key.values, ...Object.keys(key.aliases || {})]);
      check(sameSet(s.names, want), `${what} values`, `${[...s.names]} vs ${[...want]}`);
    }
    if (key.kind === "bool")
      check(s.names.has("yes") && s.names.has("no"), `${what} takes yes and no`, [...s.names].join(","));
    if (key.kind === "amount")
      check(sameSet(s.names, new Set(key.values)), `${what} names`, `${[...s.names]} vs ${key.values}`);
    if (key.kind === "integer" || key.kind === "amount") {
      const top = key.cap ?? key.max;
      check(s.ranges.some(([lo, hi]) => lo === key.min && hi === top), `${what} range ${key.min}..${top}`,
            JSON.stringify(s.ranges));
    }
    const def = expectedDefault(key, vocab);
    if (def !== undefined)
      check(String(p.schema.default) === String(def), `${what} default ${def}`, String(p.schema.default));
  }
  const known = new Set(vocab.keys.map((k) => k.name));
  for (const name of params.keys())
    check(known.has(name) || name === "download", `openapi parameter ${name} is a key of /options`);
}

// The README's option tables: "| `a`, `b` | values | default(s) |".
function readmeRows(root) {
  const rows = new Map();
  for (const line of readFileSync(path.join(root, "README.md"), "utf8").split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 5 || !cells[1].startsWith("`")) continue;
    const keys = [...cells[1].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    const defaults = cells[3].split(/,\s*/);
    keys.forEach((k, i) => rows.set(k, {
      values: cells[2],
      def: keys.length > 1 && defaults.length === keys.length ? defaults[i] : cells[3],
    }));
  }
  return rows;
}

function checkReadme(root, vocab, check) {
  const rows = readmeRows(root);
  for (const key of vocab.keys) {
    const row = rows.get(key.name);
    check(row, `README lists ${key.name}`);
    if (!row) continue;
    const what = `README ${key.name}`;
    // value names may hold a hyphen (foundry-bundle)
    const words = new Set(row.values.split(/[^a-z0-9_-]+/));
    if (key.kind === "name" || key.kind === "amount")
      for (const v of key.values) check(words.has(v), `${what} names ${v}`, row.values);
    if (key.kind === "integer" || key.kind === "amount") {
      const range = `${key.min}..${key.cap ?? key.max}`;
      check(row.values.includes(range), `${what} says ${range}`, row.values);
    }
    const def = key.default === null ? key.default_from : String(key.default);
    if (def && key.kind !== "seed") {
      // an amount's default may be said by its name ("some" for 50)
      const names = Object.entries(key.amounts || {}).filter(([, n]) => String(n) === def).map(([w]) => w);
      check(row.def === def || names.includes(row.def), `${what} default ${def}`, row.def);
    }
  }
}

export async function checkVocabulary(api, base, root, check) {
  const res = await fetch(base + "/options");
  check(res.status === 200, "GET /options -> 200", String(res.status));
  const vocab = await res.json();
  check(Array.isArray(vocab.keys) && vocab.keys.length > 30, "/options lists the keys");
  checkOpenApi(api, vocab, check);
  checkReadme(root, vocab, check);
}
