import type { AppDatabase, Executor } from "../db/database.server";
import { startLeasedJob, type LeasedJobOptions } from "../jobs/lease.server";
import { enqueue, type OutboxHandlers, type OutboxRow, type OutboxTrigger } from "../outbox/outbox.server";
import { deliverDigest, recorded } from "./digest.server";
import { recordOnce, reminderContext, type ReminderContext } from "./record.server";

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
/** `label`: the timeline's name of it as it stands now, when a setting changes it (the days of /studio/settings). */
export type ReminderCheck<T> = ({ leadId: string; send: T } | { leadId: string | null; cancel: string }) & {
  label?: string;
};

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
  const ctx = reminderContext({ database, now });
  const handlers: OutboxHandlers = {};
  for (const r of reminders)
    handlers[r.channel] = { enabled, deliver: (row) => deliverReminder(ctx, r, row) };
  return handlers;
}

async function deliverReminder(ctx: ReminderContext, r: AnyReminder, row: OutboxRow) {
  const { db, now } = ctx;
  // An earlier attempt that sent and then lost its answer recorded it: not again. A row a
  // digest took (deliverDigest) is recorded too, so it sends nothing of its own.
  if (await recorded(ctx, r, row)) return;
  if (r.digest) {
    // Sent with the others; or, when another digest took this row meanwhile, once that one is done.
    while (!(await deliverDigest(ctx, r, r.digest, row))) if (await recorded(ctx, r, row)) return;
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
        `${checked.label ?? r.label} not sent: ${checked.cancel}.`,
        t,
      );
    return;
  }
  const to = await r.send(checked.send, row);
  const label = checked.label ?? r.label;
  await recordOnce(db, row, checked.leadId, "reminder-sent", `${label} emailed ${to}.`, now());
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
