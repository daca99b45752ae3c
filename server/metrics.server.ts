import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import type { AppDatabase } from "./db/database.server";
import type { OutboxStatus, PaymentStatus } from "./db/schema";

/**
 * The process's Prometheus metrics (prom-client), in one typed registry.
 * Every name starts with `cascadia_`; labels take values from small fixed sets
 * (route groups, status classes, outbox channels), never from a request, so an
 * id or a token in a URL can never become a series. docs/deploy.md#metrics
 * says what each one means.
 */

/** What a request was for: a fixed set, so paths (with their tokens and ids) never become labels. */
export const ROUTE_GROUPS = [
  "page",
  "asset",
  "api-inquiries",
  "api-payments",
  "api-event",
  "studio",
  "quote",
  "checkout",
  "webhook",
  "other",
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];
export const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;

/** The route group of a request path (already without its query string). */
export function routeGroup(path: string): RouteGroup {
  if (path.startsWith("/api/")) {
    if (path === "/api/inquiries" || path.startsWith("/api/inquiries/")) return "api-inquiries";
    if (path === "/api/create-payment") return "api-payments";
    if (path === "/api/event") return "api-event";
    if (path === "/api/stripe/webhook") return "webhook";
    if (path.startsWith("/api/studio/")) return "studio";
    return "other";
  }
  if (path === "/studio" || path.startsWith("/studio/") || path.startsWith("/studio.")) return "studio";
  if (path.startsWith("/quote/")) return "quote";
  if (path.startsWith("/checkout/") || path === "/payment-success" || path === "/payment-success.data")
    return "checkout";
  if (path === "/metrics" || path === "/healthz" || path === "/readyz") return "other";
  return isAssetPath(path) ? "asset" : "page";
}

/** Built files other than pages: hashed assets, and anything whose last segment has an extension (.data is a page's data). */
function isAssetPath(path: string) {
  if (path.startsWith("/assets/")) return true;
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") && !path.endsWith(".data") && !path.endsWith(".html");
}

/**
 * The request histogram (route group × status class), counted in typed arrays and handed
 * to prom-client as a histogram's samples at scrape time. prom-client's own Histogram
 * builds a label object and a hash string for every observe: with an access-log line,
 * the largest per-request cost of a static hit beyond Node's own (reports/server-hot-path.md).
 * Every series exists from the start (0), as prom-client's did for its bound children.
 */
class RequestHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly buckets = new Float64Array(
    ROUTE_GROUPS.length * STATUS_CLASSES.length * HTTP_BUCKETS.length,
  );
  private readonly sums = new Float64Array(ROUTE_GROUPS.length * STATUS_CLASSES.length);
  private readonly counts = new Float64Array(ROUTE_GROUPS.length * STATUS_CLASSES.length);
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  observe(group: number, cls: number, seconds: number) {
    const series = group * STATUS_CLASSES.length + cls;
    this.sums[series]! += seconds;
    this.counts[series]! += 1;
    // The smallest bucket that holds it; past the last, only +Inf (the count).
    let b = 0;
    while (b < HTTP_BUCKETS.length && seconds > HTTP_BUCKETS[b]!) b++;
    if (b < HTTP_BUCKETS.length) this.buckets[series * HTTP_BUCKETS.length + b]! += 1;
  }

  /** prom-client's MetricObjectWithValues, as its Histogram#get returns it (cumulative buckets, then +Inf, sum, count). */
  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    ROUTE_GROUPS.forEach((group, g) =>
      STATUS_CLASSES.forEach((status_class, c) => {
        const series = g * STATUS_CLASSES.length + c;
        const labels = { group, status_class };
        let cumulative = 0;
        HTTP_BUCKETS.forEach((le, b) => {
          cumulative += this.buckets[series * HTTP_BUCKETS.length + b]!;
          values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
        });
        values.push({
          labels: { ...labels, le: "+Inf" },
          value: this.counts[series]!,
          metricName: `${this.name}_bucket`,
        });
        values.push({ labels, value: this.sums[series]!, metricName: `${this.name}_sum` });
        values.push({ labels, value: this.counts[series]!, metricName: `${this.name}_count` });
      }),
    );
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset() {
    this.buckets.fill(0);
    this.sums.fill(0);
    this.counts.fill(0);
  }
}

/** Seconds; from a static file (~0.1 ms) to a slow provider call. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export type MetricsOptions = {
  /** prom-client's process metrics (CPU, memory, event-loop delay, GC): on in the server, off in most tests. */
  defaultMetrics?: boolean;
};

