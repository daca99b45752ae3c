import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";

import { siteConfig } from "~/content/site";

import type { AppDatabase, Executor } from "../db/database.server";
import type { OutboxTable } from "../db/schema";
import { errorKind, type Logger } from "../logger.server";
import type { Metrics } from "../metrics.server";

/**
 * A transactional outbox: notifications are written in the same transaction
 * as what they are about, then delivered by a worker that retries with
 * exponential backoff. Generic over channels, so payments can enqueue a
 * "payment-email" the same way inquiries enqueue "inquiry-email".
 *
 * Guarantees:
 * - a row is claimed by exactly one worker at a time (FOR UPDATE SKIP LOCKED on
 *   PostgreSQL, one UPDATE under SQLite's single write lock);
 * - a claim is a lease: a crashed worker's rows become due again when it ends;
 * - a delivered row is never claimed again, across restarts too.
 */

export type OutboxRow = Selectable<OutboxTable>;

export type OutboxItem = { subjectType: string; subjectId: string; channel: string };

export type OutboxHandler = {
  /** False when the channel is not set up here (e.g. no SMTP_URL): its rows wait, untouched. */
  enabled: boolean;
  /** Delivers one notification; throws to have it retried later. */
  deliver(row: OutboxRow): Promise<void>;
};

export type OutboxHandlers = Record<string, OutboxHandler>;

/**
 * The Message-ID of the email an outbox row sends: its id at the studio's mail domain, the
 * same on every attempt, so a retry after a lost answer is recognisable as the same mail.
 */
export function messageId(row: Pick<OutboxRow, "id">) {
  return `<${row.id}@${siteConfig.email.split("@")[1]}>`;
}

/** What the service needs from the worker: a nudge after new rows commit. */
export type OutboxTrigger = { wake(): void };

/** Writes outbox rows inside the caller's transaction, due immediately or at `dueAt` (a reminder: the worker claims it then). */
export async function enqueue(
  trx: Executor,
  items: OutboxItem[],
  now: number,
  opts: { once?: boolean; dueAt?: number } = {},
) {
  if (items.length === 0) return [];
  const at = new Date(now).toISOString();
  const due = opts.dueAt === undefined ? at : new Date(opts.dueAt).toISOString();
  const rows = items.map((i) => ({
    id: randomUUID(),
    subject_type: i.subjectType,
    subject_id: i.subjectId,
    channel: i.channel,
    status: "pending" as const,
    attempts: 0,
    next_attempt_at: due,
    created_at: at,
  }));
  if (opts.once) {
    // Rows already queued for the same subject and channel are left as they are; the ids returned are the new ones.
    const inserted = await trx
      .insertInto("outbox")
      .values(rows)
      .onConflict((oc) => oc.columns(["subject_type", "subject_id", "channel"]).doNothing())
      .returning("id")
      .execute();
    return inserted.map((r) => r.id);
  }
  await trx.insertInto("outbox").values(rows).execute();
  return rows.map((r) => r.id);
}

export const OUTBOX_DEFAULTS = {
  /** How long a claim holds; longer than any delivery may take (deliveries are cut at half). */
  leaseMs: 5 * 60_000,
  pollMs: 5_000,
  batchSize: 5,
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  /** After this many attempts (about a day) a row is marked failed for the operator. */
  maxAttempts: 30,
};

export type OutboxWorkerOptions = Partial<typeof OUTBOX_DEFAULTS> & {
  database: AppDatabase;
  logger: Logger;
  handlers: OutboxHandlers;
  /** Clock (ms), injectable so tests can move time forward. */
  now?: () => number;
  workerId?: string;
  /** Failed attempts and give-ups, counted by channel (server/metrics.server.ts). */
  metrics?: Pick<Metrics, "deliveryFailed" | "knowChannels">;
  /**
   * The notification to queue when a row gives up for good (the studio's alert about an
   * undeliverable client email), or none. Queued in the transaction that marks the row
   * failed, once per row (the outbox's unique subject and channel).
   */
  onUndeliverable?: (row: OutboxRow) => OutboxItem | undefined;
};

/** Delay before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min ... capped, with up to 10 % jitter. */
export function backoffMs(
  attempts: number,
  base = OUTBOX_DEFAULTS.baseBackoffMs,
  max = OUTBOX_DEFAULTS.maxBackoffMs,
  random = Math.random,
) {
  const delay = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (1 + 0.1 * random()));
}

/** What a worker's passes work with: its options with the defaults, its id, its log and the channels it delivers. */
function workerContext(options: OutboxWorkerOptions) {
  const o = { ...OUTBOX_DEFAULTS, ...options };
  const { database, handlers } = options;
  const workerId = options.workerId ?? randomUUID();
  return {
    o,
    options,
    database,
    db: database.db,
    handlers,
    now: options.now ?? Date.now,
    workerId,
    log: options.logger.child({ component: "outbox", worker: workerId.slice(0, 8) }),
    channels: () => Object.keys(handlers).filter((c) => handlers[c]!.enabled),
    // A label from the fixed set of channels, whatever a hand-edited row says.
    channelLabel: (channel: string) => (Object.hasOwn(handlers, channel) ? channel : "unknown"),
  };
}

type WorkerContext = ReturnType<typeof workerContext>;

