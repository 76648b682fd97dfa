// prism_check.mjs -- sends requests the document calls valid, covering every
// path, method and format, through Stoplight Prism's validating proxy
// (`prism proxy openapi.yaml DAEMON --errors`) to a started build/dungeond.
// Prism checks each request and each answer against openapi.yaml with its
// own reading of the document (not ours, as openapi_check.mjs's is): a
// violation comes back as an sl-violations header or as Prism's own
// application/problem+json answer in place of the daemon's. Invalid
// requests stay in openapi_check.mjs: Prism would refuse them itself.
//
// usage: node prism_check.mjs [path/to/dungeond]   (default ../../build/dungeond)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const spec = path.join(root, "openapi.yaml");
const daemon = path.resolve(process.argv[2] || path.join(root, "build/dungeond"));
const prismBin = path.join(here, "node_modules/@stoplight/prism-cli/dist/index.js");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const children = [];
function fail(msg) {
  console.log(`prism: FAIL ${msg}`);
  for (const c of children) c.kill("SIGKILL");
  process.exit(1);
}

// the daemon, on a port of its own choosing
const dir = mkdtempSync(path.join(tmpdir(), "dungeond-prism-"));
const portFile = path.join(dir, "port");
const child = spawn(daemon, ["--port", "0", "--address", "127.0.0.1", "--port-file", portFile,
                             "--access-log", "off"], { stdio: ["ignore", "ignore", "inherit"] });
children.push(child);
let port = 0;
for (let i = 0; i < 200 && !port; i++) {
  await sleep(25);
  if (existsSync(portFile)) port = parseInt(readFileSync(portFile, "utf8"), 10) || 0;
}
if (!port) fail("the daemon did not write its port");

// Prism takes a port number only: ask the kernel for a free one
const prismPort = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const t0 = Date.now();
// --cors false: OPTIONS goes to the daemon and its own CORS headers come
// back, instead of Prism answering preflights and adding headers itself
const prism = spawn(process.execPath, [prismBin, "proxy", spec, `http://127.0.0.1:${port}`, "--errors",
                                       "--cors", "false", "--host", "127.0.0.1", "--port", String(prismPort)],
                    { stdio: ["ignore", "pipe", "pipe"] });
children.push(prism);
let log = "";
prism.stdout.on("data", (d) => { log += d; });
prism.stderr.on("data", (d) => { log += d; });
for (let i = 0; i < 1200 && !log.includes("Prism is listening"); i++) {
  if (prism.exitCode !== null) break;
  await sleep(50);
}
if (!log.includes("Prism is listening")) fail(`Prism did not start:\n${log.slice(-2000)}`);
const base = `http://127.0.0.1:${prismPort}`;
const started = (Date.now() - t0) / 1000;

const mapRoutes = ["json", "png", "svg", "txt", "md", "donjon.json", "uvtt", "foundry.json", "foundry.zip"];
// Prism 5.14 parses the body of a proxied answer whose Content-Type is
// JSON even for HEAD, and answers its own 500 (FetchError: invalid json
// response body) for the empty one: HEAD of a JSON answer is not sent
// through it (openapi_check.mjs checks those HEAD answers directly).
const jsonAnswer = new Set(["json", "donjon.json", "uvtt", "foundry.json", "/options", "/healthz"]);
const formats = ["json", "png", "txt", "donjon", "uvtt", "foundry", "svg", "md", "foundry-bundle"];
const families = ["donjon", "caverns", "panels", "gridmapper", "abstract", "cells"];
// [method, path+query, {json, headers}, expected status]
const cases = [
  // every map route: GET (numeric and text seeds), HEAD, OPTIONS
  ...mapRoutes.flatMap((r) => [
    ["GET", `/dungeon.${r}?seed=7`, {}, 200],
    ["GET", `/dungeon.${r}?seed=The%20Dungeon%20of%20Random%20Death&rows=21&cols=31`, {}, 200],
    ...(jsonAnswer.has(r) ? [] : [["HEAD", `/dungeon.${r}?seed=7`, {}, 200]]),
    ["OPTIONS", `/dungeon.${r}`, {}, 204],
  ]),
  ["GET", "/dungeon.json", {}, 200],                          // a seed picked by the daemon
  ["GET", "/dungeon.json?seed=7&download=1", {}, 200],
  ["GET", "/dungeon.json?seed=7", { headers: { "accept-encoding": "gzip" } }, 200],
  ["GET", "/dungeon.json?seed=7&floors=3", {}, 200],
  ["GET", "/dungeon.md?seed=7&floors=2&contents=full&level=5&party=5&motif=undead", {}, 200],
  ["GET", "/dungeon.txt?seed=7&floors=3&floor=2&view=player", {}, 200],
  ["GET", "/dungeon.png?seed=7&style=ink&grid=hex&cell=12", {}, 200],
  ["GET", "/dungeon.svg?seed=7&style=parchment&grid=none", {}, 200],
  ["GET", "/dungeon.uvtt?seed=7&image=none&ppg=20&cell_ft=5", {}, 200],
  ["GET", "/dungeon.foundry.json?seed=7&doors=deathtrap&view=player", {}, 200],
  ["GET", "/dungeon.json?seed=7&rooms=dense&layout=box&polymorph=yes&egress=yes&deadends=all&stairs=many", {}, 200],
  ["GET", "/dungeon.json?seed=7&layout=cavernous&cave_fill=45&cave_steps=3", {}, 200],
  ["GET", "/dungeon.json?seed=7&contents=none", {}, 200],
  ...families.map((a) => ["GET", `/dungeon.json?seed=11&algorithm=${a}`, {}, 200]),
  ["GET", "/dungeon.json?seed=7&algorithm=panels&panel_size_min=14&wall_margin=2", {}, 200],
  ["GET", "/dungeon.json?seed=7&algorithm=gridmapper&room_count=9&pillars=yes", {}, 200],
  ["GET", "/dungeon.json?seed=7&algorithm=cells&block_size=11&connect=fan", {}, 200],
  // valid to the document, refused by the daemon: the 400 answers are checked too
  ["GET", "/dungeon.json?seed=7&algorithm=caverns&rooms=dense", {}, 400],
  ["GET", "/dungeon.png?seed=7&rows=4001&cols=4001", {}, 400],
  ["GET", "/dungeon.foundry.json?seed=7&rows=101&cols=101&ppg=256", {}, 400],
  // POST: every format by the body's format key, then by Accept
  ...formats.map((f) => ["POST", "/dungeon", { json: { seed: 7, format: f } }, 200]),
  ["POST", "/dungeon", { json: { seed: 7, rooms: "dense", layout: "box" } }, 200],
  ["POST", "/dungeon", { json: { seed: "18446744073709551615", algorithm: "gridmapper", pillars: true } }, 200],
  ["POST", "/dungeon", { json: { seed: 7 }, headers: { accept: "image/png" } }, 200],
  ["POST", "/dungeon", { json: { seed: 7 }, headers: { accept: "text/plain" } }, 200],
  ["POST", "/dungeon", { json: { seed: 7, algorithm: "caverns", rooms: "dense" } }, 400],
  ["POST", "/dungeon", { json: { seed: 7 }, headers: { accept: "application/xml" } }, 406],
  ["OPTIONS", "/dungeon", {}, 204],
  // the service paths
  ...["/", "/openapi.yaml", "/options", "/healthz", "/metrics"].flatMap((p) => [
    ["GET", p, {}, 200], ...(jsonAnswer.has(p) ? [] : [["HEAD", p, {}, 200]]), ["OPTIONS", p, {}, 204],
  ]),
];

