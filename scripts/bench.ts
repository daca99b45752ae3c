/**
 * `npm run bench`: loopback load tests of the production server with wrk,
 * every ratio taken in one run against nginx on the same build.
 *
 * The six cases, by name for BENCH_CASES (numbered in the report):
 *
 *   1. serving: wrk's own ceiling (nginx answering `return 200` from memory, no log),
 *      then nginx (2 workers, access log on and buffered, gzip_static) and our
 *      server in its default production configuration (one process per core,
 *      access log on, to a file) on the same three requests: a prerendered
 *      page, a hashed asset, a 304 revalidation of the page. Then Node's own
 *      ceiling for the page and the 304: a bare node:http responder (same
 *      process count) answering the same bytes with the same headers, no log,
 *      so a gap to nginx is split into Node's share and ours. Last, the page's
 *      p99 in BENCH_TAIL_ROUNDS (3) rounds taking the three in turn; the tail
 *      goal compares medians.
 *   2. inquiries: POST /api/inquiries with distinct valid bodies and RATE_LIMIT_DISABLED,
 *      on SQLite and on PostgreSQL (`npm run bench` runs under
 *      scripts/with-postgres.ts, which starts a throwaway cluster); the rows
 *      are counted after, so a lost lead shows.
 *   3. memory: resident memory of every process of the default configuration after a
 *      page load and an inquiry load.
 *   4. mixed: 30 s of mixed traffic, nothing lost, no heap growth (scripts/bench/mixed-load.ts).
 *   5. beacons: POST /api/event (analytics page views) on one process, SQLite and PostgreSQL,
 *      rows counted after (scripts/bench/beacons.ts).
 *   6. booking: 1,000 contested booking requests through the booking service on SQLite and
 *      PostgreSQL, then the 14-day slot listing and the /book render (scripts/bench/booking.ts).
 *   7. render: the pages rendered per request that issue 43 names (/book, a client's quote
 *      page; the portal once it exists), median render time in process (scripts/bench/render.ts).
 *
 * Case 3 also measures the memory part by part (scripts/bench/memory-breakdown.ts): Node
 * alone, bare node:http, the metrics registry, the static site, our server's V8 spaces.
 *
 * Each load gets a warm-up, then BENCH_DURATION seconds (10). Prints a table
 * and writes reports/bench.md with the machine, the generator and its ceiling,
 * and each goal met or not.
 *
 * Connections: 10 (BENCH_CONNECTIONS), on BENCH_THREADS wrk threads (2): in a
 * closed loop the mean latency is connections ÷ throughput (Little's law), so
 * the count decides the latency goals; 10 keeps two cores saturated.
 *
 * Flags: --no-build (reuse build/), --quick (3 s per load, for a smoke run).
 * Env: BENCH_PORT (first of 5 consecutive ports, default 4101), BENCH_CASES
 * (a subset, e.g. "inquiries,memory" or "2,3"; a partial run prints its table but leaves
 * reports/bench.md alone), BENCH_DURATION, WRK_PATH, NGINX_PATH.
 */
// First: the in-process renders use React's production build, as the server does.
import "./bench/production-react";

import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";

import { openDatabase } from "../server/db/database.server";
import { configuredBuildDir } from "../server/paths";
import { runBeacons } from "./bench/beacons";
import { runBookingBench } from "./bench/booking";
import { memoryBreakdown } from "./bench/memory-breakdown";
import { formatMixedLoad, runMixedLoad } from "./bench/mixed-load";
import { RENDER_GOAL_MS, runRenderBench } from "./bench/render";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const DURATION = Number(process.env.BENCH_DURATION ?? (quick ? 3 : 10));
const WARMUP = quick ? 1 : 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const THREADS = Math.min(CONNECTIONS, Number(process.env.BENCH_THREADS ?? 2));
/** The seven measurements by name; BENCH_CASES takes names or the report's numbers (e.g. "inquiries,memory" or "2,3"). */
const caseNames = ["serving", "inquiries", "memory", "mixed", "beacons", "booking", "render"] as const;
type CaseName = (typeof caseNames)[number];
const CASES = new Set(
  (process.env.BENCH_CASES ?? caseNames.join(",")).split(",").map((c) => {
    const name = /^\d$/.test(c.trim()) ? caseNames[Number(c.trim()) - 1] : c.trim();
    if (!caseNames.includes(name as CaseName))
      throw new Error(
        `BENCH_CASES: unknown case "${c}" (one of ${caseNames.join(", ")} or 1-${caseNames.length})`,
      );
    return name as CaseName;
  }),
);
const fullRun = caseNames.every((c) => CASES.has(c));
const PORT = Number(process.env.BENCH_PORT ?? 4101);
const ports = { ceiling: PORT, nginx: PORT + 1, ours: PORT + 2, api: PORT + 3, mixed: PORT + 4 };
const buildDir = path.resolve(root, configuredBuildDir());
const clientDir = path.join(buildDir, "client");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-bench-"));
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const WRK = process.env.WRK_PATH ?? "wrk";
const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const PAGE = "/pricing";
// Both servers answer the same precompressed bytes: Debian's nginx has no brotli module.
const ENCODING = { "Accept-Encoding": "gzip" };
const children = new Set<ChildProcess>();

