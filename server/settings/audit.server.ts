import { randomUUID } from "node:crypto";

import type { Executor } from "../db/database.server";

/**
 * One change of a setting or of the catalogue (issue 38): who, when, and the value before and
 * after as JSON, written in the transaction that makes the change, so no change goes unrecorded.
 */
export async function recordChange(
  trx: Executor,
  change: { key: string; before: unknown; after: unknown; actor: string; at: number },
) {
  await trx
    .insertInto("settings_changes")
    .values({
      id: randomUUID(),
      key: change.key,
      before: change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
      after: JSON.stringify(change.after),
      actor: change.actor,
      changed_at: new Date(change.at).toISOString(),
    })
    .execute();
}

/** The latest changes, newest first, for the settings page's history. */
export function recentChanges(db: Executor, limit = 30) {
  return db
    .selectFrom("settings_changes")
    .selectAll()
    .orderBy("changed_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}