let sent = 0, violations = 0, unexpected = 0;
const etags = new Map();
async function send(method, target, opt, want) {
  const headers = { ...(opt.headers || {}) };
  let body;
  if (opt.json !== undefined) {
    body = JSON.stringify(opt.json);
    headers["content-type"] = "application/json";
  }
  const what = `${method} ${target.slice(0, 70)}`;
  let res;
  try {
    res = await fetch(base + target, { method, headers, body });
  } catch (e) {
    unexpected++;
    console.log(`prism: FAIL ${what}: ${e.message}`);
    return;
  }
  sent++;
  const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
  const slv = res.headers.get("sl-violations");
  const problem = (res.headers.get("content-type") || "").startsWith("application/problem+json");
  if (slv || problem) {
    violations++;
    console.log(`prism: VIOLATION ${what} -> ${res.status}: ${slv || text.slice(0, 600)}`);
  } else if (res.status !== want) {
    unexpected++;
    console.log(`prism: FAIL ${what} -> ${res.status}, expected ${want}: ${text.slice(0, 200)}`);
  }
  // the daemon's own preflight answer names the methods; Prism's would not
  if (method === "OPTIONS" && !res.headers.get("allow")) {
    unexpected++;
    console.log(`prism: FAIL ${what} was not answered by the daemon (no Allow header)`);
  }
  const etag = res.headers.get("etag");
  if (etag && method === "GET" && res.status === 200) etags.set(target, etag);
}

for (const [method, target, opt, want] of cases) await send(method, target, opt, want);
// 304 answers through the proxy, for a map and for an embedded file
for (const target of ["/dungeon.json?seed=7", "/dungeon.png?seed=7", "/options"]) {
  const etag = etags.get(target);
  if (!etag) { unexpected++; console.log(`prism: FAIL no ETag from GET ${target}`); continue; }
  await send("GET", target, { headers: { "if-none-match": etag } }, 304);
}

// Prism also logs what it finds; a violation it only logged counts too
const logged = (log.match(/Violation:/g) || []).length;
if (logged > violations) {
  console.log(log.split("\n").filter((l) => l.includes("Violation:")).slice(0, 20).join("\n"));
  violations = logged;
}

const took = (Date.now() - t0) / 1000 - started;
const prismGone = new Promise((r) => prism.on("exit", r));
prism.kill("SIGTERM");
await prismGone;
child.kill("SIGTERM");
const code = await new Promise((r) => child.on("exit", (c) => r(c)));
rmSync(dir, { recursive: true, force: true });
if (code !== 0) { unexpected++; console.log(`prism: FAIL daemon exited ${code} on SIGTERM`); }
console.log(`prism: ${sent} requests through the proxy in ${took.toFixed(1)} s (Prism started in ` +
            `${started.toFixed(1)} s), ${violations} violations, ${unexpected} other failures`);
process.exit(violations || unexpected || sent < 60 ? 1 : 0);