type Row = {
  case: string;
  target: string;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: number;
  note?: string;
};
const rows: Row[] = [];
type Goal = { goal: string; measured: string; met: boolean; cause?: string };
const goals: Goal[] = [];
const notes: string[] = [];

function log(msg: string) {
  process.stderr.write(`bench: ${msg}\n`);
}

function requireTools() {
  const wrk = spawnSync(WRK, ["-v"], { encoding: "utf8" });
  if (wrk.error) {
    console.error(
      `npm run bench needs wrk, the load generator (not found: ${WRK}).\nInstall it: sudo apt-get install wrk   (or run scripts/system-deps.sh)`,
    );
    process.exit(1);
  }
  if (!fs.existsSync(NGINX)) {
    console.error(
      `npm run bench compares against nginx (not found: ${NGINX}).\nInstall it: sudo apt-get install nginx   (or run scripts/system-deps.sh)`,
    );
    process.exit(1);
  }
  return /wrk\s+(\S+)/.exec(`${wrk.stdout}${wrk.stderr}`)?.[1] ?? "wrk";
}

function start(
  cmd: string,
  argv: string[],
  env: Record<string, string>,
  name: string,
  stdout: "ignore" | number = "ignore",
) {
  const child = spawn(cmd, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", stdout, "pipe"],
  });
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
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
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
const NODE_FLAGS = serveNodeFlags(
  JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.serve as string,
);

/**
 * Our production server as `npm run serve` starts it: NODE_ENV=production,
 * WEB_CONCURRENCY unset (one process per core), the default log level, its
 * log lines written to a file as a service manager would keep them.
 */
function startOurs(port: number, extraEnv: Record<string, string> = {}) {
  const logFile = fs.openSync(path.join(tmp, `server-${port}.log`), "a");
  const child = start(
    process.execPath,
    [...NODE_FLAGS, "build/node/index.js"],
    {
      NODE_ENV: "production",
      PAYMENTS_PROVIDER: "sandbox",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: "",
      BUILD_DIR: buildDir,
      DATABASE_PATH: path.join(tmp, `bench-${port}.db`),
      DATABASE_URL: "",
      ...extraEnv,
    },
    `server:${port}`,
    logFile,
  );
  fs.closeSync(logFile);
  return child;
}

/** The primary and its workers (node:cluster forks them as direct children). */
function processTree(pid: number): number[] {
  try {
    const kids = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...kids];
  } catch {
    return [pid];
  }
}

function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

type WrkResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  statusErrors: number;
  socketErrors: number;
};

/** wrk prints its figures from this Lua hook as one JSON line (latencies in µs). */
const DONE_LUA = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration":%d,"status":%d,"socket":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;

function writeLua(name: string, body: string) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, `${body}\n${DONE_LUA}`);
  return file;
}

