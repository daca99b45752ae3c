import { sql } from "kysely";

import type { OutboxRow } from "../outbox/outbox.server";
import { recordOnce, type ReminderContext } from "./record.server";
import type { AnyReminder } from "./reminders.server";

type Digest = NonNullable<AnyReminder["digest"]>;

/** The PostgreSQL advisory lock a digest is built under (any constant no other lock uses); SQLite's IMMEDIATE transactions serialise it. */
const DIGEST_LOCK_KEY = 320_037;
/** A digest's records while its email goes out: "Reminder that … being emailed to the studio." */
const digestSending = (r: AnyReminder, digest: Digest) => `${r.label} being emailed ${digest.to}.`;
/** How long a worker waits for a digest that holds its row; a digest is one email, sent in seconds. */
const DIGEST_WAIT_MS = 30_000;
/** A record still "being emailed" this long after it was written belongs to a process that died: taken again. */
const DIGEST_STALE_MS = 5 * 60_000;

/**
 * Under the digest's lock: every row of the channel not yet recorded (or left "being emailed" by
 * a process that died), each checked; a moot one is recorded as such, the rest as "being emailed".
 */
async function takeDigest(ctx: ReminderContext, r: AnyReminder, sending: string, row: OutboxRow) {
  const { database, db, now } = ctx;
  const t = now();
  return db.transaction().execute(async (trx) => {
    if (database.kind === "postgres")
      await sql`select pg_advisory_xact_lock(${sql.lit(DIGEST_LOCK_KEY)})`.execute(trx);
    const stale = new Date(t - DIGEST_STALE_MS).toISOString();
    const rows = await trx
      .selectFrom("outbox")
      .leftJoin("lead_activity", "lead_activity.id", "outbox.id")
      .selectAll("outbox")
      .select("lead_activity.id as recordId")
      .where("outbox.channel", "=", r.channel)
      .where((eb) => eb.or([eb("outbox.status", "in", ["pending", "sending"]), eb("outbox.id", "=", row.id)]))
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
}

/**
 * One email for every reminder of the channel still waiting (this row's and the others the
 * scan queued), however many workers deliver them at once: under one lock the first takes
 * every row not yet recorded, checks each (a moot one is recorded as such), and records the
 * rest as "being emailed" before sending; once sent, those records say "emailed". A worker
 * delivering one of those rows meanwhile waits for that outcome (`recorded`): "emailed"
 * is done; if the email failed, the records are gone and it takes the rows again. A record
 * left "being emailed" by a process that died is taken again after DIGEST_STALE_MS.
 */
export async function deliverDigest(ctx: ReminderContext, r: AnyReminder, digest: Digest, row: OutboxRow) {
  const { db } = ctx;
  const sending = digestSending(r, digest);
  const taken = await takeDigest(ctx, r, sending, row);
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
export async function recorded(ctx: ReminderContext, r: AnyReminder, row: OutboxRow) {
  const { db, now } = ctx;
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
