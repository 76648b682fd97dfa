// foundry_cli_check.mjs BUILD_DIR -- the Foundry module's compendium
// through Foundry's own CLI (@foundryvtt/foundryvtt-cli, the tool module
// authors pack with): for a few dungeons (one floor and several, caves,
// every kind of creature size, either rules) the CLI unpacks the pack's
// Adventure -- whole, and expanded into a file per actor, scene, table and
// journal entry -- and compilePack builds a pack from the files whose
// entries are the original's, unchanged. The unpacked Adventure holds the
// actors (each linked to its dnd5e compendium entry, 80% or more with an
// attack activity with damage parts), the hidden tokens that point at them
// (a fifth at most the mystery man), the roll tables and the regions:
// foundry=14 one scene, a Level per floor in stacked bands, every wall,
// light, note, region and token on one, a changeLevel region at every
// stair pair's cell; foundry=13 a scene per floor, each stair's
// teleportToken region landing on its pair's in the next scene; both,
// water regions over exactly each floor's water squares (the JSON
// format's map_features), trap regions the GM's alone. The bundle comes from
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
  ["seed=21", "floors=3", "motif=aquatic", "level=5", "rules=2024"],
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

let bundles = 0, actors = 0, tokens = 0, tables = 0, waters = 0, stairs = 0, withAttack = 0, mysteryTokens = 0;
for (const q of queries.flatMap((q) => [q, [...q, "foundry=13"]])) {
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
      // the map as the JSON format gives it, floor by floor (below)
      const top = JSON.parse(execFileSync(path.join(build, "dungeon"), ["format=json", "ppg=20", ...q]).toString());
      const floors = [top, ...(top.below ?? [])];
      const v14 = !q.includes("foundry=13");
      const g = 20, cell = (sh) => `${sh.x / g},${sh.y / g}`;
      // 14: one scene, a Level per floor, stacked bands, every placeable on one
      if (v14) {
        if (adv.scenes.length !== 1) fail(`${what}: ${adv.scenes.length} scenes, not one`);
        const [s] = adv.scenes;
        if (s.levels.length !== floors.length) fail(`${what}: ${s.levels.length} levels for ${floors.length} floors`);
        const ids = s.levels.map((l) => l._id);
        s.levels.forEach((l, k) => {
          if (!l.background?.src?.endsWith(`/floor-${k + 1}.png`)) fail(`${what}: level ${k} shows ${l.background?.src}`);
          if (k && l.elevation.top !== s.levels[k - 1].elevation.bottom) fail(`${what}: level ${k}'s band is not under ${k - 1}'s`);
          if (l.elevation.top <= l.elevation.bottom) fail(`${what}: level ${k}'s band is empty`);
        });
        for (const kind of ["walls", "lights", "notes", "regions"])
          for (const p of s[kind])
            if (!p.levels?.length || !p.levels.every((l) => ids.includes(l))) fail(`${what}: a ${kind} document on no level`);
        for (const t of s.tokens) if (!ids.includes(t.level)) fail(`${what}: token ${t.name} on no level`);
        // every stair pair: a changeLevel region at the stairs' cell on both levels
        for (let k = 0; k + 1 < floors.length; k++)
          for (const st of floors[k].stairs.filter((t) => t.kind === "down")) {
            if (!floors[k + 1].stairs.some((t) => t.kind === "up" && t.x === st.x && t.y === st.y)) continue;
            const r = s.regions.find((r) => r.behaviors.some((b) => b.type === "changeLevel") && r.shapes.length === 1 &&
                                           cell(r.shapes[0]) === `${st.x},${st.y}` && r.levels.join() === [ids[k], ids[k + 1]].join());
            if (!r) fail(`${what}: no changeLevel region at floor ${k + 1}'s stairs ${st.x},${st.y}`);
            stairs++;
          }
      } else {
        if (adv.scenes.length !== floors.length) fail(`${what}: ${adv.scenes.length} scenes for ${floors.length} floors`);
        const sceneIds = adv.scenes.map((s) => s._id);
        adv.scenes.forEach((s, k) => {
          if (s.levels) fail(`${what}: a v13 scene with levels`);
          for (const r of s.regions)
            for (const b of r.behaviors.filter((b) => b.type === "teleportToken")) {
              const [, sid, , rid] = b.system.destination.split(".");
              const there = adv.scenes[sceneIds.indexOf(sid)];
              const dest = there?.regions.find((x) => x._id === rid);
              if (!dest || Math.abs(sceneIds.indexOf(sid) - k) !== 1 || cell(dest.shapes[0]) !== cell(r.shapes[0]))
                fail(`${what}: ${s.name}: teleport ${r.name} lands nowhere paired`);
              stairs++;
            }
        });
      }
      // water regions cover exactly each floor's water squares
      adv.scenes.forEach((s, si) => {
        floors.forEach((f, k) => {
          if (!v14 && k !== si) return;
          const wet = new Set(f.map_features.filter((m) => m.kind === "water").map((m) => `${m.x},${m.y}`)), seen = new Set();
          for (const r of s.regions.filter((r) => r.behaviors.some((b) => b.type === "modifyMovementCost") &&
                                               (!v14 || r.levels[0] === s.levels[k]._id))) {
            if (r.visibility !== 2) fail(`${what}: water region ${r.name} hidden from players`);
            for (const sh of r.shapes)
              for (let y = sh.y / g; y < (sh.y + sh.height) / g; y++)
                for (let x = sh.x / g; x < (sh.x + sh.width) / g; x++) {
                  if (!wet.has(`${x},${y}`) || seen.has(`${x},${y}`)) fail(`${what}: ${s.name}: water region over ${x},${y}`);
                  seen.add(`${x},${y}`);
                }
            waters++;
          }
          if (seen.size !== wet.size) fail(`${what}: ${s.name}: ${seen.size} of ${wet.size} water squares in a region`);
        });
        for (const r of s.regions.filter((r) => r.name.includes(": trap")))
          if (r.visibility !== 1) fail(`${what}: trap region ${r.name} not the GM's alone`);
      });
      // actors that roll, art from the system
      const attacking = adv.actors.filter((a) => a.items.some((i) => Object.values(i.system.activities ?? {}).some(
        (v) => v.type === "attack" && v.damage?.parts?.length)));
      if (attacking.length < 0.8 * adv.actors.length) fail(`${what}: ${attacking.length} of ${adv.actors.length} actors attack with damage`);
      withAttack += attacking.length;
      const allTokens = adv.scenes.flatMap((s) => s.tokens);
      const mystery = allTokens.filter((t) => t.texture.src === "icons/svg/mystery-man.svg").length;
      if (mystery * 5 > allTokens.length) fail(`${what}: ${mystery} of ${allTokens.length} tokens are the mystery man`);
      mysteryTokens += mystery;
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
  `foundry-cli: ${bundles} modules (foundry=14 and 13) unpacked and repacked unchanged by @foundryvtt/foundryvtt-cli ` +
    `(whole and expanded): ${actors} actors (${withAttack} with an attack activity with damage parts), ` +
    `${tokens} hidden tokens (${mysteryTokens} mystery men), ${tables} roll tables, ${waters} water regions, ` +
    `${stairs} stair regions at their stairs' cells`
);
if (!waters) fail("no dungeon had water: the water regions went untried");
if (!stairs) fail("no dungeon had stairs between floors: the stair regions went untried");
