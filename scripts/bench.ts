/**
 * `npm run bench`: loopback load tests of the production server with autocannon.
 *
 *   1. A prerendered page (/pricing, brotli): our server vs a bare node:http
 *      server answering the same bytes from memory (the one-process ceiling),
 *      vs nginx serving the same build (when installed), and our server on
 *      every core (WEB_CONCURRENCY = cores, node:cluster).
 *   2. POST /api/inquiries with valid bodies and RATE_LIMIT_DISABLED=true, on
 *      SQLite (and PostgreSQL when DATABASE_URL is set); rows counted after.
 *   3. The server's resident memory before and after.
 *
 * Each case gets a warm-up, then BENCH_DURATION seconds (10) of load. Prints a
 * table and writes reports/bench.md with the machine it ran on.
 *
 * Connections: 10, autocannon's own default, for every case (BENCH_CONNECTIONS
 * overrides). The issue fixes no count, and the count decides the latency:
 * by Little's law a closed loop of N connections at R requests/s has a mean
 * latency of N / R, so 50 connections at 1,500 inquiries/s mean 33 ms each,
 * and a p99 of 25 ms cannot be met at any speed. 10 connections still keep
 * one server process saturated (case 1 shows it against node:http and nginx).
 *
 * The server runs with the Node flags of package.json's "serve" script, so
 * what is measured is what `npm run serve` starts.
 *
 * Flags: --no-build (reuse build/), --quick (3 s per case, for a smoke run).
 * Env: BENCH_PORT (first of 5 consecutive ports, default 4101), BENCH_CONNECTIONS (10),
 * BENCH_CASES (which cases to run, e.g. "2,3"; default all: 1,2,3,4; a partial run
 * prints its table but leaves reports/bench.md alone).
 */
import { formatMixedLoad, runMixedLoad } from "./bench/mixed-load";
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sql } from "kysely";
import { openDatabase } from "../server/db/database.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const DURATION = Number(process.env.BENCH_DURATION ?? (quick ? 3 : 10));
const WARMUP = quick ? 1 : 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CASES = new Set((process.env.BENCH_CASES ?? "1,2,3,4").split(",").map((c) => c.trim()));
const fullRun = ["1", "2", "3", "4"].every((c) => CASES.has(c));
const PORT = Number(process.env.BENCH_PORT ?? 4101);
const ports = { ours: PORT, node: PORT + 1, nginx: PORT + 2, cluster: PORT + 3, api: PORT + 4 };
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-bench-"));
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const PAGE = "/pricing";
const children = new Set<ChildProcess>();

type Row = { case: string; target: string; rps?: number; p50?: number; p99?: number; errors?: number; note?: string };
const rows: Row[] = [];
const notes: string[] = [];

function log(msg: string) {
  process.stderr.write(`bench: ${msg}\n`);
}

