// typescript_check.mjs [BUILD_DIR] -- openapi.yaml as a generated client
// sees it: openapi-typescript turns the unedited document into types (with
// its documented transform of `format: binary` into Blob), tsc --strict
// compiles ts_client/read_dungeon.ts against them (its type checks fail
// the compile where a field comes out `never`, a binary body as a string or
// a HEAD answer with a body), and the compiled program, on openapi-fetch,
// reads a stocked dungeon from BUILD_DIR/dungeond (default build/): its
// figures must be the ones this file counts from the same answers untyped.
// tools/test-integration.sh runs it.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const build = path.resolve(process.argv[2] || path.join(root, "build"));
// under node_modules: ignored by git, and the program finds openapi-fetch
const work = path.join(here, "node_modules", ".ts-client");

let passed = 0, failed = 0;
function check(ok, what, detail) {
  if (ok) { passed++; return; }
  failed++;
  console.log(`FAIL ${what}${detail ? ": " + detail : ""}`);
}
function finish() {
  console.log(`typescript: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// 1. the types, from the document as it is
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
const ast = await openapiTS(new URL(`file://${path.join(root, "openapi.yaml")}`), {
  transform(schema) {
    if (schema.format === "binary") return BLOB;
  },
});
writeFileSync(path.join(work, "dungeond.d.ts"), astToString(ast));
cpSync(path.join(here, "ts_client", "read_dungeon.ts"), path.join(work, "read_dungeon.ts"));
writeFileSync(path.join(work, "package.json"), JSON.stringify({ type: "module" }));
writeFileSync(path.join(work, "tsconfig.json"), JSON.stringify({
  compilerOptions: {
    strict: true, noUncheckedIndexedAccess: true, noImplicitOverride: true,
    target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext",
    lib: ["ES2022", "DOM"], types: [], outDir: "out",
  },
  files: ["read_dungeon.ts"],
}));

// 2. tsc --strict, every diagnostic a failure
try {
  execFileSync(process.execPath, [path.join(here, "node_modules", "typescript", "bin", "tsc"), "-p", work],
               { stdio: "pipe" });
  check(true);
} catch (e) {
  check(false, "read_dungeon.ts compiles under tsc --strict against the generated types",
        "\n" + (e.stdout?.toString() || e.message));
  finish();
}
writeFileSync(path.join(work, "out", "package.json"), JSON.stringify({ type: "module" }));

// 3. the compiled program against a live daemon
const daemon = path.join(build, "dungeond");
if (!existsSync(daemon)) { check(false, "daemon binary exists", daemon); finish(); }
const portFile = path.join(work, "port");
const child = spawn(daemon, ["--port", "0", "--address", "127.0.0.1", "--port-file", portFile, "--access-log", "off"],
                    { stdio: ["ignore", "ignore", "inherit"] });
let port = 0;
for (let i = 0; i < 200 && !port; i++) {
  await new Promise((r) => setTimeout(r, 25));
  if (existsSync(portFile)) port = parseInt(readFileSync(portFile, "utf8"), 10) || 0;
}
if (!port) { child.kill("SIGKILL"); check(false, "daemon starts and writes its port"); finish(); }
const base = `http://127.0.0.1:${port}`;
try {
  const got = await new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [path.join(work, "out", "read_dungeon.js"), base], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
  });
  // the same answers read untyped
  const q = "seed=2&level=5&size=large";
  const map = await (await fetch(`${base}/dungeon.json?${q}`)).json();
  const donjon = await (await fetch(`${base}/dungeon.donjon.json?${q}`)).json();
  const png = Buffer.from(await (await fetch(`${base}/dungeon.png?${q}`)).arrayBuffer());
  const stocked = map.rooms.map((r) => r.contents).filter(Boolean);
  const sum = (xs, f) => xs.reduce((a, x) => a + f(x), 0);
  const lots = (k) => stocked.flatMap((c) => (c.treasure ? c.treasure[k] : []));
  const want = {
    name: map.name, rooms: map.rooms.length,
    encounters: stocked.filter((c) => c.encounter).length,
    monsters: sum(stocked.filter((c) => c.encounter), (c) => sum(c.encounter.monsters, (m) => m.count)),
    gems: sum(lots("gems"), (l) => l.count), art: sum(lots("art"), (l) => l.count),
    gem_gp: sum(lots("gems"), (l) => l.count * l.value_gp), art_gp: sum(lots("art"), (l) => l.count * l.value_gp),
  };
  for (const [k, v] of Object.entries(want)) check(got[k] === v, `the typed client reads ${k} as the JSON has it`, `${got[k]} vs ${v}`);
  // the dungeon chosen holds what the program is there to read
  check(want.encounters > 0 && want.gems > 0 && want.art > 0, "seed 2 at level 5, large: encounters, gems and art",
        JSON.stringify(want));
  check(got.key.length > 0 && got.key.every((l) => /^\d+: .* gp/.test(l)), "the treasure key lines", got.key.join(" | "));
  const s = donjon.settings;
  check(got.donjon.name === s.name && s.name === map.name, "donjon settings.name is the dungeon's name", `${got.donjon.name} / ${map.name}`);
  check(got.donjon.seed === "2" && got.donjon.n_rooms === map.rooms.length && got.donjon.rooms === map.rooms.length,
        "donjon settings: seed, n_rooms; rooms by id", JSON.stringify(got.donjon));
  check(got.donjon.n_cols === map.width && got.donjon.infest === "dnd_5e", "donjon settings: n_cols, infest", JSON.stringify(got.donjon));
  check(got.donjon.stairs === donjon.stairs.length && got.donjon.stairs === map.stairs.length && got.donjon.down > 0,
        "donjon stairs", JSON.stringify(got.donjon));
  check(got.png_bytes === png.length && png.length > 8, "the PNG arrives as a Blob of its bytes", `${got.png_bytes} vs ${png.length}`);
  check(got.head_status === 200 && /^"/.test(got.head_etag || ""), "HEAD answers 200 with an ETag", `${got.head_status} ${got.head_etag}`);
} catch (e) {
  check(false, "the compiled client runs against the daemon", e.message);
}
child.kill("SIGTERM");
await new Promise((r) => child.on("exit", r));
finish();
