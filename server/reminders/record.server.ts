import type { AppDatabase, Executor } from "../db/database.server";
import type { ReminderActivityKind } from "../db/schema";
import type { OutboxRow } from "../outbox/outbox.server";

/** What a reminder's delivery works with: the database and the clock. */
export function reminderContext({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  return { database, db: database.db, now };
}

export type ReminderContext = ReturnType<typeof reminderContext>;

/** One timeline row per reminder, keyed by its outbox row: a retried delivery adds none. */
export async function recordOnce(
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