function wrkOnce(
  url: string,
  seconds: number,
  opts: { headers?: Record<string, string>; script?: string },
): WrkResult {
  const argv = [
    "-t",
    String(THREADS),
    "-c",
    String(CONNECTIONS),
    "-d",
    `${seconds}s`,
    "--timeout",
    "5s",
    "-s",
    opts.script ?? writeLua("get.lua", ""),
  ];
  for (const [k, v] of Object.entries(opts.headers ?? {})) argv.push("-H", `${k}: ${v}`);
  argv.push(url);
  const r = spawnSync(WRK, argv, { encoding: "utf8" });
  const line = /WRK_JSON (.*)/.exec(r.stdout ?? "")?.[1];
  if (!line) throw new Error(`wrk gave no result for ${url}: ${r.stdout}${r.stderr}`);
  const j = JSON.parse(line) as {
    requests: number;
    duration: number;
    status: number;
    socket: number;
    p50: number;
    p99: number;
    max: number;
  };
  return {
    requests: j.requests,
    rps: j.requests / (j.duration / 1e6),
    p50: j.p50 / 1000,
    p99: j.p99 / 1000,
    max: j.max / 1000,
    statusErrors: j.status,
    socketErrors: j.socket,
  };
}

/** A warm-up, then the measured load. */
function load(url: string, opts: { headers?: Record<string, string>; script?: string } = {}) {
  const warm = wrkOnce(url, WARMUP, opts);
  return { warm, result: wrkOnce(url, DURATION, opts) };
}

function record(kase: string, target: string, r: WrkResult, note?: string) {
  const errors = r.statusErrors + r.socketErrors;
  rows.push({ case: kase, target, rps: r.rps, p50: r.p50, p99: r.p99, errors, note });
  log(
    `${kase} ${target}: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, errors ${errors}`,
  );
  return r;
}

function goal(name: string, measured: string, met: boolean, cause?: string) {
  goals.push({ goal: name, measured, met, cause: met ? undefined : cause });
}

/** stdout and stderr of a command (nginx prints -v on stderr). */
function spawnText(cmd: string, argv: string[]) {
  const r = spawnSync(cmd, argv, { encoding: "utf8" });
  return `${r.stdout ?? ""}${r.stderr ?? ""}`;
}

/**
 * nginx on the same build as our server: 2 workers (one per core here), the
 * access log on and buffered, the precompressed files (gzip_static), the
 * build's cache policy. `ceiling` instead answers a constant from memory
 * with no log: what wrk itself can drive on this machine.
 */
function startNginx(name: string, port: number, mode: "ceiling" | "static") {
  const prefix = path.join(tmp, name);
  fs.mkdirSync(prefix, { recursive: true });
  const workers = os.availableParallelism();
  const server =
    mode === "ceiling"
      ? `location / { access_log off; return 200 "ok\\n"; }`
      : `root ${clientDir};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files $uri $uri/index.html =404; add_header Cache-Control "public, max-age=0, must-revalidate"; }`;
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes ${workers};
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  types { text/html html; text/css css; text/javascript js; application/json json; image/svg+xml svg; image/png png; font/woff2 woff2; application/xml xml; text/plain txt; }
  default_type application/octet-stream;
  access_log ${prefix}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  gzip off;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    ${server}
  }
}
`,
  );
  return start(
    NGINX,
    ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")],
    {},
    name,
  );
}

/**
 * Node's own ceiling: node:http in as many processes as ours (node:cluster),
 * answering the page and its 304 with exactly our server's headers and bytes
 * (captured from it), a fresh X-Request-Id each, and nothing else: no routing,
 * no access log. What it cannot reach, our server cannot either.
 */
const BARE_NODE = `
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import fs from "node:fs";
import { randomUUID } from "node:crypto";
const { page, ok, notModified, body } = JSON.parse(process.env.BARE);
const gz = fs.readFileSync(body);
if (cluster.isPrimary) for (let i = 0; i < os.availableParallelism(); i++) cluster.fork();
else
  http
    .createServer((req, res) => {
      if (req.url !== page) return res.writeHead(404).end();
      const fresh = req.headers["if-none-match"] === ok.etag;
      const headers = fresh ? notModified : ok;
      headers["x-request-id"] = randomUUID();
      res.writeHead(fresh ? 304 : 200, headers);
      res.end(fresh ? undefined : gz);
    })
    .listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Our server's response headers, less those node:http writes itself. */
async function headersOf(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const out: Record<string, string> = {};
  for (const [k, v] of res.headers)
    if (!["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"].includes(k)) out[k] = v;
  return out;
}

