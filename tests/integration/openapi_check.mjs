// openapi_check.mjs -- validates openapi.yaml with a real OpenAPI validator
// (@apidevtools/swagger-parser), then starts build/dungeond on a free port
// and checks live answers against the document: every status must be one
// the operation lists, every JSON body must match the listed schema, and the
// listed header patterns must hold. The HTTP behaviour itself is tested in
// test_http.c; this file keeps the document honest.
//
// usage: node openapi_check.mjs [path/to/dungeond]   (default ../../build/dungeond)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020.js";
import { checkVocabulary } from "./vocabulary_check.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const spec = path.join(root, "openapi.yaml");
const daemon = path.resolve(process.argv[2] || path.join(root, "build/dungeond"));

let passed = 0, failed = 0;
function check(ok, what, detail) {
  if (ok) { passed++; return; }
  failed++;
  console.log(`FAIL ${what}${detail ? ": " + detail : ""}`);
}

// 1. the document itself
let api;
try {
  await SwaggerParser.validate(spec);
  api = await SwaggerParser.dereference(spec);
  check(api.openapi.startsWith("3.1"), "openapi.yaml is OpenAPI 3.1", api.openapi);
} catch (e) {
  check(false, "openapi.yaml validates", e.message);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(1);
}

// OpenAPI 3.1 schemas are JSON Schema 2020-12; "example" is an annotation
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = new Map();
function validatorFor(schema) {
  if (!validators.has(schema)) validators.set(schema, ajv.compile(schema));
  return validators.get(schema);
}

// every example in components must match its own schema
for (const [name, s] of Object.entries(api.components.schemas)) {
  if (s.example === undefined) continue;
  const v = validatorFor(s);
  check(v(s.example), `schema ${name} accepts its example`, ajv.errorsText(v.errors));
}
for (const [name, r] of Object.entries(api.components.responses)) {
  const media = r.content && r.content["application/json"];
  if (!media) continue;
  const v = validatorFor(media.schema);
  for (const [ex, e] of Object.entries(media.examples || {}))
    check(v(e.value), `response ${name} example ${ex}`, ajv.errorsText(v.errors));
  if (media.example !== undefined) check(v(media.example), `response ${name} example`, ajv.errorsText(v.errors));
}
{
  const m = api.paths["/dungeon.json"].get.responses["200"].content["application/json"];
  const v = validatorFor(m.schema);
  check(v(m.examples.tiny.value), "Map schema accepts the TinyMap example", ajv.errorsText(v.errors));
}

// 2. a live daemon
if (!existsSync(daemon)) {
  check(false, "daemon binary exists", daemon);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), "dungeond-oa-"));
const portFile = path.join(dir, "port");
const child = spawn(daemon, ["--port", "0", "--address", "127.0.0.1", "--port-file", portFile,
                             "--access-log", "off", "--body-limit", "1024"],
                    { stdio: ["ignore", "ignore", "inherit"] });
let port = 0;
for (let i = 0; i < 200 && !port; i++) {
  await new Promise((r) => setTimeout(r, 25));
  if (existsSync(portFile)) port = parseInt(readFileSync(portFile, "utf8"), 10) || 0;
}
if (!port) {
  child.kill("SIGKILL");
  check(false, "daemon starts and writes its port");
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(1);
}
const base = `http://127.0.0.1:${port}`;

