import { randomUUID } from "node:crypto";
import { z } from "zod";

import type { StudioUser } from "../auth/session-context.server";
import type { AppDatabase } from "../db/database.server";
import type { CalendarSourceTable } from "../db/schema";
import { startLeasedJob } from "../jobs/lease.server";
import { errorKind, type Logger } from "../logger.server";
import type { Metrics } from "../metrics.server";
import type { BusyTime } from "./availability.server";
import { mergeBusy, type Window } from "./busy-times.server";
import { normaliseCalendarUrl, readCalendar, type CalendarKind, type ReadOptions } from "./calendar-read.server";
import { openCredentials, sealCredentials, type CalendarCredentials } from "./calendar-secrets.server";

/**
 * The studio's own calendars, whose busy times remove booking slots (issue 40, decision 0048).
 *
 * Each source's last good copy of busy times is kept in its row, so every process serves the
 * same one. A copy is used for at most FRESH_MS: a job (one process of a cluster, by lease)
 * reads each source again before then, and a slot listing that finds a copy older (no job
 * ran) reads it itself first. A source that fails keeps its last good copy for STALE_MS and is
 * shown failing in the back office and on /metrics; after that, or before any good copy, no
 * slot is offered at all rather than one the owner may not be free for.
 */
export const FRESH_MS = 5 * 60_000;
export const STALE_MS = 60 * 60_000;
/** The job reads a source again once its copy is this old, before it stops being fresh. */
export const REFRESH_AFTER_MS = 3 * 60_000;
/** A failing source is tried again at most this often. */
export const RETRY_MS = 60_000;
const JOB_EVERY_MS = 30_000;
const DAY_MS = 24 * 60 * 60_000;
/** The busy times read cover the slots' 14 days and a margin either side. */
export const readWindow = (t: number): Window => ({ from: t - DAY_MS, to: t + 16 * DAY_MS });

const label = z
  .string({ error: "Give the calendar a name." })
  .trim()
  .min(1, "Give the calendar a name.")
  .max(60, "A calendar's name is at most 60 characters.");
const address = z
  .string({ error: "Enter the calendar's address." })
  .trim()
  .max(2000, "That address is too long.")
  .transform(normaliseCalendarUrl)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "Enter the address as https://… (webcal:// works too).");

/** The two ways to connect a calendar, as the settings page posts them. */
export const calendarSourceInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ics"), label, url: address }),
  z.object({
    kind: z.literal("caldav"),
    label,
    url: address,
    username: z
      .string({ error: "Enter the user name." })
      .trim()
      .min(1, "Enter the user name.")
      .max(200, "The user name is at most 200 characters."),
    password: z
      .string({ error: "Enter the app password." })
      .min(1, "Enter the app password.")
      .max(500, "The app password is at most 500 characters."),
  }),
]);

export type CalendarSourceState =
  /** Read within FRESH_MS. */
  | "ok"
  /** The last read failed; a good copy younger than STALE_MS is used. */
  | "failing"
  /** No good copy younger than STALE_MS: no slot is offered. */
  | "blocking";

export type CalendarSourceView = {
  id: string;
  kind: CalendarKind;
  label: string;
  host: string;
  fetchedAt: string | null;
  failingSince: string | null;
  lastError: string | null;
  state: CalendarSourceState;
  /** Busy times in the copy (in the next 16 days). */
  busyCount: number;
};

type Meta = Pick<CalendarSourceTable, "id" | "fetched_at" | "last_attempt_at" | "failing_since">;

export type CalendarSourcesDeps = {
  database: AppDatabase;
  /** secretFor(config, "calendar-credentials"). */
  key: Buffer;
  logger: Logger;
  now?: () => number;
  read?: ReadOptions;
};

const age = (at: string | null, t: number) => (at ? t - Date.parse(at) : Infinity);

export function stateOf(row: Pick<CalendarSourceTable, "fetched_at" | "failing_since">, t: number) {
  if (age(row.fetched_at, t) > STALE_MS) return "blocking" as const;
  return row.failing_since ? ("failing" as const) : ("ok" as const);
}