/** A hashed asset with a precompressed variant, as a page loads it. */
function hashedAsset() {
  const dir = path.join(clientDir, "assets");
  const candidates = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".js") && fs.existsSync(path.join(dir, `${f}.gz`)))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size);
  if (!candidates[0]) throw new Error(`no precompressed .js asset in ${dir}`);
  return `/assets/${candidates[0].f}`;
}

async function etagOf(url: string) {
  const res = await fetch(url, { headers: ENCODING });
  await res.arrayBuffer();
  const etag = res.headers.get("etag");
  if (!etag) throw new Error(`${url} answered no ETag`);
  const again = await fetch(url, { headers: { ...ENCODING, "If-None-Match": etag } });
  if (again.status !== 304) throw new Error(`${url} answered ${again.status}, not 304, to its own ETag`);
  return etag;
}

type Target = { name: string; base: string };

async function measureStatic(target: Target, asset: string) {
  const page = record("1 page", target.name, load(`${target.base}${PAGE}`, { headers: ENCODING }).result);
  const assetR = record("1 asset", target.name, load(`${target.base}${asset}`, { headers: ENCODING }).result);
  const etag = await etagOf(`${target.base}${PAGE}`);
  const revalidate = record(
    "1 304",
    target.name,
    load(`${target.base}${PAGE}`, { headers: { ...ENCODING, "If-None-Match": etag } }).result,
  );
  return { page, asset: assetR, revalidate };
}

const ratio = (a: number, b: number) => a / b;