/** Claims up to batchSize due rows for this worker, atomically across processes. */
async function claim(ctx: WorkerContext): Promise<OutboxRow[]> {
  const { o, database, db, now, workerId } = ctx;
  const enabled = ctx.channels();
  if (enabled.length === 0) return [];
  const t = now();
  const nowIso = new Date(t).toISOString();
  const lockedUntil = new Date(t + o.leaseMs).toISOString();

  let due = db
    .selectFrom("outbox")
    .select("id")
    .where("channel", "in", enabled)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", nowIso)]),
        // An expired lease: the worker holding it died or hung.
        eb.and([eb("status", "=", "sending"), eb("locked_until", "<", nowIso)]),
      ]),
    )
    .orderBy("next_attempt_at")
    .limit(o.batchSize);
  // PostgreSQL: rows another worker is claiming right now are skipped, not waited for.
  if (database.kind === "postgres") due = due.forUpdate().skipLocked();
  // One statement, so one transaction. On SQLite a writing statement takes the
  // database's single write lock before it reads, so two processes cannot both
  // select the same due rows (the second waits for the lock, then sees them taken).
  return db
    .updateTable("outbox")
    .set({
      status: "sending",
      locked_by: workerId,
      locked_until: lockedUntil,
      attempts: sql<number>`attempts + 1`,
    })
    .where("id", "in", due)
    .returningAll()
    .execute();
}

/** Delivers one claimed row through its channel's handler; `wake` runs a pass soon when a give-up queued an alert. */
async function deliverOne(
  ctx: WorkerContext,
  row: OutboxRow,
  wake: () => void,
): Promise<"delivered" | "retry" | "failed"> {
  const { o, db, handlers, now, workerId, log } = ctx;
  const handler = handlers[row.channel];
  try {
    if (!handler) throw new Error(`no handler for channel ${row.channel}`);
    await withTimeout(handler.deliver(row), o.leaseMs / 2);
  } catch (e) {
    return failed(ctx, row, e, wake);
  }
  const result = await db
    .updateTable("outbox")
    .set({
      status: "delivered",
      delivered_at: new Date(now()).toISOString(),
      last_error: null,
      locked_by: null,
      locked_until: null,
    })
    .where("id", "=", row.id)
    .where("locked_by", "=", workerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    log.warn({ outboxId: row.id }, "delivered after the lease ran out");
  log.info(
    { outboxId: row.id, channel: row.channel, subject: `${row.subject_type}/${row.subject_id}` },
    "delivered",
  );
  return "delivered";
}

/**
 * A failed attempt: the row waits for its next attempt (backoff), or, past maxAttempts, is
 * marked failed for good, with the alert about it queued in the same transaction.
 */
async function failed(ctx: WorkerContext, row: OutboxRow, e: unknown, wake: () => void) {
  const { o, options, db, now, workerId, log } = ctx;
  const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
  const attempts = Number(row.attempts);
  const giveUp = attempts >= o.maxAttempts;
  const next = new Date(now() + backoffMs(attempts, o.baseBackoffMs, o.maxBackoffMs)).toISOString();
  const alert = giveUp ? options.onUndeliverable?.(row) : undefined;
  const markFailed = (trx: Executor) =>
    trx
      .updateTable("outbox")
      .set({
        status: giveUp ? "failed" : "pending",
        next_attempt_at: next,
        last_error: message,
        locked_by: null,
        locked_until: null,
      })
      .where("id", "=", row.id)
      .where("locked_by", "=", workerId)
      .executeTakeFirst();
  if (alert) {
    const queued = await db.transaction().execute(async (trx) => {
      const marked = await markFailed(trx);
      // Once per row: a row the studio retried that gives up again has been reported.
      return Number(marked.numUpdatedRows) === 1 ? enqueue(trx, [alert], now(), { once: true }) : [];
    });
    if (queued.length > 0) wake();
  } else {
    await markFailed(db);
  }
  options.metrics?.deliveryFailed(ctx.channelLabel(row.channel), giveUp);
  (giveUp ? log.error : log.warn).call(
    log,
    {
      outboxId: row.id,
      channel: row.channel,
      attempts,
      error: message,
      nextAttemptAt: giveUp ? undefined : next,
    },
    giveUp ? "delivery failed for good" : "delivery failed; will retry",
  );
  return giveUp ? "failed" : "retry";
}

/** One pass: claim due rows and deliver them side by side. */
async function runOnce(ctx: WorkerContext, wake: () => void) {
  const rows = await claim(ctx);
  const outcomes = await Promise.all(rows.map((row) => deliverOne(ctx, row, wake)));
  return {
    claimed: rows.length,
    delivered: outcomes.filter((x) => x === "delivered").length,
    retry: outcomes.filter((x) => x === "retry").length,
    failed: outcomes.filter((x) => x === "failed").length,
  };
}

/** The worker: passes on a timer (pollMs), at once when woken, one at a time, again while batches come back full. */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const ctx = workerContext(options);
  const { o, handlers, log } = ctx;
  options.metrics?.knowChannels(Object.keys(handlers));

  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const wake = () => schedule(0);

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const r = await runOnce(ctx, wake);
          // A full batch suggests more are due right now.
          if (r.claimed === o.batchSize) again = true;
        } while (again && !stopped);
      } catch (e) {
        log.error({ error: errorKind(e) }, "outbox pass failed");
      } finally {
        running = undefined;
        schedule(o.pollMs);
      }
    })();
  }

  return {
    workerId: ctx.workerId,
    runOnce: () => runOnce(ctx, wake),
    /** Runs a pass soon (after new rows commit) instead of at the next poll. */
    wake,
    start() {
      if (!stopped) return;
      stopped = false;
      const waiting = Object.keys(handlers).filter((c) => !handlers[c]!.enabled);
      if (waiting.length)
        log.warn(
          { channels: waiting },
          "channels not configured: their notifications stay pending in the outbox",
        );
      schedule(0);
    },
    /** Stops polling and waits for the pass in progress, so the database can close after. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`delivery timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
