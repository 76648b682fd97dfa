// config_check.mjs -- checks deploy/'s files. deploy/nginx.conf's limits
// against dungeond's own defaults (dungeond --check-config), so the two
// cannot drift apart; then the Kubernetes stack as `kubectl apply -k deploy/`
// would send it: every object of deploy/kustomization.yaml (and the
// nginx-config ConfigMap it generates from deploy/nginx.conf) against the
// Kubernetes API schemas (kubernetes-models), then what a schema cannot
// see: names and labels that must meet, probes on /healthz, resources on
// every container, grace periods longer than the drain, and the dungeond
// ConfigMap's variables accepted by `dungeond --check-config` itself.
// Negative controls prove both checks can fail. Ends "N passed, N failed".
//
// usage: node tests/deploy/config_check.mjs BUILD_DIR/dungeond
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const deploy = path.join(root, "deploy");
const daemon = process.argv[2];
if (!daemon || !fs.existsSync(daemon)) {
  console.error("usage: node config_check.mjs PATH/TO/dungeond (built)");
  process.exit(2);
}

let passed = 0;
let failed = 0;
function check(what, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok:  " : "FAIL:"} ${what}${!ok && detail ? `\n      ${detail}` : ""}`);
}

function readYaml(file) {
  const docs = parseAllDocuments(fs.readFileSync(file, "utf8"));
  for (const d of docs) if (d.errors.length) throw new Error(`${file}: ${d.errors[0].message}`);
  return docs.map((d) => d.toJS()).filter((o) => o !== null);
}

// The model class for apiVersion + kind: kubernetes-models/<group>/<version>/<Kind>
// ("v1" is the core group). Validation throws with the schema's words.
async function schemaErrors(obj) {
  let mod;
  try {
    mod = await import(`kubernetes-models/${obj.apiVersion}/${obj.kind}`);
  } catch {
    return `no schema for ${obj.apiVersion} ${obj.kind}`;
  }
  try {
    new mod[obj.kind](obj).validate();
    return "";
  } catch (e) {
    return e.message;
  }
}

// --- nginx.conf's limits are dungeond's -------------------------------------
// dungeond's built-in defaults, as it prints them
const defaults = Object.fromEntries(
  (spawnSync(daemon, ["--check-config"], { env: { PATH: process.env.PATH }, encoding: "utf8" }).stdout ?? "")
    .split("\n").map((l) => l.split(" = ")).filter((kv) => kv.length === 2));
const nginxConf = fs.readFileSync(path.join(deploy, "nginx.conf"), "utf8");
// the value of an nginx directive (its first occurrence), sizes and times as numbers
function directive(name) {
  const m = new RegExp(`^\\s*${name}\\s+([^;]+);`, "m").exec(nginxConf);
  return m ? m[1].trim() : "";
}
const num = (v) => {
  const m = /^(\d+)([kms]?)$/i.exec(v);
  return m ? Number(m[1]) * ({ k: 1024, m: 1048576 }[m[2].toLowerCase()] ?? 1) : NaN;
};
const nginxSame = [
  ["client_max_body_size", directive("client_max_body_size"), "body_limit"],
  ["client_header_timeout", directive("client_header_timeout"), "header_timeout"],
  ["limit_conn", directive("limit_conn").split(/\s+/)[1] ?? "", "per_ip_connections"],
  ["proxy_read_timeout", directive("proxy_read_timeout"), "timeout"],
];
for (const [name, value, key] of nginxSame) {
  check(`nginx.conf ${name} ${value} is dungeond's ${key} (${defaults[key]})`, num(value) === Number(defaults[key]));
}
const upstreamIdle = /upstream dungeond \{[^}]*keepalive_timeout\s+(\d+)s;/.exec(nginxConf)?.[1];
check(`nginx.conf closes idle instance connections (${upstreamIdle} s) before dungeond's timeout (${defaults.timeout} s) does`,
  Number(upstreamIdle) < Number(defaults.timeout));

