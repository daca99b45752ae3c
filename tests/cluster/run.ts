/**
 * `npm run test:cluster`: the deployment of docs/deploy.md on loopback. One
 * throwaway PostgreSQL (scripts/with-postgres.ts), three app processes on
 * three ports behind nginx with deploy/nginx's configuration, the in-process
 * SMTP server; CLUSTER_SECONDS (30) of mixed load (pages, inquiries, payments
 * paid through the sandbox checkout) while one app process is killed with
 * SIGKILL and started again. Then it checks what the studio depends on:
 *   - no request lost beyond those in flight on the killed process (counted);
 *   - no lead lost: every inquiry answered 200 is a row;
 *   - every notification delivered exactly once, apart from those the killed
 *     process held: another process delivers them once their lease (15 s
 *     here, OUTBOX_LEASE_SECONDS) expires, and the mail may then go out twice;
 *   - every payment paid once, with one studio mail;
 *   - rate limits hold across processes: one client is limited after five
 *     inquiries whichever process answers (sent early in a clock minute, so
 *     the minute's window cannot turn over in the middle);
 *   - the migrations ran once, though the three processes started together;
 *   - nginx answers the files it serves with the app's cache and security headers.
 *
 * Needs a build (npm run build) and nginx. Every visitor of the load has its
 * own loopback source address (127.x.y.z), so nginx's X-Forwarded-For
 * (TRUST_PROXY=1) gives each its own rate-limit key, as real visitors have:
 * the limits stay on for the load.
 *
 * Env: CLUSTER_PORT (first of 5 consecutive ports, default 4301), CLUSTER_SECONDS (30),
 * CLUSTER_CLIENTS (12 concurrent visitors).
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

import { writeNginxConfig } from "../../deploy/nginx/render";
import { migrations } from "../../server/db/migrations";
import { configuredBuildDir } from "../../server/paths";
import { startFakeSmtp } from "../fakes/smtp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PORT = Number(process.env.CLUSTER_PORT ?? 4301);
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 30);
const CLIENTS = Number(process.env.CLUSTER_CLIENTS ?? 12);
const OUTBOX_LEASE_SECONDS = 15;
const appPorts = [PORT, PORT + 1, PORT + 2];
const proxyPort = PORT + 3;
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const buildDir = path.resolve(root, configuredBuildDir());
const clientDir = path.join(buildDir, "client");
const adminUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-cluster-"));
const children = new Set<ChildProcess>();

function log(line: string) {
  process.stdout.write(`cluster: ${line}\n`);
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on its own connection, from `from` (a loopback address), with a 10 s limit. */
function request(
  port: number,
  method: string,
  pathname: string,
  opts: { from?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        localAddress: opts.from,
        agent: false,
        headers: {
          ...(opts.body
            ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(opts.body)) }
            : {}),
          ...opts.headers,
        },
        timeout: 10_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(opts.body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

type App = { port: number; child: ChildProcess; stdout: string[] };

function startApp(port: number, env: Record<string, string>): App {
  const child = spawn(process.execPath, [path.join(buildDir, "node/index.js")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const app: App = { port, child, stdout: [] };
  let partial = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    const lines = (partial + d).split("\n");
    partial = lines.pop()!;
    app.stdout.push(...lines);
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return app;
}

const healthy = (port: number) => request(port, "GET", "/healthz").then((r) => r.status === 200);

function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

// ---------------------------------------------------------------- the load

type Failure = { kind: string; step: string; status?: number; error?: string; at: number };

const PAGES = [
  "/",
  "/pricing",
  "/contact",
  "/portfolio",
  "/about",
  "/demo/bakery",
  "/favicon.svg",
  "/no-such-page",
];

function firstAsset() {
  const file = fs.readdirSync(path.join(clientDir, "assets")).find((f) => f.endsWith(".js"));
  assert.ok(file, "no built asset: run npm run build");
  return `/assets/${file}`;
}

/** Loopback address of the n-th visitor: 127.1.0.1, 127.1.0.2, ... (never 127.0.0.1). */
function visitor(n: number) {
  return `127.${1 + ((n >> 16) & 0x7f)}.${(n >> 8) & 0xff}.${n & 0xff || 1}`;
}

async function runLoad(seconds: number, onTick: (elapsedMs: number) => Promise<void>) {
  const asset = firstAsset();
  const stats = { requests: 0, pages: 0, inquiries: 0, payments: 0 };
  const failures: Failure[] = [];
  const inquiries = new Map<string, string>(); // id -> last name
  const payments = new Set<string>(); // session ids answered 303 by Pay
  let n = 0;
  const started = Date.now();
  const end = started + seconds * 1000;

  const expect = async (
    kind: string,
    step: string,
    run: () => Promise<Answer>,
    ok: (a: Answer) => boolean,
  ) => {
    stats.requests++;
    try {
      const a = await run();
      if (ok(a)) return a;
      failures.push({ kind, step, status: a.status, at: Date.now() });
    } catch (e) {
      failures.push({ kind, step, error: (e as Error).message, at: Date.now() });
    }
    return undefined;
  };

  async function oneVisit() {
    const from = visitor(++n);
    const roll = n % 10;
    if (roll < 6) {
      stats.pages++;
      const p = roll === 5 ? asset : PAGES[n % PAGES.length]!;
      await expect(
        "page",
        p,
        () => request(proxyPort, "GET", p, { from, headers: { "accept-encoding": "gzip" } }),
        (a) => a.status === (p === "/no-such-page" ? 404 : 200),
      );
    } else if (roll < 8) {
      stats.inquiries++;
      const lastName = `Cluster ${n}`;
      const body = JSON.stringify({
        firstName: "Load",
        lastName,
        email: `cluster${n}@example.com`,
        projectType: "basic",
        message: `Cluster test inquiry ${n}: a site with a booking form.`,
      });
      const a = await expect(
        "inquiry",
        "POST /api/inquiries",
        () => request(proxyPort, "POST", "/api/inquiries", { from, body }),
        (x) => x.status === 200,
      );
      if (a) inquiries.set((JSON.parse(a.body) as { id: string }).id, lastName);
    } else {
      stats.payments++;
      const body = JSON.stringify({
        amount: `${100 + (n % 900)}.${String(n % 100).padStart(2, "0")}`,
        packageType: n % 2 ? "pro" : "basic",
      });
      const created = await expect(
        "payment",
        "POST /api/create-payment",
        () => request(proxyPort, "POST", "/api/create-payment", { from, body }),
        (x) => x.status === 200,
      );
      if (!created) return;
      const checkout = new URL((JSON.parse(created.body) as { url: string }).url, "http://localhost")
        .pathname;
      const paid = await expect(
        "payment",
        "POST pay",
        () => request(proxyPort, "POST", `${checkout}/pay`, { from }),
        (x) => x.status === 303,
      );
      if (paid) payments.add(checkout.split("/").at(-1)!);
    }
  }

  const loops = Array.from({ length: CLIENTS }, async () => {
    while (Date.now() < end) await oneVisit();
  });
  const ticker = (async () => {
    while (Date.now() < end) {
      await onTick(Date.now() - started);
      await sleep(200);
    }
  })();
  await Promise.all([...loops, ticker]);
  return { stats, failures, inquiries, payments, seconds: (Date.now() - started) / 1000 };
}

// ---------------------------------------------------------------- nginx's log

type ProxyLine = { from: string; at: number; request: string; status: number; upstreams: string[] };

/** deploy/nginx's `cascadia` log format. */
function readProxyLog(file: string): ProxyLine[] {
  const re = /^(\S+) \[([^\]]+)\] "([^"]*)" (\d{3}) \S+ rt=\S+ upstream=(.*) us=/;
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      const m = re.exec(line);
      if (!m) return [];
      // "a:1, b:2" when nginx tried a second process; "-" when nginx answered itself.
      const upstreams = m[5] === "-" ? [] : m[5]!.split(/\s*,\s*|\s+:\s+/).filter(Boolean);
      return [{ from: m[1]!, at: Date.parse(m[2]!), request: m[3]!, status: Number(m[4]), upstreams }];
    });
}

