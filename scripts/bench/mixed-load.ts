/**
 * Mixed load on loopback: pages, inquiries and payment creations side by side
 * against the production build, for 30 s by default. Passes with zero errors,
 * zero lost rows (every 200 answered inquiry and payment is in the database
 * afterwards) and no growth of the server's heap (measured after a full GC)
 * between the first and last 10 s.
 *
 * A case of `npm run bench` (call runMixedLoad from scripts/bench.ts), or
 * standalone: `tsx scripts/bench/mixed-load.ts [--duration 30] [--connections 16]`.
 * Needs a build (`npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";

import { configuredBuildDir } from "../../server/paths";

export type MixedLoadOptions = {
  /** Seconds of measured load (default 30). */
  durationSeconds?: number;
  /** Seconds of load before measuring, so JIT and heap warm-up is not counted as growth (default 5). */
  warmupSeconds?: number;
  /** Length of the first and last windows compared for memory (default 10 s). */
  windowSeconds?: number;
  /** Concurrent connections (default 16). */
  connections?: number;
  /** Port of the server this case starts (default 3804). */
  port?: number;
  /** Build to serve (default BUILD_DIR, else "build"). */
  buildDir?: string;
  /** Allowed growth of the server's heap after GC, last window over first (default 15 % or 8 MB, whichever is larger). */
  maxGrowthPct?: number;
  maxGrowthMb?: number;
  log?: (line: string) => void;
};

type KindStats = { requests: number; ok: number; failed: number };

export type MixedLoadResult = {
  ok: boolean;
  failures: string[];
  durationSeconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  byKind: { page: KindStats; inquiry: KindStats; payment: KindStats };
  rows: {
    inquiriesAccepted: number;
    inquiriesStored: number;
    paymentsCreated: number;
    paymentsStored: number;
    lost: number;
  };
  /** Heap in use after a full GC, mean of the first and last windows; RSS for information. */
  memory: {
    firstWindowMb: number;
    lastWindowMb: number;
    growthMb: number;
    growthPct: number;
    rssFirstWindowMb: number;
    rssLastWindowMb: number;
    samples: number;
  };
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const PAGES = [
  "/",
  "/pricing",
  "/contact",
  "/payment",
  "/portfolio",
  "/about",
  "/demo/bakery",
  "/demo/gym/programs",
  "/no-such-page",
];

async function startServer(port: number, buildDir: string, databasePath: string): Promise<ChildProcess> {
  // The probe answers "memory" over IPC with the heap in use after a full collection.
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "--import", "./scripts/bench/memory-probe.ts", "build/node/index.js"],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG_LEVEL: "error",
        BUILD_DIR: buildDir,
        DATABASE_PATH: databasePath,
        DATABASE_URL: "",
        SMTP_URL: "",
        PAYMENTS_PROVIDER: "sandbox",
        // Every request comes from 127.0.0.1: the per-client limits would answer 429 after a few.
        RATE_LIMIT_DISABLED: "true",
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`mixed-load: the server did not start on port ${port} (is there a build in ${buildDir}?)`);
}

type MemorySample = { heapUsedMb: number; rssMb: number };

/** The server's memory, measured inside it after a full GC (see memory-probe.ts). */
function measureMemory(child: ChildProcess): Promise<MemorySample | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      resolve(undefined);
    }, 5_000);
    const onMessage = (m: unknown) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(m as MemorySample);
    };
    child.on("message", onMessage);
    child.send("memory");
  });
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

