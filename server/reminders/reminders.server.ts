import { sql } from "kysely";

import type { AppDatabase, Executor } from "../db/database.server";
import type { ReminderActivityKind } from "../db/schema";
import { startLeasedJob, type LeasedJobOptions } from "../jobs/lease.server";
import { enqueue, type OutboxHandlers, type OutboxRow, type OutboxTrigger } from "../outbox/outbox.server";

/**
 * Reminders that run themselves, generic over what they are about (quotes and leads
 * today, bookings later): a definition says which subjects are due now and, at the
 * moment of sending, whether the reminder still applies. A periodic job under the
 * database lease queues each due reminder as one outbox row, unique by subject and
 * channel, so several processes racing queue it once and it is sent at most once;
 * the outbox delivers it, and a reminder that became moot meanwhile (the quote was
 * accepted, the balance paid, the lead answered) is dropped instead of sent. Both
 * outcomes land in the lead's timeline. Decision 0032.
 */

/** At delivery: send it (to whom, what), or drop it and say why. `leadId` null when the lead is gone. */
export type ReminderCheck<T> = { leadId: string; send: T } | { leadId: string | null; cancel: string };

export type ReminderDefinition<T = unknown> = {
  /** The outbox channel, one per reminder (e.g. "reminder-balance-7"): with the subject, what makes it once. */
  channel: string;
  subjectType: string;
  /** How the timeline names it: "Balance reminder (7 days)". */
  label: string;
  /** Ids of the subjects whose reminder is due at `now` (the job's scan). */
  due(db: Executor, now: number): Promise<string[]>;
  /** Does it still apply at `now`, and with what? */
  check(db: Executor, subjectId: string, now: number): Promise<ReminderCheck<T>>;
  /** Sends it; returns the timeline's words for who got it ("to the client"). */
  send(what: T, row: OutboxRow): Promise<string>;
  /**
   * Optional: the reminders of this channel due together go out as one email (a digest), never
   * one per subject: a backlog of 195 new leads sent the studio 195 emails (issue 37). `to` is
   * the timeline's words for who got it.
   */
  digest?: { to: string; send(items: T[], row: OutboxRow): Promise<void> };
};

/** The PostgreSQL advisory lock a digest is built under (any constant no other lock uses); SQLite's IMMEDIATE transactions serialise it. */
const DIGEST_LOCK_KEY = 320_037;
/** A digest's records while its email goes out: "Reminder that … being emailed to the studio." */
const digestSending = (r: AnyReminder, digest: NonNullable<AnyReminder["digest"]>) =>
  `${r.label} being emailed ${digest.to}.`;
/** How long a worker waits for a digest that holds its row; a digest is one email, sent in seconds. */
const DIGEST_WAIT_MS = 30_000;
/** A record still "being emailed" this long after it was written belongs to a process that died: taken again. */
const DIGEST_STALE_MS = 5 * 60_000;

// Each definition's T stays its own; the job and the handlers only pass it through.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReminder = ReminderDefinition<any>;

/**
 * The scan: queues every reminder due at `now` not queued before, to go out at `queuedAt`
 * (default `now`; the command line looks at another moment and queues for the present).
 * Returns how many were new, per channel.
 */
export async function queueDueReminders({
  database,
  reminders,
  now,
  queuedAt = now,
}: {
  database: AppDatabase;
  reminders: readonly AnyReminder[];
  now: number;
  queuedAt?: number;
}) {
  const queued: Record<string, number> = {};
  for (const r of reminders) {
    const ids = await r.due(database.db, now);
    const items = ids.map((subjectId) => ({ subjectType: r.subjectType, subjectId, channel: r.channel }));
    queued[r.channel] = (await enqueue(database.db, items, queuedAt, { once: true })).length;
  }
  return queued;
}