async function servingAgainstNginx() {
  const cores = os.availableParallelism();
  const ceiling = startNginx("ceiling", ports.ceiling, "ceiling");
  await waitFor(`http://127.0.0.1:${ports.ceiling}/`);
  const c = record(
    "1 ceiling",
    `wrk → nginx \`return 200\` (${cores} workers, no log)`,
    load(`http://127.0.0.1:${ports.ceiling}/`).result,
  );
  await stop(ceiling);

  const asset = hashedAsset();
  const nginx = startNginx("nginx", ports.nginx, "static");
  await waitFor(`http://127.0.0.1:${ports.nginx}${PAGE}`);
  const ng = await measureStatic(
    { name: `nginx ${cores} workers`, base: `http://127.0.0.1:${ports.nginx}` },
    asset,
  );
  await stop(nginx);

  const ours = startOurs(ports.ours);
  const oursBase = `http://127.0.0.1:${ports.ours}`;
  await waitFor(`${oursBase}/healthz`);
  const us = await measureStatic({ name: `our server (default: ${cores} workers)`, base: oursBase }, asset);
  const ok = await headersOf(`${oursBase}${PAGE}`, ENCODING);
  const notModified = await headersOf(`${oursBase}${PAGE}`, { ...ENCODING, "If-None-Match": ok.etag! });
  await stop(ours);

  const bareEnv = {
    PORT: String(ports.api),
    BARE: JSON.stringify({
      page: PAGE,
      ok,
      notModified,
      body: path.join(clientDir, `${PAGE.slice(1)}/index.html.gz`),
    }),
  };
  const bareScript = path.join(tmp, "bare-node.mjs");
  fs.writeFileSync(bareScript, BARE_NODE);
  const bare = start(process.execPath, [bareScript], bareEnv, "bare node:http");
  const bareBase = `http://127.0.0.1:${ports.api}`;
  await waitFor(`${bareBase}${PAGE}`);
  const bareName = `bare node:http, same bytes and headers, no log (${cores} workers)`;
  const barePage = record("1 page", bareName, load(`${bareBase}${PAGE}`, { headers: ENCODING }).result);
  const bare304 = record(
    "1 304",
    bareName,
    load(`${bareBase}${PAGE}`, { headers: { ...ENCODING, "If-None-Match": ok.etag! } }).result,
  );
  await stop(bare);

  notes.push(
    `${spawnText(NGINX, ["-v"]).trim()}, ${cores} workers, gzip_static, access log buffered (64k, 1 s); our server's log goes to a file.`,
  );
  notes.push(
    `Page ${PAGE} and asset ${asset}, both with Accept-Encoding: gzip (the same .gz bytes from both servers); the 304 sends each server's own ETag.`,
  );
  notes.push(
    `wrk's ceiling is ${Math.round(c.rps).toLocaleString("en-CA")} req/s here: a target near it is limited by the generator, not by itself.`,
  );

  /** Why a ratio falls short: Node's share (the bare responder) and ours (the rest), measured. */
  const throughputCause = (o: WrkResult, n: WrkResult, b: WrkResult | undefined, min: number) => {
    if (!b)
      return "per request our server runs Node's HTTP parser and JavaScript where nginx runs C; wrk takes part of the same cores";
    const bareRatio = ratio(b.rps, n.rps);
    const node =
      bareRatio < min
        ? `bare node:http answering the same bytes with the same headers reaches only ${bareRatio.toFixed(2)}× nginx here: Node's HTTP stack (llhttp, a request and a response object, header validation, a write(2) per answer) is the ceiling on these ${cores} cores, which wrk shares`
        : `bare node:http answering the same bytes reaches ${bareRatio.toFixed(2)}× nginx`;
    return `${node}; our server does ${ratio(o.rps, b.rps).toFixed(2)}× of bare node:http (the rest: the request id, the access-log line, the lookup)`;
  };
  const check = (label: string, o: WrkResult, n: WrkResult, min: number, b?: WrkResult) => {
    const r = ratio(o.rps, n.rps);
    goal(`${label} ≥ ${min}× nginx`, `${r.toFixed(2)}×`, r >= min, throughputCause(o, n, b, min));
    rows.find((row) => row.target.startsWith("our server") && row.case === `1 ${label}`)!.note =
      `${r.toFixed(2)}× nginx (goal ≥ ${min})`;
    if (b)
      rows.find((row) => row.target === bareName && row.case === `1 ${label}`)!.note =
        `${ratio(b.rps, n.rps).toFixed(2)}× nginx: Node's own ceiling`;
  };
  check("page", us.page, ng.page, 0.7, barePage);
  // Issue 43: our page at 0.9 of Node's own ceiling (the same bytes and headers, the same processes).
  const ofBare = ratio(us.page.rps, barePage.rps);
  goal(
    "page ≥ 0.9× bare node:http (same bytes, headers and process count)",
    `${ofBare.toFixed(2)}× (${Math.round(us.page.rps).toLocaleString("en-CA")} vs ${Math.round(barePage.rps).toLocaleString("en-CA")} req/s)`,
    ofBare >= 0.9,
    "per request our server adds the request id's log line, the metrics histogram, the file lookup and its encoding choice to what bare node:http does (reports/server-hot-path.md)",
  );
  check("asset", us.asset, ng.asset, 0.8);
  check("304", us.revalidate, ng.revalidate, 0.8, bare304);
  const tail = await pageTailRounds(bareScript, bareEnv, cores);
  const p99Ratio = tail.ours / tail.nginx;
  const bareP99 = tail.bare / tail.nginx;
  goal(
    "page p99 ≤ 2× nginx's",
    `median of ${TAIL_ROUNDS} alternating rounds: ${tail.ours.toFixed(2)} ms vs ${tail.nginx.toFixed(2)} ms (${p99Ratio.toFixed(2)}×)`,
    p99Ratio <= 2,
    bareP99 > 2
      ? `bare node:http's own median p99 for the same page is ${tail.bare.toFixed(2)} ms (${bareP99.toFixed(2)}× nginx's): Node's pauses (garbage collection of each request's objects) and its processes sharing the cores with wrk`
      : `bare node:http's median p99 is ${tail.bare.toFixed(2)} ms (${bareP99.toFixed(2)}× nginx's); the rest is our per-request work and its garbage`,
  );
}

/**
 * A single 10 s p99 of a page swung by 2× and more between back-to-back runs on these
 * shared cores, nginx's as much as ours (reports/page-tail.md), so the tail goal is
 * judged on the median of rounds that take the three servers in turn (all running).
 */
const TAIL_ROUNDS = Number(process.env.BENCH_TAIL_ROUNDS ?? (quick ? 1 : 3));