export async function runMixedLoad(options: MixedLoadOptions = {}): Promise<MixedLoadResult> {
  const durationSeconds = options.durationSeconds ?? 30;
  const warmupSeconds = options.warmupSeconds ?? 5;
  const windowSeconds = Math.min(options.windowSeconds ?? 10, durationSeconds / 2);
  const connections = options.connections ?? 16;
  const port = options.port ?? 3804;
  const buildDir = path.resolve(root, options.buildDir ?? configuredBuildDir());
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-mixed-load-"));
  const databasePath = path.join(dir, "load.db");
  const server = await startServer(port, buildDir, databasePath);
  const url = `http://127.0.0.1:${port}`;

  const byKind = {
    page: { requests: 0, ok: 0, failed: 0 },
    inquiry: { requests: 0, ok: 0, failed: 0 },
    payment: { requests: 0, ok: 0, failed: 0 },
  };
  const inquiryIds = new Set<string>();
  const sessionIds = new Set<string>();
  let measuring = false;
  let counter = 0;
  const count = (kind: keyof typeof byKind, status: number) => {
    if (!measuring) return;
    byKind[kind].requests++;
    if (status >= 200 && status < 300) byKind[kind].ok++;
    else byKind[kind].failed++;
  };

  const page = (p: string): autocannon.Request => ({
    method: "GET",
    path: p,
    headers: { accept: "text/html", "accept-encoding": "br, gzip" },
    // The 404 page is an expected answer; any other non-2xx is a failure.
    onResponse: (status) => count("page", p === "/no-such-page" && status === 404 ? 200 : status),
  });
  const requests: autocannon.Request[] = [
    page(PAGES[0]!),
    page(PAGES[1]!),
    {
      method: "POST",
      path: "/api/inquiries",
      headers: { "content-type": "application/json" },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          firstName: "Load",
          lastName: `Tester ${++counter}`,
          email: `load${counter}@example.com`,
          projectType: "basic",
          message: `Mixed load inquiry number ${counter}: a five-page site with a booking form.`,
        }),
      }),
      onResponse: (status, body) => {
        // Rows created during the warm-up are counted too: all must be stored.
        if (status === 200) inquiryIds.add((JSON.parse(body) as { id: string }).id);
        count("inquiry", status);
      },
    },
    page(PAGES[2]!),
    page(PAGES[3]!),
    {
      method: "POST",
      path: "/api/create-payment",
      headers: { "content-type": "application/json" },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          amount: `${100 + (counter % 900)}.${String(counter % 100).padStart(2, "0")}`,
          packageType: counter % 2 ? "pro" : "basic",
        }),
      }),
      onResponse: (status, body) => {
        if (status === 200) sessionIds.add((JSON.parse(body) as { url: string }).url.split("/").at(-1)!);
        count("payment", status);
      },
    },
    ...PAGES.slice(4).map(page),
  ];

  const run = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url, connections, duration: seconds, requests, timeout: 10 },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      autocannon.track(instance, {
        renderProgressBar: false,
        renderResultsTable: false,
        renderLatencyTable: false,
      });
    });

  const samples: Array<{ t: number } & MemorySample> = [];
  let sampling = true;
  let sampler: Promise<void> | undefined;
  let result: autocannon.Result;
  let inquiriesStored = 0;
  let paymentsStored = 0;
  try {
    if (warmupSeconds > 0) {
      log(`mixed-load: warming up for ${warmupSeconds} s`);
      await run(warmupSeconds);
    }
    log(
      `mixed-load: ${durationSeconds} s, ${connections} connections, pages + inquiries + payments against ${url}`,
    );
    measuring = true;
    const started = Date.now();
    sampler = (async () => {
      while (sampling) {
        const t = (Date.now() - started) / 1000;
        const m = await measureMemory(server);
        if (m && sampling) samples.push({ t, ...m });
        await new Promise((r) => setTimeout(r, 1_000));
      }
    })();
    result = await run(durationSeconds);
    measuring = false;
  } finally {
    sampling = false;
    await sampler;
    // A clean stop (SIGTERM) finishes in-flight requests, then the rows are counted.
    const exited = new Promise<void>((r) =>
      server.exitCode !== null ? r() : server.once("exit", () => r()),
    );
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  try {
    const db = new SQLite(databasePath, { readonly: true });
    const ids = new Set((db.prepare("select id from leads").all() as Array<{ id: string }>).map((r) => r.id));
    const sessions = new Set(
      (db.prepare("select provider_session_id as s from payments").all() as Array<{ s: string }>).map(
        (r) => r.s,
      ),
    );
    db.close();
    inquiriesStored = [...inquiryIds].filter((id) => ids.has(id)).length;
    paymentsStored = [...sessionIds].filter((id) => sessions.has(id)).length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const first = samples.filter((s) => s.t <= windowSeconds).map((s) => s.heapUsedMb);
  const last = samples.filter((s) => s.t >= durationSeconds - windowSeconds).map((s) => s.heapUsedMb);
  const rssFirst = mean(samples.filter((s) => s.t <= windowSeconds).map((s) => s.rssMb));
  const rssLast = mean(samples.filter((s) => s.t >= durationSeconds - windowSeconds).map((s) => s.rssMb));
  const firstWindowMb = mean(first);
  const lastWindowMb = mean(last);
  const growthMb = lastWindowMb - firstWindowMb;
  const growthPct = firstWindowMb ? (growthMb / firstWindowMb) * 100 : 0;
  const lost = inquiryIds.size - inquiriesStored + (sessionIds.size - paymentsStored);

  const failures: string[] = [];
  const failed = byKind.page.failed + byKind.inquiry.failed + byKind.payment.failed;
  if (result.errors > 0) failures.push(`${result.errors} connection errors`);
  if (result.timeouts > 0) failures.push(`${result.timeouts} timeouts`);
  if (failed > 0) failures.push(`${failed} failed answers (${JSON.stringify(byKind)})`);
  if (lost > 0) failures.push(`${lost} rows answered 200 but not stored`);
  if (byKind.inquiry.ok === 0 || byKind.payment.ok === 0 || byKind.page.ok === 0)
    failures.push("a kind of request never succeeded");
  const allowedMb = Math.max(((options.maxGrowthPct ?? 15) / 100) * firstWindowMb, options.maxGrowthMb ?? 8);
  if (growthMb > allowedMb)
    failures.push(`memory grew ${round(growthMb)} MB (allowed ${round(allowedMb)} MB)`);
  if (first.length === 0 || last.length === 0) failures.push("no memory samples");

  return {
    ok: failures.length === 0,
    failures,
    durationSeconds,
    connections,
    requests: byKind.page.requests + byKind.inquiry.requests + byKind.payment.requests,
    requestsPerSecond: round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: failed,
    byKind,
    rows: {
      inquiriesAccepted: inquiryIds.size,
      inquiriesStored,
      paymentsCreated: sessionIds.size,
      paymentsStored,
      lost,
    },
    memory: {
      firstWindowMb: round(firstWindowMb),
      lastWindowMb: round(lastWindowMb),
      growthMb: round(growthMb),
      growthPct: round(growthPct),
      rssFirstWindowMb: round(rssFirst),
      rssLastWindowMb: round(rssLast),
      samples: samples.length,
    },
  };
}

/** A short text report for the console and docs/reliability.md. */
export function formatMixedLoad(r: MixedLoadResult) {
  return [
    `mixed load ${r.ok ? "PASSED" : "FAILED"}: ${r.durationSeconds} s, ${r.connections} connections`,
    `  requests ${r.requests} (${r.requestsPerSecond}/s): pages ${r.byKind.page.requests}, inquiries ${r.byKind.inquiry.requests}, payments ${r.byKind.payment.requests}`,
    `  latency p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`,
    `  errors ${r.errors}, timeouts ${r.timeouts}, failed answers ${r.non2xx}`,
    `  rows: inquiries ${r.rows.inquiriesStored}/${r.rows.inquiriesAccepted} stored, payments ${r.rows.paymentsStored}/${r.rows.paymentsCreated} stored, lost ${r.rows.lost}`,
    `  heap after GC: first ${r.memory.firstWindowMb} MB, last ${r.memory.lastWindowMb} MB, growth ${r.memory.growthMb} MB (${r.memory.growthPct} %); RSS ${r.memory.rssFirstWindowMb} → ${r.memory.rssLastWindowMb} MB`,
    ...r.failures.map((f) => `  FAILURE: ${f}`),
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  runMixedLoad({
    durationSeconds: arg("duration"),
    connections: arg("connections"),
    port: arg("port"),
    warmupSeconds: arg("warmup"),
  })
    .then((r) => {
      console.log(formatMixedLoad(r));
      if (process.argv.includes("--json")) console.log(JSON.stringify(r, null, 2));
      process.exit(r.ok ? 0 : 1);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
