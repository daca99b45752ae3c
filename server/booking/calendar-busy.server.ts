import type { BusyTime } from "./availability.server";
import { mergeBusy } from "./busy-times.server";
import {
  due,
  FRESH_MS,
  REFRESH_AFTER_MS,
  stateOf,
  type CalendarSourcesContext,
} from "./calendar-sources-context.server";
import { readSource } from "./read-calendar-source.server";

/**
 * The busy times of every source for the slot computation, or null when one has no good copy
 * younger than STALE_MS. A copy older than FRESH_MS is read again first (the job keeps them
 * younger; this covers a process with no job, or a job that stopped). The rows' copies are
 * parsed once per change (their fetched_at), not per request.
 */
export async function busy(ctx: CalendarSourcesContext): Promise<BusyTime[] | null> {
  const { db, now, meta, copies } = ctx;
  let rows = await meta();
  if (rows.length === 0) return [];
  const stale = due(rows, now(), FRESH_MS);
  if (stale.length > 0) {
    await Promise.all(stale.map((r) => readSource(ctx, r.id)));
    rows = await meta();
  }
  const t = now();
  if (rows.some((r) => stateOf(r, t) === "blocking")) return null;
  const changed = rows.filter((r) => copies.get(r.id)?.fetchedAt !== r.fetched_at).map((r) => r.id);
  if (changed.length > 0) {
    const fresh = await db
      .selectFrom("calendar_sources")
      .select(["id", "busy", "fetched_at"])
      .where("id", "in", changed)
      .execute();
    for (const f of fresh)
      copies.set(f.id, { fetchedAt: f.fetched_at, busy: JSON.parse(f.busy) as BusyTime[] });
  }
  for (const id of copies.keys()) if (!rows.some((r) => r.id === id)) copies.delete(id);
  return mergeBusy(rows.flatMap((r) => copies.get(r.id)?.busy ?? []));
}

/** The job's pass: each source whose copy is REFRESH_AFTER_MS old, or failing, is read again. */
export async function refreshDue(ctx: CalendarSourcesContext) {
  const rows = await ctx.meta();
  await Promise.all(due(rows, ctx.now(), REFRESH_AFTER_MS).map((r) => readSource(ctx, r.id)));
}

/** Reads every source now (the settings page's "Check calendars now"). */
export async function refreshAll(ctx: CalendarSourcesContext) {
  const rows = await ctx.meta();
  await Promise.all(rows.map((r) => readSource(ctx, r.id)));
}
