// foundry_cli_check.mjs BUILD_DIR -- the Foundry module's compendium
// through Foundry's own CLI (@foundryvtt/foundryvtt-cli, the tool module
// authors pack with): for a few dungeons (one floor and several, caves,
// every kind of creature size, either rules) the CLI unpacks the pack's
// Adventure -- whole, and expanded into a file per actor, scene, table and
// journal entry -- and compilePack builds a pack from the files whose
// entries are the original's, unchanged. The unpacked Adventure holds the
// actors (each linked to its dnd5e compendium entry), the hidden tokens
// that point at them, the roll tables and the drawings over each scene's
// water squares. The bundle comes from
// BUILD_DIR/dungeon (the CLI), unzipped with unzip(1).
// tools/test-integration.sh runs it; exit 1 on the first difference.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level"; // what the CLI itself reads packs with

const build = process.argv[2] || "build";
const queries = [
  ["seed=7", "contents=full", "level=3"],
  ["seed=42", "motif=giant", "level=12", "size=large", "rooms=dense"],
  ["seed=5", "algorithm=caverns", "motif=underdark", "level=8"],
  ["seed=9", "floors=3", "motif=undead", "level=17"],
  ["seed=11", "rules=2024", "motif=giant", "level=9"],
];

async function entries(pack) {
  const db = new ClassicLevel(pack, { keyEncoding: "utf8", valueEncoding: "utf8", createIfMissing: false });
  const out = new Map();
  for await (const [k, v] of db.iterator()) out.set(k, v);
  await db.close();
  return out;
}

function files(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

function fail(msg) {
  console.error(`foundry-cli: FAIL: ${msg}`);
  process.exit(1);
}

let bundles = 0, actors = 0, tokens = 0, tables = 0, drawings = 0;
for (const q of queries) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "dg-foundry-cli-"));
  try {
    const zip = path.join(tmp, "bundle.zip");
    execFileSync(path.join(build, "dungeon"), ["-o", zip, "format=foundry-bundle", "ppg=20", ...q]);
    execFileSync("unzip", ["-q", zip, "-d", path.join(tmp, "module")]);
    const [module] = readdirSync(path.join(tmp, "module"));
    const pack = path.join(tmp, "module", module, "packs", "dungeon");
    const original = await entries(pack);
    for (const expand of [false, true]) {
      const src = path.join(tmp, expand ? "src-expanded" : "src");
      const again = path.join(tmp, expand ? "again-expanded" : "again");
      await extractPack(pack, src, { expandAdventures: expand });
      await compilePack(src, again, { recursive: expand });
      const repacked = await entries(again);
      const what = `${q.join("&")}${expand ? " (expanded)" : ""}`;
      if (repacked.size !== original.size) fail(`${what}: ${repacked.size} entries after the round trip, ${original.size} before`);
      for (const [k, v] of original) {
        if (!repacked.has(k)) fail(`${what}: ${k} lost`);
        if (repacked.get(k) !== v) {
          const a = JSON.parse(v), b = JSON.parse(repacked.get(k));
          const same = JSON.stringify(a) === JSON.stringify(b);
          fail(`${what}: ${k} changed (${same ? "bytes only" : "content"})`);
        }
      }
      if (expand) {
        const n = files(src).length;
        if (n < 3) fail(`${what}: the expanded Adventure is only ${n} files`);
        continue;
      }
      // what Import Adventure will create
      const [file] = files(src);
      const adv = JSON.parse(readFileSync(file, "utf8"));
      const ids = new Set(adv.actors.map((a) => a._id));
      if (!adv.actors.length) fail(`${what}: no actors`);
      for (const a of adv.actors) {
        if (a.type !== "npc" || !a.system?.attributes?.hp?.max) fail(`${what}: actor ${a.name} is no npc with hit points`);
        // SRD 5.2's creatures (rules=2024) are in dnd5e's pack actors24
        const pack = q.includes("rules=2024") ? "actors24" : "monsters";
        if (!new RegExp(`^Compendium\\.dnd5e\\.${pack}\\.Actor\\.[0-9A-Za-z]{16}$`).test(a._stats?.compendiumSource ?? ""))
          fail(`${what}: actor ${a.name} names no dnd5e.${pack} compendium source`);
      }
      for (const s of adv.scenes)
        for (const t of s.tokens) {
          if (!ids.has(t.actorId)) fail(`${what}: token ${t.name}'s actor ${t.actorId} is not in the Adventure`);
          if (t.hidden !== true) fail(`${what}: token ${t.name} is not hidden`);
          tokens++;
        }
      // each scene's water (flags.dungeond.water) under its drawings: every
      // square under exactly one, no dry square under any
      for (const s of adv.scenes) {
        const wet = new Set((s.flags?.dungeond?.water ?? []).map(([x, y]) => `${x},${y}`)), seen = new Set();
        const g = s.grid.size;
        for (const d of s.drawings ?? []) {
          for (let y = d.y / g; y < (d.y + d.shape.height) / g; y++)
            for (let x = d.x / g; x < (d.x + d.shape.width) / g; x++) {
              if (!wet.has(`${x},${y}`) || seen.has(`${x},${y}`)) fail(`${what}: ${s.name}: drawing ${d._id} over ${x},${y}`);
              seen.add(`${x},${y}`);
            }
          drawings++;
        }
        if (seen.size !== wet.size) fail(`${what}: ${s.name}: ${seen.size} of ${wet.size} water squares under a drawing`);
      }
      for (const t of adv.tables) {
        if (t.formula !== "1d6" || t.results.length !== 6) fail(`${what}: table ${t.name}: ${t.formula}, ${t.results.length} rows`);
        tables++;
      }
      actors += adv.actors.length;
    }
    bundles++;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
console.log(
  `foundry-cli: ${bundles} modules unpacked and repacked unchanged by @foundryvtt/foundryvtt-cli ` +
    `(whole and expanded): ${actors} actors, ${tokens} hidden tokens, ${tables} roll tables, ${drawings} water drawings`
);
if (!drawings) fail("no dungeon had water: the drawings went untried");
