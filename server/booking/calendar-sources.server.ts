import type { AppDatabase } from "../db/database.server";
import { startLeasedJob } from "../jobs/lease.server";
import type { Metrics } from "../metrics.server";
import { addSource } from "./add-calendar-source.server";
import type { BusyTime } from "./availability.server";
import { busy, refreshAll, refreshDue } from "./calendar-busy.server";
import type { CalendarKind } from "./calendar-read.server";
import {
  calendarSourcesContext,
  stateOf,
  type CalendarSourcesContext,
  type CalendarSourcesDeps,
  type CalendarSourceState,
} from "./calendar-sources-context.server";

export { calendarSourceInputSchema } from "./add-calendar-source.server";
export { FRESH_MS, STALE_MS, type CalendarSourceState } from "./calendar-sources-context.server";

/** A source as the back office shows it: never its address beyond the host, never its password. */
export type CalendarSourceView = {
  id: string;
  kind: CalendarKind;
  label: string;
  host: string;
  fetchedAt: string | null;
  failingSince: string | null;
  lastError: string | null;
  state: CalendarSourceState;
  /** Busy times in the copy still ahead. */
  busyCount: number;
};

async function list(ctx: CalendarSourcesContext): Promise<CalendarSourceView[]> {
  const t = ctx.now();
  const rows = await ctx.db
    .selectFrom("calendar_sources")
    .select(["id", "kind", "label", "host", "busy", "fetched_at", "failing_since", "last_error"])
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    label: r.label,
    host: r.host,
    fetchedAt: r.fetched_at,
    failingSince: r.failing_since,
    lastError: r.last_error,
    state: stateOf(r, t),
    busyCount: (JSON.parse(r.busy) as BusyTime[]).filter(([, end]) => end > t).length,
  }));
}

async function remove(ctx: CalendarSourcesContext, id: string) {
  const r = await ctx.db.deleteFrom("calendar_sources").where("id", "=", id).executeTakeFirst();
  ctx.copies.delete(id);
  return Number(r.numDeletedRows) === 1;
}

/**
 * The studio's own calendars (CalDAV, ICS; decision 0048): the visitor's side asks for their
 * busy times, the back office lists, connects, removes and reads them, a job keeps them fresh.
 */
export function createCalendarSources(deps: CalendarSourcesDeps) {
  const ctx = calendarSourcesContext(deps);
  return {
    busy: busy.bind(null, ctx),
    refreshDue: refreshDue.bind(null, ctx),
    refreshAll: refreshAll.bind(null, ctx),
    list: list.bind(null, ctx),
    add: addSource.bind(null, ctx),
    remove: remove.bind(null, ctx),
  };
}

export type CalendarSources = ReturnType<typeof createCalendarSources>;

export const CALENDAR_SOURCES_JOB = "calendar-sources";
const JOB_EVERY_MS = 30_000;

/** Keeps every source's copy fresh, in one process of the cluster at a time (a lease). */
export function startCalendarSourcesJob(
  {
    database,
    sources,
    onError,
    now,
  }: { database: AppDatabase; sources: CalendarSources; onError: (err: Error) => void; now?: () => number },
  options?: { timers?: boolean },
) {
  return startLeasedJob(
    {
      database,
      name: CALENDAR_SOURCES_JOB,
      everyMs: JOB_EVERY_MS,
      ttlMs: 40_000,
      run: sources.refreshDue,
      onError,
      now,
    },
    options,
  );
}

/**
 * /metrics: per source, whether its last read succeeded and how old its copy is; read from the
 * database at scrape time, the same in every process.
 */
export function registerCalendarGauges(
  metrics: Metrics,
  sources: CalendarSources,
  now: () => number = Date.now,
) {
  metrics.gauge(
    "cascadia_calendar_source_up",
    "1 when the calendar source's last read succeeded, 0 while it fails (its last good copy is used for an hour, then no slot is offered).",
    {
      labelNames: ["source", "kind"] as const,
      aggregator: "first",
      async collect() {
        this.reset();
        for (const s of await sources.list().catch(() => []))
          this.labels(s.label, s.kind).set(s.state === "ok" ? 1 : 0);
      },
    },
  );
  metrics.gauge(
    "cascadia_calendar_source_copy_age_seconds",
    "Age of the calendar source's last good copy of busy times (over 3600: no slot is offered).",
    {
      labelNames: ["source", "kind"] as const,
      aggregator: "first",
      async collect() {
        this.reset();
        const t = now();
        for (const s of await sources.list().catch(() => []))
          if (s.fetchedAt)
            this.labels(s.label, s.kind).set(Math.max(0, (t - Date.parse(s.fetchedAt)) / 1000));
      },
    },
  );
}