async function pageTailRounds(bareScript: string, bareEnv: Record<string, string>, cores: number) {
  const nginx = startNginx("nginx", ports.nginx, "static");
  const ours = startOurs(ports.ours);
  const bare = start(process.execPath, [bareScript], bareEnv, "bare node:http");
  const targets = [
    { key: "nginx", base: `http://127.0.0.1:${ports.nginx}` },
    { key: "ours", base: `http://127.0.0.1:${ports.ours}` },
    { key: "bare", base: `http://127.0.0.1:${ports.api}` },
  ] as const;
  await Promise.all(targets.map((t) => waitFor(`${t.base}${PAGE}`)));
  const p99s: Record<(typeof targets)[number]["key"], number[]> = { nginx: [], ours: [], bare: [] };
  for (let round = 0; round < TAIL_ROUNDS; round++) {
    for (const t of targets) {
      const r = load(`${t.base}${PAGE}`, { headers: ENCODING }).result;
      p99s[t.key].push(r.p99);
      log(`1 page tail round ${round + 1} ${t.key}: ${Math.round(r.rps)} req/s, p99 ${r.p99.toFixed(2)} ms`);
    }
  }
  await Promise.all([stop(nginx), stop(ours), stop(bare)]);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(", ");
  notes.push(
    `Page p99 over ${TAIL_ROUNDS} rounds taking nginx, our server and bare node:http in turn (${cores} workers each, ${WARMUP} s warm-up and ${DURATION} s each), in ms: nginx ${list(p99s.nginx)}; ours ${list(p99s.ours)}; bare node:http ${list(p99s.bare)}. The goal compares the medians.`,
  );
  return { nginx: median(p99s.nginx), ours: median(p99s.ours), bare: median(p99s.bare) };
}

