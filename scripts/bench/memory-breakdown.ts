/**
 * Where a serving process's resident memory goes (issue 43: ≤ 150 MB a process after the
 * bench's load), each part measured apart in its own fresh process:
 *   - Node 24 alone: an idle `node` with a timer;
 *   - bare node:http after the same page load (Node's HTTP stack and its garbage);
 *   - the metrics registry (prom-client's default metrics and ours) and the in-memory static
 *     site (every built file with its .br and .gz), each as the heap and buffers it adds;
 *   - our server in one process, idle and after the load, with V8's spaces after a full GC.
 * Used by scripts/bench.ts (case 3); prints a markdown table.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

type Probe = {
  heapUsedMb: number;
  rssMb: number;
  rssBeforeGcMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  spaces: Record<string, number>;
};

export type BreakdownOptions = {
  root: string;
  buildDir: string;
  port: number;
  nodeFlags: string[];
  /** Runs the bench's page load (and inquiry load) against a base URL. */
  loadAgainst: (base: string) => void;
  env: Record<string, string>;
  waitFor: (url: string) => Promise<void>;
};

/**
 * On an IPC "memory" message: a full GC, then the resident memory and where it is (V8's
 * spaces, buffers outside the heap). Plain JavaScript through a data: URL, so the measured
 * server loads no TypeScript loader of its own.
 */
const PROBE = `import v8 from "node:v8";
process.on("message", (message) => {
  if (message !== "memory") return;
  const before = process.memoryUsage().rss;
  globalThis.gc?.();
  const m = process.memoryUsage();
  const mb = (n) => n / 1024 / 1024;
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]));
  process.send?.({ heapUsedMb: mb(m.heapUsed), rssMb: mb(m.rss), rssBeforeGcMb: mb(before), heapTotalMb: mb(m.heapTotal), externalMb: mb(m.external), arrayBuffersMb: mb(m.arrayBuffers), spaces });
});`;

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
/** Resident kB by kind (smaps_rollup): Shared_Clean is mostly the node binary's pages, which every node process on the machine shares. */
function rollup(pid: number) {
  const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0) / 1024;
  return { pss: kb("Pss"), sharedClean: kb("Shared_Clean"), anonymous: kb("Anonymous") };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What `create` adds to a node process's heap, buffers and RSS after a full GC, with the
 * modules it needs already imported by `setup` in both processes (so their code is not counted).
 */
function heapOf(root: string, setup: string, create: string) {
  const run = (body: string) => {
    const script = `${setup}\n${body}\nglobalThis.gc(); const m = process.memoryUsage();
console.log(JSON.stringify({ heap: m.heapUsed, ext: m.external, rss: m.rss }));`;
    const r = spawnSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
      },
    );
    const line = r.stdout.trim().split("\n").at(-1) ?? "";
    try {
      return JSON.parse(line) as { heap: number; ext: number; rss: number };
    } catch {
      throw new Error(`memory breakdown: ${r.stderr.slice(0, 500)}`);
    }
  };
  const base = run("");
  const withIt = run(create);
  const mb = (n: number) => n / 1024 / 1024;
  return {
    heapMb: mb(withIt.heap - base.heap),
    externalMb: mb(withIt.ext - base.ext),
    rssMb: mb(withIt.rss - base.rss),
  };
}

export async function memoryBreakdown(o: BreakdownOptions) {
  const rows: string[] = [];
  const fmt = (n: number) => n.toFixed(1);

  // Node 24 alone.
  const idle = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
  await sleep(1500);
  rows.push(`| Node 24 alone (idle, a timer) | ${fmt(rssOf(idle.pid!))} | |`);
  idle.kill();

  // The metrics registry and the static site, apart.
  const metrics = heapOf(
    o.root,
    `const { createMetrics } = await import("./server/metrics.server.ts");`,
    `globalThis.keep = createMetrics({ defaultMetrics: true }); await globalThis.keep.registry.metrics();`,
  );
  rows.push(
    `| metrics registry (prom-client default metrics and ours, one scrape) | +${fmt(metrics.rssMb)} | heap +${fmt(metrics.heapMb)} MB, buffers +${fmt(metrics.externalMb)} MB |`,
  );
  const site = heapOf(
    o.root,
    `const { loadStaticSite } = await import("./server/http/static.server.ts");`,
    `globalThis.keep = loadStaticSite(${JSON.stringify(path.join(o.buildDir, "client"))});`,
  );
  rows.push(
    `| static site in memory (every built file, its .br and .gz, headers) | +${fmt(site.rssMb)} | heap +${fmt(site.heapMb)} MB, buffers +${fmt(site.externalMb)} MB |`,
  );

  // Our server, one process, with the probe.
  const server = spawn(
    process.execPath,
    [
      "--expose-gc",
      ...o.nodeFlags,
      "--import",
      `data:text/javascript,${encodeURIComponent(PROBE)}`,
      "build/node/index.js",
    ],
    {
      cwd: o.root,
      env: { ...process.env, ...o.env, WEB_CONCURRENCY: "1", PORT: String(o.port) },
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    },
  );
  const probe = () =>
    new Promise<Probe>((resolve) => {
      server.once("message", (m) => resolve(m as Probe));
      server.send("memory");
    });
  try {
    const base = `http://127.0.0.1:${o.port}`;
    await o.waitFor(`${base}/healthz`);
    await sleep(500);
    const idleRss = rssOf(server.pid!);
    o.loadAgainst(base);
    const afterRss = rssOf(server.pid!);
    const kinds = rollup(server.pid!);
    const p = await probe();
    const s = p.spaces;
    const young = (s.new_space ?? 0) + (s.new_large_object_space ?? 0);
    const old =
      (s.old_space ?? 0) +
      (s.large_object_space ?? 0) +
      (s.trusted_space ?? 0) +
      (s.trusted_large_object_space ?? 0);
    const code = (s.code_space ?? 0) + (s.code_large_object_space ?? 0);
    rows.push(`| our server, one process, idle | ${fmt(idleRss)} | |`);
    rows.push(
      `| our server, one process, after the load | ${fmt(afterRss)} | after a full GC: ${fmt(p.rssMb)} MB resident; V8 heap ${fmt(p.heapTotalMb)} MB reserved (young ${fmt(young)}, old ${fmt(old)}, code ${fmt(code)}), ${fmt(p.heapUsedMb)} MB in use; buffers outside the heap ${fmt(p.externalMb)} MB; the rest (${fmt(p.rssMb - p.heapTotalMb - p.externalMb)} MB) is native: Node and its libraries, SQLite, malloc. Of the RSS, ${fmt(kinds.sharedClean)} MB are shared clean pages (the node binary's code, counted again in every process) and ${fmt(kinds.anonymous)} MB the process's own; PSS ${fmt(kinds.pss)} MB |`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  return ["| Process or part | RSS MB | Where |", "|---|--:|---|", ...rows].join("\n");
}