// --- the objects kustomize would apply --------------------------------------
const kust = readYaml(path.join(deploy, "kustomization.yaml"))[0];
const objects = [];
for (const r of kust.resources) {
  const file = path.join(deploy, r);
  check(`kustomization resource ${r} exists`, fs.existsSync(file));
  if (fs.existsSync(file)) for (const o of readYaml(file)) objects.push({ file: r, o });
}
const listed = new Set(kust.resources.map((r) => path.normalize(r)));
for (const f of fs.readdirSync(path.join(deploy, "k8s")).filter((f) => f.endsWith(".yaml"))) {
  check(`k8s/${f} is applied by the kustomization`, listed.has(path.join("k8s", f)));
}
for (const g of kust.configMapGenerator ?? []) {
  const data = {};
  for (const f of g.files) {
    const file = path.join(deploy, f);
    check(`configMapGenerator ${g.name}: ${f} exists`, fs.existsSync(file));
    if (fs.existsSync(file)) data[path.basename(f)] = fs.readFileSync(file, "utf8");
  }
  objects.push({ file: `configMapGenerator ${g.name}`, o: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: g.name }, data } });
}

for (const { file, o } of objects) {
  const err = await schemaErrors(o);
  check(`schema: ${o.kind} ${o.metadata?.name} (${file})`, err === "", err);
}

// --- what the schemas cannot see ----------------------------------------------
const byKind = (k) => objects.map((x) => x.o).filter((o) => o.kind === k);
const find = (k, name) => byKind(k).find((o) => o.metadata.name === name);
const matches = (selector, labels) =>
  Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v) && Object.keys(selector ?? {}).length > 0;

const deployments = byKind("Deployment");
for (const d of deployments) {
  const name = d.metadata.name;
  const pod = d.spec.template;
  check(`${name}: selector matches its pods' labels`, matches(d.spec.selector.matchLabels, pod.metadata.labels));
  for (const c of pod.spec.containers) {
    const r = c.resources ?? {};
    check(`${name}/${c.name}: cpu and memory requests and limits`,
      ["requests", "limits"].every((k) => r[k]?.cpu && r[k]?.memory));
    check(`${name}/${c.name}: readiness and liveness probes`, Boolean(c.readinessProbe && c.livenessProbe));
    for (const ref of c.envFrom ?? []) {
      if (ref.configMapRef) check(`${name}/${c.name}: ConfigMap ${ref.configMapRef.name} exists`,
        Boolean(find("ConfigMap", ref.configMapRef.name)));
    }
  }
  for (const v of pod.spec.volumes ?? []) {
    if (v.configMap) check(`${name}: volume's ConfigMap ${v.configMap.name} exists`, Boolean(find("ConfigMap", v.configMap.name)));
  }
}
for (const s of byKind("Service")) {
  const target = deployments.find((d) => matches(s.spec.selector, d.spec.template.metadata.labels));
  check(`Service ${s.metadata.name} selects a Deployment's pods`, Boolean(target));
  if (!target) continue;
  const ports = target.spec.template.spec.containers.flatMap((c) => c.ports ?? []);
  for (const p of s.spec.ports) {
    check(`Service ${s.metadata.name}: targetPort ${p.targetPort} is a container port`,
      ports.some((cp) => cp.name === p.targetPort || cp.containerPort === p.targetPort));
  }
}
for (const h of byKind("HorizontalPodAutoscaler")) {
  const t = h.spec.scaleTargetRef;
  check(`HPA ${h.metadata.name} scales an existing ${t.kind} ${t.name}`, Boolean(find(t.kind, t.name)));
  check(`HPA ${h.metadata.name} scales on CPU`, h.spec.metrics.some((m) => m.resource?.name === "cpu"));
  const d = find(t.kind, t.name);
  check(`HPA ${h.metadata.name}: the pods request CPU (utilization is of the request)`,
    Boolean(d?.spec.template.spec.containers.every((c) => c.resources?.requests?.cpu)));
}
for (const p of byKind("PodDisruptionBudget")) {
  check(`PDB ${p.metadata.name} covers a Deployment's pods`,
    deployments.some((d) => matches(p.spec.selector.matchLabels, d.spec.template.metadata.labels)));
}

// dungeond: /healthz probes, the drain inside the grace period, its settings
const dg = find("Deployment", "dungeond");
const dgc = dg?.spec.template.spec.containers.find((c) => c.name === "dungeond");
check("dungeond: readiness and liveness on GET /healthz",
  dgc?.readinessProbe?.httpGet?.path === "/healthz" && dgc?.livenessProbe?.httpGet?.path === "/healthz");