function start(cmd: string, argv: string[], env: Record<string, string>, name: string) {
  const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (code && code !== 0) log(`${name} exited with ${code ?? signal}: ${stderr.trim()}`);
  });
  children.add(child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
  await exited;
  clearTimeout(timer);
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`);
}

/**
 * The Node flags `npm run serve` gives the server (e.g. the young-generation
 * size), read from package.json so the bench cannot drift from production.
 */
function serveNodeFlags(serveScript: string): string[] {
  const m = /\bnode\s+(.*?)\s*build\/node\/index\.js/.exec(serveScript);
  if (!m) throw new Error(`package.json "serve" does not run build/node/index.js with node: ${serveScript}`);
  return m[1]!.split(/\s+/).filter(Boolean);
}
const NODE_FLAGS = serveNodeFlags(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.serve as string);

/** Our production server as a direct child (so its pid is the server's, for RSS). */
function startOurs(port: number, extraEnv: Record<string, string> = {}) {
  return start(
    process.execPath,
    [...NODE_FLAGS, "build/node/index.js"],
    {
      NODE_ENV: "production",
      PAYMENTS_PROVIDER: "sandbox",
      HOST: "127.0.0.1",
      PORT: String(port),
      // Production logs every request at info; the logs go to /dev/null here, but are still written.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      BUILD_DIR: buildDir,
      DATABASE_PATH: path.join(tmp, `bench-${port}.db`),
      DATABASE_URL: "",
      ...extraEnv,
    },
    `server:${port}`,
  );
}

function rssMb(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS") {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

async function load(opts: autocannon.Options) {
  const base = { connections: CONNECTIONS, pipelining: 1, ...opts };
  await autocannon({ ...base, duration: WARMUP });
  return autocannon({ ...base, duration: DURATION });
}

function record(kase: string, target: string, r: autocannon.Result, note?: string) {
  const non2xx = r.non2xx + r.errors + r.timeouts;
  rows.push({ case: kase, target, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: non2xx, note });
  log(`${kase} ${target}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx/errors ${non2xx}`);
}

const pageHeaders = { "accept-encoding": "br, gzip" };

async function case1() {
  const url = (port: number) => `http://127.0.0.1:${port}${PAGE}`;

  // Our server, one process.
  const ours = startOurs(ports.ours);
  await waitFor(`http://127.0.0.1:${ports.ours}/healthz`);
  const rssBefore = rssMb(ours.pid!);
  const res = await fetch(url(ports.ours), { headers: pageHeaders });
  const encoding = res.headers.get("content-encoding");
  const bytes = (await res.arrayBuffer()).byteLength;
  notes.push(`${PAGE} answered with Content-Encoding ${encoding}, ${bytes} bytes of body.`);
  record("1 page", "our server (1 process)", await load({ url: url(ports.ours), headers: pageHeaders }));
  const ourRps = rows.at(-1)!.rps!;

  // The ceiling: the same bytes and headers from memory, nothing else.
  const headerList = [...res.headers].filter(([k]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(k));
  const body = fs.readFileSync(path.join(clientDir, `${PAGE.slice(1)}/index.html.br`));
  const nodeScript = path.join(tmp, "node-http.mjs");
  fs.writeFileSync(
    nodeScript,
    `import http from "node:http";
const body = Buffer.from(${JSON.stringify(body.toString("base64"))}, "base64");
const headers = ${JSON.stringify(Object.fromEntries(headerList))};
headers["content-length"] = String(body.length);
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(${ports.node}, "127.0.0.1");`,
  );
  const bare = start(process.execPath, [nodeScript], {}, "node:http");
  await waitFor(url(ports.node));
  record("1 page", "bare node:http, same bytes", await load({ url: url(ports.node), headers: pageHeaders }));
  const nodeRps = rows.at(-1)!.rps!;
  rows.at(-2)!.note = `${(ourRps / nodeRps).toFixed(2)}× node:http (target ≥ 0.80)`;
  await stop(bare);

  // Our server on every core.
  const cores = os.availableParallelism();
  await stop(ours);
  const cluster = startOurs(ports.cluster, { WEB_CONCURRENCY: String(cores) });
  await waitFor(`http://127.0.0.1:${ports.cluster}/healthz`);
  record("1 page", `our server (WEB_CONCURRENCY=${cores})`, await load({ url: url(ports.cluster), headers: pageHeaders }));
  const clusterRps = rows.at(-1)!.rps!;
  await stop(cluster);

  // nginx on the same build, every core.
  if (fs.existsSync(NGINX)) {
    const V = spawnText(NGINX, ["-V"]);
    const version = /nginx version: (\S+)/.exec(V)?.[1] ?? "nginx";
    const hasBrotli = /brotli/.test(V);
    const prefix = path.join(tmp, "nginx");
    fs.mkdirSync(prefix, { recursive: true });
    fs.writeFileSync(
      path.join(prefix, "nginx.conf"),
      `worker_processes ${cores};
daemon off;
master_process on;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  types { text/html html; text/css css; text/javascript js; application/json json; image/svg+xml svg; image/png png; font/woff2 woff2; application/xml xml; text/plain txt; }
  default_type application/octet-stream;
  # One buffered log line per request, as our server writes one.
  access_log ${prefix}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  gzip off;
  gzip_static on;
  ${hasBrotli ? "brotli_static on;" : "# this nginx has no brotli module: it serves the .gz files"}
  server {
    listen 127.0.0.1:${ports.nginx};
    root ${clientDir};
    location / { try_files $uri $uri/index.html =404; etag on; }
  }
}
`,
    );
    notes.push(`${version}, ${cores} workers, ${hasBrotli ? "brotli_static" : "no brotli module, so gzip_static (the .gz files, a little larger than .br)"}, access log buffered.`);
    const nginx = start(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")], {}, "nginx");
    await waitFor(url(ports.nginx));
    record("1 page", `nginx ${cores} workers (same build)`, await load({ url: url(ports.nginx), headers: pageHeaders }));
    const nginxRps = rows.at(-1)!.rps!;
    rows.at(-2)!.note = `${(clusterRps / nginxRps).toFixed(2)}× nginx (target ≥ 0.70)`;
    await stop(nginx);
  } else {
    rows.push({ case: "1 page", target: "nginx", note: `skipped: ${NGINX} not installed` });
  }
  return rssBefore;
}

/** stdout and stderr of a command (nginx prints -v/-V on stderr). */
function spawnText(cmd: string, argv: string[]) {
  const r = spawnSync(cmd, argv, { encoding: "utf8" });
  return `${r.stdout ?? ""}${r.stderr ?? ""}`;
}

/** A valid inquiry, as the contact form sends it. */
export function inquiryBody(i = 0) {
  return JSON.stringify({
    firstName: "Bench",
    lastName: `Visitor ${i}`,
    email: `bench${i}@example.com`,
    phone: "(604) 555-0100",
    company: "Benchmark Co",
    projectType: "basic",
    budget: "",
    timeline: "",
    message: "A load test of the inquiry endpoint. Please ignore.",
    // As the browser form sends it: a filled-in form, empty honeypot.
    elapsedMs: 8000,
    botcheck: "",
  });
}

async function countRows(options: Parameters<typeof openDatabase>[0]) {
  const database = openDatabase(options);
  try {
    const r = await sql<{ n: number | string }>`select count(*) as n from inquiries`.execute(database.db);
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

async function case2(kind: "sqlite" | "postgres") {
  const label = kind === "sqlite" ? "2 inquiries (SQLite)" : "2 inquiries (PostgreSQL)";
  const dbPath = path.join(tmp, `inquiries-${kind}.db`);
  const env: Record<string, string> = { RATE_LIMIT_DISABLED: "true", DATABASE_PATH: dbPath, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info" };
  if (kind === "postgres") env.DATABASE_URL = process.env.DATABASE_URL!;
  const server = startOurs(ports.api, env);
  try {
    const base = `http://127.0.0.1:${ports.api}`;
    await waitFor(`${base}/healthz`);
    const probe = await fetch(`${base}/api/inquiries`, { method: "POST", headers: { "content-type": "application/json" }, body: inquiryBody() });
    const probeText = await probe.text();
    if (probe.status === 404) {
      rows.push({ case: label, target: "POST /api/inquiries", note: "skipped: endpoint not present yet" });
      return;
    }
    if (!probe.ok) {
      rows.push({ case: label, target: "POST /api/inquiries", note: `skipped: a valid body answered ${probe.status} ${probeText.slice(0, 120)}` });
      return;
    }
    const dbOptions = kind === "sqlite" ? ({ kind, path: dbPath } as const) : ({ kind, url: process.env.DATABASE_URL! } as const);
    const before = await countRows(dbOptions);
    let sent = 0;
    let ok = 0;
    const opts = {
      url: `${base}/api/inquiries`,
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      // A distinct body per request, so nothing can be deduplicated away.
      requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: inquiryBody(++sent) }) }],
    };
    const tally = (r: autocannon.Result) => r["2xx"];
    ok += tally(await autocannon({ ...opts, connections: CONNECTIONS, duration: WARMUP }));
    const result = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
    ok += tally(result);
    await new Promise((r) => setTimeout(r, 500));
    const after = await countRows(dbOptions);
    const stored = after - before;
    // autocannon stops its clock with requests still in flight; the server
    // completes and stores those too, so no loss means stored >= answered 2xx
    // (and never more than were sent).
    const extra = stored - ok;
    const verdict =
      stored < ok ? `${ok - stored} LOST` : stored > sent ? `${stored - sent} rows more than sent!` : extra > 0 ? `no lost row (${extra} more finished after autocannon stopped counting)` : "no lost row";
    record(label, "POST /api/inquiries", result, `${stored} rows stored for ${ok} answered 2xx: ${verdict}`);
  } finally {
    await stop(server);
  }
}

function machine() {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return {
    cpu,
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os.loadavg().map((n) => n.toFixed(1)).join(" / "),
  };
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? "" : n.toLocaleString("en-CA", { maximumFractionDigits: digits, minimumFractionDigits: digits }));

function table() {
  const head = "| Case | Target | req/s | p50 ms | p99 ms | non-2xx/errors | Note |";
  const sep = "|---|---|--:|--:|--:|--:|---|";
  return [head, sep, ...rows.map((r) => `| ${r.case} | ${r.target} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors ?? ""} | ${r.note ?? ""} |`)].join("\n");
}

async function main() {
  if (!args.has("--no-build")) {
    log("building (pass --no-build to reuse build/)");
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  }
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) throw new Error(`no build in ${buildDir}; run npm run build`);

  const rssStart = CASES.has("1") ? await case1() : undefined;
  if (CASES.has("2")) {
    await case2("sqlite");
    if (process.env.DATABASE_URL) await case2("postgres");
    else rows.push({ case: "2 inquiries (PostgreSQL)", target: "POST /api/inquiries", note: "skipped: DATABASE_URL not set" });
  }
  if (CASES.has("3")) await case3(rssStart);
  let mixedText = "";
  if (CASES.has("4")) {
    // Case 4 (issue 9): 30 s of mixed traffic, nothing lost, no memory growth.
    log("case 4: 30 s mixed load (pages, inquiries, payments)");
    const mixed = await runMixedLoad();
    mixedText = formatMixedLoad(mixed);
    console.log(mixedText);
    if (!mixed.ok) process.exitCode = 1;
  }

  const m = machine();
  const out = table();
  console.log(`\n${out}\n`);
  for (const n of notes) console.log(`- ${n}`);
  console.log(`- load average at the end ${m.load}`);
  if (!fullRun) {
    log(`BENCH_CASES=${[...CASES].join(",")}: a partial run, reports/bench.md left as it is`);
    return;
  }
  writeReport(m, out, mixedText);
}

