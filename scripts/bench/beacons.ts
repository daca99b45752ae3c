/**
 * Case "beacons" of `npm run bench` (BENCH_CASES=beacons): the analytics ingest, the
 * busiest write path (one beacon per page view). wrk posts page-view beacons, as the
 * inline script sends them, to ONE server process (WEB_CONCURRENCY=1), from 10,000
 * client addresses (X-Forwarded-For, TRUST_PROXY=1) so visitors and visits are many, and
 * the per-address limits stay on (no RATE_LIMIT_DISABLED): at 5,000/s each address sends
 * about 15 a minute, under its 60, with one user agent (one visitor);
 * the rows are counted after, so a lost event shows. Goals: ≥ 5,000 beacons/s with
 * p99 ≤ 10 ms on SQLite and on PostgreSQL, nothing lost.
 *
 * bench.ts owns the server, wrk and the report; it hands them in as `BenchTools`.
 */
import type { ChildProcess } from "node:child_process";

type WrkResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statusErrors: number;
  socketErrors: number;
};
type DbOptions = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

export type BenchTools = {
  port: number;
  pgUrl?: string;
  dbPath(name: string): string;
  startOurs(port: number, env: Record<string, string>): ChildProcess;
  stop(child: ChildProcess): Promise<void>;
  waitFor(url: string): Promise<void>;
  writeLua(name: string, body: string): string;
  load(url: string, opts: { script: string }): { warm: WrkResult; result: WrkResult };
  countRows(options: DbOptions, table: string): Promise<number>;
  record(kase: string, target: string, r: WrkResult, note?: string): void;
  skip(kase: string, target: string, note: string): void;
  goal(name: string, measured: string, met: boolean, cause?: string): void;
};

const PAGES = ["/", "/pricing", "/portfolio", "/contact", "/demo/gym", "/demo/bakery", "/about"];
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A page view as lib/page-enhancements.ts sends it, from one of 10,000 addresses, on one of a few pages. */
function beaconLua(tools: BenchTools) {
  const bodies = PAGES.map((path, i) =>
    JSON.stringify({
      name: "pageview",
      path,
      ...(i % 3 === 0 ? { referrer: "news.example.com", utm_source: "newsletter" } : {}),
    }),
  );
  return tools.writeLua(
    "beacon.lua",
    `local bodies = { ${bodies.map((b) => JSON.stringify(b)).join(", ")} }
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
local n = 0
function request()
  n = n + 1
  local ip = "10." .. tid .. "." .. (n % 100) .. "." .. (math.floor(n / 100) % 100)
  return wrk.format("POST", "/api/event", { ["Content-Type"] = "text/plain;charset=UTF-8", ["User-Agent"] = ${JSON.stringify(CHROME)}, ["X-Forwarded-For"] = ip }, bodies[(n % #bodies) + 1])
end`,
  );
}

async function beaconWrites(tools: BenchTools, kind: "sqlite" | "postgres") {
  const label = `beacons (${kind === "sqlite" ? "SQLite" : "PostgreSQL"}, 1 process)`;
  const dbPath = tools.dbPath(`beacons-${kind}.db`);
  const env: Record<string, string> = {
    WEB_CONCURRENCY: "1",
    TRUST_PROXY: "1",
    DATABASE_PATH: dbPath,
    DATABASE_URL: kind === "postgres" ? tools.pgUrl! : "",
  };
  const server = tools.startOurs(tools.port, env);
  try {
    const base = `http://127.0.0.1:${tools.port}`;
    await tools.waitFor(`${base}/healthz`);
    const probe = await fetch(`${base}/api/event`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": CHROME },
      body: JSON.stringify({ name: "pageview", path: "/" }),
    });
    if (probe.status !== 202)
      throw new Error(`a valid beacon answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
    const dbOptions: DbOptions = kind === "sqlite" ? { kind, path: dbPath } : { kind, url: tools.pgUrl! };
    const before = await tools.countRows(dbOptions, "analytics_events");
    const { warm, result } = tools.load(`${base}/api/event`, { script: beaconLua(tools) });
    // wrk stops its clock with requests in flight; the server finishes and stores those too.
    await new Promise((r) => setTimeout(r, 500));
    const stored = (await tools.countRows(dbOptions, "analytics_events")) - before;
    const answered = warm.requests - warm.statusErrors + (result.requests - result.statusErrors);
    const lost = Math.max(0, answered - stored);
    tools.record(
      label,
      "POST /api/event",
      result,
      `${stored} rows stored for ${answered} answered 2xx: ${lost ? `${lost} LOST` : "no row lost"}`,
    );
    const name = kind === "sqlite" ? "SQLite" : "PostgreSQL";
    const cause =
      "each beacon is parsed, hashed and answered after its batch's commit (one look-up of unknown visitors and one INSERT per batch), on two cores shared with wrk";
    tools.goal(
      `${name} beacons ≥ 5,000/s on one process`,
      `${Math.round(result.rps).toLocaleString("en-CA")}/s`,
      result.rps >= 5000,
      cause,
    );
    tools.goal(`${name} beacons p99 ≤ 10 ms`, `${result.p99.toFixed(1)} ms`, result.p99 <= 10, cause);
    tools.goal(
      `no beacon lost (${name})`,
      `${stored} stored / ${answered} answered`,
      lost === 0,
      "rows missing: a bug",
    );
  } finally {
    await tools.stop(server);
  }
}

export async function runBeacons(tools: BenchTools) {
  await beaconWrites(tools, "sqlite");
  if (tools.pgUrl) await beaconWrites(tools, "postgres");
  else
    tools.skip(
      "beacons (PostgreSQL, 1 process)",
      "POST /api/event",
      "skipped: run through npm run bench (it starts PostgreSQL) or set DATABASE_URL",
    );
}