export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const { httpDuration, groupIndex, queryOk, queryError, deliveryFailures, undeliverable } =
    appMetrics(registry);
  const gauge = <L extends string = never>(...args: GaugeArgs<L>) => registeredGauge(registry, ...args);

  return {
    registry,
    /** One answered request; `status` is its HTTP status. */
    observeRequest(group: RouteGroup, status: number, seconds: number) {
      const cls = Math.floor(status / 100) - 1;
      httpDuration.observe(groupIndex.get(group)!, cls >= 0 && cls < 5 ? cls : 4, seconds);
    },
    /** One database query (fed by the database layer's log hook). */
    observeQuery(seconds: number, failed: boolean) {
      (failed ? queryError : queryOk).observe(seconds);
    },
    /** Called before the channels are used, so their counters start at 0 (Prometheus' increase() needs a first sample). */
    knowChannels(channels: string[]) {
      for (const channel of channels) {
        deliveryFailures.labels(channel).inc(0);
        undeliverable.labels(channel).inc(0);
      }
    },
    /** A failed delivery attempt; `final` when the row gave up (undeliverable). */
    deliveryFailed(channel: string, final: boolean) {
      deliveryFailures.labels(channel).inc();
      if (final) undeliverable.labels(channel).inc();
    },
    gauge,
    /** A counter of another module, registered once by name. */
    counter<L extends string = never>(
      name: `cascadia_${string}`,
      help: string,
      opts: { labelNames?: readonly L[] } = {},
    ): Counter<L> {
      const existing = registry.getSingleMetric(name);
      if (existing) return existing as Counter<L>;
      return new Counter<L>({ name, help, labelNames: opts.labelNames ?? [], registers: [registry] });
    },
    /**
     * A backup finished (the backup job calls this): its time, in seconds since the epoch. The
     * gauge appears at the first one, so `absent()` in an alert rule catches "never backed up".
     */
    backupSucceeded(atSeconds: number) {
      gauge("cascadia_backup_last_success_timestamp_seconds", "Unix time of the last successful backup.", {
        aggregator: "max",
      }).set(atSeconds);
    },
    /** The text a scrape answers, with its content type (Prometheus text format 0.0.4). */
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** The application's own series: requests, queries, outbox failures, and which cluster worker answered. */
function appMetrics(registry: Registry) {
  // Requests are counted by the histogram's _count: one observe per request, on the hot path too.
  const httpDuration = new RequestHistogram(
    "cascadia_http_request_duration_seconds",
    "HTTP requests answered by the app (count) and their latency, by route group and status class.",
  );
  registry.registerMetric(httpDuration as unknown as Histogram);
  const groupIndex = new Map<RouteGroup, number>(ROUTE_GROUPS.map((g, i) => [g, i]));

  const queryDuration = new Histogram({
    name: "cascadia_db_query_duration_seconds",
    help: "Database queries (SQLite or PostgreSQL) and their duration; outcome error when the query failed.",
    labelNames: ["outcome"] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });

  const deliveryFailures = new Counter({
    name: "cascadia_outbox_delivery_failures_total",
    help: "Failed delivery attempts of outbox notifications, by channel (each is retried later, until it gives up).",
    labelNames: ["channel"] as const,
    registers: [registry],
  });
  const undeliverable = new Counter({
    name: "cascadia_outbox_undeliverable_total",
    help: "Outbox notifications that gave up after their last attempt (status failed), by channel.",
    labelNames: ["channel"] as const,
    registers: [registry],
  });

  if (cluster.isWorker) {
    // One series per worker, so a scrape through the primary shows which processes it covers.
    new Gauge({
      name: "cascadia_worker_info",
      help: "1 per node:cluster worker that answered the scrape.",
      labelNames: ["worker"] as const,
      registers: [registry],
    })
      .labels(String(cluster.worker?.id ?? 0))
      .set(1);
  }
  return {
    httpDuration,
    groupIndex,
    queryOk: queryDuration.labels("ok"),
    queryError: queryDuration.labels("error"),
    deliveryFailures,
    undeliverable,
  };
}

type GaugeArgs<L extends string> = [
  name: `cascadia_${string}`,
  help: string,
  opts?: {
    labelNames?: readonly L[];
    collect?: (this: Gauge<L>) => void | Promise<void>;
    aggregator?: "sum" | "first" | "max" | "min";
  },
];

/**
 * A gauge of another module (backups: cascadia_backup_last_success_timestamp_seconds),
 * registered once by name and returned again on the next call. `collect` runs at
 * scrape time, for values that are read rather than pushed.
 */
function registeredGauge<L extends string = never>(
  registry: Registry,
  ...[name, help, opts = {}]: GaugeArgs<L>
): Gauge<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Gauge<L>;
  return new Gauge<L>({
    name,
    help,
    labelNames: opts.labelNames ?? [],
    collect: opts.collect,
    aggregator: opts.aggregator,
    registers: [registry],
  });
}

export type Metrics = ReturnType<typeof createMetrics>;

const OUTBOX_WAITING: OutboxStatus[] = ["pending", "sending", "failed"];
const PAYMENT_STATES: PaymentStatus[] = ["pending", "paid", "failed"];

/**
 * The gauges read from the database, computed when scraped (collect()), never per
 * request: whether it answers, the outbox's backlog and oldest waiting message, and
 * payments by state. Each is one indexed or small query. A query that fails leaves its
 * gauge without samples (not a stale value) and cascadia_database_up at 0.
 */