// Case 3: one process through a page load and an inquiry load, resident memory before and after.
async function case3(rssStart: number | undefined) {
  const server = startOurs(ports.ours, { RATE_LIMIT_DISABLED: "true" });
  await waitFor(`http://127.0.0.1:${ports.ours}/healthz`);
  const before = rssMb(server.pid!);
  await autocannon({ url: `http://127.0.0.1:${ports.ours}${PAGE}`, headers: pageHeaders, connections: CONNECTIONS, duration: DURATION });
  await autocannon({
    url: `http://127.0.0.1:${ports.ours}/api/inquiries`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: inquiryBody(),
    connections: CONNECTIONS,
    duration: Math.min(DURATION, 5),
  });
  const after = rssMb(server.pid!);
  const peak = rssMb(server.pid!, "VmHWM");
  await stop(server);
  rows.push({
    case: "3 memory",
    target: "our server RSS",
    note: `${before.toFixed(0)} MB idle → ${after.toFixed(0)} MB after ${DURATION + Math.min(DURATION, 5)} s of load, peak ${peak.toFixed(0)} MB (target ≤ 150 MB${rssStart === undefined ? "" : `; ${rssStart.toFixed(0)} MB idle in case 1`})`,
  });
}

function writeReport(m: ReturnType<typeof machine>, out: string, mixedText: string) {
  const md = `# Server benchmark

\`npm run bench\` (scripts/bench.ts), run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.
autocannon on loopback, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s per case; the load generator shares the machine.

Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, ${m.os}, Node ${m.node}; load average at the end ${m.load} (other work shares these cores, so absolute figures and ratios move between runs).
The server runs as \`node ${NODE_FLAGS.join(" ")} build/node/index.js\` (the compiled server), as \`npm run serve\` starts it.
${CONNECTIONS === 10 ? "10 connections, autocannon's default, for every case: by Little's law 50 connections at 1,500 requests/s would mean 33 ms of mean latency, whatever the server." : ""}

${out}

${notes.map((n) => `- ${n}`).join("\n")}

## Case 4: mixed load (scripts/bench/mixed-load.ts)

${mixedText}

- Targets: case 1 ≥ 0.8× node:http and, on every core, ≥ 0.7× nginx; case 2 ≥ 1,500 req/s, p99 ≤ 25 ms on SQLite, no lost row; RSS ≤ 150 MB after the run.
`;
  fs.mkdirSync(path.join(root, "reports"), { recursive: true });
  fs.writeFileSync(path.join(root, "reports/bench.md"), md);
  log("wrote reports/bench.md");
}

async function cleanup() {
  await Promise.all([...children].map(stop));
  fs.rmSync(tmp, { recursive: true, force: true });
}

process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
main()
  .then(cleanup)
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