// ---------------------------------------------------------------- the run

// ---------------------------------------------------------------- metrics

const METRICS_TOKEN = randomBytes(24).toString("hex");
let metricsResults: string[] = [];

/** One scrape of /metrics; the count of requests of a route group and status class in it. */
async function scrape(port: number) {
  const a = await request(port, "GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(a.status, 200, `/metrics on ${port}`);
  const count = (group: string, statusClass: string) =>
    Number(
      new RegExp(
        `^cascadia_http_request_duration_seconds_count\\{group="${group}",status_class="${statusClass}"\\} (\\d+)$`,
        "m",
      ).exec(a.body)?.[1] ?? 0,
    );
  return { text: a.body, count };
}

/**
 * Every process is scraped on its own port, as Prometheus' targets: each one that lived
 * through the load counts exactly the inquiries nginx's log says it answered. Then a
 * node:cluster server (WEB_CONCURRENCY=2, mail off so it leaves the outbox alone): one
 * scrape, which lands on one worker, reports both (through the primary's aggregator).
 */
async function checkMetrics(apps: App[], victim: App, proxyLog: ProxyLine[], env: Record<string, string>) {
  for (const app of apps) {
    assert.ok(
      app.child.exitCode === null && app.child.signalCode === null,
      `process on ${app.port} exited (${app.child.exitCode ?? app.child.signalCode}): ${app.stdout.slice(-5).join("\n")}`,
    );
    const { count } = await scrape(app.port);
    if (app === victim || app.port === victim.port) continue; // restarted: counts since its restart only
    const answered = (cls: string) =>
      proxyLog.filter(
        (l) =>
          l.request.startsWith("POST /api/inquiries ") &&
          l.upstreams.at(-1) === `127.0.0.1:${app.port}` &&
          `${String(l.status)[0]}xx` === cls,
      ).length;
    for (const cls of ["2xx", "4xx"])
      assert.equal(
        count("api-inquiries", cls),
        answered(cls),
        `process on ${app.port}: api-inquiries ${cls} in /metrics and in nginx's log differ`,
      );
  }
  const clustered = startApp(PORT + 4, { ...env, WEB_CONCURRENCY: "2", SMTP_URL: "" });
  try {
    await waitUntil("node:cluster server", () => healthy(clustered.port));
    // A scrape waits for every worker: while one is still starting it fails (500 after 5 s).
    await waitUntil("node:cluster scrape", () => scrape(clustered.port).then(() => true));
    const before = (await scrape(clustered.port)).count("page", "4xx");
    for (let i = 0; i < 20; i++)
      assert.equal((await request(clustered.port, "GET", `/no-such-page-${i}`)).status, 404);
    const after = await scrape(clustered.port);
    const workers = [...after.text.matchAll(/^cascadia_worker_info\{worker="(\d+)"\} 1$/gm)].map((m) => m[1]);
    assert.equal(workers.length, 2, `one scrape of a 2-worker server shows workers ${workers.join(", ")}`);
    assert.equal(
      after.count("page", "4xx") - before,
      20,
      "20 requests spread over 2 workers, counted whole by one scrape",
    );
    return [
      `metrics: ${apps.length} processes scraped one by one, each counting the inquiries nginx gave it; a 2-worker node:cluster server's one scrape covers workers ${workers.join(" and ")} (20 of 20 requests)`,
    ];
  } finally {
    await stopChild(clustered.child);
  }
}

async function main() {
  assert.ok(
    adminUrl,
    "TEST_DATABASE_URL is not set: run through npm run test:cluster (it starts PostgreSQL)",
  );
  assert.ok(fs.existsSync(path.join(buildDir, "node/index.js")), "no build: run npm run build first");
  assert.ok(fs.existsSync(NGINX), `nginx not found at ${NGINX}: run scripts/system-deps.sh`);

  // A database of its own on the throwaway server.
  const dbName = `cluster_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const db = new pg.Client({ connectionString: databaseUrl });

  /**
   * The rows a dead process had claimed: its outbox worker's id is in its log lines (the first
   * eight characters, `worker`), and its claims are the rows still locked by that id.
   */
  async function rowsHeldBy(app: App) {
    const worker = app.stdout
      .map((l) => /"component":"outbox","worker":"([0-9a-f]{8})"/.exec(l)?.[1])
      .find(Boolean);
    if (!worker) return new Set<string>();
    const rows = await db.query<{ id: string }>(
      `select id from outbox where status = 'sending' and locked_by like $1`,
      [`${worker}%`],
    );
    return new Set(rows.rows.map((r) => r.id));
  }

  const smtp = await startFakeSmtp();
  const env = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "info",
    BUILD_DIR: buildDir,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    INQUIRY_TO: "studio@example.com",
    PAYMENTS_PROVIDER: "sandbox",
    RATE_LIMIT_DISABLED: "",
    // Short, so the rows the killed process held are delivered again within the run.
    OUTBOX_LEASE_SECONDS: String(OUTBOX_LEASE_SECONDS),
    METRICS_TOKEN,
  };

  const nginxDir = path.join(tmp, "nginx");
  const conf = writeNginxConfig(nginxDir, {
    appServers: appPorts.map((p) => `127.0.0.1:${p}`),
    listen: `127.0.0.1:${proxyPort}`,
    siteRoot: clientDir,
  });
  const nginx = spawn(NGINX, ["-p", nginxDir, "-c", conf, "-e", path.join(nginxDir, "error.log")], {
    stdio: "inherit",
  });
  const nginxExited = new Promise((r) => nginx.once("exit", r));
  // Whatever happens to this runner, nothing it started outlives it.
  process.on("exit", () => {
    for (const c of children) c.kill("SIGKILL");
    nginx.kill("SIGTERM");
  });

  try {
    // Three processes starting together on an empty database.
    const apps = appPorts.map((p) => startApp(p, env));
    await Promise.all(appPorts.map((p) => waitUntil(`app on ${p}`, () => healthy(p))));
    await waitUntil("nginx", () => healthy(proxyPort));
    assert.equal(nginx.exitCode, null, "nginx did not start (see its message above)");
    await db.connect();
    log(`3 app processes on ${appPorts.join(", ")}, nginx on ${proxyPort}, PostgreSQL database ${dbName}`);

    // nginx answers its files with the app's headers; pages come from the app with their own CSP.
    const asset = firstAsset();
    for (const file of [asset, "/favicon.svg", "/pricing"]) {
      const [viaNginx, viaApp] = await Promise.all([
        request(proxyPort, "GET", file),
        request(appPorts[0]!, "GET", file),
      ]);
      assert.equal(viaNginx.status, 200);
      assert.equal(viaNginx.headers.via, undefined);
      for (const h of [
        "cache-control",
        "content-security-policy",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "permissions-policy",
        "cross-origin-opener-policy",
        "cross-origin-resource-policy",
        "strict-transport-security",
      ]) {
        assert.equal(
          viaNginx.headers[h],
          viaApp.headers[h],
          `${file}: ${h} differs between nginx and the app`,
        );
      }
    }

    // The load, with one process killed a third of the way in and started again 3 s later.
    const victim = apps[1]!;
    let killedAt = 0;
    let restartedAt = 0;
    /** The outbox rows the killed process had claimed and not finished: its lease holds them. */
    let heldIds = new Set<string>();
    const load = await runLoad(SECONDS, async (elapsed) => {
      if (!killedAt && elapsed >= (SECONDS * 1000) / 3) {
        killedAt = Date.now();
        victim.child.kill("SIGKILL");
        await new Promise((r) => victim.child.once("exit", r));
        log(`SIGKILL to the process on ${victim.port} at ${(elapsed / 1000).toFixed(1)} s`);
        heldIds = await rowsHeldBy(victim);
      } else if (killedAt && !restartedAt && Date.now() - killedAt >= 3000) {
        restartedAt = Date.now();
        apps[1] = startApp(victim.port, env);
        void waitUntil("restarted app", () => healthy(victim.port)).then(() =>
          log(
            `the process on ${victim.port} answers again, ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
          ),
        );
      }
    });
    assert.ok(killedAt && restartedAt, "the load ended before the kill and restart");
    await waitUntil("restarted app", () => healthy(victim.port));

    // Rate limits across processes: one new client, seven inquiries in a row, within one window
    // of the limit (a clock minute): started after the next minute begins when this one is nearly over.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 20_000) await sleep(leftInMinute + 100);
    const limited = "127.250.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const body = JSON.stringify({
        firstName: "Limit",
        lastName: `Probe ${i}`,
        email: `probe${i}@example.com`,
        projectType: "basic",
        message: "Rate limit probe across processes.",
      });
      statuses.push((await request(proxyPort, "POST", "/api/inquiries", { from: limited, body })).status);
    }

    // Every notification out, the killed process's included once its lease expires. Each lead and payment
    // queues three mails in all, so the backlog after 30 s of load takes a while: the wait
    // fails when the backlog stops shrinking for 30 s, not after a fixed time.
    const backlog = async () =>
      (
        await db.query(
          `select count(*)::int as n from outbox where status = 'pending' or (status = 'sending' and locked_until < now()::text)`,
        )
      ).rows[0].n as number;
    let left = await backlog();
    let progressAt = Date.now();
    const drainStarted = Date.now();
    while (left > 0) {
      await sleep(500);
      const now = await backlog();
      if (now < left) progressAt = Date.now();
      left = now;
      if (left > 0 && Date.now() - progressAt > 30_000) {
        // Say what is stuck: the rows by channel and state, with their last error.
        const stuck = await db.query(
          `select channel, status, count(*)::int as n, max(attempts) as attempts, max(last_error) as last_error from outbox where status <> 'delivered' group by channel, status`,
        );
        const problems = apps.flatMap((a) => a.stdout.filter((l) => /"level":(40|50|60)/.test(l)).slice(-5));
        throw new Error(
          `outbox drained: ${left} rows made no progress for 30 s; not delivered: ${JSON.stringify(stuck.rows)}; SMTP received ${smtp.messages.length}; last warnings: ${problems.join("\n")}`,
        );
      }
    }
    console.log(
      `cluster: outbox drained ${((Date.now() - drainStarted) / 1000).toFixed(1)} s after the load`,
    );
    // Payment mails are sent right after the Pay answer; give the last ones a moment.
    await waitUntil(
      "payment mails",
      async () =>
        smtp.messages.filter((m) => m.subject.startsWith("Payment received")).length >=
        load.payments.size - 2,
      10_000,
    ).catch(() => {});
    await sleep(1000);

    // nginx's buffered log is written when it stops gracefully.
    await stopChild(nginx, "SIGQUIT");
    const proxyLog = readProxyLog(path.join(nginxDir, "access.log"));
    metricsResults = await checkMetrics(apps, victim, proxyLog, env);
    await Promise.all(apps.map((a) => stopChild(a.child)));

    // ------------------------------------------------------------ checks
    const victimAddr = `127.0.0.1:${victim.port}`;
    const results: string[] = [];

    // 1. Requests: every failure is a POST that nginx had handed to the killed process.
    const failed5xx = proxyLog.filter((l) => l.status >= 500);
    const inFlightOnVictim = failed5xx.filter(
      (l) => l.upstreams.at(-1) === victimAddr && l.at >= killedAt - 1500 && l.at <= killedAt + 2000,
    );
    const retried = proxyLog.filter((l) => l.upstreams.length > 1 && l.status < 500);
    assert.deepEqual(
      load.failures.filter((f) => f.status !== 502),
      [],
      "a request failed other than by a 502 from nginx (in flight on the killed process)",
    );
    assert.equal(
      failed5xx.length,
      inFlightOnVictim.length,
      `5xx answers not caused by the kill: ${JSON.stringify(failed5xx.filter((l) => !inFlightOnVictim.includes(l)))}`,
    );
    assert.equal(
      load.failures.length,
      inFlightOnVictim.length,
      "the client's failures and nginx's 502s from the killed process differ",
    );
    assert.ok(
      inFlightOnVictim.every((l) => l.request.startsWith("POST ")),
      "a GET was lost: nginx should have retried it on another process",
    );
    assert.ok(inFlightOnVictim.length <= CLIENTS, "more requests lost than could have been in flight");
    results.push(
      `requests: ${load.stats.requests} in ${load.seconds.toFixed(1)} s (${Math.round(load.stats.requests / load.seconds)}/s; visits: ${load.stats.pages} pages, ${load.stats.inquiries} inquiries, ${load.stats.payments} payments), ${CLIENTS} concurrent visitors`,
      `lost: ${load.failures.length}, each a POST in flight on the killed process (nginx 502, upstream ${victimAddr}); ${retried.length} GETs retried by nginx on another process`,
    );

    // 2. Leads: every inquiry answered 200 is a row.
    const rows = new Set((await db.query<{ id: string }>(`select id from leads`)).rows.map((r) => r.id));
    const lostLeads = [...load.inquiries.keys()].filter((id) => !rows.has(id));
    assert.deepEqual(lostLeads, [], "inquiries answered 200 but not stored");
    results.push(
      `leads: ${load.inquiries.size} answered 200, all stored (${rows.size} rows, with ${rows.size - load.inquiries.size} whose answer was lost or were probes)`,
    );

    // 3. Notifications: each inquiry has two rows (the studio's email, the visitor's acknowledgement), one mail
    //    per row; a row the killed process held is delivered by another process after its lease.
    const outbox = (
      await db.query<{ id: string; subject_id: string; channel: string; status: string; attempts: number }>(
        `select id, subject_id, channel, status, attempts from outbox where channel in ('inquiry-email', 'inquiry-ack-email')`,
      )
    ).rows;
    const leads = new Map(
      (
        await db.query<{ id: string; last_name: string; email: string }>(
          `select id, last_name, email from leads`,
        )
      ).rows.map((r) => [r.id, r]),
    );
    const mailsFor = (row: { subject_id: string; channel: string }) => {
      const lead = leads.get(row.subject_id)!;
      return row.channel === "inquiry-email"
        ? smtp.messages.filter((m) => m.subject.endsWith(` ${lead.last_name}`)).length
        : smtp.messages.filter(
            (m) => m.to.includes(lead.email) && m.subject.startsWith("We received your inquiry"),
          ).length;
    };
    const held = outbox.filter((r) => heldIds.has(r.id));
    for (const row of outbox) {
      const mails = mailsFor(row);
      assert.equal(
        row.status,
        "delivered",
        `inquiry ${row.subject_id} ${row.channel}: ${row.status}${heldIds.has(row.id) ? " (held by the killed process: not delivered again after its lease)" : ""}`,
      );
      // A row the killed process held is sent again by another once its lease expires: twice if it had sent it.
      if (heldIds.has(row.id))
        assert.ok(
          row.attempts >= 2 && mails >= 1 && mails <= 2,
          `inquiry ${row.subject_id} ${row.channel}: held by the killed process, ${row.attempts} attempts, ${mails} mails`,
        );
      else
        assert.equal(
          mails,
          1,
          `inquiry ${row.subject_id} ${row.channel}: ${mails} mails for one delivered notification`,
        );
    }
    for (const channel of ["inquiry-email", "inquiry-ack-email"]) {
      assert.equal(
        outbox.filter((r) => r.channel === channel).length,
        rows.size,
        `an inquiry without its ${channel} row`,
      );
    }
    results.push(
      `notifications: ${outbox.length - held.length} delivered exactly once (studio email and visitor acknowledgement per lead); ${held.length} held by the killed process, delivered by another after its ${OUTBOX_LEASE_SECONDS} s lease (${held.filter((r) => mailsFor(r) === 2).length} of them twice: the killed process had sent them)`,
    );

    // 4. Payments: each Pay answered 303 is paid, once, with one studio mail.
    const paid = (
      await db.query<{ provider_session_id: string; status: string; paid_at: string }>(
        `select provider_session_id, status, paid_at from payments where status = 'paid'`,
      )
    ).rows;
    const paidIds = new Set(paid.map((p) => p.provider_session_id));
    assert.deepEqual(
      [...load.payments].filter((id) => !paidIds.has(id)),
      [],
      "a payment answered 303 by Pay is not paid",
    );
    // The studio's mail is queued in the settlement's transaction (outbox), so every paid payment has
    // one row, delivered with exactly one mail; one the killed process held, after its lease, with one or two.
    // Each mail is matched to its outbox row by its Message-ID (the row's id, server/outbox/outbox.server.ts):
    // the email itself names the client and the facts in words, no ids (issue 37).
    const paymentMails = smtp.messages.filter((m) => m.subject.includes("Payment received"));
    const mailCount = (outboxId: string) =>
      paymentMails.filter((m) => m.headers["message-id"]?.startsWith(`<${outboxId}@`)).length;
    const paymentRows = (
      await db.query<{ id: string; provider_session_id: string; status: string }>(
        `select o.id, p.provider_session_id, o.status from outbox o join payments p on p.id = o.subject_id where o.channel = 'payment-email'`,
      )
    ).rows;
    assert.equal(paymentRows.length, paid.length, "a paid payment without its one studio notification row");
    for (const row of paymentRows) {
      const mails = mailCount(row.id);
      assert.equal(row.status, "delivered", `payment ${row.provider_session_id}: ${row.status}`);
      if (heldIds.has(row.id))
        assert.ok(
          mails >= 1 && mails <= 2,
          `payment ${row.provider_session_id}: held by the killed process, ${mails} mails`,
        );
      else
        assert.equal(
          mails,
          1,
          `payment ${row.provider_session_id}: ${mails} mails for one delivered notification`,
        );
    }
    const heldPayments = paymentRows.filter((r) => heldIds.has(r.id)).length;
    results.push(
      `payments: ${paid.length} paid (${load.payments.size} Pay answers seen), each once; ${paymentMails.length} studio mails; ${heldPayments} held by the killed process, delivered by another after its lease`,
    );

    // 5. Rate limit across processes.
    const probeLines = proxyLog.filter((l) => l.from === limited);
    const answeredBy = new Set(probeLines.map((l) => l.upstreams.at(-1)));
    assert.deepEqual(
      statuses,
      [200, 200, 200, 200, 200, 429, 429],
      "the inquiry limit (5 a minute) did not hold for one client",
    );
    assert.ok(
      answeredBy.size >= 2,
      `the probe was answered by one process only (${[...answeredBy].join(", ")}): not a cross-process check`,
    );
    results.push(
      `rate limit: one client answered ${statuses.join(", ")} by ${answeredBy.size} different processes`,
    );

    // 6. Migrations: applied once, by one of the three processes that started together.
    const applied = apps
      .flatMap((a) => a.stdout)
      .concat(victim.stdout)
      .flatMap((line) => {
        try {
          const j = JSON.parse(line) as { msg?: string; migrations?: string[] };
          return j.msg === "migrations applied" ? (j.migrations ?? []) : [];
        } catch {
          return [];
        }
      });
    assert.deepEqual(
      [...applied].sort(),
      Object.keys(migrations).sort(),
      "migrations applied not exactly once each",
    );
    const recorded = (await db.query(`select count(*)::int as n from kysely_migration`)).rows[0].n as number;
    assert.equal(recorded, Object.keys(migrations).length);
    results.push(`migrations: ${applied.length} applied once, by one of three processes started together`);

    log("PASSED");
    for (const r of [...results, ...metricsResults]) log(`  ${r}`);
  } finally {
    await db.end().catch(() => {});
    await Promise.all([...children].map((c) => stopChild(c, "SIGKILL")));
    // SIGTERM, not SIGKILL: nginx's master then stops its workers.
    if (nginx.exitCode === null && nginx.signalCode === null) {
      nginx.kill("SIGTERM");
      await nginxExited;
    }
    await smtp.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`cluster: FAILED\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