export function createCalendarSources({ database, key, logger, now = Date.now, read }: CalendarSourcesDeps) {
  const { db } = database;
  const log = logger.child({ component: "calendar-sources" });
  /** This process's parsed copies, by source, with the fetched_at they were read at. */
  const copies = new Map<string, { fetchedAt: string | null; busy: BusyTime[] }>();
  /** Reads under way in this process, one per source. */
  const reading = new Map<string, Promise<void>>();

  const meta = () =>
    db
      .selectFrom("calendar_sources")
      .select(["id", "fetched_at", "last_attempt_at", "failing_since"])
      .orderBy("created_at")
      .execute();

  /** Reads one source and records the outcome; never throws. */
  function readSource(id: string): Promise<void> {
    const running = reading.get(id);
    if (running) return running;
    const run = (async () => {
      const row = await db.selectFrom("calendar_sources").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return;
      const t = now();
      const at = new Date(t).toISOString();
      const credentials = openCredentials(key, row.id, row.sealed);
      try {
        if (!credentials)
          throw new Error("The saved address cannot be opened (was the root secret changed?): connect it again.");
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
          .set({ last_attempt_at: at, failing_since: row.failing_since ?? at, last_error: reason.slice(0, 300) })
          .where("id", "=", id)
          .execute();
        log.warn({ source: id, kind: row.kind, error: errorKind(err) }, "calendar source failed");
      }
    })().finally(() => reading.delete(id));
    reading.set(id, run);
    return run;
  }

  /** Sources whose copy is `olderThan` old and that were not tried in the last RETRY_MS. */
  const due = (rows: Meta[], t: number, olderThan: number) =>
    rows.filter((r) => age(r.fetched_at, t) >= olderThan && age(r.last_attempt_at, t) >= RETRY_MS);

  /**
   * The busy times of every source for the slot computation, or null when one has no good copy
   * younger than STALE_MS. A copy older than FRESH_MS is read again first (the job keeps them
   * younger; this covers a process with no job, or a job that stopped).
   */
  async function busy(): Promise<BusyTime[] | null> {
    let rows = await meta();
    if (rows.length === 0) return [];
    const stale = due(rows, now(), FRESH_MS);
    if (stale.length > 0) {
      await Promise.all(stale.map((r) => readSource(r.id)));
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
  async function refreshDue() {
    const rows = await meta();
    await Promise.all(due(rows, now(), REFRESH_AFTER_MS).map((r) => readSource(r.id)));
  }

  async function list(): Promise<CalendarSourceView[]> {
    const t = now();
    const rows = await db
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

  /**
   * Connects a calendar once it has been read: a wrong address or password is refused with
   * why, and nothing is stored. Its address and password are stored sealed.
   */
  async function add(
    input: unknown,
    actor: StudioUser,
  ): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
    const parsed = calendarSourceInputSchema.safeParse(input);
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the fields." };
    const source = parsed.data;
    const credentials: CalendarCredentials =
      source.kind === "caldav"
        ? { url: source.url, username: source.username, password: source.password }
        : { url: source.url };
    const t = now();
    let busy: BusyTime[];
    try {
      busy = await readCalendar(source.kind, credentials, readWindow(t), read);
    } catch (err) {
      return {
        ok: false,
        error: `Not connected: ${err instanceof Error ? err.message : "the calendar could not be read."}`,
      };
    }
    const id = randomUUID();
    const at = new Date(t).toISOString();
    await db
      .insertInto("calendar_sources")
      .values({
        id,
        kind: source.kind,
        label: source.label,
        host: new URL(source.url).host,
        sealed: sealCredentials(key, id, credentials),
        busy: JSON.stringify(busy),
        fetched_at: at,
        last_attempt_at: at,
        failing_since: null,
        last_error: null,
        created_by: actor.email,
        created_at: at,
      })
      .execute();
    log.info({ source: id, kind: source.kind }, "calendar source connected");
    return { ok: true, id };
  }

  return {
    busy,
    refreshDue,
    list,
    add,
    /** Reads every source now (the settings page's "Check now"). */
    async refreshAll() {
      const rows = await meta();
      await Promise.all(rows.map((r) => readSource(r.id)));
    },
    async remove(id: string) {
      const r = await db.deleteFrom("calendar_sources").where("id", "=", id).executeTakeFirst();
      copies.delete(id);
      return Number(r.numDeletedRows) === 1;
    },
  };
}

export type CalendarSources = ReturnType<typeof createCalendarSources>;

export const CALENDAR_SOURCES_JOB = "calendar-sources";

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
    { database, name: CALENDAR_SOURCES_JOB, everyMs: JOB_EVERY_MS, ttlMs: 40_000, run: sources.refreshDue, onError, now },
    options,
  );
}

/**
 * /metrics: per source, whether its last read succeeded and how old its copy is; read from the
 * database at scrape time, the same in every process.
 */
export function registerCalendarGauges(metrics: Metrics, sources: CalendarSources, now: () => number = Date.now) {
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
          if (s.fetchedAt) this.labels(s.label, s.kind).set(Math.max(0, (t - Date.parse(s.fetchedAt)) / 1000));
      },
    },
  );
}