/** One timeline row per reminder, keyed by its outbox row: a retried delivery adds none. */
async function recordOnce(
  db: Executor,
  row: OutboxRow,
  leadId: string,
  kind: ReminderActivityKind,
  body: string,
  at: number,
) {
  await db
    .insertInto("lead_activity")
    .values({
      id: row.id,
      lead_id: leadId,
      kind,
      from_status: null,
      to_status: null,
      body,
      actor_email: "system",
      created_at: new Date(at).toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** The outbox handlers of the reminders: check, then send and record, or record why not. */
export function reminderDeliveryHandlers({
  database,
  reminders,
  enabled,
  now = Date.now,
}: {
  database: AppDatabase;
  reminders: readonly AnyReminder[];
  enabled: boolean;
  now?: () => number;
}): OutboxHandlers {
  const { db } = database;
  const handlers: OutboxHandlers = {};

  /**
   * One email for every reminder of the channel still waiting (this row's and the others the
   * scan queued), however many workers deliver them at once: under one lock the first takes
   * every row not yet recorded, checks each (a moot one is recorded as such), and records the
   * rest as "being emailed" before sending; once sent, those records say "emailed". A worker
   * delivering one of those rows meanwhile waits for that outcome (deliver, below): "emailed"
   * is done; if the email failed, the records are gone and it takes the rows again. A record
   * left "being emailed" by a process that died is taken again after DIGEST_STALE_MS.
   */
  async function deliverDigest(r: AnyReminder, digest: NonNullable<AnyReminder["digest"]>, row: OutboxRow) {
    const t = now();
    const sending = digestSending(r, digest);
    const taken = await db.transaction().execute(async (trx) => {
      if (database.kind === "postgres")
        await sql`select pg_advisory_xact_lock(${sql.lit(DIGEST_LOCK_KEY)})`.execute(trx);
      const stale = new Date(t - DIGEST_STALE_MS).toISOString();
      const rows = await trx
        .selectFrom("outbox")
        .leftJoin("lead_activity", "lead_activity.id", "outbox.id")
        .selectAll("outbox")
        .select("lead_activity.id as recordId")
        .where("outbox.channel", "=", r.channel)
        .where((eb) =>
          eb.or([eb("outbox.status", "in", ["pending", "sending"]), eb("outbox.id", "=", row.id)]),
        )
        .where((eb) =>
          eb.or([
            eb("lead_activity.id", "is", null),
            eb.and([eb("lead_activity.body", "=", sending), eb("lead_activity.created_at", "<", stale)]),
          ]),
        )
        .orderBy("outbox.created_at")
        .orderBy("outbox.id")
        .execute();
      const abandoned = rows.filter((each) => each.recordId !== null).map((each) => each.id);
      if (abandoned.length > 0) await trx.deleteFrom("lead_activity").where("id", "in", abandoned).execute();
      const items: { id: string; send: unknown }[] = [];
      for (const each of rows) {
        const checked = await r.check(trx, each.subject_id, t);
        if ("cancel" in checked) {
          if (checked.leadId)
            await recordOnce(
              trx,
              each,
              checked.leadId,
              "reminder-cancelled",
              `${r.label} not sent: ${checked.cancel}.`,
              t,
            );
          continue;
        }
        await recordOnce(trx, each, checked.leadId, "reminder-sent", sending, t);
        items.push({ id: each.id, send: checked.send });
      }
      return { items, mine: rows.some((each) => each.id === row.id) };
    });
    if (!taken.mine) return false;
    if (taken.items.length === 0) return true;
    const ids = taken.items.map((i) => i.id);
    try {
      await digest.send(
        taken.items.map((i) => i.send),
        row,
      );
    } catch (e) {
      await db.deleteFrom("lead_activity").where("id", "in", ids).where("body", "=", sending).execute();
      throw e;
    }
    await db
      .updateTable("lead_activity")
      .set({ body: `${r.label} emailed ${digest.to}.` })
      .where("id", "in", ids)
      .execute();
    return true;
  }

  /** Whether a row's reminder is done: recorded, or taken by a digest that has now been emailed (waited for). */
  async function recorded(r: AnyReminder, row: OutboxRow) {
    const sending = r.digest && digestSending(r, r.digest);
    for (const started = Date.now(); ;) {
      const record = await db
        .selectFrom("lead_activity")
        .select(["body", "created_at"])
        .where("id", "=", row.id)
        .executeTakeFirst();
      if (!record) return false;
      if (record.body !== sending) return true;
      // A digest is sending it: wait for its outcome, or take it again once that digest is abandoned.
      if (Date.parse(record.created_at) < now() - DIGEST_STALE_MS) return false;
      if (Date.now() - started > DIGEST_WAIT_MS)
        throw new Error("a digest holding this reminder is still being sent");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  for (const r of reminders) {
    handlers[r.channel] = {
      enabled,
      async deliver(row) {
        // An earlier attempt that sent and then lost its answer recorded it: not again. A row a
        // digest took (deliverDigest) is recorded too, so it sends nothing of its own.
        if (await recorded(r, row)) return;
        if (r.digest) {
          // Sent with the others; or, when another digest took this row meanwhile, once that one is done.
          while (!(await deliverDigest(r, r.digest, row))) if (await recorded(r, row)) return;
          return;
        }
        const t = now();
        const checked = await r.check(db, row.subject_id, t);
        if ("cancel" in checked) {
          if (checked.leadId)
            await recordOnce(
              db,
              row,
              checked.leadId,
              "reminder-cancelled",
              `${r.label} not sent: ${checked.cancel}.`,
              t,
            );
          return;
        }
        const to = await r.send(checked.send, row);
        await recordOnce(db, row, checked.leadId, "reminder-sent", `${r.label} emailed ${to}.`, now());
      },
    };
  }
  return handlers;
}

export const REMINDER_JOB = "reminders";
/** How often the scan runs: a reminder goes out at most this late. */
export const REMINDER_SCAN_MS = 5 * 60_000;

/** The periodic scan under the database lease (one process runs it), waking the outbox when it queued something. */
export function startReminderJob(
  {
    database,
    reminders,
    outbox,
    onError,
    ...schedule
  }: Omit<LeasedJobOptions, "name" | "everyMs" | "run"> & {
    reminders: readonly AnyReminder[];
    outbox?: OutboxTrigger;
  },
  options?: { timers?: boolean },
) {
  const now = schedule.now ?? Date.now;
  const run = async () => {
    const queued = await queueDueReminders({ database, reminders, now: now() });
    if (Object.values(queued).some((n) => n > 0)) outbox?.wake();
  };
  return startLeasedJob(
    { ...schedule, database, name: REMINDER_JOB, everyMs: REMINDER_SCAN_MS, run, onError },
    options,
  );
}