/** A valid inquiry, as the contact form sends it. */
function inquiryBody(i = 0) {
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

/** wrk posting inquiryBody's fields with a distinct name per request (thread id, counter). */
function inquiryLua() {
  const [head, tail] = inquiryBody(0).split("Visitor 0") as [string, string];
  return writeLua(
    "inquiry.lua",
    `local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
local n = 0
function request()
  n = n + 1
  local body = ${JSON.stringify(head)} .. "Visitor " .. tid .. "-" .. n .. ${JSON.stringify(tail)}
  return wrk.format("POST", "/api/inquiries", { ["Content-Type"] = "application/json" }, body)
end`,
  );
}

async function countRows(
  options: Parameters<typeof openDatabase>[0],
  table: "leads" | "analytics_events" = "leads",
) {
  const database = openDatabase(options);
  try {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      database.db,
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

async function inquiryWrites(kind: "sqlite" | "postgres") {
  const label = kind === "sqlite" ? "2 inquiries (SQLite)" : "2 inquiries (PostgreSQL)";
  const dbPath = path.join(tmp, `inquiries-${kind}.db`);
  const env: Record<string, string> = { RATE_LIMIT_DISABLED: "true", DATABASE_PATH: dbPath };
  if (kind === "postgres") env.DATABASE_URL = PG_URL!;
  const server = startOurs(ports.api, env);
  try {
    const base = `http://127.0.0.1:${ports.api}`;
    await waitFor(`${base}/healthz`);
    const probe = await fetch(`${base}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: inquiryBody(),
    });
    if (!probe.ok)
      throw new Error(`a valid inquiry answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
    const dbOptions =
      kind === "sqlite" ? ({ kind, path: dbPath } as const) : ({ kind, url: PG_URL! } as const);
    const before = await countRows(dbOptions);
    const { warm, result } = load(`${base}/api/inquiries`, { script: inquiryLua() });
    // wrk stops its clock with requests in flight; the server finishes and stores those too.
    await new Promise((r) => setTimeout(r, 500));
    const stored = (await countRows(dbOptions)) - before;
    const answered = warm.requests - warm.statusErrors + (result.requests - result.statusErrors);
    const lost = Math.max(0, answered - stored);
    record(
      label,
      "POST /api/inquiries",
      result,
      `${stored} rows stored for ${answered} answered 2xx: ${lost ? `${lost} LOST` : "no row lost"}`,
    );
    const min = kind === "sqlite" ? 3000 : 2000;
    const cause =
      kind === "sqlite"
        ? "inquiries share SQLite's one write lock: the workers take it in the order they ask the primary, each storing the inquiries that arrived together in one transaction (decision 0021); each still writes its row, two outbox rows, its analytics goal (issue 32: 3,584/s without it, in an isolated run), their index entries and a full-text segment, on two cores shared with wrk"
        : "each inquiry is BEGIN, three INSERTs (its row, its outbox rows, its analytics goal) and COMMIT, with the goal's savepoint: seven round trips on one of the pool's 10 connections per process (2,683/s without the goal, in an isolated run)";
    goal(
      `${kind === "sqlite" ? "SQLite" : "PostgreSQL"} inquiries ≥ ${min.toLocaleString("en-CA")} req/s`,
      `${Math.round(result.rps).toLocaleString("en-CA")} req/s`,
      result.rps >= min,
      cause,
    );
    if (kind === "sqlite")
      goal("SQLite inquiries p99 ≤ 15 ms", `${result.p99.toFixed(1)} ms`, result.p99 <= 15, cause);
    goal(
      `no inquiry lost (${kind === "sqlite" ? "SQLite" : "PostgreSQL"})`,
      `${stored} stored / ${answered} answered`,
      lost === 0,
      "rows missing: a bug",
    );
  } finally {
    await stop(server);
  }
}

let breakdownText = "";

// Every process of the default configuration through a page load and an inquiry load.
async function memoryPerProcess() {
  const server = startOurs(ports.ours, { RATE_LIMIT_DISABLED: "true" });
  const base = `http://127.0.0.1:${ports.ours}`;
  await waitFor(`${base}/healthz`);
  const pids = processTree(server.pid!);
  const before = pids.map(rssMb);
  wrkOnce(`${base}${PAGE}`, DURATION, { headers: ENCODING });
  wrkOnce(`${base}/api/inquiries`, Math.min(DURATION, 5), { script: inquiryLua() });
  const after = pids.map(rssMb);
  await stop(server);
  const worst = Math.max(...after);
  const list = pids
    .map(
      (pid, i) =>
        `${i === 0 && pids.length > 1 ? "primary" : "worker"} ${before[i]!.toFixed(0)} → ${after[i]!.toFixed(0)} MB`,
    )
    .join(", ");
  rows.push({ case: "3 memory", target: "RSS per process", note: list });
  breakdownText = await memoryBreakdown({
    root,
    buildDir,
    port: ports.ours,
    nodeFlags: NODE_FLAGS,
    env: {
      NODE_ENV: "production",
      PAYMENTS_PROVIDER: "sandbox",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_DISABLED: "true",
      BUILD_DIR: buildDir,
      DATABASE_PATH: path.join(tmp, "memory-breakdown.db"),
      DATABASE_URL: "",
    },
    waitFor,
    loadAgainst: (b) => {
      wrkOnce(`${b}${PAGE}`, DURATION, { headers: ENCODING });
      wrkOnce(`${b}/api/inquiries`, Math.min(DURATION, 5), { script: inquiryLua() });
    },
  });
  console.log(breakdownText);
  goal(
    "RSS ≤ 150 MB per process after the load",
    `${worst.toFixed(0)} MB (largest)`,
    worst <= 150,
    "~62 MB of every process's RSS is the node binary's code, shared by all processes but counted in each; the rest is V8's old space (the code of React Router, better-auth, Stripe, zod, pdfkit) and native memory: the part-by-part table below, reports/memory.md and decision 0040",
  );
}

function machine() {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return {
    cpu,
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / "),
  };
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined
    ? ""
    : n.toLocaleString("en-CA", { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table() {
  const head = "| Case | Target | req/s | p50 ms | p99 ms | errors | Note |";
  const sep = "|---|---|--:|--:|--:|--:|---|";
  return [
    head,
    sep,
    ...rows.map(
      (r) =>
        `| ${r.case} | ${r.target} | ${fmt(r.rps)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors ?? ""} | ${r.note ?? ""} |`,
    ),
  ].join("\n");
}

function goalTable() {
  return [
    "| Goal | Measured | Met |",
    "|---|---|---|",
    ...goals.map((g) => `| ${g.goal} | ${g.measured} | ${g.met ? "met" : `**not met**: ${g.cause ?? ""}`} |`),
  ].join("\n");
}

async function main() {
  const wrkVersion = requireTools();
  if (!args.has("--no-build")) {
    log("building (pass --no-build to reuse build/)");
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  }
  if (!fs.existsSync(path.join(buildDir, "server/index.js")))
    throw new Error(`no build in ${buildDir}; run npm run build`);

  if (CASES.has("serving")) await servingAgainstNginx();
  if (CASES.has("inquiries")) {
    await inquiryWrites("sqlite");
    if (PG_URL) await inquiryWrites("postgres");
    else
      rows.push({
        case: "2 inquiries (PostgreSQL)",
        target: "POST /api/inquiries",
        note: "skipped: run through npm run bench (it starts PostgreSQL) or set DATABASE_URL",
      });
  }
  if (CASES.has("memory")) await memoryPerProcess();
  let mixedText = "";
  if (CASES.has("mixed")) {
    log("case 4: 30 s mixed load (pages, inquiries, payments)");
    const mixed = await runMixedLoad({
      port: ports.mixed,
      durationSeconds: quick ? 5 : 30,
      warmupSeconds: quick ? 1 : 5,
    });
    mixedText = formatMixedLoad(mixed);
    console.log(mixedText);
    if (!mixed.ok) process.exitCode = 1;
  }
  if (CASES.has("beacons")) {
    await runBeacons({
      port: ports.api,
      pgUrl: PG_URL,
      dbPath: (name) => path.join(tmp, name),
      startOurs,
      stop,
      waitFor,
      writeLua,
      load,
      countRows: (options, table) => countRows(options, table as "analytics_events"),
      record,
      skip: (kase, target, note) => rows.push({ case: kase, target, note }),
      goal,
    });
  }

  let bookingText = "";
  if (CASES.has("booking")) {
    log("case 6: booking (1,000 contested requests, slot listing, /book render)");
    const booking = await runBookingBench({ requests: quick ? 200 : 1000, pgUrl: PG_URL, buildDir, log });
    bookingText = booking.text;
    console.log(bookingText);
    if (!booking.ok) process.exitCode = 1;
  }

  let renderText = "";
  if (CASES.has("render")) {
    log("case 7: render time of the per-request pages");
    const render = await runRenderBench({ buildDir, renders: quick ? 20 : 100, log });
    renderText = render.text;
    console.log(renderText);
    for (const r of render.results) {
      if (r.medianMs === undefined) {
        goal(`${r.page} renders in ≤ ${RENDER_GOAL_MS} ms (median)`, "not measured", false, r.note);
        continue;
      }
      goal(
        `${r.page} renders in ≤ ${RENDER_GOAL_MS} ms (median)`,
        `${r.medianMs.toFixed(1)} ms (CPU ${r.cpuMs?.toFixed(1)} ms a render)`,
        r.medianMs <= RENDER_GOAL_MS,
        "the page's loader queries and React's render on a machine shared with other work (compare the CPU figure)",
      );
    }
  }

  const m = machine();
  const out = table();
  console.log(`\n${out}\n\n${goalTable()}\n`);
  for (const n of notes) console.log(`- ${n}`);
  console.log(`- load average at the end ${m.load}`);
  if (!fullRun) {
    log(`BENCH_CASES=${[...CASES].join(",")}: a partial run, reports/bench.md left as it is`);
    return;
  }
  writeReport(m, wrkVersion, out, mixedText, bookingText, renderText);
}

function writeReport(
  m: ReturnType<typeof machine>,
  wrkVersion: string,
  out: string,
  mixedText: string,
  bookingText: string,
  renderText: string,
) {
  const md = `# Server benchmark

\`npm run bench\` (scripts/bench.ts), run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC${quick ? " with --quick (a smoke run: not a measurement)" : ""}.
Load generator: wrk ${wrkVersion} on loopback, ${THREADS} threads, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s per load; it shares the machine with the servers.

Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, ${m.os}, Node ${m.node}; load average at the end ${m.load} (other work on these cores moves absolute figures and ratios between runs).
Our server runs as \`npm run serve\` starts it: \`NODE_ENV=production node ${NODE_FLAGS.join(" ")} build/node/index.js\`, \`WEB_CONCURRENCY\` unset (one process per core), \`LOG_LEVEL=info\` (one access-log line per request, to a file).

${out}

## Goals

${goalTable()}

${notes.map((n) => `- ${n}`).join("\n")}

## Case 4: mixed load (scripts/bench/mixed-load.ts)

${mixedText}

## Case 3: memory part by part (scripts/bench/memory-breakdown.ts)

${breakdownText}

## Case 6: booking (scripts/bench/booking.ts)

${bookingText}

## Case 7: render time (scripts/bench/render.ts)

${renderText}
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