export function registerDatabaseGauges(
  metrics: Metrics,
  database: AppDatabase,
  now: () => number = Date.now,
) {
  const { db } = database;
  metrics.gauge(
    "cascadia_database_up",
    "1 when the database answers a trivial query at scrape time, else 0.",
    {
      aggregator: "min",
      async collect() {
        this.set((await database.ping()) ? 1 : 0);
      },
    },
  );
  metrics.gauge(
    "cascadia_outbox_messages",
    "Outbox notifications not delivered, by status: pending (waiting or retrying), sending (claimed), failed (undeliverable).",
    {
      labelNames: ["status"] as const,
      aggregator: "first",
      async collect() {
        this.reset();
        const rows = await db
          .selectFrom("outbox")
          .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
          .where("status", "in", OUTBOX_WAITING)
          .groupBy("status")
          .execute()
          .catch(() => undefined);
        if (!rows) return;
        for (const status of OUTBOX_WAITING)
          this.labels(status).set(Number(rows.find((r) => r.status === status)?.n ?? 0));
      },
    },
  );
  metrics.gauge(
    "cascadia_outbox_oldest_pending_age_seconds",
    "Age of the oldest outbox notification still waiting to be delivered (pending or sending); 0 when none waits.",
    {
      aggregator: "first",
      async collect() {
        this.reset();
        // A message never tried waits from when it was due (a reminder queued for tomorrow is not
        // late today); one being retried, from when it was queued.
        const row = await db
          .selectFrom("outbox")
          .select(
            sql<string | null>`min(case when attempts = 0 then next_attempt_at else created_at end)`.as(
              "oldest",
            ),
          )
          .where("status", "in", ["pending", "sending"])
          .where((eb) =>
            eb.or([eb("attempts", ">", 0), eb("next_attempt_at", "<=", new Date(now()).toISOString())]),
          )
          .executeTakeFirst()
          .catch(() => undefined);
        if (!row) return;
        this.set(row.oldest ? Math.max(0, (now() - Date.parse(row.oldest)) / 1000) : 0);
      },
    },
  );
  metrics.gauge(
    "cascadia_payments",
    "Payments by state (pending: checkout started, not settled; paid; failed).",
    {
      labelNames: ["status"] as const,
      aggregator: "first",
      async collect() {
        this.reset();
        const rows = await db
          .selectFrom("payments")
          .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
          .groupBy("status")
          .execute()
          .catch(() => undefined);
        if (!rows) return;
        for (const status of PAYMENT_STATES)
          this.labels(status).set(Number(rows.find((r) => r.status === status)?.n ?? 0));
      },
    },
  );
}

/**
 * The process's metrics, for modules that are not handed them (backups, scripts run
 * in the server): created on first use with the process metrics on. The server
 * (server/index.ts) uses this one, so what they set is in its /metrics. A node:cluster
 * primary serves no scrape of its own: set metrics in a serving process (as the
 * retention job runs in worker 1), and give a timestamp gauge the "max" aggregator.
 */
let processMetrics: Metrics | undefined;
export function getProcessMetrics(): Metrics {
  processMetrics ??= createMetrics({ defaultMetrics: true });
  return processMetrics;
}

/**
 * True when an Authorization header carries exactly `Bearer <token>`, compared in
 * constant time (timingSafeEqual); a different length is refused without comparing,
 * which tells only the length.
 */
export function bearerMatches(header: string | undefined, token: string) {
  if (!header) return false;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ---------------------------------------------------------------- node:cluster

const SCRAPE_REQUEST = "cascadia:metrics-scrape";
const SCRAPE_ANSWER = "cascadia:metrics-answer";
type ScrapeAnswer = { type: typeof SCRAPE_ANSWER; id: number; body?: string; error?: string };

/**
 * In the primary of a WEB_CONCURRENCY > 1 server: a worker's scrape asks here, and
 * prom-client's AggregatorRegistry collects every worker's registry and sums them
 * (counters and histograms summed; the database gauges, read by each worker from
 * the one database, keep the first worker's value). So whichever worker the scrape
 * lands on, it reports every process.
 */
export function serveClusterScrapes() {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== SCRAPE_REQUEST) return;
    aggregator.clusterMetrics().then(
      (body) => worker.isConnected() && worker.send({ type: SCRAPE_ANSWER, id: message.id, body }),
      (err: Error) =>
        worker.isConnected() && worker.send({ type: SCRAPE_ANSWER, id: message.id, error: err.message }),
    );
  });
}

/**
 * In a worker: answers the primary's collection requests with this registry
 * (constructing an AggregatorRegistry is what installs that listener in a worker),
 * and returns the scrape to use instead of the registry's own: the whole cluster's.
 */
export function scrapeThroughPrimary(metrics: Metrics, proc: NodeJS.Process = process): Metrics["scrape"] {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics.registry]);
  let next = 0;
  const waiting = new Map<number, (answer: ScrapeAnswer) => void>();
  proc.on("message", (message: ScrapeAnswer) => {
    if (message?.type === SCRAPE_ANSWER) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the cluster primary did not answer the scrape"));
      }, 5_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.body === undefined) reject(new Error(answer.error ?? "scrape failed"));
        else resolve({ contentType: metrics.registry.contentType, body: answer.body });
      });
      proc.send!({ type: SCRAPE_REQUEST, id });
    });
}
