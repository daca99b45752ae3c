import { errorKind } from "../logger.server";
import { readCalendar } from "./calendar-read.server";
import { openCredentials } from "./calendar-secrets.server";
import { readWindow, type CalendarSourcesContext } from "./calendar-sources-context.server";

/**
 * Reads one source and records the outcome in its row: a new good copy, or since when and why
 * it fails (no secret in the reason). One read per source at a time in a process; never throws.
 */
export function readSource(ctx: CalendarSourcesContext, id: string): Promise<void> {
  const { db, key, now, read, log, reading } = ctx;
  const running = reading.get(id);
  if (running) return running;
  const run = (async () => {
    const row = await db.selectFrom("calendar_sources").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return;
    const t = now();
    const at = new Date(t).toISOString();
    try {
      const credentials = openCredentials(key, row.id, row.sealed);
      if (!credentials)
        throw new Error(
          "The saved address cannot be opened (was the root secret changed?): connect it again.",
        );
      const busy = await readCalendar(row.kind, credentials, readWindow(t), read);
      await db
        .updateTable("calendar_sources")
        .set({
          busy: JSON.stringify(busy),
          fetched_at: at,
          last_attempt_at: at,
          failing_since: null,
          last_error: null,
        })
        .where("id", "=", id)
        .execute();
      if (row.failing_since) log.info({ source: id }, "calendar source read again");
    } catch (err) {
      const reason = err instanceof Error ? err.message : "The calendar could not be read.";
      await db
        .updateTable("calendar_sources")
        .set({
          last_attempt_at: at,
          failing_since: row.failing_since ?? at,
          last_error: reason.slice(0, 300),
        })
        .where("id", "=", id)
        .execute();
      log.warn({ source: id, kind: row.kind, error: errorKind(err) }, "calendar source failed");
    }
  })().finally(() => reading.delete(id));
  reading.set(id, run);
  return run;
}