// [method, path+query, options, openapi path]
const cases = [
  ["GET", "/dungeon.json?seed=7", {}, "/dungeon.json"],
  ["GET", "/dungeon.json?seed=7&rooms=dense&layout=box&polymorph=yes&egress=yes", {}, "/dungeon.json"],
  ["GET", "/dungeon.json?seed=7&floors=3&algorithm=caverns", {}, "/dungeon.json"],
  ["GET", "/dungeon.json?seed=7&floors=3&floor=4", {}, "/dungeon.json"],
  ["GET", "/dungeon.json", {}, "/dungeon.json"],
  ["GET", "/dungeon.json?seed=7&rows=abc", {}, "/dungeon.json"],
  ["GET", "/dungeon.json?seed=7&rooms=lots", {}, "/dungeon.json"],
  ["GET", "/dungeon.json?roms=dense", {}, "/dungeon.json"],
  ["HEAD", "/dungeon.json?seed=7", {}, "/dungeon.json"],
  ["DELETE", "/dungeon.json", {}, "/dungeon.json"],
  ["OPTIONS", "/dungeon.json", {}, "/dungeon.json"],
  ["GET", "/dungeon.png?seed=7", {}, "/dungeon.png"],
  ["GET", "/dungeon.png?seed=7&cell=999", {}, "/dungeon.png"],
  ["GET", "/dungeon.txt?seed=7", {}, "/dungeon.txt"],
  ["GET", "/dungeon.svg?seed=7", {}, "/dungeon.svg"],
  ["GET", "/dungeon.md?seed=7&floors=2", {}, "/dungeon.md"],
  // HEAD of the JSON answers, which prism_check.mjs cannot send through Prism
  ["HEAD", "/dungeon.donjon.json?seed=7", {}, "/dungeon.donjon.json"],
  ["HEAD", "/dungeon.uvtt?seed=7", {}, "/dungeon.uvtt"],
  ["HEAD", "/dungeon.foundry.json?seed=7", {}, "/dungeon.foundry.json"],
  ["HEAD", "/options", {}, "/options"],
  ["HEAD", "/healthz", {}, "/healthz"],
  ["GET", "/dungeon.donjon.json?seed=7", {}, "/dungeon.donjon.json"],
  ["GET", "/dungeon.donjon.json?seed=7&layout=pentagon", {}, "/dungeon.donjon.json"],
  // donjon's optional keys: egress, polygon rooms, secret and trapped doors, rules
  ["GET", "/dungeon.donjon.json?seed=3&egress=yes&polymorph=many&doors=deathtrap&rules=2024", {}, "/dungeon.donjon.json"],
  ["GET", "/dungeon.donjon.json?seed=3&contents=none&room_min=3&room_max=5", {}, "/dungeon.donjon.json"],
  ["GET", "/dungeon.json?seed=3&rules=2024&level=5&size=large", {}, "/dungeon.json"],
  /* a lair joined by reinforcements in round 3 (arrives_round, reinforcements) */
  ["GET", "/dungeon.json?seed=5898838&algorithm=cells&level=20&party=8&motif=vermin&rules=2024&danger=deadly", {}, "/dungeon.json"],
  ["GET", "/dungeon.uvtt?seed=7&ppg=20", {}, "/dungeon.uvtt"],
  ["GET", "/dungeon.uvtt?seed=7&view=player&rooms=dense&ppg=24", {}, "/dungeon.uvtt"],
  ["GET", "/dungeon.uvtt?seed=7&ppg=10", {}, "/dungeon.uvtt"],
  ["GET", "/dungeon.foundry.json?seed=7&doors=deathtrap", {}, "/dungeon.foundry.json"],
  ["GET", "/dungeon.foundry.json?seed=7&ppg=300", {}, "/dungeon.foundry.json"],
  ["GET", "/dungeon.foundry.zip?seed=7", {}, "/dungeon.foundry.zip"],
  ["GET", "/dungeon.foundry.zip?seed=7&rows=41&cols=301&ppg=70", {}, "/dungeon.foundry.zip"],
  ...["caverns", "panels", "gridmapper", "abstract", "cells"].map((a) =>
    ["GET", `/dungeon.json?seed=7&algorithm=${a}`, {}, "/dungeon.json"]),
  ["GET", "/dungeon.json?seed=7&layout=cavernous&cave_fill=45", {}, "/dungeon.json"],
  ["GET", "/dungeon.json?seed=7&algorithm=cells&connect=sideways", {}, "/dungeon.json"],
  ["POST", "/dungeon", { json: { seed: 7, algorithm: "gridmapper", pillars: true, room_count: 9 } }, "/dungeon"],
  ["POST", "/dungeon", { json: { seed: 7, rooms: "dense" } }, "/dungeon"],
  ["POST", "/dungeon", { json: { seed: 7, format: "donjon" } }, "/dungeon"],
  ...["md", "svg", "uvtt", "foundry", "foundry-bundle", "txt"].map((f) =>
    ["POST", "/dungeon", { json: { seed: 7, format: f } }, "/dungeon"]),
  ["POST", "/dungeon", { json: { seed: 7 }, headers: { accept: "image/png" } }, "/dungeon"],
  ["POST", "/dungeon", { json: { seed: 7 }, headers: { accept: "application/xml" } }, "/dungeon"],
  ["POST", "/dungeon", { json: { rows: "nine" } }, "/dungeon"],
  ["POST", "/dungeon", { body: "seed=7", headers: { "content-type": "text/plain" } }, "/dungeon"],
  ["POST", "/dungeon", { body: "{", headers: { "content-type": "application/json" } }, "/dungeon"],
  ["POST", "/dungeon", { json: { seed: "x".repeat(2000) } }, "/dungeon"],
  ["GET", "/dungeon", {}, "/dungeon"],
  ["GET", "/", {}, "/"],
  ["GET", "/openapi.yaml", {}, "/openapi.yaml"],
  ["GET", "/options", {}, "/options"],
  ["GET", "/healthz", {}, "/healthz"],
  ["GET", "/metrics", {}, "/metrics"],
  ["OPTIONS", "/healthz", {}, "/healthz"],
  ["DELETE", "/options", {}, "/options"],
];