const settings = find("ConfigMap", "dungeond-config")?.data ?? {};
const preStop = Number(dgc?.lifecycle?.preStop?.exec?.command?.at(-1) ?? 0);
const drain = Number(settings.DUNGEOND_SHUTDOWN_TIMEOUT ?? 30);
check(`dungeond: preStop (${preStop} s) + drain (${drain} s) fit in terminationGracePeriodSeconds (${dg?.spec.template.spec.terminationGracePeriodSeconds})`,
  preStop + drain < (dg?.spec.template.spec.terminationGracePeriodSeconds ?? 30));

// the variables as the image sees them: its config file, then these
function checkConfig(env) {
  const r = spawnSync(daemon, ["--check-config"], {
    env: { PATH: process.env.PATH, DUNGEOND_CONFIG: path.join(root, "config/dungeond.conf"), ...env },
    encoding: "utf8",
  });
  return r;
}
const good = checkConfig(settings);
check("dungeond --check-config accepts the ConfigMap's variables", good.status === 0, (good.stderr || "").trim());
// each variable is a key the daemon knows, and its value is the one in effect
// (sizes as --check-config prints them: 32M is 33554432)
const asPrinted = (v) => {
  const m = /^(\d+)([KMG])$/i.exec(v);
  return m ? String(BigInt(m[1]) << BigInt({ k: 10, m: 20, g: 30 }[m[2].toLowerCase()])) : v;
};
for (const [k, v] of Object.entries(settings)) {
  const key = k.replace(/^DUNGEOND_/, "").toLowerCase();
  const line = `${key} = ${asPrinted(v)}`;
  check(`${k}=${v}: dungeond runs with ${line}`, (good.stdout ?? "").split("\n").includes(line),
    "--check-config says otherwise");
}

// nginx: the generated ConfigMap holds what nginx.conf includes, where the
// container reads it
const ng = find("Deployment", "dungeond-nginx");
const ngc = ng?.spec.template.spec.containers[0];
const cfgArg = ngc?.args?.[ngc.args.indexOf("-c") + 1] ?? "";
const mount = ngc?.volumeMounts?.find((m) => cfgArg.startsWith(m.mountPath + "/"));
const vol = ng?.spec.template.spec.volumes.find((v) => v.name === mount?.name);
const ngcm = find("ConfigMap", vol?.configMap?.name ?? "");
check(`nginx: -c ${cfgArg} is the ConfigMap's nginx.conf`, Boolean(ngcm?.data?.[path.basename(cfgArg)]));
const includes = [...(ngcm?.data?.["nginx.conf"] ?? "").matchAll(/^\s*include\s+([^;]+);/gm)].map((m) => m[1]);
check(`nginx: what nginx.conf includes (${includes.join(", ")}) is in the ConfigMap`,
  includes.length > 0 && includes.every((f) => ngcm?.data?.[f] !== undefined));

// --- negative controls: both checks do refuse -----------------------------------
const broken = structuredClone(dg);
broken.spec.replicas = "two";
check("control: a Deployment with replicas: \"two\" fails the schema", (await schemaErrors(broken)) !== "");
const noPort = structuredClone(dg);
delete noPort.spec.template.spec.containers[0].readinessProbe.httpGet.port;
check("control: an httpGet probe without a port fails the schema", (await schemaErrors(noPort)) !== "");
const bad = checkConfig({ ...settings, DUNGEOND_WORKERS: "999" });
check("control: DUNGEOND_WORKERS=999 fails dungeond --check-config", bad.status !== 0 && /workers/.test(bad.stderr));

// --- Compose: the files it mounts exist ----------------------------------------
const compose = readYaml(path.join(deploy, "compose.yaml"))[0];
check("compose: services dungeond and nginx", Boolean(compose?.services?.dungeond && compose?.services?.nginx));
for (const v of compose?.services?.nginx?.volumes ?? []) {
  const src = typeof v === "string" ? v.split(":")[0] : v.source;
  if (src?.startsWith(".")) check(`compose: nginx mounts ${src}, which exists`, fs.existsSync(path.join(deploy, src)));
}

console.log(`deploy config: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