const etags = new Map();
for (const [method, target, opt, oaPath] of cases) {
  const what = `${method} ${target.slice(0, 60)}`;
  const headers = { ...(opt.headers || {}) };
  let body = opt.body;
  if (opt.json !== undefined) {
    body = JSON.stringify(opt.json);
    headers["content-type"] ??= "application/json";
  }
  let res;
  try {
    res = await fetch(base + target, { method, headers, body });
  } catch (e) {
    check(false, what, e.message);
    continue;
  }
  const op = api.paths[oaPath] && api.paths[oaPath][method.toLowerCase()];
  const allowedMethods = Object.keys(api.paths[oaPath] || {});
  if (!op) {
    // a method the document does not list must be refused with 405
    check(res.status === 405, `${what} -> 405 for an undocumented method`, `got ${res.status}`);
    const allow = (res.headers.get("allow") || "").toLowerCase().split(/,\s*/);
    const listed = ["get", "head", "post", "options"].filter((m) => allowedMethods.includes(m));
    check(listed.every((m) => allow.includes(m)) && allow.every((m) => listed.includes(m)),
          `${what} Allow matches the document`, `Allow: ${res.headers.get("allow")} vs ${listed}`);
    await res.arrayBuffer();
    continue;
  }
  const resp = op.responses[String(res.status)];
  check(resp, `${what} status ${res.status} is documented`, Object.keys(op.responses).join(","));
  const buf = Buffer.from(await res.arrayBuffer());
  if (!resp) continue;
  for (const [h, def] of Object.entries(resp.headers || {})) {
    const v = res.headers.get(h);
    if (v === null || !def.schema) continue;
    if (def.schema.pattern)
      check(new RegExp(def.schema.pattern).test(v), `${what} header ${h} matches its pattern`, v);
    if (def.schema.enum)
      check(def.schema.enum.includes(v), `${what} header ${h} is one of the listed values`, v);
  }
  if (res.status === 304 || res.status === 204 || method === "HEAD") continue;
  const ctype = (res.headers.get("content-type") || "").split(";")[0].trim();
  const media = resp.content && resp.content[ctype];
  check(media, `${what} content type ${ctype} is documented for ${res.status}`,
        Object.keys(resp.content || {}).join(","));
  if (!media || !media.schema) continue;
  if (ctype.endsWith("json")) {
    let doc;
    try { doc = JSON.parse(buf.toString("utf8")); } catch (e) {
      check(false, `${what} body is JSON`, e.message);
      continue;
    }
    const v = validatorFor(media.schema);
    check(v(doc), `${what} body matches the schema`, ajv.errorsText(v.errors).slice(0, 400));
    // the reinforcements' answer holds what it was chosen for: the schema is met by a real wave
    if (target.includes("seed=5898838"))
      check(/"arrives_round":3/.test(buf.toString("utf8")) && /"reinforcements":\{"round":3/.test(buf.toString("utf8")),
            `${what} holds a wave of reinforcements`);
  } else if (ctype === "application/zip") {
    check(buf.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 3, 4])), `${what} body is a zip`);
  } else if (ctype === "image/png") {
    check(buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
          `${what} body is a PNG`);
  }
  const etag = res.headers.get("etag");
  if (etag && method === "GET") etags.set(target, etag);
}

// 304 is documented and answered for a known ETag
{
  const etag = etags.get("/dungeon.json?seed=7");
  const res = await fetch(base + "/dungeon.json?seed=7", { headers: { "if-none-match": etag || '"none"' } });
  check(res.status === 304, "If-None-Match with the ETag -> 304", String(res.status));
  check("304" in api.paths["/dungeon.json"].get.responses, "304 is documented");
}

// the vocabulary: openapi.yaml and the README say what GET /options says
await checkVocabulary(api, base, root, check);

child.kill("SIGTERM");
const code = await new Promise((r) => child.on("exit", (c) => r(c)));
check(code === 0, "daemon exits 0 on SIGTERM", String(code));
rmSync(dir, { recursive: true, force: true });
console.log(`openapi: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
